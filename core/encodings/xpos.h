// xPos scores are Toeplitz (they depend on k - m only): the backends fill the n x n matrix from
// the 2n - 1 values of one row sweep, t[k - m + n - 1].
#pragma once

#include <vector>

#include "core/params/param_spec.h"

namespace poslab::core::enc {

// q = k = ones: sum_j 2 zeta_j^((m - k) / scale_base) cos((k - m) theta_j); `decay` false drops
// the zeta factor (plain RoPE).
std::vector<double> xposScoresByOffset(const ParamSet& p, bool decay);

// zeta_j = (2j + gamma d) / ((1 + gamma) d), j < d/2 (spec B2): the per-pair decay base, for
// kernels that take it as input.
std::vector<double> xposZeta(const ParamSet& p);

}  // namespace poslab::core::enc
