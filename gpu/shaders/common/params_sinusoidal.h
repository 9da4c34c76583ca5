// Parameter block of the sinusoidal table kernel, shared by GLSL and C++ (common/shader_types.h).
#ifndef POSLAB_PARAMS_SINUSOIDAL_H
#define POSLAB_PARAMS_SINUSOIDAL_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

// sinusoidal_table.comp (spec A1 and its 2-D form A2): pair j of global row g is at position
//   offset + (j < split ? g % width : g / width).
// 1-D: split = d/2, width = n (every pair at offset + g); 2-D: split = d/4, width = W.
struct SinusoidalTableParams {
    uint offset;
    uint split;
    uint width;
};

#ifdef __cplusplus
static_assert(sizeof(SinusoidalTableParams) == 12);
static_assert(offsetof(SinusoidalTableParams, offset) == 0 &&
              offsetof(SinusoidalTableParams, split) == 4 &&
              offsetof(SinusoidalTableParams, width) == 8);
}  // namespace poslab::gpu::shader
#endif
#endif
