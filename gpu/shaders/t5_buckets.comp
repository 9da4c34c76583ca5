#version 450
// T5 bucket map (spec C1): out[i, j] = bucket(j - i), i = row0 + row; exact integers. With
// bucketing none (mode 2) the bucket is |j - i| (T5Params).
// Bindings: 0 out int[rows * n], 1 edges int[] (common/buckets.glsl).
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_t5.h"
#define POSLAB_PARAMS T5Params
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { int outv[]; };
#include "common/buckets.glsl"

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    outv[row * pc.tile.cols + col] = t5Bucket(int(col) - int(pc.tile.row0 + row), pc.op.mode,
                                              pc.op.edgeCount, pc.op.directionBuckets);
}
