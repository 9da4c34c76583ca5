// Bucket maps without a logarithm on the device: the CPU computes, in float64, the smallest
// distance of every bucket (its edge); the device counts the edges at or below a distance.
// GLSL's log is not correctly rounded and T5/DeBERTa edges fall exactly on integers, so this is
// the only way to equal the CPU exactly.
layout(std430, binding = 1) readonly buffer Edges { int edges[]; };

// #{k in [first, count) : edges[k] <= a}
int countEdges(int a, uint first, uint count) {
    int c = 0;
    for (uint k = first; k < count; ++k) c += edges[k] <= a ? 1 : 0;
    return c;
}

// T5 (spec C1) for r = key - query: i0 bidirectional, i1 edge count (edges[0..i1)), i2 buckets
// per direction.
int t5Bucket(int r) {
    const bool bidir = pc.i0 != 0u;
    const int a = bidir ? abs(r) : max(-r, 0);
    return (bidir && r > 0 ? int(pc.i2) : 0) + countEdges(a, 1u, pc.i1);
}
