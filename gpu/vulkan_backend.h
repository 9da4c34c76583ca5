// The Vulkan compute backend: float32 storage, shaders from gpu/shaders (embedded SPIR-V), RAII
// handles behind a pimpl so that vulkan_raii.hpp stays inside gpu/. What it computes is the op
// table of gpu/op.h. Nothing here throws: creation and every computation return errors as values
// with a code (Errc::VulkanUnavailable: no loader, driver or device, or a limit of this device;
// Errc::DeviceLost: the device failed, or failed earlier; Errc::NoShader: no op for this quantity
// with these parameters), and the caller falls back to the CPU.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/backend/backend.h"
#include "core/compute.h"

namespace poslab::gpu {

struct VulkanOptions {
    // Largest storage binding the backend uses, in bytes; 0 = the device's maxStorageBufferRange.
    // Tests make it small so that modest sizes already need several tiles.
    std::uint64_t maxBindingBytes = 0;
    // Form and range-reduce angles in float64 when the device supports it.
    bool useFloat64 = true;
};

class VulkanBackend final : public core::Backend {
public:
    // Loads libvulkan, creates the instance and device; an error (never a crash) when any step
    // fails.
    static core::Expected<std::unique_ptr<VulkanBackend>> create(const VulkanOptions& options = {});
    ~VulkanBackend() override;

    core::BackendKind kind() const override { return core::BackendKind::Vulkan; }
    std::string deviceName() const override;
    std::string deviceType() const override;
    bool implements(const core::Prepared& prepared) const override;
    // Results are float32 (or int64 for integer quantities) whatever the requested precision.
    core::Status run(const core::Request& request, core::Result& out,
                     const core::ComputeOptions& options = {}) override;
    core::Status run(const core::Prepared& prepared, core::Result& out);

    bool float64() const;  // angles formed in float64 on this device
    bool lost() const;     // a device loss or failed submission: unusable from now on
    std::uint64_t maxBindingBytes() const;
    // "encoding/quantity" of every quantity with an op (parameters may still exclude some), in
    // the order of the op table (gpu/op.h).
    static std::vector<std::string> quantities();
    void releaseBuffers();

    struct Impl;

private:
    explicit VulkanBackend(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m;
};

}  // namespace poslab::gpu
