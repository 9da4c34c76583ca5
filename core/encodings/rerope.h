// ReRoPE's effective relative position and the per-pair inputs of its scores (spec E7), shared
// by the reference (rerope.cpp) and the Vulkan kernel (gpu/ops/rerope_ops.cpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core::enc {

struct ReropeSetup {
    std::int64_t n = 0, d = 0;
    double window = 0, factor = 1;
    bool leaky = false;
    bool logScale = false;
    double originalMax = 4096;
    double offset = 0;
    std::vector<double> theta;    // A6's theta_l = base^(-2l/d), l < d/2 (rope's table)
    std::vector<double> cosCoef;  // q_a k_a + q_b k_b of pair l
    std::vector<double> sinCoef;  // q_a k_b - q_b k_a of pair l
};

// The set-up of a rerope parameter set: frequencies, pairs and the q, k coefficients (all ones:
// 2 and 0).
Expected<ReropeSetup> reropeSetup(const ParamSet& p);

// r(t) for t = i - j (query minus key): t inside the window, else sign(t) w (rerope) or
// sign(t) (w + (|t| - w) / factor) (leaky).
inline double reropePosition(double t, const ReropeSetup& s) {
    const double a = std::abs(t);
    if (a <= s.window) return t;
    const double r = s.leaky ? s.window + (a - s.window) / s.factor : s.window;
    return t < 0 ? -r : r;
}

// s_i = max(1, ln(pos + 1) / ln(L)) with log_scale, else 1.
inline double reropeQueryScale(double pos, const ReropeSetup& s) {
    if (!s.logScale) return 1.0;
    return std::max(1.0, std::log(pos + 1.0) / std::log(s.originalMax));
}

}  // namespace poslab::core::enc
