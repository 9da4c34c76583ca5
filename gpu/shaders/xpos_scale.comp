#version 450
// xPos scale (spec B2; Sun et al., 2023): out[m, j] = zeta_j ^ (p_m / scale_base)
//   = exp(p_m * c_j),  c_j = ln(zeta_j) / scale_base from the CPU (float64),
// p_m = m - centre, centre = ceil(n/2); the exponent is formed in REAL (common/angle.glsl
// expReal).
// Bindings: 0 out float[rows * cols], 1 c REAL[cols].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_rope.h"
#define POSLAB_PARAMS XposScaleParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Coef { REAL c[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const int p = int(pc.tile.row0 + row) - int(pc.op.centre);
    outv[row * pc.tile.cols + col] = expReal(REAL(p) * c[col]);
}
