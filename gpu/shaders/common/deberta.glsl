// DeBERTa's disentangled terms (spec A12; He, Liu, Gao & Chen, 2021) of one query i and one key j:
//   c2c = Qc_i . Kc_j,   c2p = Qc_i . Kr[delta],   p2c = Kc_j . Qr[delta],
//   delta = clamp(bucket(i - j) + k, 0, 2k - 1)
// from float32 rows the CPU projected in float64 (core/encodings/deberta.h). The bucket comes from
// common/buckets.glsl (edges, no logarithm), the gather and the dot products run here.
// Needs common/push.glsl and common/buckets.glsl first. Push: i0 d, i2 terms (1 c2c, 2 c2p, 4 p2c),
// i3 the delta of the first bound Qr/Kr row, i4 mid (0: no buckets), i5 first log position,
// i6 edge count, i7 span k. Bindings 2-5: the tile's query rows of Qc, its key rows of Kc, and the
// rows of Qr and Kr from delta i3 on.
layout(std430, binding = 2) readonly buffer Qc { float qc[]; };
layout(std430, binding = 3) readonly buffer Kc { float kc[]; };
layout(std430, binding = 4) readonly buffer Qr { float qr[]; };
layout(std430, binding = 5) readonly buffer Kr { float kr[]; };

const uint kC2c = 1u;
const uint kC2p = 2u;
const uint kP2c = 4u;

// delta(i, j) for r = i - j (query minus key, spec C3).
int debertaDelta(int r) {
    const int k = int(pc.i7);
    return clamp(debertaBucket(r, pc.i4, pc.i5, pc.i6) + k, 0, 2 * k - 1);
}

// The selected terms, summed in the reference's order (c2c, then + c2p, then + p2c), for bound
// rows qi of Qc, kj of Kc and pr of Qr/Kr; each dot product accumulates in float32 with fma.
float debertaTerms(uint qi, uint kj, uint pr, uint terms) {
    const uint d = pc.i0;
    float cc = 0.0, cp = 0.0, pcv = 0.0;
    for (uint t = 0; t < d; ++t) {
        const float q = qc[qi * d + t], k = kc[kj * d + t];
        if ((terms & kC2c) != 0u) cc = fma(q, k, cc);
        if ((terms & kC2p) != 0u) cp = fma(q, kr[pr * d + t], cp);
        if ((terms & kP2c) != 0u) pcv = fma(k, qr[pr * d + t], pcv);
    }
    return (cc + cp) + pcv;
}
