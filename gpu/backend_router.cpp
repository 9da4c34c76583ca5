#include "gpu/backend_router.h"
#include "core/compute.h"

#include <algorithm>
#include <chrono>

namespace poslab::gpu {

std::optional<BackendMode> parseBackendMode(std::string_view text) {
    if (text == "cpu") return BackendMode::Cpu;
    if (text == "auto") return BackendMode::Auto;
    if (text == "vulkan") return BackendMode::Vulkan;
    return std::nullopt;
}

std::string_view backendModeName(BackendMode mode) {
    switch (mode) {
        case BackendMode::Cpu:
            return "cpu";
        case BackendMode::Auto:
            return "auto";
        case BackendMode::Vulkan:
            return "vulkan";
    }
    return "cpu";
}

BackendRouter::BackendRouter(BackendMode mode, Notify notify, VulkanOptions options)
    : m_mode(mode), m_notify(std::move(notify)), m_options(options) {}

BackendRouter::~BackendRouter() = default;

void BackendRouter::tell(const std::string& message) {
    if (m_told.insert(message).second && m_notify) m_notify(message);
}

VulkanBackend* BackendRouter::vulkan() {
    if (!m_vulkanTried) {
        m_vulkanTried = true;
        auto v = VulkanBackend::create(m_options);
        if (v)
            m_vulkan = std::move(*v);
        else
            m_vulkanError = v.error().message;
    }
    if (m_vulkan && m_vulkan->lost()) return nullptr;
    return m_vulkan.get();
}

bool BackendRouter::probeVulkanFaster(const core::Prepared& prepared, core::Precision precision) {
    const std::string key = prepared.encoding->id + "/" + prepared.quantity->id;
    if (auto it = m_choice.find(key); it != m_choice.end()) return it->second;
    // The probe: the quantity at its default parameters (cheap, and the same for every request of
    // this quantity), best of three runs after a warm-up on each backend.
    auto probe = core::prepare(*prepared.encoding, prepared.quantity->id,
                               core::defaultParams(prepared.encoding->params));
    const core::Prepared& p = probe ? *probe : prepared;
    auto time = [&](auto&& fn) {
        double best = 1e300;
        for (int i = 0; i < 4; ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            if (!fn()) return 1e300;
            const double ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                    .count();
            if (i > 0) best = std::min(best, ms);
        }
        return best;
    };
    core::Result r;
    const double cpuMs = time([&] { return m_cpu.runPrepared(p, precision, r).ok(); });
    const double gpuMs =
        m_vulkan->implements(p) ? time([&] { return m_vulkan->run(p, r).ok(); }) : 1e300;
    m_probes[key] = {cpuMs, gpuMs};
    const bool faster = gpuMs < cpuMs;
    m_choice[key] = faster;
    return faster;
}

std::string BackendRouter::choose(const core::Prepared& prepared, core::Precision precision) {
    if (m_mode == BackendMode::Cpu) return "cpu";
    VulkanBackend* v = vulkan();
    if (!v) return "cpu";
    if (!v->implements(prepared)) return "cpu";
    if (m_mode == BackendMode::Vulkan) return "vulkan";
    // auto: a real GPU computes whatever it has a shader for; a CPU-type device only where the
    // probe measured it faster than the CPU backend.
    if (v->deviceType() != "cpu") return "vulkan";
    return probeVulkanFaster(prepared, precision) ? "vulkan" : "cpu";
}

core::Status BackendRouter::run(const core::Request& request, core::Result& out,
                                const core::ComputeOptions& options) {
    auto prepared = core::prepareRequest(request, options);
    if (!prepared) return prepared.error();
    const std::string what = prepared->encoding->id + "/" + prepared->quantity->id;
    std::string note;
    if (m_mode != BackendMode::Cpu) {
        VulkanBackend* v = vulkan();
        if (!v) {
            std::string why =
                m_vulkanError.empty() ? std::string("the device was lost") : m_vulkanError;
            if (why.rfind("Vulkan: ", 0) == 0) why = why.substr(8);
            tell("Vulkan is not available (" + why + "); computing on the CPU");
            note = "Vulkan unavailable";
        } else if (choose(*prepared, request.precision) == "vulkan") {
            auto st = v->run(*prepared, out);
            if (st) return st;
            tell("Vulkan failed for " + what + " (" + st.error().message +
                 "); computing on the CPU");
            note = "Vulkan failed";
        } else if (m_mode == BackendMode::Vulkan) {
            tell(what + " has no Vulkan shader for these parameters; computed on the CPU (" +
                 std::string(core::precisionName(request.precision)) + ")");
            note = "no Vulkan shader";
        }
    }
    auto st = m_cpu.runPrepared(*prepared, request.precision, out, options);
    out.note = note;
    return st;
}

}  // namespace poslab::gpu
