// Parameter blocks of the kernels of rotary encodings on several position axes (spec E1 M-RoPE:
// t, h, w; E2 2-D RoPE: row, column), shared by GLSL and C++ (common/shader_types.h). Every
// token has `axes` integer coordinates c[a][i] and every pair `axes` frequencies f[j][a]; the
// angle of pair j at token i is sum_a c[a][i] f[j][a].
#ifndef POSLAB_PARAMS_COORD_H
#define POSLAB_PARAMS_COORD_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

// coord_scores.comp: out[b n + m, k] = sum_{j < pairs} A[b][j] cos(x) + B[b][j] sin(x),
// x = sum_a (c[a][k] - c[a][m]) f[j][a], for block b of the coefficient sets (n = tile.n).
// coord_angles.comp: out[i, j] = sum_a c[a][i] f[j][a].
struct CoordParams {
    uint pairs;
    uint axes;
};

#ifdef __cplusplus
static_assert(sizeof(CoordParams) == 8);
static_assert(offsetof(CoordParams, pairs) == 0 && offsetof(CoordParams, axes) == 4);
}  // namespace poslab::gpu::shader
#endif
#endif
