#version 450
// ALiBi bias (spec B1; Press et al., 2022): out[h, i, j] = -slope_h |i - j|, or causal
// -slope_h (i - j) for j <= i and -inf for j > i. Rows are (h, i) flattened, global row = row0 + row.
// The product is formed in REAL (float64 when available, then rounded once, like the CPU).
// Parameters: AlibiBiasParams (n = tile.n). Bindings: 0 out float[rows * n], 1 slopes REAL[heads].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_attention.h"
#define POSLAB_PARAMS AlibiBiasParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Slopes { REAL slopes[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint g = pc.tile.row0 + row;
    const uint h = g / pc.tile.n;
    const int rel = int(col) - int(g % pc.tile.n);  // j - i
    float b;
    if (pc.op.causal != 0u && rel > 0) b = uintBitsToFloat(0xff800000u);  // -inf
    else b = float(-(slopes[h] * REAL(abs(rel))));
    outv[row * pc.tile.cols + col] = b;
}
