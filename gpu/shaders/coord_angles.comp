#version 450
// Angles on several position axes (spec E1 M-RoPE angles): out[i, j] = sum_a c[a][i] f[j][a],
// formed in REAL and rounded once. Parameters: CoordParams (n = tile.n). Bindings: 0 out
// float[n * pairs], 1 c int[axes * n] (axis-major), 2 f REAL[pairs * axes].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_coord.h"
#define POSLAB_PARAMS CoordParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Coords { int coords[]; };
layout(std430, binding = 2) readonly buffer Freq { REAL freq[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint i = pc.tile.row0 + row;
    REAL x = REAL(0);
    for (uint a = 0; a < pc.op.axes; ++a)
        x += REAL(coords[a * pc.tile.n + i]) * freq[col * pc.op.axes + a];
    outv[row * pc.tile.cols + col] = float(x);
}
