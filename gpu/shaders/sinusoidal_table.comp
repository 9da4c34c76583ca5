#version 450
// Sinusoidal table (spec A1) and its 2-D form (spec A2):
//   out[row, 2j] = sin(pos * w_j), out[row, 2j+1] = cos(pos * w_j)
// Pairs j < i1 use posA = i0 + (row % i2), the others posB = i0 + (row / i2); w_j comes from the
// CPU (float64 pow, exactly the reference's frequencies). 1-D: i2 = n, i1 = d/2.
// Bindings: 0 out float[rows * cols], 1 frequencies REAL[cols / 2].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Freq { REAL w[]; };

void main() {
    uint row, pair;
    row = gl_GlobalInvocationID.y;
    pair = gl_GlobalInvocationID.x;
    if (row >= pc.rows || pair >= pc.cols / 2) return;
    const uint g = pc.row0 + row;
    const uint pos = pc.i0 + (pair < pc.i1 ? g % pc.i2 : g / pc.i2);
    const float r = reducedAngle(REAL(pos) * w[pair]);
    const uint k = row * pc.cols + 2 * pair;
    outv[k] = sin(r);
    outv[k + 1] = cos(r);
}
