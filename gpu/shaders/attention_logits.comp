#version 450
// Attention logits (Vaswani et al., 2017): out[i, j] = (q_i . k_j) * scale + bias, the bias
// -slope |i - j| when alibi = 1 (ALiBi head 0), i = row0 + row (AttentionLogitsParams).
// Bindings: 0 out float[rows * n], 1 Q float[n * d], 2 K float[n * d].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_attention.h"
#define POSLAB_PARAMS AttentionLogitsParams
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Q { float q[]; };
layout(std430, binding = 2) readonly buffer K { float k[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint i = pc.tile.row0 + row;
    const uint d = pc.op.d;
    float s = 0.0;
    for (uint t = 0; t < d; ++t) s += q[i * d + t] * k[col * d + t];
    float v = s * pc.op.scale;
    if (pc.op.alibi != 0u) v += -pc.op.slope * float(abs(int(col) - int(i)));
    outv[row * pc.tile.cols + col] = v;
}
