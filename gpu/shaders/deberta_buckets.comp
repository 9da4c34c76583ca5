#version 450
// DeBERTa-v2 log-bucket map (spec C2) of r = i - j, i = row0 + row: common/buckets.glsl's
// debertaBucket with DebertaBucketsParams (mid 0: no bucketing).
// Bindings: 0 out int[rows * n], 1 edges int[].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_deberta.h"
#define POSLAB_PARAMS DebertaBucketsParams
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { int outv[]; };
#include "common/buckets.glsl"

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const int r = int(pc.tile.row0 + row) - int(col);
    outv[row * pc.tile.cols + col] = debertaBucket(r, pc.op.mid, pc.op.firstLog, pc.op.edgeCount);
}
