// The pieces of FIRE (spec E4; Li et al., 2024, "Functional Interpolation for Relative Positions
// Improves Long Context Transformers") that its quantities and its Vulkan kernel share: the MLP
// f(x) = W2 relu(w1 x + b1) + b2 from a scalar to one value per head, read from four .npy files
// or seeded, and the normalised distance it is applied to.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core::enc {

// The upstream eps of the normaliser (mcleish7/arithmetic, cramming/architectures/embeddings.py,
// class FIRE: `relative_distances / (position_normalizer + self.eps)`, eps = 1e-6).
constexpr double kFireEps = 1e-6;

struct FireMlp {
    std::int64_t hidden = 0, heads = 0;
    std::vector<double> w1, b1;  // (hidden)
    std::vector<double> w2;      // (heads, hidden), row-major
    std::vector<double> b2;      // (heads)

    // out[h] = f(x)_h for h < heads.
    void eval(double x, double* out) const {
        for (std::int64_t h = 0; h < heads; ++h) out[h] = b2[static_cast<std::size_t>(h)];
        for (std::int64_t k = 0; k < hidden; ++k) {
            const auto kk = static_cast<std::size_t>(k);
            const double a = w1[kk] * x + b1[kk];
            if (!(a > 0)) continue;  // relu
            for (std::int64_t h = 0; h < heads; ++h)
                out[h] += w2[static_cast<std::size_t>(h * hidden + k)] * a;
        }
    }
};

// u = ln(c |pos_i - pos_j| + 1) / (ln(c max(pos_i, threshold) + 1) + eps), with i the query.
// The denominator depends on the query alone: fireNormalizer(c, threshold, pos_i).
inline double fireNormalizer(double c, double threshold, double posI) {
    return std::log1p(c * std::max(posI, threshold)) + kFireEps;
}
inline double fireNormalizedDistance(double c, double normalizer, std::int64_t distance) {
    return std::log1p(c * static_cast<double>(distance < 0 ? -distance : distance)) / normalizer;
}

// The MLP of a resolved parameter set: the four files (checked by fireResolve), or drawn from the
// project PRNG with `seed` in the order w1, b1, W2, b2 (standard normal; W2 and b2 times
// 1/sqrt(hidden)).
Expected<FireMlp> fireMlp(const ParamSet& p);

// The cross-parameter rules: w1, b1, w2, b2 all given or none (the missing ones named); their
// shapes (hidden), (hidden), (heads, hidden), (heads) consistent; they set hidden and heads, and
// a value of either that was given must match.
Status fireResolve(ParamSet& p);

}  // namespace poslab::core::enc
