#version 450
// RoPE applied to the all-ones input (spec A6): pair (x, y) = (1, 1) rotated by pos * theta_j,
//   (x cos - y sin, x sin + y cos) * attentionFactor   (YaRN's attention factor, else 1).
// Pairs: halfPairing = 0 interleaved (2j, 2j+1); 1 half (j, j + d/2). RopeRotatedParams; cols = d.
// Bindings: 0 out float[rows * d], 1 theta REAL[d/2].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_rope.h"
#define POSLAB_PARAMS RopeRotatedParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Theta { REAL theta[]; };

void main() {
    const uint row = gl_GlobalInvocationID.y;
    const uint j = gl_GlobalInvocationID.x;
    const uint h = pc.tile.cols / 2;
    if (row >= pc.tile.rows || j >= h) return;
    const float r = reducedAngle(REAL(pc.op.offset + pc.tile.row0 + row) * theta[j]);
    const float c = cos(r), s = sin(r);
    const uint a = row * pc.tile.cols + (pc.op.halfPairing == 0u ? 2 * j : j);
    const uint b = a + (pc.op.halfPairing == 0u ? 1 : h);
    outv[a] = (c - s) * pc.op.attentionFactor;
    outv[b] = (s + c) * pc.op.attentionFactor;
}
