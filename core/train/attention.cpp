#include "core/train/attention.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace poslab::core::train {

namespace {

bool samePositions(const std::int32_t* a, const std::int32_t* b, Eigen::Index t) {
    return std::equal(a, a + t, b);
}

}  // namespace

template <class S>
void attentionForward(const AttentionShape& shape, const Mat<S>& qkv, const PosEncoding& enc,
                      const Vec<S>& params, int layer, const std::int32_t* positions,
                      std::vector<Mat<S>>& probs, Mat<S>& out) {
    const auto t = shape.length, d = shape.d, dh = shape.headDim();
    const auto scale = static_cast<S>(1.0 / std::sqrt(static_cast<double>(dh)));
    const bool hasBias = enc.kind() == EncodingKind::Bias;
    const S ninf = -std::numeric_limits<S>::infinity();
    probs.resize(static_cast<std::size_t>(shape.batch * shape.heads));
    out.resize(shape.batch * t, d);
    std::vector<Mat<S>> bias;
    const std::int32_t* biasPos = nullptr;
    for (Eigen::Index b = 0; b < shape.batch; ++b) {
        const std::int32_t* pos = positions + b * t;
        // Samples with equal positions (all of them without random positions) share the bias.
        if (hasBias && (!biasPos || !samePositions(pos, biasPos, t))) {
            enc.bias(params, layer, pos, t, bias);
            biasPos = pos;
        }
        for (Eigen::Index h = 0; h < shape.heads; ++h) {
            const auto q = qkv.block(b * t, h * dh, t, dh);
            const auto k = qkv.block(b * t, d + h * dh, t, dh);
            const auto v = qkv.block(b * t, 2 * d + h * dh, t, dh);
            Mat<S>& p = probs[static_cast<std::size_t>(b * shape.heads + h)];
            p.noalias() = scale * (q * k.transpose());
            if (hasBias) p += bias[static_cast<std::size_t>(h)];
            for (Eigen::Index i = 0; i < t; ++i) {
                auto row = p.row(i);
                row.tail(t - i - 1).setConstant(ninf);
                const S m = row.head(i + 1).maxCoeff();
                row = (row.array() - m).exp();
                row /= row.sum();
            }
            out.block(b * t, h * dh, t, dh).noalias() = p * v;
        }
    }
}

template <class S>
void attentionBackward(const AttentionShape& shape, const Mat<S>& qkv,
                       const std::vector<Mat<S>>& probs, const Mat<S>& dout, const PosEncoding& enc,
                       const Vec<S>& params, int layer, const std::int32_t* positions, Mat<S>& dqkv,
                       Vec<S>& grad) {
    const auto t = shape.length, d = shape.d, dh = shape.headDim();
    const auto scale = static_cast<S>(1.0 / std::sqrt(static_cast<double>(dh)));
    const bool hasBias = enc.kind() == EncodingKind::Bias;
    dqkv.resize(shape.batch * t, 3 * d);
    // The bias's gradient: dS summed over consecutive samples with the same positions.
    std::vector<Mat<S>> dBias(static_cast<std::size_t>(shape.heads), Mat<S>::Zero(t, t));
    const std::int32_t* biasPos = nullptr;
    auto flush = [&]() {
        if (!biasPos) return;
        enc.biasBackward(params, layer, biasPos, t, dBias, grad);
        for (auto& m : dBias) m.setZero();
    };
    Mat<S> dp(t, t);
    for (Eigen::Index b = 0; b < shape.batch; ++b) {
        const std::int32_t* pos = positions + b * t;
        if (hasBias && biasPos && !samePositions(pos, biasPos, t)) flush();
        if (hasBias) biasPos = pos;
        for (Eigen::Index h = 0; h < shape.heads; ++h) {
            const auto q = qkv.block(b * t, h * dh, t, dh);
            const auto k = qkv.block(b * t, d + h * dh, t, dh);
            const auto v = qkv.block(b * t, 2 * d + h * dh, t, dh);
            const auto dO = dout.block(b * t, h * dh, t, dh);
            const Mat<S>& p = probs[static_cast<std::size_t>(b * shape.heads + h)];
            dqkv.block(b * t, 2 * d + h * dh, t, dh).noalias() = p.transpose() * dO;
            dp.noalias() = dO * v.transpose();
            // Softmax backward: dS = P (dP - rowsum(dP P)); masked entries have P = 0.
            const Vec<S> rs = (dp.array() * p.array()).rowwise().sum();
            dp = (p.array() * (dp.array().colwise() - rs.array())).matrix();
            if (hasBias) dBias[static_cast<std::size_t>(h)] += dp;
            dqkv.block(b * t, h * dh, t, dh).noalias() = scale * (dp * k);
            dqkv.block(b * t, d + h * dh, t, dh).noalias() = scale * (dp.transpose() * q);
        }
    }
    if (hasBias) flush();
}

#define POSLAB_TRAIN_ATTENTION(S)                                                               \
    template void attentionForward<S>(const AttentionShape&, const Mat<S>&, const PosEncoding&, \
                                      const Vec<S>&, int, const std::int32_t*,                  \
                                      std::vector<Mat<S>>&, Mat<S>&);                           \
    template void attentionBackward<S>(                                                         \
        const AttentionShape&, const Mat<S>&, const std::vector<Mat<S>>&, const Mat<S>&,        \
        const PosEncoding&, const Vec<S>&, int, const std::int32_t*, Mat<S>&, Vec<S>&);
POSLAB_TRAIN_ATTENTION(float)
POSLAB_TRAIN_ATTENTION(double)
#undef POSLAB_TRAIN_ATTENTION

}  // namespace poslab::core::train
