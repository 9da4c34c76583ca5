// The training lab's optimiser (spec training.md T3): AdamW (Loshchilov & Hutter 2019, in
// PyTorch's form) with the gradient clipped to a global norm, and the learning-rate schedule:
// linear warm-up over the first 5 % of the steps, then cosine down to 10 % of the peak.
#pragma once

#include <cstdint>

#include "core/train/param_store.h"

namespace poslab::core::train {

struct AdamWConfig {
    double lr = 2e-3;
    double beta1 = 0.9, beta2 = 0.98, eps = 1e-8;
    double weightDecay = 0.01;   // on the tensors whose TensorSpec::decay is set
    double clipNorm = 1.0;       // 0 = no clipping
    double warmup = 0.05;        // share of the steps
    double finalFraction = 0.1;  // the cosine ends at this share of lr
};

// The rate of step `step` (0-based) of `steps`: lr (s + 1) / W for s < W = ceil(warmup steps),
// then lr (f + (1 - f) (1 + cos(pi p)) / 2) with p = (s - W) / max(1, steps - 1 - W).
double learningRate(const AdamWConfig& config, std::int64_t step, std::int64_t steps);

template <class S>
class AdamW {
public:
    AdamW(const ParamLayout& layout, const AdamWConfig& config);

    // One step at rate lr: clips grad (in place) to the global norm, then for every coordinate
    //   p -= lr wd p (decayed tensors);  m = b1 m + (1 - b1) g;  v = b2 v + (1 - b2) g^2;
    //   p -= lr / (1 - b1^t) m / (sqrt(v) / sqrt(1 - b2^t) + eps).
    // Returns the gradient's norm before clipping.
    double step(Vec<S>& params, Vec<S>& grad, double lr);
    std::int64_t steps() const { return m_t; }

private:
    AdamWConfig m_config;
    Vec<S> m_m, m_v, m_decay;  // m_decay: 1 where weight decay applies
    std::int64_t m_t = 0;
};

extern template class AdamW<float>;
extern template class AdamW<double>;

}  // namespace poslab::core::train
