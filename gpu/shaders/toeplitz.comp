#version 450
// Expands a Toeplitz vector into a matrix tile: out[i, j] = v[|j - i|] (signedOffsets = 0,
// symmetric) or v[j - i + n - 1] (signedOffsets = 1), i = row0 + row the global row.
// Bindings: 0 out float[rows * cols], 1 v float[].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_toeplitz.h"
#define POSLAB_PARAMS ToeplitzParams
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Vec { float v[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const int rel = int(col) - int(pc.tile.row0 + row);
    const uint k = pc.op.signedOffsets == 0u ? uint(abs(rel)) : uint(rel + int(pc.tile.n) - 1);
    outv[row * pc.tile.cols + col] = v[k];
}
