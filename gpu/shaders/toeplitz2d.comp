#version 450
// Similarity of a 2-D sinusoidal table (spec A2): patches p = (h_p, w_p), index h * W + w;
//   out[p, q] = v[|w_p - w_q|] + v[|h_p - h_q|],   v[t] = sum_j cos(t w'_j)   (cos_sum.comp)
// since both axes use the same frequencies. Toeplitz2dParams: width = W. Bindings: 0 out
// float[rows * cols], 1 v float[max(H, W)].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_toeplitz.h"
#define POSLAB_PARAMS Toeplitz2dParams
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Vec { float v[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint p = pc.tile.row0 + row;
    const int dw = int(p % pc.op.width) - int(col % pc.op.width);
    const int dh = int(p / pc.op.width) - int(col / pc.op.width);
    outv[row * pc.tile.cols + col] = v[abs(dw)] + v[abs(dh)];
}
