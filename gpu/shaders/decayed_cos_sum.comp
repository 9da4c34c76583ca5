#version 450
// A sum of decayed cosines over the pairs, the Toeplitz kernel of the xPos scores (spec B2):
//   out[t] = scale * sum_{j < pairs} exp(s c_j) cos(s w_j),  s = t - shift,  flat index t < count
// with w_j = omega_j and c_j = -ln(zeta_j) / scale_base from the CPU (float64), so that with
// scale = 2 and shift = n - 1,
//   out[k - m + n - 1] = sum_j 2 zeta_j^((m - k) / scale_base) cos((k - m) w_j)
// Angle and exponent are formed in REAL (common/angle.glsl). Rows of cols = 1024 as cos_sum.
// Bindings: 0 out float[], 1 frequencies REAL[pairs], 2 decay coefficients REAL[pairs].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_toeplitz.h"
#define POSLAB_PARAMS DecayedCosSumParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Freq { REAL w[]; };
layout(std430, binding = 2) readonly buffer Coef { REAL c[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint t = (pc.tile.row0 + row) * pc.tile.cols + col;
    if (t >= pc.op.count) return;
    const REAL s = REAL(int(t) - int(pc.op.shift));
    float acc = 0.0;
    for (uint j = 0; j < pc.op.pairs; ++j) acc += expReal(s * c[j]) * cos(reducedAngle(s * w[j]));
    outv[row * pc.tile.cols + col] = pc.op.scale * acc;
}
