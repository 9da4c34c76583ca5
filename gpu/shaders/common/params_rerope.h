// Parameter block of the ReRoPE scores kernel (spec E7), shared by GLSL and C++
// (common/shader_types.h).
#ifndef POSLAB_PARAMS_REROPE_H
#define POSLAB_PARAMS_REROPE_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

// rerope_scores.comp: out[i, j] = rowScale[i] sum_{l < pairs} (A_l cos(r theta_l) +
// B_l sin(r theta_l)), r = r(i - j) with the window and, when leaky != 0, the factor.
struct ReropeScoresParams {
    uint pairs;
    uint leaky;
    uint window;
    float factor;
};

#ifdef __cplusplus
static_assert(sizeof(ReropeScoresParams) == 16);
static_assert(offsetof(ReropeScoresParams, pairs) == 0 &&
              offsetof(ReropeScoresParams, leaky) == 4 &&
              offsetof(ReropeScoresParams, window) == 8 &&
              offsetof(ReropeScoresParams, factor) == 12);
}  // namespace poslab::gpu::shader
#endif
#endif
