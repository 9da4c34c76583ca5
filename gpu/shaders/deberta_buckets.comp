#version 450
// DeBERTa-v2 log-bucket map (spec C2) of r = i - j, i = row0 + row: common/buckets.glsl's
// debertaBucket with mid = i1 (0: no bucketing), firstLog = i2, i3 edges.
// Bindings: 0 out int[rows * n], 1 edges int[].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { int outv[]; };
#include "common/buckets.glsl"

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    outv[row * pc.cols + col] = debertaBucket(int(pc.row0 + row) - int(col), pc.i1, pc.i2, pc.i3);
}
