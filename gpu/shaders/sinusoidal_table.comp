#version 450
// Sinusoidal table (spec A1) and its 2-D form (spec A2):
//   out[row, 2j] = sin(pos * w_j), out[row, 2j+1] = cos(pos * w_j)
// Pairs j < split use offset + (row % width), the others offset + (row / width)
// (SinusoidalTableParams); w_j comes from core (the reference's float64 frequencies).
// Bindings: 0 out float[rows * cols], 1 frequencies REAL[cols / 2].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_sinusoidal.h"
#define POSLAB_PARAMS SinusoidalTableParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Freq { REAL w[]; };

void main() {
    uint row, pair;
    row = gl_GlobalInvocationID.y;
    pair = gl_GlobalInvocationID.x;
    if (row >= pc.tile.rows || pair >= pc.tile.cols / 2) return;
    const uint g = pc.tile.row0 + row;
    const uint pos = pc.op.offset + (pair < pc.op.split ? g % pc.op.width : g / pc.op.width);
    const float r = reducedAngle(REAL(pos) * w[pair]);
    const uint k = row * pc.tile.cols + 2 * pair;
    outv[k] = sin(r);
    outv[k + 1] = cos(r);
}
