// C++ side of the parameter headers that GLSL and C++ both include (common/tile.h,
// common/params_<op>.h): inside namespace poslab::gpu::shader, GLSL's `uint` is std::uint32_t;
// `float` and `int` are the same 32-bit types in both languages. Every field is such a scalar, so
// the std430 push-constant offsets are the C++ offsets (each header asserts them).
#pragma once

#include <cstddef>
#include <cstdint>

namespace poslab::gpu::shader {

using uint = std::uint32_t;
static_assert(sizeof(float) == 4 && sizeof(int) == 4, "GLSL scalars are 32 bits");

}  // namespace poslab::gpu::shader
