#version 450
// ReRoPE scores (spec E7): out[i, j] = s_i sum_l (A_l cos(r theta_l) + B_l sin(r theta_l)) with
// the rectified relative position r = r(i - j): i - j inside the window, past it sign(t) w
// (rerope) or sign(t) (w + (|t| - w) / factor) (leaky). r and the angles are formed in REAL.
// Parameters: ReropeScoresParams. Bindings: 0 out float[rows * cols], 1 theta REAL[pairs],
// 2 coef REAL[2 pairs] (A_l, B_l interleaved), 3 rowScale float[n] (s_i, the log-n factor).
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_rerope.h"
#define POSLAB_PARAMS ReropeScoresParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Theta { REAL theta[]; };
layout(std430, binding = 2) readonly buffer Coef { REAL coef[]; };
layout(std430, binding = 3) readonly buffer Scale { float rowScale[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint i = pc.tile.row0 + row;
    const int t = int(i) - int(col);
    const REAL a = REAL(abs(t)), w = REAL(pc.op.window);
    REAL r = a;
    if (a > w) r = pc.op.leaky != 0u ? w + (a - w) / REAL(pc.op.factor) : w;
    if (t < 0) r = -r;
    float s = 0.0;
    for (uint l = 0; l < pc.op.pairs; ++l) {
        const float ang = reducedAngle(r * theta[l]);
        s += float(coef[2u * l]) * cos(ang) + float(coef[2u * l + 1u]) * sin(ang);
    }
    outv[row * pc.tile.cols + col] = rowScale[i] * s;
}
