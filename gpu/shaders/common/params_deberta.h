// Parameter blocks of the DeBERTa kernels, shared by GLSL and C++ (common/shader_types.h).
#ifndef POSLAB_PARAMS_DEBERTA_H
#define POSLAB_PARAMS_DEBERTA_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

// deberta_buckets.comp (spec C2): the log bucket of r = i - j with mid (0: no bucketing), the log
// position firstLog of mid + 1 and edges[0 .. edgeCount) (common/buckets.glsl).
struct DebertaBucketsParams {
    uint mid;
    uint firstLog;
    uint edgeCount;
};

// deberta_terms.comp (spec A12): one tile of query rows x key columns col0 + col; rows of d
// floats; terms a mask of common/deberta.glsl (1 c2c, 2 c2p, 4 p2c); delta0 the delta of the
// first bound Qr/Kr row; the bucket as in DebertaBucketsParams; span k; scale multiplies the sum.
struct DebertaTermsParams {
    uint d;
    uint col0;
    uint terms;
    uint delta0;
    uint mid;
    uint firstLog;
    uint edgeCount;
    uint span;
    float scale;
};

#ifdef __cplusplus
static_assert(sizeof(DebertaBucketsParams) == 12);
static_assert(offsetof(DebertaBucketsParams, mid) == 0 &&
              offsetof(DebertaBucketsParams, firstLog) == 4 &&
              offsetof(DebertaBucketsParams, edgeCount) == 8);
static_assert(sizeof(DebertaTermsParams) == 36);
static_assert(offsetof(DebertaTermsParams, d) == 0 && offsetof(DebertaTermsParams, col0) == 4 &&
              offsetof(DebertaTermsParams, terms) == 8 &&
              offsetof(DebertaTermsParams, delta0) == 12 &&
              offsetof(DebertaTermsParams, mid) == 16 &&
              offsetof(DebertaTermsParams, firstLog) == 20 &&
              offsetof(DebertaTermsParams, edgeCount) == 24 &&
              offsetof(DebertaTermsParams, span) == 28 &&
              offsetof(DebertaTermsParams, scale) == 32);
}  // namespace poslab::gpu::shader
#endif
#endif
