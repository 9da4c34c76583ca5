#version 450
// RoPE applied to the all-ones input (spec A6): pair (x, y) = (1, 1) rotated by pos * theta_j,
//   (x cos - y sin, x sin + y cos) * f0   (f0: YaRN's attention factor, else 1).
// Pairs: i1 = 0 interleaved (2j, 2j+1); i1 = 1 half (j, j + d/2). Push: i0 offset, cols = d.
// Bindings: 0 out float[rows * d], 1 theta REAL[d/2].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Theta { REAL theta[]; };

void main() {
    const uint row = gl_GlobalInvocationID.y;
    const uint j = gl_GlobalInvocationID.x;
    const uint h = pc.cols / 2;
    if (row >= pc.rows || j >= h) return;
    const float r = reducedAngle(REAL(pc.i0 + pc.row0 + row) * theta[j]);
    const float c = cos(r), s = sin(r);
    const uint a = row * pc.cols + (pc.i1 == 0u ? 2 * j : j);
    const uint b = a + (pc.i1 == 0u ? 1 : h);
    outv[a] = (c - s) * pc.f0;
    outv[b] = (s + c) * pc.f0;
}
