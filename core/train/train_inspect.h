// What a trained run of the lab shows besides its accuracy (issue 27, the Training lab page): the
// attention maps of one test sample per layer and head, and what the learned position table
// became (its rows' cosine similarity: from init 0.02 neighbouring positions turn alike).
#pragma once

#include <cstdint>
#include <vector>

#include "core/train/train_run.h"

namespace poslab::core::train {

struct SampleAttention {
    std::int64_t n = 0;                // the sample's size
    std::vector<std::int32_t> tokens;  // the model's input: BOS x SEP y (less the last)
    std::vector<Mat<float>> maps;      // [layer * heads + head]: (T, T), rows summing to 1
};

// The attention of the trained model (`params`, as TrainResult keeps them) on one fresh sample of
// size n, drawn from Rng(sampleSeed): every layer and head.
SampleAttention sampleAttention(const TrainConfig& config, const Vec<float>& params, std::int64_t n,
                                std::uint64_t sampleSeed);

// The cosine similarity of the learned table's first `rows` rows (rows x rows; empty for another
// encoding than learned).
Mat<double> positionSimilarity(const TrainConfig& config, const Vec<float>& params,
                               std::int64_t rows);

// The mean cosine of adjacent rows over the positions training reaches (0 .. 2 n_max, or the
// random positions' range), T4's measure of a banded table; NaN for another encoding.
double adjacentCosine(const TrainConfig& config, const Vec<float>& params);

// The bias a bias encoding (ALiBi, T5, KERPLE, FIRE) adds for the last query of a sample of t
// positions (0 .. t - 1) against the distance k = 0 .. t - 1 to its key: [layer * heads + head],
// t values each. Empty for an encoding that adds no bias or when t passes the model's positions.
std::vector<std::vector<double>> biasByDistance(const TrainConfig& config, const Vec<float>& params,
                                                std::int64_t t);

// T5's trained bias of layer l, (heads, buckets); empty for another encoding.
Mat<double> t5Biases(const TrainConfig& config, const Vec<float>& params, std::int64_t layer);

// KERPLE's r1 = softplus(rho1) and r2 = softplus(rho2) of layer l, (2, heads); empty otherwise.
Mat<double> kerpleRates(const TrainConfig& config, const Vec<float>& params, std::int64_t layer);

}  // namespace poslab::core::train
