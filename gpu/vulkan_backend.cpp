#include "gpu/vulkan_backend.h"

#include <cstdlib>
#include <mutex>
#include <set>

#include "gpu/op.h"
#include "gpu/op_context.h"

namespace poslab::gpu {

using core::Errc;

struct VulkanBackend::Impl {
    explicit Impl(const VulkanOptions& options) : ops(options) {}

    OpContext ops;
    bool lost = false;
    std::mutex mutex;
};

namespace {

FaultStep faultFromName(std::string_view name) {
    for (auto s : kAllFaultSteps)
        if (faultStepName(s) == name) return s;
    return FaultStep::None;
}

bool outOfMemory(const vk::SystemError& e) {
    return e.code() == vk::make_error_code(vk::Result::eErrorOutOfDeviceMemory) ||
           e.code() == vk::make_error_code(vk::Result::eErrorOutOfHostMemory);
}

}  // namespace

core::Expected<std::unique_ptr<VulkanBackend>> VulkanBackend::create(const VulkanOptions& options) {
    if (const char* f = std::getenv("POSLAB_VULKAN_FAULT"); f && injectedFault() == FaultStep::None)
        setInjectedFault(faultFromName(f));
    try {
        auto impl = std::make_unique<Impl>(options);
        return std::unique_ptr<VulkanBackend>(new VulkanBackend(std::move(impl)));
    } catch (const std::exception& e) {  // vk::SystemError included
        return core::fail(Errc::VulkanUnavailable, e.what());
    }
}

VulkanBackend::VulkanBackend(std::unique_ptr<Impl> impl) : m(std::move(impl)) {}
VulkanBackend::~VulkanBackend() = default;

std::string VulkanBackend::deviceName() const {
    return m->ops.info().name;
}
std::string VulkanBackend::deviceType() const {
    return m->ops.info().type;
}
bool VulkanBackend::float64() const {
    return m->ops.float64();
}
bool VulkanBackend::lost() const {
    return m->lost;
}
std::uint64_t VulkanBackend::maxBindingBytes() const {
    return m->ops.bindingLimit();
}

bool VulkanBackend::implements(const core::Prepared& prepared) const {
    return findGpuOp(prepared) != nullptr;
}

std::vector<std::string> VulkanBackend::quantities() {
    std::vector<std::string> ids;
    std::set<std::string> seen;
    for (const auto& op : gpuOps()) {
        std::string id = std::string(op.encoding) + "/" + std::string(op.quantity);
        if (seen.insert(id).second) ids.push_back(std::move(id));
    }
    return ids;
}

void VulkanBackend::releaseBuffers() {
    std::lock_guard lock(m->mutex);
    m->ops.releaseBuffers();
}

core::Status VulkanBackend::run(const core::Request& request, core::Result& out,
                                const core::ComputeOptions& options) {
    auto prepared = core::prepareRequest(request, options);
    if (!prepared) return prepared.error();
    return run(*prepared, out);
}

// The one boundary: the device's exceptions become error values here. Device loss or a failed
// submission ends this device (lost() from now on); running out of memory, or any other failure
// (an injected fault, a timeout), only drops the buffers and the uploads made into them.
core::Status VulkanBackend::run(const core::Prepared& prepared, core::Result& out) {
    std::lock_guard lock(m->mutex);
    if (m->lost)
        return core::fail(Errc::DeviceLost,
                          "the Vulkan device was lost earlier; restart to use it again");
    const GpuOp* op = findGpuOp(prepared);
    if (!op)
        return core::fail(Errc::NoShader, "no Vulkan shader for " + prepared.encoding->id + "/" +
                                              prepared.quantity->id + " with these parameters");
    out.shape = prepared.shape;
    out.dtype = prepared.quantity->dtype;
    out.precision = out.dtype == core::DType::I64 ? core::Precision::F64 : core::Precision::F32;
    out.backend = core::BackendKind::Vulkan;
    out.note.clear();
    try {
        return op->run(m->ops, prepared, out);
    } catch (const vk::SystemError& e) {
        const bool memory = outOfMemory(e);
        m->lost = !memory;
        m->ops.releaseBuffers();
        return core::fail(memory ? Errc::VulkanUnavailable : Errc::DeviceLost, e.what());
    } catch (const std::exception& e) {
        m->ops.releaseBuffers();
        return core::fail(Errc::VulkanUnavailable, e.what());
    }
}

}  // namespace poslab::gpu
