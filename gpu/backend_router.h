// Chooses the backend per request: `cpu`, `vulkan` (on the device where a shader exists, else the
// CPU with a note) or `auto` (a GPU when there is one; on a CPU-type device such as lavapipe, the
// faster of the two per quantity by a measured probe). Vulkan is created on first need; when it
// is missing or fails, the CPU takes over and the user is told once through `notify`.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "core/backend/cpu_backend.h"
#include "core/compute.h"
#include "gpu/backend_mode.h"
#include "gpu/vulkan_backend.h"

namespace poslab::gpu {

class BackendRouter {
public:
    using Notify = std::function<void(const std::string&)>;
    // Times one backend on the probe's request, in ms; `run` computes once and says whether it
    // succeeded. The default: best of three runs after a warm-up, a failure never faster.
    using ProbeTimer = std::function<double(core::BackendKind, const std::function<bool()>& run)>;

    explicit BackendRouter(BackendMode mode, Notify notify = {}, VulkanOptions options = {});
    ~BackendRouter();

    BackendMode mode() const { return m_mode; }
    core::CpuBackend& cpu() { return m_cpu; }
    // The Vulkan backend, created on first call; nullptr when unavailable (unavailableReason()).
    VulkanBackend* vulkan();
    // Why vulkan() is nullptr, in words for the user: the creation error, or a lost device.
    std::string unavailableReason() const;

    // The backend that will compute this request, probing if needed.
    core::BackendKind choose(const core::Prepared& prepared, core::Precision precision);
    // Computes with the chosen backend; out.backend says which, out.note why not the one asked.
    core::Status run(const core::Request& request, core::Result& out,
                     const core::ComputeOptions& options = {});

    // Probe results in milliseconds (cpu, vulkan) per "encoding/quantity", for display.
    const std::map<std::string, std::pair<double, double>>& probes() const { return m_probes; }
    // Replaces how the probe times a backend (tests force its outcome with this).
    void setProbeTimer(ProbeTimer timer) { m_probeTimer = std::move(timer); }

private:
    void tell(const std::string& message);
    bool probeVulkanFaster(const core::Prepared& prepared, core::Precision precision);

    BackendMode m_mode;
    Notify m_notify;
    VulkanOptions m_options;
    core::CpuBackend m_cpu;
    std::unique_ptr<VulkanBackend> m_vulkan;
    bool m_vulkanTried = false;
    std::optional<core::Error> m_createError;
    ProbeTimer m_probeTimer;
    std::set<std::string> m_told;
    std::map<std::string, bool> m_choice;  // "enc/qty" -> Vulkan faster
    std::map<std::string, std::pair<double, double>> m_probes;
};

}  // namespace poslab::gpu
