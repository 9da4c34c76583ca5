#include "gpu/vulkan/device.h"

#include <dlfcn.h>

#include <atomic>
#include <cstdlib>
#include <stdexcept>

#include "gpu/vulkan/embedded_shaders.h"

namespace poslab::gpu {

namespace {
std::atomic<int> g_fault{static_cast<int>(FaultStep::None)};
}

std::string_view faultStepName(FaultStep step) {
    switch (step) {
        case FaultStep::None:
            return "none";
        case FaultStep::LoadLibrary:
            return "load-library";
        case FaultStep::CreateInstance:
            return "create-instance";
        case FaultStep::SelectDevice:
            return "select-device";
        case FaultStep::CreateDevice:
            return "create-device";
        case FaultStep::CreateCommands:
            return "create-commands";
        case FaultStep::AllocateMemory:
            return "allocate-memory";
        case FaultStep::CreatePipeline:
            return "create-pipeline";
        case FaultStep::Submit:
            return "submit";
    }
    return "none";
}

void setInjectedFault(FaultStep step) {
    g_fault = static_cast<int>(step);
}
FaultStep injectedFault() {
    return static_cast<FaultStep>(g_fault.load());
}

}  // namespace poslab::gpu

namespace poslab::gpu::detail {

void checkFault(FaultStep step) {
    if (injectedFault() == step)
        throw std::runtime_error("injected failure at step '" + std::string(faultStepName(step)) +
                                 "'");
}

VulkanLibrary::VulkanLibrary() {
    checkFault(FaultStep::LoadLibrary);
    const char* name = std::getenv("POSLAB_VULKAN_LIBRARY");
    if (!name || !*name) name = "libvulkan.so.1";
    m_handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!m_handle) throw std::runtime_error(std::string("no Vulkan loader: cannot load ") + name);
    m_gipa = reinterpret_cast<PFN_vkGetInstanceProcAddr>(dlsym(m_handle, "vkGetInstanceProcAddr"));
    if (!m_gipa) {
        dlclose(m_handle);
        m_handle = nullptr;
        throw std::runtime_error(std::string(name) + " has no vkGetInstanceProcAddr");
    }
}

VulkanLibrary::~VulkanLibrary() {
    if (m_handle) dlclose(m_handle);
}

namespace {

std::string typeName(vk::PhysicalDeviceType t) {
    switch (t) {
        case vk::PhysicalDeviceType::eDiscreteGpu:
            return "discrete";
        case vk::PhysicalDeviceType::eIntegratedGpu:
            return "integrated";
        case vk::PhysicalDeviceType::eVirtualGpu:
            return "virtual";
        case vk::PhysicalDeviceType::eCpu:
            return "cpu";
        default:
            return "other";
    }
}

int typeRank(vk::PhysicalDeviceType t) {
    switch (t) {
        case vk::PhysicalDeviceType::eDiscreteGpu:
            return 4;
        case vk::PhysicalDeviceType::eIntegratedGpu:
            return 3;
        case vk::PhysicalDeviceType::eVirtualGpu:
            return 2;
        case vk::PhysicalDeviceType::eCpu:
            return 1;
        default:
            return 0;
    }
}

}  // namespace

