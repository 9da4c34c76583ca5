// Causal multi-head attention on a (B T, 3d) block of [q | k | v] (spec training.md T2): per
// sample and head S = Q K^T / sqrt(d/H) + bias, masked above the diagonal, P = softmax(S) by
// rows, O = P V; written as Eigen matrix products on (T, d/H) blocks.
#pragma once

#include <cstdint>
#include <vector>

#include "core/train/param_store.h"
#include "core/train/pos_encoding.h"

namespace poslab::core::train {

struct AttentionShape {
    Eigen::Index batch = 0, length = 0, d = 0, heads = 0;
    Eigen::Index headDim() const { return d / heads; }
};

// out (B T, d) from qkv; probs[b H + h] (T, T) kept for the backward and for attention maps.
// The encoding's bias (when it has one) is taken from `enc` for each sample's positions.
template <class S>
void attentionForward(const AttentionShape& shape, const Mat<S>& qkv, const PosEncoding& enc,
                      const Vec<S>& params, int layer, const std::int32_t* positions,
                      std::vector<Mat<S>>& probs, Mat<S>& out);

// dqkv (B T, 3d) from dout; the bias's gradient added to grad through `enc`.
template <class S>
void attentionBackward(const AttentionShape& shape, const Mat<S>& qkv,
                       const std::vector<Mat<S>>& probs, const Mat<S>& dout, const PosEncoding& enc,
                       const Vec<S>& params, int layer, const std::int32_t* positions, Mat<S>& dqkv,
                       Vec<S>& grad);

}  // namespace poslab::core::train
