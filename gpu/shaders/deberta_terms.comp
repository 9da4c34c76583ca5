#version 450
// DeBERTa disentangled terms (spec A12), one tile of R query rows x C key columns:
//   out[i, j] = f0 * (selected terms of common/deberta.glsl),  i = row0 + row,  j = i1 + col,
// f0 = 1 / sqrt(3d) for the logits, else 1. The output binding holds the tile's rows at full
// width n; the input bindings only the rows this tile reads, so every binding stays under
// maxStorageBufferRange. Bindings: 0 out float[rows * n], 1 edges int[], 2-5 Qc, Kc, Qr, Kr.
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
#include "common/buckets.glsl"
#include "common/deberta.glsl"

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const int r = int(pc.row0 + row) - int(pc.i1 + col);
    const uint pr = uint(debertaDelta(r) - int(pc.i3));
    outv[row * pc.n + pc.i1 + col] = pc.f0 * debertaTerms(row, col, pr, pc.i2);
}