Device::Device() : m_context(m_library.getInstanceProcAddr()) {
    checkFault(FaultStep::CreateInstance);
    vk::ApplicationInfo app("PosLab", 1, "PosLab", 1, VK_API_VERSION_1_1);
    vk::InstanceCreateInfo ici({}, &app);
    try {
        m_instance = vk::raii::Instance(m_context, ici);
    } catch (const vk::IncompatibleDriverError&) {
        throw std::runtime_error(
            "no Vulkan driver (ICD) found: vkCreateInstance returned "
            "VK_ERROR_INCOMPATIBLE_DRIVER");
    }

    checkFault(FaultStep::SelectDevice);
    // Prefer a discrete GPU, then integrated, virtual, CPU; the device needs a compute queue.
    vk::raii::PhysicalDevices devices(m_instance);
    int best = -1;
    for (auto& pd : devices) {
        const auto props = pd.getProperties();
        const auto families = pd.getQueueFamilyProperties();
        for (std::uint32_t f = 0; f < families.size(); ++f) {
            if (!(families[f].queueFlags & vk::QueueFlagBits::eCompute)) continue;
            if (typeRank(props.deviceType) > best) {
                best = typeRank(props.deviceType);
                m_physical = std::move(pd);
                m_family = f;
            }
            break;
        }
    }
    if (best < 0) throw std::runtime_error("no Vulkan device with a compute queue");

    const auto props = m_physical.getProperties();
    const auto features = m_physical.getFeatures();
    const auto chain = m_physical.getProperties2<vk::PhysicalDeviceProperties2,
                                                 vk::PhysicalDeviceMaintenance3Properties>();
    m_info.name = props.deviceName.data();
    m_info.type = typeName(props.deviceType);
    m_info.apiVersion = props.apiVersion;
    m_info.float64 = features.shaderFloat64 == VK_TRUE;
    m_info.maxStorageRange = props.limits.maxStorageBufferRange;
    m_info.storageAlignment = props.limits.minStorageBufferOffsetAlignment;
    m_info.maxAllocation =
        chain.get<vk::PhysicalDeviceMaintenance3Properties>().maxMemoryAllocationSize;
    m_info.maxGroupsX = props.limits.maxComputeWorkGroupCount[0];
    m_info.maxGroupsY = props.limits.maxComputeWorkGroupCount[1];
    m_memory = m_physical.getMemoryProperties();

    checkFault(FaultStep::CreateDevice);
    const float priority = 1.0f;
    vk::DeviceQueueCreateInfo qci({}, m_family, 1, &priority);
    vk::PhysicalDeviceFeatures enabled{};
    enabled.shaderFloat64 = features.shaderFloat64;
    vk::DeviceCreateInfo dci({}, qci, {}, {}, &enabled);
    m_device = vk::raii::Device(m_physical, dci);
    m_queue = vk::raii::Queue(m_device, m_family, 0);

    checkFault(FaultStep::CreateCommands);
    m_pool = vk::raii::CommandPool(m_device,
                                   {vk::CommandPoolCreateFlagBits::eResetCommandBuffer, m_family});
    vk::raii::CommandBuffers cmds(m_device, {*m_pool, vk::CommandBufferLevel::ePrimary, 1});
    m_cmd = std::move(cmds.front());
    m_fence = vk::raii::Fence(m_device, vk::FenceCreateInfo{});
    m_pipelineCache = vk::raii::PipelineCache(m_device, vk::PipelineCacheCreateInfo{});
}

Buffer* Device::buffer(const std::string& slot, vk::DeviceSize bytes) {
    bytes = std::max<vk::DeviceSize>(16, (bytes + 255) / 256 * 256);
    auto& b = m_buffers[slot];
    if (b && b->size >= bytes) return b.get();
    b.reset();
    checkFault(FaultStep::AllocateMemory);
    if (bytes > m_info.maxAllocation) return nullptr;
    auto nb = std::make_unique<Buffer>();
    nb->buffer =
        vk::raii::Buffer(m_device, vk::BufferCreateInfo({}, bytes,
                                                        vk::BufferUsageFlagBits::eStorageBuffer |
                                                            vk::BufferUsageFlagBits::eTransferSrc |
                                                            vk::BufferUsageFlagBits::eTransferDst));
    const auto req = nb->buffer.getMemoryRequirements();
    // Host-visible and coherent; cached when available (results are read back by the CPU).
    const auto want =
        vk::MemoryPropertyFlagBits::eHostVisible | vk::MemoryPropertyFlagBits::eHostCoherent;
    std::uint32_t chosen = UINT32_MAX;
    for (int pass = 0; pass < 2 && chosen == UINT32_MAX; ++pass)
        for (std::uint32_t i = 0; i < m_memory.memoryTypeCount; ++i) {
            const auto flags = m_memory.memoryTypes[i].propertyFlags;
            if (!(req.memoryTypeBits & (1u << i)) || (flags & want) != want) continue;
            if (pass == 0 && !(flags & vk::MemoryPropertyFlagBits::eHostCached)) continue;
            chosen = i;
            break;
        }
    if (chosen == UINT32_MAX) throw std::runtime_error("no host-visible coherent memory type");
    nb->memory = vk::raii::DeviceMemory(m_device, vk::MemoryAllocateInfo(req.size, chosen));
    nb->buffer.bindMemory(*nb->memory, 0);
    nb->mapped = nb->memory.mapMemory(0, bytes);
    nb->size = bytes;
    b = std::move(nb);
    return b.get();
}

Kernel& Device::kernel(const std::string& name, std::uint32_t bindings) {
    auto& k = m_kernels[name];
    if (k) return *k;
    checkFault(FaultStep::CreatePipeline);
    const EmbeddedShader* spv = findShader(name);
    if (!spv) throw std::runtime_error("no embedded shader '" + name + "'");
    auto nk = std::make_unique<Kernel>();
    nk->bindings = bindings;
    nk->module =
        vk::raii::ShaderModule(m_device, vk::ShaderModuleCreateInfo({}, spv->bytes, spv->code));
    std::vector<vk::DescriptorSetLayoutBinding> b;
    for (std::uint32_t i = 0; i < bindings; ++i)
        b.emplace_back(i, vk::DescriptorType::eStorageBuffer, 1, vk::ShaderStageFlagBits::eCompute);
    nk->setLayout =
        vk::raii::DescriptorSetLayout(m_device, vk::DescriptorSetLayoutCreateInfo({}, b));
    vk::PushConstantRange range(vk::ShaderStageFlagBits::eCompute, 0, sizeof(Push));
    vk::DescriptorSetLayout sl = *nk->setLayout;
    nk->layout = vk::raii::PipelineLayout(m_device, vk::PipelineLayoutCreateInfo({}, sl, range));
    vk::ComputePipelineCreateInfo pci(
        {},
        vk::PipelineShaderStageCreateInfo({}, vk::ShaderStageFlagBits::eCompute, *nk->module,
                                          "main"),
        *nk->layout);
    nk->pipeline = vk::raii::Pipeline(m_device, m_pipelineCache, pci);
    k = std::move(nk);
    return *k;
}

