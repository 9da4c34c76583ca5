// x * theta reduced to [-pi, pi] accurately for |x theta| far beyond where the plain double
// product keeps its last digits: the product's rounding error from a fused multiply-add
// (two-product) and 2 pi in two parts (Cody and Waite), so the result is within a few ulps of
// pi of the exact real x * theta mod 2 pi for |x theta| < 2^50. Used where long-range views must
// agree with brute force to 1e-9 at ten million positions (spec long_context.md L1).
#pragma once

#include <cmath>

namespace poslab::core::numeric {

inline double reducedAngle(double x, double theta) {
    constexpr double kTwoPiHi = 6.283185307179586;       // the double nearest 2 pi
    constexpr double kTwoPiLo = 2.4492935982947064e-16;  // 2 pi - kTwoPiHi
    constexpr double kInvTwoPi = 0.15915494309189535;
    const double p = x * theta;
    const double e = std::fma(x, theta, -p);  // x theta = p + e exactly
    const double k = std::nearbyint(p * kInvTwoPi);
    double r = std::fma(-k, kTwoPiHi, p);
    r = std::fma(-k, kTwoPiLo, r);
    return r + e;
}

}  // namespace poslab::core::numeric
