// Which backend the user asked for: `cpu`, `auto` or `vulkan` (the --backend option, the status
// bar selector, the session file's "backend" field). Light on purpose: ui headers include this,
// not backend_router.h, which brings in both backends.
#pragma once

#include <optional>
#include <string_view>

namespace poslab::gpu {

enum class BackendMode { Cpu, Auto, Vulkan };

// "cpu", "auto", "vulkan" (the text sessions and settings store); nullopt for anything else.
constexpr std::optional<BackendMode> parseBackendMode(std::string_view text) {
    if (text == "cpu") return BackendMode::Cpu;
    if (text == "auto") return BackendMode::Auto;
    if (text == "vulkan") return BackendMode::Vulkan;
    return std::nullopt;
}

constexpr std::string_view backendModeName(BackendMode mode) {
    switch (mode) {
        case BackendMode::Auto:
            return "auto";
        case BackendMode::Vulkan:
            return "vulkan";
        case BackendMode::Cpu:
            break;
    }
    return "cpu";
}

}  // namespace poslab::gpu
