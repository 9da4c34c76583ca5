// RoPE context-extension scalings (spec B3):
// - linear / position interpolation: Chen et al. 2023, "Extending Context Window of LLMs via PI".
// - ntk: bloc97's NTK-aware base change, base' = base * factor^(d/(d-2)).
// - dynamic: the dynamic NTK variant of HF transformers (_compute_dynamic_ntk_parameters).
// - yarn: Peng et al. 2023, "YaRN" (find_correction_range + linear ramp; attention factor
//   0.1 ln s + 1), as in HF transformers _compute_yarn_parameters.
// - llama3: Meta's Llama 3.1 wavelength bands (HF _compute_llama3_parameters).
#include "core/encodings/rope_scaling.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/encodings/common.h"

namespace poslab::core::enc {

RopeFrequencyParams RopeFrequencyParams::from(const ParamSet& p) {
    RopeFrequencyParams r;
    r.d = p.integer("d");
    r.base = p.real("base");
    if (p.has("scaling")) {
        r.scaling = p.text("scaling");
        r.factor = p.real("factor");
        r.originalMaxPosition = static_cast<double>(p.integer("original_max_position"));
        r.betaFast = p.real("beta_fast");
        r.betaSlow = p.real("beta_slow");
        r.lowFreqFactor = p.real("low_freq_factor");
        r.highFreqFactor = p.real("high_freq_factor");
    }
    r.length = p.integer("n");
    return r;
}

std::vector<double> ropeFrequencies(const RopeFrequencyParams& p) {
    const std::int64_t half = p.d / 2;
    const double d = static_cast<double>(p.d);
    double base = p.base;
    if (p.scaling == "ntk") {
        base = p.base * std::pow(p.factor, d / (d - 2.0));
    } else if (p.scaling == "dynamic") {
        const double L = p.originalMaxPosition;
        const double N = std::max(static_cast<double>(p.length), L);
        base = p.base * std::pow(p.factor * N / L - (p.factor - 1.0), d / (d - 2.0));
    }
    std::vector<double> theta(static_cast<std::size_t>(half));
    for (std::int64_t j = 0; j < half; ++j)
        theta[static_cast<std::size_t>(j)] = omega(j, p.d, base);

    if (p.scaling == "linear") {
        for (auto& t : theta) t /= p.factor;
    } else if (p.scaling == "yarn") {
        const double L = p.originalMaxPosition;
        auto corr = [&](double r) {
            return d * std::log(L / (2.0 * std::numbers::pi * r)) / (2.0 * std::log(p.base));
        };
        const double low = std::max(std::floor(corr(p.betaFast)), 0.0);
        double high = std::min(std::ceil(corr(p.betaSlow)), d - 1.0);
        if (low == high) high += 0.001;
        for (std::int64_t j = 0; j < half; ++j) {
            const double ramp = std::clamp((static_cast<double>(j) - low) / (high - low), 0.0, 1.0);
            const double e = 1.0 - ramp;  // extrapolation weight
            auto& t = theta[static_cast<std::size_t>(j)];
            t = (t / p.factor) * (1.0 - e) + t * e;
        }
    } else if (p.scaling == "llama3") {
        const double L = p.originalMaxPosition;
        const double lowWavelen = L / p.lowFreqFactor;
        const double highWavelen = L / p.highFreqFactor;
        for (auto& t : theta) {
            const double wavelen = 2.0 * std::numbers::pi / t;
            if (wavelen < highWavelen) continue;
            if (wavelen > lowWavelen) {
                t /= p.factor;
            } else {
                const double s =
                    (L / wavelen - p.lowFreqFactor) / (p.highFreqFactor - p.lowFreqFactor);
                t = (1.0 - s) * t / p.factor + s * t;
            }
        }
    }
    return theta;
}

double ropeAttentionFactor(const RopeFrequencyParams& p) {
    if (p.scaling != "yarn" || p.factor <= 1.0) return 1.0;
    return 0.1 * std::log(p.factor) + 1.0;
}

std::vector<ParamSpec> ropeScalingSpecs() {
    return {
        enumParam("scaling", {"none", "linear", "ntk", "dynamic", "yarn", "llama3"})
            .help("context-extension scaling of the frequencies", "扩展上下文的频率缩放方式"),
        realParam("factor", 1.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(1, 64)
            .help("scaling factor s (>= 1 when scaling is not none)",
                  "缩放因子 s(缩放方式不为 none 时须 >= 1)"),
        intParam("original_max_position", 2048)
            .range(1, kMaxPositions)
            .slider(1, 131072)
            .help("original training context length L", "原始训练上下文长度 L"),
        realParam("beta_fast", 32.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(1, 128)
            .help("YaRN: rotations above which a pair is extrapolated",
                  "YaRN:转数高于此值的维度对保持外推"),
        realParam("beta_slow", 1.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(0.01, 32)
            .help("YaRN: rotations below which a pair is interpolated",
                  "YaRN:转数低于此值的维度对完全内插"),
        realParam("low_freq_factor", 1.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(0.1, 16)
            .help("Llama 3: wavelengths above L / low_freq_factor are divided by factor",
                  "Llama 3:波长大于 L / low_freq_factor 的频率除以 factor"),
        realParam("high_freq_factor", 4.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(0.1, 64)
            .help("Llama 3: wavelengths below L / high_freq_factor are kept",
                  "Llama 3:波长小于 L / high_freq_factor 的频率保持不变"),
    };
}

Status checkRopeScaling(const ParamSet& p) {
    const auto& scaling = p.text("scaling");
    if (scaling == "none") return {};
    if (p.real("factor") < 1.0)
        return paramError("factor", p.real("factor"), "must be >= 1 when scaling is " + scaling,
                          "a real >= 1");
    if ((scaling == "ntk" || scaling == "dynamic") && p.integer("d") < 4)
        return paramError("d", p.integer("d"),
                          scaling + " scaling uses the exponent d/(d-2), so d must be >= 4",
                          "an even integer >= 4");
    if (scaling == "yarn" && !(p.real("beta_fast") > p.real("beta_slow")))
        return paramError("beta_fast", p.real("beta_fast"),
                          "must be greater than beta_slow = " + formatValue(p.real("beta_slow")),
                          "beta_fast > beta_slow > 0");
    if (scaling == "llama3" && !(p.real("high_freq_factor") > p.real("low_freq_factor")))
        return paramError(
            "high_freq_factor", p.real("high_freq_factor"),
            "must be greater than low_freq_factor = " + formatValue(p.real("low_freq_factor")),
            "high_freq_factor > low_freq_factor > 0");
    return {};
}

}  // namespace poslab::core::enc
