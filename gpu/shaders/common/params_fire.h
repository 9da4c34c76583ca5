// Parameter block of the FIRE bias kernel, shared by GLSL and C++ (common/shader_types.h).
#ifndef POSLAB_PARAMS_FIRE_H
#define POSLAB_PARAMS_FIRE_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

// fire_bias.comp (spec E4): the MLP has `hidden` units and `heads` outputs; causal != 0 masks
// j > i with -inf.
struct FireBiasParams {
    uint hidden;
    uint heads;
    uint causal;
    uint pad;
};

#ifdef __cplusplus
static_assert(sizeof(FireBiasParams) == 16);
static_assert(offsetof(FireBiasParams, hidden) == 0 && offsetof(FireBiasParams, heads) == 4 &&
              offsetof(FireBiasParams, causal) == 8);
}  // namespace poslab::gpu::shader
#endif
#endif
