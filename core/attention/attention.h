// Synthetic softmax attention (the `attention` encoding): seeded Q and K, logits, row softmax.
// Shared by the registry entry and the CPU backend's float32 fast path.
#pragma once

#include <cstdint>

#include "core/array.h"
#include "core/expected.h"
#include "core/registry.h"

namespace poslab::core::attention {

// ALiBi's slope of head 0 for `heads` heads: 2^(-8/P), P the largest power of two <= heads.
double alibiSlope0(std::int64_t heads);

struct QK {
    Eigen::MatrixXd q, k;  // (n, d) each
};
// Q then K, each (n, d) standard normal drawn row by row from Rng(seed).
QK drawQK(std::int64_t n, std::int64_t d, std::uint64_t seed);

// Numerically stable softmax of every row, in place (a row of -inf only becomes zeros).
void softmaxRows(Eigen::Ref<RowMatrix> m);

// The (n, n) logits of the `attention` encoding.
Expected<Array> logits(const ParamSet& p, const ComputeContext& ctx);

}  // namespace poslab::core::attention
