#version 450
// A sum of cosines over the pairs, the kernel of every Toeplitz score (spec A1 similarity, A6
// scores and decay):   out[t] = scale * sum_{j < pairs} cos(t * w_j),   t = global flat index
// < count (CosSumParams).
// The flat output is laid out as rows x cols (cols = 1024) so any length fits the dispatch limits.
// Bindings: 0 out float[], 1 frequencies REAL[pairs].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_toeplitz.h"
#define POSLAB_PARAMS CosSumParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Freq { REAL w[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint t = (pc.tile.row0 + row) * pc.tile.cols + col;
    if (t >= pc.op.count) return;
    float s = 0.0;
    for (uint j = 0; j < pc.op.pairs; ++j) s += cos(reducedAngle(REAL(t) * w[j]));
    outv[row * pc.tile.cols + col] = pc.op.scale * s;
}
