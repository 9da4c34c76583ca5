#version 450
// A sum of cosines over the pairs, the kernel of every Toeplitz score (spec A1 similarity, A6
// scores and decay):   out[t] = f0 * sum_{j < i1} cos(t * w_j),   t = global flat index < i0.
// The flat output is laid out as rows x cols (cols = 1024) so any length fits the dispatch limits.
// Bindings: 0 out float[], 1 frequencies REAL[i1].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Freq { REAL w[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint t = (pc.row0 + row) * pc.cols + col;
    if (t >= pc.i0) return;
    float s = 0.0;
    for (uint j = 0; j < pc.i1; ++j) s += cos(reducedAngle(REAL(t) * w[j]));
    outv[row * pc.cols + col] = pc.f0 * s;
}
