// RoPE context-extension scalings (spec B3, models.md M2):
// - linear / position interpolation: Chen et al. 2023, "Extending Context Window of LLMs via PI".
// - ntk: bloc97's NTK-aware base change, base' = base * factor^(d/(d-2)).
// - dynamic: the dynamic NTK variant of HF transformers (_compute_dynamic_ntk_parameters).
// - yarn: Peng et al. 2023, "YaRN" (find_correction_range + linear ramp; attention factor
//   0.1 ln s + 1, or DeepSeek's mscale / mscale_all_dim ratio), HF _compute_yarn_parameters.
// - llama3: Meta's Llama 3.1 wavelength bands (HF _compute_llama3_parameters).
// - longrope: Phi-3's per-pair factor lists, short up to L and long beyond (LongRoPE, Ding et al.
//   2024; HF _compute_longrope_parameters), attention factor sqrt(1 + ln f / ln L).
// - proportional: Gemma's partial rotation that keeps the denominator head_dim and zeroes the
//   pairs past floor(p head_dim / 2).
#include "core/encodings/rope_scaling.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/encodings/common.h"

namespace poslab::core::enc {

namespace {

void classifyByChange(RopeFrequencies& f) {
    f.pairClass.assign(f.theta.size(), 0);
    for (std::size_t j = 0; j < f.theta.size(); ++j)
        if (f.theta[j] != f.unscaled[j]) f.pairClass[j] = 2;
}

void yarn(const RopeFrequencyParams& p, RopeFrequencies& f) {
    const auto [low, high] = yarnRamp(p);
    f.pairClass.resize(f.theta.size());
    for (std::size_t j = 0; j < f.theta.size(); ++j) {
        const double ramp = std::clamp((static_cast<double>(j) - low) / (high - low), 0.0, 1.0);
        f.theta[j] = f.unscaled[j] / p.factor * ramp + f.unscaled[j] * (1.0 - ramp);
        f.pairClass[j] = ramp == 0 ? 0 : ramp == 1 ? 2 : 1;
    }
    if (p.attentionFactor > 0)
        f.attentionFactor = p.attentionFactor;
    else if (p.mscale != 0 && p.mscaleAllDim != 0)
        f.attentionFactor = yarnMscale(p.factor, p.mscale) / yarnMscale(p.factor, p.mscaleAllDim);
    else
        f.attentionFactor = yarnMscale(p.factor);
}

void llama3(const RopeFrequencyParams& p, RopeFrequencies& f) {
    const double L = p.originalMaxPosition, lo = p.lowFreqFactor, hi = p.highFreqFactor;
    f.pairClass.resize(f.theta.size());
    for (std::size_t j = 0; j < f.theta.size(); ++j) {
        const double inv = f.unscaled[j], lambda = 2.0 * std::numbers::pi / inv;
        double& t = f.theta[j];
        int& c = f.pairClass[j];
        if (hi == lo) {  // no band between the two wavelengths (Llama 4 Scout)
            const bool keep = lambda <= L / hi;
            t = keep ? inv : inv / p.factor;
            c = keep ? 0 : 2;
        } else if (lambda < L / hi) {
            t = inv;
            c = 0;
        } else if (lambda > L / lo) {
            t = inv / p.factor;
            c = 2;
        } else {
            const double s = (L / lambda - lo) / (hi - lo);
            t = (1.0 - s) * inv / p.factor + s * inv;
            c = 1;
        }
    }
}

void longrope(const RopeFrequencyParams& p, RopeFrequencies& f) {
    const double L = p.originalMaxPosition;
    // transformers starts on the short table and switches once a sequence passes L.
    const auto& table = static_cast<double>(p.length) > L ? p.longFactor : p.shortFactor;
    for (std::size_t j = 0; j < f.theta.size(); ++j)
        f.theta[j] = f.unscaled[j] / (j < table.size() ? table[j] : 1.0);
    classifyByChange(f);
    if (p.attentionFactor > 0)
        f.attentionFactor = p.attentionFactor;
    else if (p.factor > 1 && L > 1)
        f.attentionFactor = std::sqrt(1.0 + std::log(p.factor) / std::log(L));
}

}  // namespace

std::int64_t RopeFrequencyParams::rotaryDim() const {
    if (scaling == "proportional" || partialRotary == 1.0) return d;
    return static_cast<std::int64_t>(std::floor(static_cast<double>(d) * partialRotary));
}

YarnRamp yarnRamp(const RopeFrequencyParams& p) {
    const double d = static_cast<double>(p.rotaryDim()), L = p.originalMaxPosition;
    auto corr = [&](double r) {
        return d * std::log(L / (2.0 * std::numbers::pi * r)) / (2.0 * std::log(p.base));
    };
    double low = corr(p.betaFast), high = corr(p.betaSlow);
    if (p.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, d - 1.0);
    if (low == high) high += 0.001;
    return {low, high};
}

double yarnMscale(double scale, double m) {
    return scale <= 1 ? 1.0 : 0.1 * m * std::log(scale) + 1.0;
}

RopeFrequencies ropeFrequencyTable(const RopeFrequencyParams& p) {
    const std::int64_t dr = p.rotaryDim(), half = dr / 2;
    const double d = static_cast<double>(dr);
    double base = p.base;
    if (p.scaling == "ntk") {
        base = p.base * std::pow(p.factor, d / (d - 2.0));
    } else if (p.scaling == "dynamic") {
        const double M = p.originalMaxPosition;
        const double S = std::max(static_cast<double>(p.length), M);
        base = p.base * std::pow(p.factor * S / M - (p.factor - 1.0), d / (d - 2.0));
    }
    RopeFrequencies f;
    f.unscaled.resize(static_cast<std::size_t>(std::max<std::int64_t>(half, 0)));
    for (std::int64_t j = 0; j < half; ++j)
        f.unscaled[static_cast<std::size_t>(j)] = omega(j, dr, p.base);
    if (p.scaling == "proportional") {
        const auto r =
            static_cast<std::int64_t>(std::floor(p.partialRotary * static_cast<double>(p.d) / 2.0));
        for (std::int64_t j = std::max<std::int64_t>(r, 0); j < half; ++j)
            f.unscaled[static_cast<std::size_t>(j)] = 0.0;
    }
    f.theta = f.unscaled;
    if (base != p.base)
        for (std::int64_t j = 0; j < half; ++j)
            f.theta[static_cast<std::size_t>(j)] = omega(j, dr, base);

    if (p.scaling == "linear" || p.scaling == "proportional") {
        for (auto& t : f.theta) t /= p.factor;
        classifyByChange(f);
    } else if (p.scaling == "yarn") {
        yarn(p, f);
    } else if (p.scaling == "llama3") {
        llama3(p, f);
    } else if (p.scaling == "longrope") {
        longrope(p, f);
    } else {
        classifyByChange(f);
    }
    f.logitMultiplier = f.attentionFactor * f.attentionFactor;
    if (p.logitGain == "deepseek" && p.mscaleAllDim != 0) {
        const double m = yarnMscale(p.factor, p.mscaleAllDim);
        f.logitMultiplier *= m * m;
    }
    return f;
}

std::vector<double> ropeFrequencies(const RopeFrequencyParams& p) {
    return ropeFrequencyTable(p).theta;
}

double ropeAttentionFactor(const RopeFrequencyParams& p) {
    return ropeFrequencyTable(p).attentionFactor;
}

double queryScale(const QueryScaleParams& q, double position) {
    if (q.rule == "llama4_temperature")
        return std::log(std::floor((position + 1.0) / q.floorScale) + 1.0) * q.attnScale + 1.0;
    if (q.rule == "llama_4_scaling_beta")
        return 1.0 + q.beta * std::log(1.0 + std::floor(position / q.originalMax));
    // Qwen v1 (modeling_qwen.py): logn_list[i - 1] = log_L(i) for i > L else 1, i = 1 .. 32767,
    // and the query at 0-based position p takes entry p (the slice key_len - q_len .. key_len),
    // so i = p + 1. Past p = 32766 Qwen's table ends; the formula continues.
    if (q.rule == "qwen_logn") {
        const double i = position + 1.0;
        return i > q.originalMax && q.originalMax > 1 ? std::log(i) / std::log(q.originalMax) : 1.0;
    }
    return 1.0;
}

}  // namespace poslab::core::enc
