// E2 `rope2d` (spec encodings_next.md), its numbers without the parameter table: the patches'
// token order (raster, or the Qwen vision encoder's merge x merge blocks), the row and column
// frequency of every pair for axial RoPE, RoPE-Mixed (Heo et al. 2024; naver-ai/rope-vit's
// init_2d_freqs / compute_mixed_cis) and Qwen's VisionRotaryEmbedding, the angles, the scores of
// rotated queries and keys, and one query patch's similarity to every patch.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/array.h"
#include "core/expected.h"

namespace poslab::core::enc {

enum class Rope2dVariant { Axial, Mixed, QwenVision };
enum class Rope2dInit { Seeded, Spread };

// (row, col) of every token. Qwen's order needs height and width to be multiples of merge.
Expected<std::vector<std::array<std::int64_t, 2>>> rope2dPositions(std::int64_t height,
                                                                   std::int64_t width,
                                                                   Rope2dVariant variant,
                                                                   std::int64_t merge);

struct Rope2dFrequencyOptions {
    std::int64_t d = 64, heads = 1;
    double base = 100;
    Rope2dVariant variant = Rope2dVariant::Axial;
    Rope2dInit init = Rope2dInit::Seeded;
    double rotation = 0;
    std::uint64_t seed = 0;
};
// [head][pair j] = (fr_j, fc_j); d a multiple of 4.
std::vector<std::vector<std::array<double, 2>>> rope2dFrequencies(const Rope2dFrequencyOptions& o);

// (N, d/2): phi[i, j] = row_i fr_j + col_i fc_j.
RowMatrix rope2dAngles(const std::vector<std::array<std::int64_t, 2>>& positions,
                       const std::vector<std::array<double, 2>>& frequencies);

// Row m of the scores (R_m q) . (R_k k) for every k, pairs (2j, 2j + 1) or, with `half`,
// (j, j + d/2); q and k d numbers (empty: ones).
std::vector<double> rope2dScoresRow(const RowMatrix& angles, const std::vector<double>& q,
                                    const std::vector<double>& k, bool half, Eigen::Index m);

// (height, width): [r, c] = the score of the query patch (queryRow, queryCol) against the patch
// at (r, c), whatever the token order; refused (naming the parameter) for a query outside.
Expected<RowMatrix> rope2dSimilarity(const std::vector<std::array<std::int64_t, 2>>& positions,
                                     const RowMatrix& angles, const std::vector<double>& q,
                                     const std::vector<double>& k, bool half, std::int64_t height,
                                     std::int64_t width, std::int64_t queryRow,
                                     std::int64_t queryCol);

}  // namespace poslab::core::enc
