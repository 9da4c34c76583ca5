#version 450
// FIRE bias (spec E4; Li et al., 2024): out[h, i, j] = f(u)_h with u = psi(|i - j|) / norm(i),
//   f(x)_h = b2[h] + sum_k W2[h, k] relu(w1[k] x + b1[k]),
// or -inf for j > i when causal. Rows are (h, i) flattened, global row = row0 + row. psi and norm
// come from the CPU in float64 (psi(t) = ln(c t + 1), norm(i) = ln(c max(pos_i, L) + 1) + 1e-6),
// so u is the CPU's; the MLP runs in REAL (float64 when available, rounded once at the end).
// Parameters: FireBiasParams (n = tile.n). Bindings: 0 out float[rows * n], 1 table REAL[2n]
// (psi at t < n, then norm at n + i), 2 mlp REAL[w1 (hidden), b1 (hidden), W2 (heads, hidden),
// b2 (heads)].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_fire.h"
#define POSLAB_PARAMS FireBiasParams
#include "common/push.glsl"
#include "common/angle.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
layout(std430, binding = 1) readonly buffer Table { REAL table[]; };
layout(std430, binding = 2) readonly buffer Mlp { REAL mlp[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint g = pc.tile.row0 + row;
    const uint n = pc.tile.n;
    const uint h = g / n, i = g % n;
    if (pc.op.causal != 0u && col > i) {
        outv[row * pc.tile.cols + col] = uintBitsToFloat(0xff800000u);  // -inf
        return;
    }
    const uint t = col > i ? col - i : i - col;
    const REAL u = table[t] / table[n + i];
    const uint hidden = pc.op.hidden, heads = pc.op.heads;
    const uint w2 = 2u * hidden + h * hidden;
    REAL acc = mlp[2u * hidden + heads * hidden + h];
    for (uint k = 0u; k < hidden; ++k) {
        const REAL a = mlp[k] * u + mlp[hidden + k];
        if (a > REAL(0)) acc += mlp[w2 + k] * a;
    }
    outv[row * pc.tile.cols + col] = float(acc);
}
