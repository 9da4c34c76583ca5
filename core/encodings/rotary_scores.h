// The scores of rotated queries and keys for any per-token angles (spec encodings_next.md, the
// preamble of E1-E2): S[m, k] = sum_j A_j cos(phi[k, j] - phi[m, j]) + B_j sin(phi[k, j] - phi[m,
// j]), with A_j = q_a k_a + q_b k_b and B_j = q_b k_a - q_a k_b for pair j = channels (a, b).
// Shared by mrope and rope2d.
#pragma once

#include <vector>

#include "core/array.h"
#include "core/compute_context.h"
#include "core/expected.h"

namespace poslab::core::enc {

struct PairCoefficients {
    std::vector<double> A, B;
};

// A_j and B_j of q and k (d numbers each; empty: all ones) for pairs (j, j + d/2) when `half`,
// else (2j, 2j + 1); `keep[j]` false zeroes pair j (an axis' share of the scores).
PairCoefficients pairCoefficients(const std::vector<double>& q, const std::vector<double>& k,
                                  std::int64_t d, bool half, const std::vector<bool>& keep = {});

// Writes the (n, n) scores of `angles` (n, d/2) into `out` (n x n, row-major), in blocks of rows
// with the cancel polled and the progress reported between them. By the identity cos(x - y) =
// cos x cos y + sin x sin y (and the same for sin): four matrix products of (n, d/2) tables.
Status rotaryScores(const RowMatrix& angles, const PairCoefficients& c, double* out,
                    const ComputeContext& ctx = {});

}  // namespace poslab::core::enc
