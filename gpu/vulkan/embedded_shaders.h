// The SPIR-V of gpu/shaders/*.comp, compiled by glslc at build time and embedded (no .spv in the
// repository). Variants built with -DPOSLAB_FP64 carry the suffix "_fp64".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace poslab::gpu::detail {

struct EmbeddedShader {
    const char* name;
    const std::uint32_t* code;
    std::size_t bytes;
};

const std::vector<EmbeddedShader>& embeddedShaders();

inline const EmbeddedShader* findShader(std::string_view name) {
    for (const auto& s : embeddedShaders())
        if (name == s.name) return &s;
    return nullptr;
}

}  // namespace poslab::gpu::detail
