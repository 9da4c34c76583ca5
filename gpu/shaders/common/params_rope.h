// Parameter blocks of the rotary kernels (RoPE, xPos), shared by GLSL and C++
// (common/shader_types.h).
#ifndef POSLAB_PARAMS_ROPE_H
#define POSLAB_PARAMS_ROPE_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

// rope_angles.comp: out[i, j] = (offset + i) theta_j.
struct RopeAnglesParams {
    uint offset;
};

// rope_rotated.comp: the all-ones input rotated at positions offset + i, times attentionFactor;
// halfPairing 0: pairs (2j, 2j + 1), 1: pairs (j, j + d/2).
struct RopeRotatedParams {
    uint offset;
    uint halfPairing;
    float attentionFactor;
};

// xpos_scale.comp: out[m, j] = exp((m - centre) c_j), centre = ceil(n/2).
struct XposScaleParams {
    uint centre;
};

#ifdef __cplusplus
static_assert(sizeof(RopeAnglesParams) == 4 && offsetof(RopeAnglesParams, offset) == 0);
static_assert(sizeof(RopeRotatedParams) == 12);
static_assert(offsetof(RopeRotatedParams, offset) == 0 &&
              offsetof(RopeRotatedParams, halfPairing) == 4 &&
              offsetof(RopeRotatedParams, attentionFactor) == 8);
static_assert(sizeof(XposScaleParams) == 4 && offsetof(XposScaleParams, centre) == 0);
}  // namespace poslab::gpu::shader
#endif
#endif
