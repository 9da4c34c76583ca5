// A3 learned position table, shared with the hierarchical encoding (A7).
#pragma once

#include <cstdint>

#include "core/array.h"

namespace poslab::core::enc {

// The (n, d) table a model starts training from: Rng(seed), normal(0, initStd), row by row.
RowMatrix learnedTable(std::int64_t n, std::int64_t d, std::uint64_t seed, double initStd);

// The default initial standard deviation of the `learned` encoding (BERT / GPT-2's 0.02).
constexpr double kLearnedInitStd = 0.02;

}  // namespace poslab::core::enc
