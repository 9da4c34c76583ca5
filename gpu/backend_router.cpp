#include "gpu/backend_router.h"

#include <algorithm>
#include <chrono>

namespace poslab::gpu {

namespace {

double bestOfThree(core::BackendKind, const std::function<bool()>& run) {
    double best = 1e300;
    for (int i = 0; i < 4; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        if (!run()) return 1e300;
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        if (i > 0) best = std::min(best, ms);
    }
    return best;
}

}  // namespace

BackendRouter::BackendRouter(BackendMode mode, Notify notify, VulkanOptions options)
    : m_mode(mode), m_notify(std::move(notify)), m_options(options), m_probeTimer(bestOfThree) {}

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
            m_createError = v.error();
    }
    if (m_vulkan && m_vulkan->lost()) return nullptr;
    return m_vulkan.get();
}

std::string BackendRouter::unavailableReason() const {
    return m_createError ? m_createError->message : std::string("the device was lost");
}

bool BackendRouter::probeVulkanFaster(const core::Prepared& prepared, core::Precision precision) {
    const std::string key = prepared.encoding->id + "/" + prepared.quantity->id;
    if (auto it = m_choice.find(key); it != m_choice.end()) return it->second;
    // The probe: the quantity at its default parameters (cheap, and the same for every request of
    // this quantity), timed on each backend.
    auto probe = core::prepare(*prepared.encoding, prepared.quantity->id,
                               core::defaultParams(prepared.encoding->params));
    const core::Prepared& p = probe ? *probe : prepared;
    core::Result r;
    const double cpuMs = m_probeTimer(core::BackendKind::Cpu,
                                      [&] { return m_cpu.runPrepared(p, precision, r).ok(); });
    const double gpuMs =
        m_vulkan->implements(p)
            ? m_probeTimer(core::BackendKind::Vulkan, [&] { return m_vulkan->run(p, r).ok(); })
            : 1e300;
    m_probes[key] = {cpuMs, gpuMs};
    const bool faster = gpuMs < cpuMs;
    m_choice[key] = faster;
    return faster;
}

core::BackendKind BackendRouter::choose(const core::Prepared& prepared, core::Precision precision) {
    using core::BackendKind;
    if (m_mode == BackendMode::Cpu) return BackendKind::Cpu;
    VulkanBackend* v = vulkan();
    if (!v || !v->implements(prepared)) return BackendKind::Cpu;
    if (m_mode == BackendMode::Vulkan) return BackendKind::Vulkan;
    // auto: a real GPU computes whatever it has a shader for; a CPU-type device only where the
    // probe measured it faster than the CPU backend.
    if (v->deviceType() != "cpu") return BackendKind::Vulkan;
    return probeVulkanFaster(prepared, precision) ? BackendKind::Vulkan : BackendKind::Cpu;
}

core::Status BackendRouter::run(const core::Request& request, core::Result& out,
                                const core::ComputeOptions& options) {
    auto prepared = core::prepareRequest(request, options);
    if (!prepared) return prepared.error();
    const std::string what = prepared->encoding->id + "/" + prepared->quantity->id;
    const std::string precision(core::precisionName(request.precision));
    const std::string noShader =
        what + " has no Vulkan shader for these parameters; computed on the CPU (" + precision +
        ")";
    std::string note;
    if (m_mode != BackendMode::Cpu) {
        VulkanBackend* v = vulkan();
        if (!v) {
            tell("Vulkan is not available (" + unavailableReason() + "); computing on the CPU");
            note = "Vulkan unavailable";
        } else if (choose(*prepared, request.precision) == core::BackendKind::Vulkan) {
            auto st = v->run(*prepared, out);
            if (st) return st;
            if (st.error().code == core::Errc::NoShader) {  // found out only when it ran
                tell(noShader);
                note = "no Vulkan shader";
            } else {
                tell("Vulkan failed for " + what + " (" + st.error().message +
                     "); computing on the CPU");
                note = "Vulkan failed";
            }
        } else if (m_mode == BackendMode::Vulkan) {
            tell(noShader);
            note = "no Vulkan shader";
        }
    }
    auto st = m_cpu.runPrepared(*prepared, request.precision, out, options);
    out.note = note;
    return st;
}

}  // namespace poslab::gpu
