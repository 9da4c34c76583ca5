#version 450
// Scores of rotated queries and keys over several position axes (spec E1 M-RoPE scores and
// axis_scores, E2 2-D RoPE scores): out[b n + m, k] = sum_j A[b][j] cos(x) + B[b][j] sin(x) with
// x = sum_a (c[a][k] - c[a][m]) f[j][a]: the integer offsets are exact and the angle is formed in
// REAL, then range-reduced. Parameters: CoordParams (n = tile.n). Bindings: 0 out
// float[rows * n], 1 c int[axes * n] (axis-major), 2 f REAL[pairs * axes], 3 coef
// REAL[blocks * pairs * 2] (A, B interleaved per pair, core's numbers for q and k).
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_coord.h"
#define POSLAB_PARAMS CoordParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Coords { int coords[]; };
layout(std430, binding = 2) readonly buffer Freq { REAL freq[]; };
layout(std430, binding = 3) readonly buffer Coef { REAL coef[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint n = pc.tile.n;
    const uint g = pc.tile.row0 + row;
    const uint b = g / n, m = g % n;
    float s = 0.0;
    for (uint j = 0; j < pc.op.pairs; ++j) {
        REAL x = REAL(0);
        for (uint a = 0; a < pc.op.axes; ++a)
            x += REAL(coords[a * n + col] - coords[a * n + m]) * freq[j * pc.op.axes + a];
        const float ang = reducedAngle(x);
        const uint c = 2u * (b * pc.op.pairs + j);
        s += float(coef[c]) * cos(ang) + float(coef[c + 1u]) * sin(ang);
    }
    outv[row * pc.tile.cols + col] = s;
}
