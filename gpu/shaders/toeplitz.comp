#version 450
// Expands a Toeplitz vector into a matrix tile: out[i, j] = v[|j - i|] (i3 = 0, symmetric) or
// v[j - i + n - 1] (i3 = 1), i = row0 + row the global row.
// Bindings: 0 out float[rows * cols], 1 v float[].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Vec { float v[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const int rel = int(col) - int(pc.row0 + row);
    const uint k = pc.i3 == 0u ? uint(abs(rel)) : uint(rel + int(pc.n) - 1);
    outv[row * pc.cols + col] = v[k];
}
