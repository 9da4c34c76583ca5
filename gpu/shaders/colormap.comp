#version 450
// The heatmap's colormap step (core/backend/backend.h, ColormapRequest):
//   index = clamp(trunc((v - lo) * scale), 0, 255), colour = lut[index]; NaN -> nanColor.
// `precise` forbids fused multiply-add, so the index equals the CPU's exactly.
// Push: f0 lo, f1 scale, i0 values in this tile, i1 NaN colour. Bindings: 0 out uint[],
// 1 values float[], 2 lut uint[256].
layout(local_size_x = 16, local_size_y = 16) in;
#include "common/push.glsl"
layout(std430, binding = 0) writeonly buffer Out { uint outv[]; };
layout(std430, binding = 1) readonly buffer Values { float values[]; };
layout(std430, binding = 2) readonly buffer Lut { uint lut[]; };

void main() {
    uint row, col;
    if (!tileCell(row, col)) return;
    const uint k = row * pc.cols + col;
    if (k >= pc.i0) return;
    const float v = values[k];
    if (isnan(v)) {
        outv[k] = pc.i1;
        return;
    }
    precise float t = (v - pc.f0) * pc.f1;
    uint index = 0u;
    if (t >= 255.0) index = 255u;
    else if (t > 0.0) index = uint(t);
    outv[k] = lut[index];
}
