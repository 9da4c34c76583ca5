// Parameter block of the T5 kernels, shared by GLSL and C++ (common/shader_types.h).
#ifndef POSLAB_PARAMS_T5_H
#define POSLAB_PARAMS_T5_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

// t5_buckets.comp and t5_bias.comp (spec C1, A10): mode 0 unidirectional, 1 bidirectional,
// 2 bucketing none (the bucket is |r|); edges[1 .. edgeCount) are the log-bucket edges;
// directionBuckets the buckets per direction; heads the columns of the weight table.
struct T5Params {
    uint mode;
    uint edgeCount;
    uint directionBuckets;
    uint heads;
};

#ifdef __cplusplus
static_assert(sizeof(T5Params) == 16);
static_assert(offsetof(T5Params, mode) == 0 && offsetof(T5Params, edgeCount) == 4 &&
              offsetof(T5Params, directionBuckets) == 8 && offsetof(T5Params, heads) == 12);
}  // namespace poslab::gpu::shader
#endif
#endif
