#version 450
// RoPE angles (spec A6): out[i, j] = pos_i * theta_j, pos_i = offset + i, formed in REAL and
// rounded once. Parameters: RopeAnglesParams. Bindings: 0 out float[rows * cols],
// 1 theta REAL[cols].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_rope.h"
#define POSLAB_PARAMS RopeAnglesParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Theta { REAL theta[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    outv[row * pc.tile.cols + col] = float(REAL(pc.op.offset + pc.tile.row0 + row) * theta[col]);
}
