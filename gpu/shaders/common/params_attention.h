// Parameter blocks of the attention kernels (ALiBi bias, logits; softmax_rows has none), shared
// by GLSL and C++ (common/shader_types.h).
#ifndef POSLAB_PARAMS_ATTENTION_H
#define POSLAB_PARAMS_ATTENTION_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

// alibi_bias.comp: causal != 0 masks j > i with -inf.
struct AlibiBiasParams {
    uint causal;
};

// attention_logits.comp: out[i, j] = (q_i . k_j) scale, minus slope |i - j| when alibi != 0;
// rows of Q and K have d floats.
struct AttentionLogitsParams {
    uint alibi;
    uint d;
    float scale;
    float slope;
};

#ifdef __cplusplus
static_assert(sizeof(AlibiBiasParams) == 4 && offsetof(AlibiBiasParams, causal) == 0);
static_assert(sizeof(AttentionLogitsParams) == 16);
static_assert(offsetof(AttentionLogitsParams, alibi) == 0 &&
              offsetof(AttentionLogitsParams, d) == 4 &&
              offsetof(AttentionLogitsParams, scale) == 8 &&
              offsetof(AttentionLogitsParams, slope) == 12);
}  // namespace poslab::gpu::shader
#endif
#endif
