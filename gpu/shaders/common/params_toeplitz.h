// Parameter blocks of the Toeplitz kernels (sums of cosines and their expansion into matrices),
// shared by GLSL and C++ (common/shader_types.h).
#ifndef POSLAB_PARAMS_TOEPLITZ_H
#define POSLAB_PARAMS_TOEPLITZ_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

// cos_sum.comp: out[t] = scale * sum_{j < pairs} cos(t w_j), t < count.
struct CosSumParams {
    uint count;
    uint pairs;
    float scale;
};

// decayed_cos_sum.comp: out[t] = scale * sum_{j < pairs} exp(s c_j) cos(s w_j), s = t - shift,
// t < count.
struct DecayedCosSumParams {
    uint count;
    uint pairs;
    uint shift;
    float scale;
};

// toeplitz.comp: out[i, j] = v[|j - i|], or v[j - i + n - 1] when signedOffsets != 0.
struct ToeplitzParams {
    uint signedOffsets;
};

// toeplitz2d.comp: patches p = h * width + w; out[p, q] = v[|w_p - w_q|] + v[|h_p - h_q|].
struct Toeplitz2dParams {
    uint width;
};

#ifdef __cplusplus
static_assert(sizeof(CosSumParams) == 12);
static_assert(offsetof(CosSumParams, count) == 0 && offsetof(CosSumParams, pairs) == 4 &&
              offsetof(CosSumParams, scale) == 8);
static_assert(sizeof(DecayedCosSumParams) == 16);
static_assert(offsetof(DecayedCosSumParams, count) == 0 &&
              offsetof(DecayedCosSumParams, pairs) == 4 &&
              offsetof(DecayedCosSumParams, shift) == 8 &&
              offsetof(DecayedCosSumParams, scale) == 12);
static_assert(sizeof(ToeplitzParams) == 4 && offsetof(ToeplitzParams, signedOffsets) == 0);
static_assert(sizeof(Toeplitz2dParams) == 4 && offsetof(Toeplitz2dParams, width) == 0);
}  // namespace poslab::gpu::shader
#endif
#endif
