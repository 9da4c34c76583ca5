// E1 `mrope`'s numbers from the positions (mrope_layout.h): the frequencies theta_j, each axis'
// frequency range, the angles phi[i, j] = P[a_j, i] theta_j, and the scores of rotated queries and
// keys, S[m, k] = sum_j A_j cos(phi[k, j] - phi[m, j]) + B_j sin(phi[k, j] - phi[m, j]) over the
// pairs (j, j + d/2) (rotate_half, as every Qwen-VL model), whole or restricted to one axis.
#pragma once

#include <array>
#include <vector>

#include "core/array.h"
#include "core/encodings/mrope_layout.h"

namespace poslab::core::enc {

// theta_j = base^(-2j/d), j = 0 .. d/2 - 1.
std::vector<double> mropeFrequencies(std::int64_t d, double base);

// Row a = (max, min) of theta_j over the pairs on axis a; NaN in both where the axis has none.
std::array<std::array<double, 2>, 3> mropeAxisFrequencyRange(const std::vector<double>& theta,
                                                             const std::vector<int>& axis);

// (n, d/2): phi[i, j].
RowMatrix mropeAngles(const MropePositions& p, const std::vector<double>& theta,
                      const std::vector<int>& axis);

// (n, d): row i of `input` (n, d; null: all ones) with pair j = channels (j, j + d/2) turned by
// phi[i, j] (rotate_half).
RowMatrix mropeRotated(const RowMatrix& angles, const RowMatrix* input);

// (n, n): the scores of the rotated q and k (d numbers each; empty: all ones), over the pairs on
// `onlyAxis` (0, 1, 2) or all of them (-1). The sum of the three axes' scores is the whole.
RowMatrix mropeScores(const RowMatrix& angles, const std::vector<double>& q,
                      const std::vector<double>& k, const std::vector<int>& axis, int onlyAxis);

}  // namespace poslab::core::enc
