#version 450
// A sum of decayed cosines over the pairs, the Toeplitz kernel of the xPos scores (spec B2):
//   out[t] = f0 * sum_{j < i1} exp(s c_j) cos(s w_j),   s = t - i2,   t = global flat index < i0,
// with w_j = omega_j and c_j = -ln(zeta_j) / scale_base from the CPU (float64), so that with
// f0 = 2 and i2 = n - 1, out[k - m + n - 1] = sum_j 2 zeta_j^((m - k) / scale_base) cos((k - m) w_j).
// Angle and exponent are formed in REAL (common/angle.glsl). Rows of cols = 1024 as cos_sum.
// Bindings: 0 out float[], 1 frequencies REAL[i1], 2 decay coefficients REAL[i1].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Freq { REAL w[]; };
layout(std430, binding = 2) readonly buffer Coef { REAL c[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint t = (pc.row0 + row) * pc.cols + col;
    if (t >= pc.i0) return;
    const REAL s = REAL(int(t) - int(pc.i2));
    float acc = 0.0;
    for (uint j = 0; j < pc.i1; ++j) acc += expReal(s * c[j]) * cos(reducedAngle(s * w[j]));
    outv[row * pc.cols + col] = pc.f0 * acc;
}
