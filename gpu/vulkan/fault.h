// Test hook: make one Vulkan creation step fail, to prove that every failure ends in the CPU
// fallback. Also settable with the environment variable POSLAB_VULKAN_FAULT=<step name> (read
// when a backend is created), so command-line tests can inject faults too.
#pragma once

#include <string_view>

namespace poslab::gpu {

enum class FaultStep {
    None,
    LoadLibrary,     // dlopen(libvulkan.so.1)
    CreateInstance,  // vkCreateInstance
    SelectDevice,    // no suitable physical device
    CreateDevice,    // vkCreateDevice
    CreateCommands,  // command pool, command buffer, fence
    AllocateMemory,  // vkAllocateMemory (out of device memory)
    CreatePipeline,  // shader module / pipeline
    Submit,          // vkQueueSubmit / device lost
};
constexpr FaultStep kAllFaultSteps[] = {FaultStep::LoadLibrary,    FaultStep::CreateInstance,
                                        FaultStep::SelectDevice,   FaultStep::CreateDevice,
                                        FaultStep::CreateCommands, FaultStep::AllocateMemory,
                                        FaultStep::CreatePipeline, FaultStep::Submit};

std::string_view faultStepName(FaultStep step);
// Process-wide; FaultStep::None clears it.
void setInjectedFault(FaultStep step);
FaultStep injectedFault();

}  // namespace poslab::gpu