void Device::run(const std::vector<Step>& steps) {
    checkFault(FaultStep::Submit);
    std::uint32_t sets = 0, descriptors = 0;
    for (const auto& s : steps) {
        sets += static_cast<std::uint32_t>(s.dispatches.size());
        descriptors += static_cast<std::uint32_t>(s.dispatches.size()) * s.kernel->bindings;
    }
    if (sets == 0) return;
    vk::DescriptorPoolSize size(vk::DescriptorType::eStorageBuffer, std::max(1u, descriptors));
    vk::raii::DescriptorPool pool(
        m_device, vk::DescriptorPoolCreateInfo(vk::DescriptorPoolCreateFlagBits::eFreeDescriptorSet,
                                               sets, size));
    std::vector<vk::DescriptorSetLayout> layouts;
    for (const auto& s : steps)
        for (std::size_t i = 0; i < s.dispatches.size(); ++i)
            layouts.push_back(*s.kernel->setLayout);
    vk::raii::DescriptorSets ds(m_device, vk::DescriptorSetAllocateInfo(*pool, layouts));

    std::vector<vk::DescriptorBufferInfo> infos;
    infos.reserve(descriptors);
    std::vector<vk::WriteDescriptorSet> writes;
    std::size_t set = 0;
    for (const auto& s : steps)
        for (const auto& d : s.dispatches) {
            for (std::uint32_t b = 0; b < d.bindings.size(); ++b) {
                const auto& r = d.bindings[b];
                infos.emplace_back(*r.buffer->buffer, r.offset, r.range);
                writes.emplace_back(*ds[set], b, 0, 1, vk::DescriptorType::eStorageBuffer, nullptr,
                                    &infos.back());
            }
            ++set;
        }
    m_device.updateDescriptorSets(writes, nullptr);

    m_cmd.reset();
    m_cmd.begin(vk::CommandBufferBeginInfo(vk::CommandBufferUsageFlagBits::eOneTimeSubmit));
    set = 0;
    for (std::size_t si = 0; si < steps.size(); ++si) {
        const auto& s = steps[si];
        if (si > 0) {
            vk::MemoryBarrier mb(
                vk::AccessFlagBits::eShaderWrite,
                vk::AccessFlagBits::eShaderRead | vk::AccessFlagBits::eShaderWrite);
            m_cmd.pipelineBarrier(vk::PipelineStageFlagBits::eComputeShader,
                                  vk::PipelineStageFlagBits::eComputeShader, {}, mb, nullptr,
                                  nullptr);
        }
        m_cmd.bindPipeline(vk::PipelineBindPoint::eCompute, *s.kernel->pipeline);
        for (const auto& d : s.dispatches) {
            m_cmd.bindDescriptorSets(vk::PipelineBindPoint::eCompute, *s.kernel->layout, 0,
                                     *ds[set], nullptr);
            m_cmd.pushConstants<std::uint8_t>(
                *s.kernel->layout, vk::ShaderStageFlagBits::eCompute, 0,
                vk::ArrayProxy<const std::uint8_t>(sizeof(Push),
                                                   reinterpret_cast<const std::uint8_t*>(&d.push)));
            m_cmd.dispatch(d.groupsX, d.groupsY, 1);
            ++set;
        }
    }
    vk::MemoryBarrier toHost(vk::AccessFlagBits::eShaderWrite, vk::AccessFlagBits::eHostRead);
    m_cmd.pipelineBarrier(vk::PipelineStageFlagBits::eComputeShader,
                          vk::PipelineStageFlagBits::eHost, {}, toHost, nullptr, nullptr);
    m_cmd.end();

    vk::CommandBuffer cb = *m_cmd;
    m_queue.submit(vk::SubmitInfo({}, {}, cb), *m_fence);
    // A generous bound: a hung or lost device must not hang the program.
    constexpr std::uint64_t kTimeoutNs = 120ull * 1000 * 1000 * 1000;
    const vk::Result r = m_device.waitForFences(*m_fence, VK_TRUE, kTimeoutNs);
    if (r != vk::Result::eSuccess)
        throw std::runtime_error("the Vulkan device did not finish (timeout)");
    m_device.resetFences(*m_fence);
}

}  // namespace poslab::gpu::detail
