#version 450
// T5 bias gather (spec A10): out[h, i, j] = W[bucket(j - i), h], rows (h, i) flattened,
// global row = row0 + row (T5Params). Bucketing none (mode 2): W has n rows, one per |j - i|.
// Bindings: 0 out float[], 1 edges int[], 2 W float[rows * heads].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_t5.h"
#define POSLAB_PARAMS T5Params
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
#include "common/buckets.glsl"
layout(std430, binding = 2) readonly buffer W { float w[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint g = pc.tile.row0 + row;
    const uint h = g / pc.tile.n;
    const int b = t5Bucket(int(col) - int(g % pc.tile.n), pc.op.mode, pc.op.edgeCount,
                          pc.op.directionBuckets);
    outv[row * pc.tile.cols + col] = w[uint(b) * pc.op.heads + h];
}
