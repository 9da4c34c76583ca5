// Internal: the Vulkan objects of one compute device, RAII (vk::raii), declared in creation order
// so that they are destroyed in reverse. Only gpu/*.cpp include this (vulkan_raii.hpp is heavy).
// Functions here may throw (vk::SystemError, std::runtime_error for an injected fault or a
// timeout); the public VulkanBackend catches everything at its boundary and returns errors as
// values.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "gpu/shaders/common/tile.h"
#include "gpu/vulkan/fault.h"

namespace poslab::gpu::detail {

// Throws when the test hook names this step.
void checkFault(FaultStep step);

// dlopen("libvulkan.so.1") (or $POSLAB_VULKAN_LIBRARY), closed on destruction.
class VulkanLibrary {
public:
    VulkanLibrary();
    ~VulkanLibrary();
    VulkanLibrary(const VulkanLibrary&) = delete;
    VulkanLibrary& operator=(const VulkanLibrary&) = delete;
    PFN_vkGetInstanceProcAddr getInstanceProcAddr() const { return m_gipa; }

private:
    void* m_handle = nullptr;
    PFN_vkGetInstanceProcAddr m_gipa = nullptr;
};

// The push constants of one dispatch (gpu/shaders/common/push.glsl): the tile header at byte 0 and
// the op's parameter block (a struct of gpu/shaders/common/params_<op>.h) at byte 16.
constexpr std::size_t kOpParamBytes = 48;
struct Push {
    shader::Tile tile{};
    std::array<std::uint8_t, kOpParamBytes> op{};

    template <class P>
    void setParams(const P& params) {
        static_assert(std::is_trivially_copyable_v<P> && sizeof(P) <= kOpParamBytes,
                      "an op's parameter block must fit the 64-byte push range");
        std::memcpy(op.data(), &params, sizeof(P));
    }
};
static_assert(sizeof(Push) == 64 && offsetof(Push, op) == 16,
              "Push must match gpu/shaders/common/push.glsl");

// A host-visible storage buffer, persistently mapped.
struct Buffer {
    vk::raii::Buffer buffer = nullptr;
    vk::raii::DeviceMemory memory = nullptr;
    void* mapped = nullptr;
    vk::DeviceSize size = 0;
};

struct Kernel {
    std::uint32_t bindings = 0;
    vk::raii::ShaderModule module = nullptr;
    vk::raii::DescriptorSetLayout setLayout = nullptr;
    vk::raii::PipelineLayout layout = nullptr;
    vk::raii::Pipeline pipeline = nullptr;
};

struct BindingRange {
    const Buffer* buffer = nullptr;
    vk::DeviceSize offset = 0;
    vk::DeviceSize range = VK_WHOLE_SIZE;
};

// One dispatch of a kernel over a tile.
struct Dispatch {
    std::vector<BindingRange> bindings;
    Push push;
    std::uint32_t groupsX = 1, groupsY = 1;
};

struct DeviceInfo {
    std::string name;
    std::string type;  // "discrete", "integrated", "virtual", "cpu", "other"
    std::uint32_t apiVersion = 0;
    bool float64 = false;
    vk::DeviceSize maxStorageRange = 0;
    vk::DeviceSize storageAlignment = 1;
    vk::DeviceSize maxAllocation = 0;
    std::uint32_t maxGroupsX = 65535, maxGroupsY = 65535;
};

class Device {
public:
    Device();  // throws on failure (each step checks the fault hook)

    const DeviceInfo& info() const { return m_info; }
    // A buffer of at least `bytes` (rounded up), reused across calls under `slot` when big enough;
    // null when that is more than one allocation may hold (maxMemoryAllocationSize).
    Buffer* buffer(const std::string& slot, vk::DeviceSize bytes);
    void releaseBuffers() { m_buffers.clear(); }
    Kernel& kernel(const std::string& name, std::uint32_t bindings);

    // Records the dispatches of several kernels (a barrier between kernels), submits and waits.
    struct Step {
        Kernel* kernel;
        std::vector<Dispatch> dispatches;
    };
    void run(const std::vector<Step>& steps);

private:
    DeviceInfo m_info;
    VulkanLibrary m_library;
    vk::raii::Context m_context;
    vk::raii::Instance m_instance = nullptr;
    vk::raii::PhysicalDevice m_physical = nullptr;
    std::uint32_t m_family = 0;
    vk::raii::Device m_device = nullptr;
    vk::raii::Queue m_queue = nullptr;
    vk::raii::CommandPool m_pool = nullptr;
    vk::raii::CommandBuffer m_cmd = nullptr;
    vk::raii::Fence m_fence = nullptr;
    vk::raii::PipelineCache m_pipelineCache = nullptr;
    vk::PhysicalDeviceMemoryProperties m_memory;
    std::map<std::string, std::unique_ptr<Kernel>> m_kernels;
    std::map<std::string, std::unique_ptr<Buffer>> m_buffers;
};

}  // namespace poslab::gpu::detail
