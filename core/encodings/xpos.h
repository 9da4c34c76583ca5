// xPos scores are Toeplitz (they depend on k - m only): the backends fill the n x n matrix from
// the 2n - 1 values of one row sweep, t[k - m + n - 1].
#pragma once

#include <vector>

#include "core/params/param_spec.h"

namespace poslab::core::enc {

// q = k = ones: sum_j 2 zeta_j^((m - k) / scale_base) cos((k - m) theta_j); `decay` false drops
// the zeta factor (plain RoPE).
std::vector<double> xposScoresByOffset(const ParamSet& p, bool decay);

}  // namespace poslab::core::enc
