// DeBERTa's disentangled terms (spec A12; He, Liu, Gao & Chen, 2021) of one query i and one key j:
//   c2c = Qc_i . Kc_j,   c2p = Qc_i . Kr[delta],   p2c = Kc_j . Qr[delta],
//   delta = clamp(bucket(i - j) + k, 0, 2k - 1)
// from float32 rows the CPU projected in float64 (core/encodings/deberta.h). The bucket comes from
// common/buckets.glsl (edges, no logarithm), the gather and the dot products run here.
// Needs common/push.glsl with POSLAB_PARAMS DebertaTermsParams (common/params_deberta.h) and
// common/buckets.glsl first. Bindings 2-5: the tile's query rows of Qc, its key rows of Kc, and the
// rows of Qr and Kr from delta pc.op.delta0 on.
layout(std430, binding = 2) readonly buffer Qc { float qc[]; };
layout(std430, binding = 3) readonly buffer Kc { float kc[]; };
layout(std430, binding = 4) readonly buffer Qr { float qr[]; };
layout(std430, binding = 5) readonly buffer Kr { float kr[]; };

const uint kC2c = 1u;
const uint kC2p = 2u;
const uint kP2c = 4u;

// delta(i, j) for r = i - j (query minus key, spec C3).
int debertaDelta(int r) {
    const int k = int(pc.op.span);
    return clamp(debertaBucket(r, pc.op.mid, pc.op.firstLog, pc.op.edgeCount) + k, 0, 2 * k - 1);
}

// The selected terms, summed in the reference's order (c2c, then + c2p, then + p2c), for bound
// rows qi of Qc, kj of Kc and pr of Qr/Kr; each dot product accumulates in float32 with fma.
float debertaTerms(uint qi, uint kj, uint pr, uint terms) {
    const uint d = pc.op.d;
    float cc = 0.0, cp = 0.0, pcv = 0.0;
    for (uint t = 0; t < d; ++t) {
        const float q = qc[qi * d + t], k = kc[kj * d + t];
        if ((terms & kC2c) != 0u) cc = fma(q, k, cc);
        if ((terms & kC2p) != 0u) cp = fma(q, kr[pr * d + t], cp);
        if ((terms & kP2c) != 0u) pcv = fma(k, qr[pr * d + t], pcv);
    }
    return (cc + cp) + pcv;
}
