// The training lab's model (spec training.md T2): a decoder-only pre-LN Transformer with forward
// and backward written by hand with Eigen, templated on the scalar (float for training, double
// for the gradient checks).
//
//   x = E[tokens] (+ the encoding's table at the positions)
//   per block: x += attn(LN1(x)) Wo;  x += relu(LN2(x) W1 + b1) W2 + b2    (MLP width 4d)
//   logits = LNf(x) Wout + bout;  loss = mean cross-entropy over the scored targets
//
// Attention has no biases: [q | k | v] = LN1(x) Wqkv with Wqkv (d, 3d), heads of d/H columns.
// Parameters live in one flat vector (param_store.h), registered and initialised in this order:
//   "embed" (vocab, d); the encoding's tensors (pos_encoding.h); per layer l "l.ln1.g", "l.ln1.b",
//   "l.wqkv" (d, 3d), "l.wo" (d, d), "l.ln2.g", "l.ln2.b", "l.w1" (d, 4d), "l.b1", "l.w2" (4d, d),
//   "l.b2"; "lnf.g", "lnf.b", "out.w" (d, vocab), "out.b".
// Each tensor is drawn in that order from one Rng(seed), row by row: weights N(0, 0.02^2), out.w
// N(0, 1/d), biases 0 and LayerNorm gains 1 (nothing drawn for constants); the encoding's as
// pos_encoding.h says. Weight decay applies to embed, wqkv, wo, w1, w2 and out.w.
#pragma once

#include <cstdint>
#include <vector>

#include "core/expected.h"
#include "core/train/param_store.h"
#include "core/train/pos_encoding.h"
#include "core/train/tasks.h"

namespace poslab::core::train {

struct ModelConfig {
    std::int64_t vocab = 19;
    std::int64_t d = 64, heads = 4, layers = 2;
    EncodingConfig encoding;  // its d, heads and layers are taken from here
    std::uint64_t seed = 0;
};

// One line naming the setting that is out of range (d a multiple of heads, an even head dim for
// rope, sizes >= 1).
Status checkModelConfig(const ModelConfig& config);

// What one forward pass measured over the scored targets.
struct BatchResult {
    double loss = 0;                               // mean cross-entropy
    std::int64_t scored = 0, correct = 0;          // targets, and those predicted right (argmax)
    std::int64_t samples = 0, samplesCorrect = 0;  // samples with every scored target right
};

template <class S>
class Model {
public:
    // Requires checkModelConfig(config) to pass.
    explicit Model(const ModelConfig& config);

    const ModelConfig& config() const { return m_config; }
    const ParamLayout& layout() const { return m_layout; }
    const PosEncoding& encoding() const { return m_encoding; }
    Vec<S>& params() { return m_params; }
    const Vec<S>& params() const { return m_params; }

    // The loss and accuracy of a batch; with grad, also the loss's gradient (grad is resized to
    // the layout and overwritten).
    BatchResult forward(const Batch& batch, Vec<S>* grad = nullptr);

    // The attention probabilities of the last forward in layer l: [b H + h] (T, T).
    const std::vector<Mat<S>>& attention(int layer) const {
        return m_cache[static_cast<std::size_t>(layer)].probs;
    }

private:
    struct LayerIds {
        int ln1g, ln1b, wqkv, wo, ln2g, ln2b, w1, b1, w2, b2;
    };
    struct LayerCache {
        Mat<S> x, xhat1, h1, qkv, attn, x1, xhat2, h2, a1;
        Vec<S> rstd1, rstd2;
        std::vector<Mat<S>> probs;
    };
    void backward(const Batch& batch, Vec<S>& grad);

    ModelConfig m_config;
    ParamLayout m_layout;
    PosEncoding m_encoding;
    int m_embed = -1, m_lnfg = -1, m_lnfb = -1, m_outw = -1, m_outb = -1;
    std::vector<LayerIds> m_ids;
    Vec<S> m_params;
    // The forward's activations, kept for the backward.
    std::vector<LayerCache> m_cache;
    Mat<S> m_xf, m_xhatf, m_hf;
    Vec<S> m_rstdf;
    // Workspaces reused from step to step (no allocation, hence no page faults, per step).
    Mat<S> m_x, m_logits, m_dlogits, m_dx, m_dh, m_dtmp, m_dxhat, m_r, m_da, m_dqkv, m_dattn;
};

extern template class Model<float>;
extern template class Model<double>;

}  // namespace poslab::core::train
