#version 450
// T5 bucket map (spec C1): out[i, j] = bucket(j - i), i = row0 + row; exact integers. With
// bucketing none (i0 = 2) the bucket is |j - i|.
// Bindings: 0 out int[rows * n], 1 edges int[] (common/buckets.glsl).
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { int outv[]; };
#include "common/buckets.glsl"

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    outv[row * pc.cols + col] = t5Bucket(int(col) - int(pc.row0 + row));
}
