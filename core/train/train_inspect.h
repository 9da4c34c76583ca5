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

}  // namespace poslab::core::train
