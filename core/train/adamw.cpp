#include "core/train/adamw.h"

#include <cmath>
#include <numbers>

namespace poslab::core::train {

double learningRate(const AdamWConfig& c, std::int64_t step, std::int64_t steps) {
    const auto warm = static_cast<std::int64_t>(std::ceil(c.warmup * static_cast<double>(steps)));
    if (step < warm) return c.lr * static_cast<double>(step + 1) / static_cast<double>(warm);
    const auto span = std::max<std::int64_t>(1, steps - 1 - warm);
    const double p = std::min(1.0, static_cast<double>(step - warm) / static_cast<double>(span));
    return c.lr * (c.finalFraction +
                   (1.0 - c.finalFraction) * 0.5 * (1.0 + std::cos(std::numbers::pi * p)));
}

template <class S>
AdamW<S>::AdamW(const ParamLayout& layout, const AdamWConfig& config)
    : m_config(config),
      m_m(Vec<S>::Zero(layout.size())),
      m_v(Vec<S>::Zero(layout.size())),
      m_decay(Vec<S>::Zero(layout.size())) {
    for (const auto& t : layout.tensors())
        if (t.decay) m_decay.segment(t.offset, t.size()).setOnes();
}

template <class S>
double AdamW<S>::step(Vec<S>& params, Vec<S>& grad, double lr) {
    const auto& c = m_config;
    double sq = 0;  // in double, in order: the same sum on every machine
    for (Eigen::Index i = 0; i < grad.size(); ++i) {
        const auto g = static_cast<double>(grad(i));
        sq += g * g;
    }
    const double norm = std::sqrt(sq);
    // PyTorch's clip_grad_norm_: scale by max_norm / (norm + 1e-6) when that is below 1.
    if (c.clipNorm > 0 && norm > c.clipNorm) grad *= static_cast<S>(c.clipNorm / (norm + 1e-6));
    ++m_t;
    const double bc1 = 1.0 - std::pow(c.beta1, static_cast<double>(m_t));
    const double bc2 = 1.0 - std::pow(c.beta2, static_cast<double>(m_t));
    const auto b1 = static_cast<S>(c.beta1), b2 = static_cast<S>(c.beta2);
    params.array() *= S(1) - static_cast<S>(lr * c.weightDecay) * m_decay.array();
    m_m = b1 * m_m + (S(1) - b1) * grad;
    m_v = b2 * m_v + (S(1) - b2) * grad.cwiseAbs2();
    const auto stepSize = static_cast<S>(lr / bc1);
    const auto rootBc2 = static_cast<S>(std::sqrt(bc2));
    params.array() -=
        stepSize * m_m.array() / (m_v.array().sqrt() / rootBc2 + static_cast<S>(c.eps));
    return norm;
}

template class AdamW<float>;
template class AdamW<double>;

}  // namespace poslab::core::train
