// Bucket maps without a logarithm on the device: the CPU computes, in float64, the smallest
// distance of every bucket (its edge); the device counts the edges at or below a distance.
// GLSL's log is not correctly rounded and T5/DeBERTa edges fall exactly on integers, so this is
// the only way to equal the CPU exactly.
layout(std430, binding = 1) readonly buffer Edges { int edges[]; };

// #{k in [first, count) : edges[k] <= a}; the edges are nondecreasing, so a binary search.
int countEdges(int a, uint first, uint count) {
    uint lo = first, hi = count;  // the first k with edges[k] > a lies in [lo, hi]
    while (lo < hi) {
        const uint m = lo + (hi - lo) / 2u;
        if (edges[m] <= a) lo = m + 1u;
        else hi = m;
    }
    return int(lo - first);
}

// T5 (spec C1) for r = key - query: mode 0 unidirectional, 1 bidirectional, 2 bucketing none
// (|r|, one table row per distance); edges[1 .. edgeCount) the log edges; directionBuckets the
// buckets per direction (common/params_t5.h).
int t5Bucket(int r, uint mode, uint edgeCount, uint directionBuckets) {
    if (mode == 2u) return abs(r);
    const bool bidir = mode != 0u;
    const int a = bidir ? abs(r) : max(-r, 0);
    return (bidir && r > 0 ? int(directionBuckets) : 0) + countEdges(a, 1u, edgeCount);
}

// DeBERTa-v2 log bucket (spec C2) of r = query - key: r itself when |r| <= mid or mid = 0 (no
// bucketing); otherwise sign(r) * (firstLog + #{edges <= |r|}), firstLog = log_pos(mid + 1) and
// the edges the smallest |r| of each later log position (edges[0..count)), all from the CPU.
int debertaBucket(int r, uint mid, uint firstLog, uint count) {
    const int a = abs(r);
    if (mid == 0u || a <= int(mid)) return r;
    return sign(r) * (int(firstLog) + countEdges(a, 0u, count));
}
