// Parameter block of distance_bias.comp (KERPLE and Sandwich biases), shared by GLSL and C++
// (common/shader_types.h).
#ifndef POSLAB_PARAMS_DISTANCE_BIAS_H
#define POSLAB_PARAMS_DISTANCE_BIAS_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

// distance_bias.comp: out[h, i, j] = table[h * n + |i - j|]; causal != 0 masks j > i with -inf.
struct DistanceBiasParams {
    uint causal;
};

#ifdef __cplusplus
static_assert(sizeof(DistanceBiasParams) == 4 && offsetof(DistanceBiasParams, causal) == 0);
}  // namespace poslab::gpu::shader
#endif
#endif
