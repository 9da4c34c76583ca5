#version 450
// DeBERTa disentangled terms (spec A12), one tile of R query rows x C key columns:
//   out[i, j] = scale * (selected terms of common/deberta.glsl),  i = row0 + row,  j = col0 + col,
// scale = 1 / sqrt(3d) for the logits, else 1 (DebertaTermsParams). The output binding holds the
// tile's rows at full width n; the input bindings only the rows this tile reads, so every binding
// stays under maxStorageBufferRange. Bindings: 0 out float[rows * n], 1 edges int[], 2-5 Qc, Kc,
// Qr, Kr.
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/params_deberta.h"
#define POSLAB_PARAMS DebertaTermsParams
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { float outv[]; };
#include "common/buckets.glsl"
#include "common/deberta.glsl"

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const int r = int(pc.tile.row0 + row) - int(pc.op.col0 + col);
    const uint pr = uint(debertaDelta(r) - int(pc.op.delta0));
    const float v = debertaTerms(row, col, pr, pc.op.terms);
    outv[row * pc.tile.n + pc.op.col0 + col] = pc.op.scale * v;
}
