#version 450
// DeBERTa-v2 log-bucket map (spec C2) of r = i - j: r itself when |r| <= mid (i1) or when
// bucketing is off (i0 = 0); otherwise sign(r) * (i2 + #{edges <= |r|}), i2 = log_pos(mid + 1)
// and the edges the smallest |r| of each later log position, all from the CPU in float64.
// i3 edge count. Bindings: 0 out int[rows * n], 1 edges int[].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { int outv[]; };
#include "common/buckets.glsl"

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const int r = int(pc.row0 + row) - int(col);
    const int a = abs(r);
    int b = r;
    if (pc.i0 != 0u && a > int(pc.i1)) b = sign(r) * (int(pc.i2) + countEdges(a, 0u, pc.i3));
    outv[row * pc.cols + col] = b;
}
