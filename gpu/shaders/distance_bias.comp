#version 450
// Biases of the distance alone (spec E3 KERPLE, E5 Sandwich): out[h, i, j] = table[h][|i - j|],
// or -inf for j > i when causal. The table holds each head's kernel at x = 0 .. n-1 (heads * n
// values: core's float64 reference rounded once to float32), so the (heads, n, n) expansion
// equals the CPU's float32 result. Rows are (h, i) flattened, global row = row0 + row.
// Parameters: DistanceBiasParams (n = tile.n). Bindings: 0 out float[rows * n], 1 table
// float[heads * n].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_distance_bias.h"
#define POSLAB_PARAMS DistanceBiasParams
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Table { float table[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint g = pc.tile.row0 + row;
    const uint h = g / pc.tile.n;
    const int rel = int(col) - int(g % pc.tile.n);  // j - i
    float b;
    if (pc.op.causal != 0u && rel > 0) b = uintBitsToFloat(0xff800000u);  // -inf
    else b = table[h * pc.tile.n + uint(abs(rel))];
    outv[row * pc.tile.cols + col] = b;
}
