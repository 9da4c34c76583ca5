#include "core/train/model.h"

#include <cmath>
#include <string>

#include "core/random.h"
#include "core/train/attention.h"
#include "core/train/layers.h"

namespace poslab::core::train {

namespace {

constexpr double kWeightStd = 0.02;

ParamLayout layoutWithEmbed(const ModelConfig& c) {
    ParamLayout layout;
    layout.add("embed", c.vocab, c.d, true, kWeightStd);
    return layout;
}

EncodingConfig encodingOf(const ModelConfig& c) {
    EncodingConfig e = c.encoding;
    e.d = c.d;
    e.heads = c.heads;
    e.layers = c.layers;
    return e;
}

}  // namespace

Status checkModelConfig(const ModelConfig& c) {
    if (c.vocab < 1) return fail("vocab must be at least 1");
    if (c.d < 1 || c.heads < 1 || c.layers < 1)
        return fail("d, heads and layers must be at least 1");
    if (c.d % c.heads != 0)
        return fail("d (" + std::to_string(c.d) + ") must be a multiple of heads (" +
                    std::to_string(c.heads) + ")");
    if (c.encoding.encoding == Encoding::Rope && (c.d / c.heads) % 2 != 0)
        return fail("rope needs an even head dimension d/heads");
    if (c.encoding.maxPositions < 1) return fail("max positions must be at least 1");
    return {};
}

template <class S>
Model<S>::Model(const ModelConfig& config)
    : m_config(config),
      m_layout(layoutWithEmbed(config)),
      m_encoding(encodingOf(config), m_layout) {
    m_embed = 0;
    const auto d = config.d;
    for (std::int64_t l = 0; l < config.layers; ++l) {
        const std::string p = std::to_string(l) + ".";
        LayerIds ids{};
        ids.ln1g = m_layout.add(p + "ln1.g", 1, d, false, 0.0, 1.0);
        ids.ln1b = m_layout.add(p + "ln1.b", 1, d, false, 0.0);
        ids.wqkv = m_layout.add(p + "wqkv", d, 3 * d, true, kWeightStd);
        ids.wo = m_layout.add(p + "wo", d, d, true, kWeightStd);
        ids.ln2g = m_layout.add(p + "ln2.g", 1, d, false, 0.0, 1.0);
        ids.ln2b = m_layout.add(p + "ln2.b", 1, d, false, 0.0);
        ids.w1 = m_layout.add(p + "w1", d, 4 * d, true, kWeightStd);
        ids.b1 = m_layout.add(p + "b1", 1, 4 * d, false, 0.0);
        ids.w2 = m_layout.add(p + "w2", 4 * d, d, true, kWeightStd);
        ids.b2 = m_layout.add(p + "b2", 1, d, false, 0.0);
        m_ids.push_back(ids);
    }
    m_lnfg = m_layout.add("lnf.g", 1, d, false, 0.0, 1.0);
    m_lnfb = m_layout.add("lnf.b", 1, d, false, 0.0);
    m_outw = m_layout.add("out.w", d, config.vocab, true, 1.0 / std::sqrt(static_cast<double>(d)));
    m_outb = m_layout.add("out.b", 1, config.vocab, false, 0.0);
    m_cache.resize(static_cast<std::size_t>(config.layers));

    m_params.resize(m_layout.size());
    Rng rng(config.seed);
    for (const auto& t : m_layout.tensors()) {
        auto v = m_params.segment(t.offset, t.size());
        if (t.initScale > 0) {
            for (Eigen::Index i = 0; i < t.size(); ++i)
                v(i) = static_cast<S>(rng.normal() * t.initScale);
        } else {
            v.setConstant(static_cast<S>(t.initValue));
        }
    }
}

template <class S>
BatchResult Model<S>::forward(const Batch& batch, Vec<S>* grad) {
    const auto& c = m_config;
    const auto t = batch.length, n = batch.batch * t;
    const AttentionShape shape{batch.batch, t, c.d, c.heads};
    const std::int32_t* pos = batch.positions.data();
    const auto P = [&](int i) { return view(m_params, m_layout, i); };

    Mat<S>& x = m_x;
    x.resize(n, c.d);
    const auto embed = P(m_embed);
    for (Eigen::Index r = 0; r < n; ++r)
        x.row(r) = embed.row(batch.inputs[static_cast<std::size_t>(r)]);
    m_encoding.addInput(m_params, pos, x);
    const bool rotary = m_encoding.kind() == EncodingKind::Rotary;

    for (std::int64_t l = 0; l < c.layers; ++l) {
        const LayerIds& id = m_ids[static_cast<std::size_t>(l)];
        LayerCache& k = m_cache[static_cast<std::size_t>(l)];
        k.x = x;
        layerNorm(k.x, P(id.ln1g), P(id.ln1b), k.xhat1, k.rstd1, k.h1);
        k.qkv.noalias() = k.h1 * P(id.wqkv);
        if (rotary) {
            m_encoding.rotate(pos, k.qkv, 0, false);
            m_encoding.rotate(pos, k.qkv, c.d, false);
        }
        attentionForward(shape, k.qkv, m_encoding, m_params, static_cast<int>(l), pos, k.probs,
                         k.attn);
        k.x1 = k.x;
        k.x1.noalias() += k.attn * P(id.wo);
        layerNorm(k.x1, P(id.ln2g), P(id.ln2b), k.xhat2, k.rstd2, k.h2);
        k.a1 = k.h2 * P(id.w1);
        k.a1.rowwise() += P(id.b1).row(0);
        x = k.x1;
        x.noalias() += k.a1.cwiseMax(S(0)) * P(id.w2);
        x.rowwise() += P(id.b2).row(0);
    }
    m_xf = x;
    layerNorm(m_xf, P(m_lnfg), P(m_lnfb), m_xhatf, m_rstdf, m_hf);
    Mat<S>& logits = m_logits;
    logits.noalias() = m_hf * P(m_outw);
    logits.rowwise() += P(m_outb).row(0);

    // Cross-entropy over the scored targets; dlogits = (softmax - onehot) / scored.
    BatchResult res;
    res.samples = batch.batch;
    res.scored = batch.scoredCount();
    const S inv = res.scored > 0 ? S(1) / static_cast<S>(res.scored) : S(0);
    Mat<S>& dlogits = m_dlogits;
    dlogits.setZero(n, c.vocab);
    double loss = 0;
    for (Eigen::Index b = 0; b < batch.batch; ++b) {
        bool allRight = true;
        for (Eigen::Index i = 0; i < t; ++i) {
            const auto r = b * t + i;
            if (!batch.scored[static_cast<std::size_t>(r)]) continue;
            const auto target = batch.targets[static_cast<std::size_t>(r)];
            auto row = logits.row(r);
            Eigen::Index arg = 0;
            const S m = row.maxCoeff(&arg);
            const Vec<S> e = (row.array() - m).exp().matrix().transpose();
            const S sum = e.sum();
            loss -= static_cast<double>(row(target) - m) - std::log(static_cast<double>(sum));
            const bool right = arg == target;
            res.correct += right ? 1 : 0;
            allRight = allRight && right;
            if (grad) {
                dlogits.row(r) = e.transpose() * (inv / sum);
                dlogits(r, target) -= inv;
            }
        }
        res.samplesCorrect += allRight ? 1 : 0;
    }
    res.loss = res.scored > 0 ? loss / static_cast<double>(res.scored) : 0.0;
    if (grad) backward(batch, *grad);
    return res;
}

template <class S>
void Model<S>::backward(const Batch& batch, Vec<S>& grad) {
    const auto& c = m_config;
    const auto t = batch.length, n = batch.batch * t;
    const AttentionShape shape{batch.batch, t, c.d, c.heads};
    const std::int32_t* pos = batch.positions.data();
    const auto P = [&](int i) { return view(m_params, m_layout, i); };
    const auto G = [&](int i) { return view(grad, m_layout, i); };
    grad.setZero(m_layout.size());
    const bool rotary = m_encoding.kind() == EncodingKind::Rotary;

    const Mat<S>& dlogits = m_dlogits;
    Mat<S>&dh = m_dh, &dx = m_dx, &dtmp = m_dtmp, &dqkv = m_dqkv, &dattn = m_dattn;
    G(m_outw).noalias() += m_hf.transpose() * dlogits;
    G(m_outb) += dlogits.colwise().sum();
    dh.noalias() = dlogits * P(m_outw).transpose();
    layerNormBackward(dh, m_xhatf, m_rstdf, P(m_lnfg), m_dxhat, dx, G(m_lnfg), G(m_lnfb));

    for (auto l = c.layers - 1; l >= 0; --l) {
        const LayerIds& id = m_ids[static_cast<std::size_t>(l)];
        LayerCache& k = m_cache[static_cast<std::size_t>(l)];
        // MLP: x = x1 + relu(a1) W2 + b2.
        Mat<S>&r = m_r, &da = m_da;
        r = k.a1.cwiseMax(S(0));
        G(id.w2).noalias() += r.transpose() * dx;
        G(id.b2) += dx.colwise().sum();
        da.noalias() = dx * P(id.w2).transpose();
        da.array() *= (k.a1.array() > S(0)).template cast<S>();
        G(id.w1).noalias() += k.h2.transpose() * da;
        G(id.b1) += da.colwise().sum();
        dh.noalias() = da * P(id.w1).transpose();
        layerNormBackward(dh, k.xhat2, k.rstd2, P(id.ln2g), m_dxhat, dtmp, G(id.ln2g), G(id.ln2b));
        dx += dtmp;  // dx is now d loss / d x1
        // Attention: x1 = x + attn Wo.
        G(id.wo).noalias() += k.attn.transpose() * dx;
        dattn.noalias() = dx * P(id.wo).transpose();
        attentionBackward(shape, k.qkv, k.probs, dattn, m_encoding, m_params, static_cast<int>(l),
                          pos, dqkv, grad);
        if (rotary) {  // q_rot = R q: dq = R^T dq_rot
            m_encoding.rotate(pos, dqkv, 0, true);
            m_encoding.rotate(pos, dqkv, c.d, true);
        }
        G(id.wqkv).noalias() += k.h1.transpose() * dqkv;
        dh.noalias() = dqkv * P(id.wqkv).transpose();
        layerNormBackward(dh, k.xhat1, k.rstd1, P(id.ln1g), m_dxhat, dtmp, G(id.ln1g), G(id.ln1b));
        dx += dtmp;
    }
    m_encoding.addInputBackward(pos, dx, grad);
    auto ge = G(m_embed);
    for (Eigen::Index r = 0; r < n; ++r)
        ge.row(batch.inputs[static_cast<std::size_t>(r)]) += dx.row(r);
}

template class Model<float>;
template class Model<double>;

}  // namespace poslab::core::train
