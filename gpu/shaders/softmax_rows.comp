#version 450
// Row softmax in place, one workgroup per row: m = max_j x_j, e_j = exp(x_j - m), x_j = e_j / sum e.
// A row of -inf only becomes zeros (as on the CPU). Bindings: 0 data float[rows * cols].
layout(local_size_x = 256) in;
#include "common/push.glsl"
layout(std430, binding = 0) buffer Data { float x[]; };
shared float red[256];

void main() {
    const uint row = gl_WorkGroupID.x;
    const uint tid = gl_LocalInvocationID.x;
    if (row >= pc.tile.rows) return;
    const uint base = row * pc.tile.cols;
    float m = uintBitsToFloat(0xff800000u);
    for (uint j = tid; j < pc.tile.cols; j += 256) m = max(m, x[base + j]);
    red[tid] = m;
    barrier();
    for (uint s = 128; s > 0; s >>= 1) {
        if (tid < s) red[tid] = max(red[tid], red[tid + s]);
        barrier();
    }
    m = red[0];
    barrier();
    if (isinf(m) && m < 0.0) {
        for (uint j = tid; j < pc.tile.cols; j += 256) x[base + j] = 0.0;
        return;
    }
    float sum = 0.0;
    for (uint j = tid; j < pc.tile.cols; j += 256) {
        const float e = exp(x[base + j] - m);
        x[base + j] = e;
        sum += e;
    }
    red[tid] = sum;
    barrier();
    for (uint s = 128; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        barrier();
    }
    const float inv = 1.0 / red[0];
    for (uint j = tid; j < pc.tile.cols; j += 256) x[base + j] *= inv;
}
