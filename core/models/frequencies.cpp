#include "core/models/frequencies.h"

#include <algorithm>
#include <cmath>

namespace poslab::core::models::detail {

namespace {

constexpr double kPi = 3.14159265358979323846;

// b^(-2j/d) for j = 0 .. pairs - 1.
std::vector<double> powers(double base, double d, std::int64_t pairs) {
    std::vector<double> out(static_cast<std::size_t>(pairs));
    for (std::int64_t j = 0; j < pairs; ++j)
        out[static_cast<std::size_t>(j)] = 1.0 / std::pow(base, 2.0 * static_cast<double>(j) / d);
    return out;
}

// Kept where the scaling left a frequency unchanged, interpolated ("scaled") elsewhere.
void classifyByChange(KindInfo& k) {
    k.pairClass.assign(k.invFreq.size(), kKept);
    for (std::size_t j = 0; j < k.invFreq.size(); ++j)
        if (k.invFreq[j] != k.unscaled[j]) k.pairClass[j] = kInterpolated;
}

Expected<double> requireFactor(const RopeSet& s) {
    if (!s.factor) return fail(s.path + ".factor: missing; " + s.type + " scaling needs a factor");
    return *s.factor;
}

Expected<double> requireL(const RopeSet& s) {
    if (!s.originalMax)
        return fail(s.path + ".original_max_position_embeddings: missing, and " +
                    "max_position_embeddings is missing too; " + s.type + " scaling needs L");
    return static_cast<double>(*s.originalMax);
}

// f of yarn and longrope: the factor key, else max_position_embeddings / L.
Expected<double> impliedFactor(const RopeSet& s, const FrequencyInputs& in, double L,
                               std::vector<std::string>& notes) {
    if (s.factor) {
        if (in.maxPosition && s.type == "yarn" &&
            *s.factor != static_cast<double>(*in.maxPosition) / L)
            notes.push_back(s.path + ": yarn factor " + show(*s.factor) +
                            " differs from max_position_embeddings / L = " +
                            show(static_cast<double>(*in.maxPosition) / L) +
                            " (transformers warns; the factor is used)");
        return *s.factor;
    }
    if (!in.maxPosition)
        return fail(s.path +
                    ".factor: missing, and max_position_embeddings is missing to imply it");
    const double f = static_cast<double>(*in.maxPosition) / L;
    if (s.type == "yarn" && f < 1)
        return fail(s.path + ".factor: missing, and max_position_embeddings / L = " + show(f) +
                    " is below 1");
    return f;
}

Status dynamicNtk(const RopeSet& s, const FrequencyInputs& in, KindInfo& k,
                  std::vector<std::string>& notes) {
    auto f = requireFactor(s);
    if (!f) return f.error();
    if (!in.maxPosition)
        return fail("max_position_embeddings: missing; dynamic scaling (" + s.path + ") needs it");
    const double d = static_cast<double>(k.rotaryDim);
    if (k.rotaryDim <= 2)
        return fail(in.headDimKey + ": dynamic scaling needs a rotary dim above 2, got " +
                    std::to_string(k.rotaryDim));
    const double M = static_cast<double>(*in.maxPosition);
    const double S = std::max(static_cast<double>(in.seqLen.value_or(*in.maxPosition)), M);
    const double base = s.theta * std::pow(*f * S / M - (*f - 1), d / (d - 2));
    if (base != s.theta)
        notes.push_back(k.name + ": dynamic base " + show(base) + " at sequence length " + show(S));
    k.factor = *f;
    k.invFreq = powers(base, d, k.rotaryDim / 2);
    classifyByChange(k);
    return {};
}

Status yarn(const RopeSet& s, const FrequencyInputs& in, KindInfo& k,
            std::vector<std::string>& notes) {
    auto L = requireL(s);
    if (!L) return L.error();
    auto f = impliedFactor(s, in, *L, notes);
    if (!f) return f.error();
    k.factor = *f;
    if (s.attentionFactor)
        k.attentionFactor = *s.attentionFactor;
    else if (s.mscale && s.mscaleAllDim && *s.mscale != 0 && *s.mscaleAllDim != 0)
        k.attentionFactor = yarnMscale(*f, *s.mscale) / yarnMscale(*f, *s.mscaleAllDim);
    else
        k.attentionFactor = yarnMscale(*f);
    const double d = static_cast<double>(k.rotaryDim), b = s.theta;
    auto corr = [&](double r) { return d * std::log(*L / (2 * kPi * r)) / (2 * std::log(b)); };
    double low = corr(s.betaFast.value_or(32)), high = corr(s.betaSlow.value_or(1));
    if (s.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, d - 1);
    if (low == high) high += 0.001;
    k.invFreq.resize(k.unscaled.size());
    k.pairClass.resize(k.unscaled.size());
    for (std::size_t j = 0; j < k.unscaled.size(); ++j) {
        const double ramp = std::clamp((static_cast<double>(j) - low) / (high - low), 0.0, 1.0);
        k.invFreq[j] = k.unscaled[j] / *f * ramp + k.unscaled[j] * (1 - ramp);
        k.pairClass[j] = ramp == 0 ? kKept : ramp == 1 ? kInterpolated : kBlended;
    }
    return {};
}

Status checkFactorList(const RopeSet& s, const char* key,
                       const std::optional<std::vector<double>>& list, std::size_t pairs) {
    const std::string name = s.path + "." + key;
    if (!list) return fail(name + ": missing; longrope needs short_factor and long_factor");
    if (list->size() != pairs)
        return fail(name + ": " + std::to_string(list->size()) +
                    " numbers, expected d/2 = " + std::to_string(pairs));
    for (std::size_t j = 0; j < pairs; ++j)
        if (!((*list)[j] > 0))
            return fail(name + "[" + std::to_string(j) + "]: must be greater than 0, got " +
                        show((*list)[j]));
    return {};
}

Status longrope(const RopeSet& s, const FrequencyInputs& in, KindInfo& k,
                std::vector<std::string>& notes) {
    const std::size_t pairs = k.unscaled.size();
    if (auto st = checkFactorList(s, "short_factor", s.shortFactor, pairs); !st) return st;
    if (auto st = checkFactorList(s, "long_factor", s.longFactor, pairs); !st) return st;
    auto L = requireL(s);
    if (!L) return L.error();
    auto f = impliedFactor(s, in, *L, notes);
    if (!f) return f.error();
    k.factor = *f;
    if (s.attentionFactor) {
        k.attentionFactor = *s.attentionFactor;
    } else if (*f > 1) {
        if (*L <= 1)
            return fail(s.path + ".original_max_position_embeddings: must be above 1 for " +
                        "longrope's attention factor, got " + show(*L));
        k.attentionFactor = std::sqrt(1 + std::log(*f) / std::log(*L));
    }
    // transformers starts on the short table and switches once a sequence passes L.
    const bool useLong = in.seqLen && static_cast<double>(*in.seqLen) > *L;
    const std::vector<double>& table = useLong ? *s.longFactor : *s.shortFactor;
    notes.push_back(k.name + ": longrope uses " + (useLong ? "long_factor" : "short_factor") +
                    (useLong ? " (sequence length above L)" : " (sequence length up to L)"));
    const double d = static_cast<double>(k.rotaryDim);
    k.invFreq.resize(pairs);
    for (std::size_t j = 0; j < pairs; ++j)
        k.invFreq[j] = 1.0 / (table[j] * std::pow(s.theta, 2.0 * static_cast<double>(j) / d));
    classifyByChange(k);
    return {};
}

Status llama3(const RopeSet& s, KindInfo& k, std::vector<std::string>& notes) {
    auto f = requireFactor(s);
    if (!f) return f.error();
    if (!s.lowFreqFactor) return fail(s.path + ".low_freq_factor: missing; llama3 needs it");
    if (!s.highFreqFactor) return fail(s.path + ".high_freq_factor: missing; llama3 needs it");
    auto L = requireL(s);
    if (!L) return L.error();
    const double lo = *s.lowFreqFactor, hi = *s.highFreqFactor;
    if (hi < lo)
        notes.push_back(s.path + ": high_freq_factor below low_freq_factor (transformers warns)");
    k.factor = *f;
    k.invFreq.resize(k.unscaled.size());
    k.pairClass.resize(k.unscaled.size());
    for (std::size_t j = 0; j < k.unscaled.size(); ++j) {
        const double inv = k.unscaled[j], lambda = 2 * kPi / inv;
        if (hi == lo) {  // no band between the two wavelengths (Llama 4 Scout)
            const bool keep = lambda <= *L / hi;
            k.invFreq[j] = keep ? inv : inv / *f;
            k.pairClass[j] = keep ? kKept : kInterpolated;
        } else if (lambda < *L / hi) {
            k.invFreq[j] = inv;
            k.pairClass[j] = kKept;
        } else if (lambda > *L / lo) {
            k.invFreq[j] = inv / *f;
            k.pairClass[j] = kInterpolated;
        } else {
            const double sm = (*L / lambda - lo) / (hi - lo);
            k.invFreq[j] = (1 - sm) * inv / *f + sm * inv;
            k.pairClass[j] = kBlended;
        }
    }
    return {};
}

// Sets d (rotary dim) and the unscaled frequencies; proportional keeps d = head_dim and zeroes
// the pairs past floor(p * head_dim / 2).
Status dimensions(const RopeSet& s, const FrequencyInputs& in, KindInfo& k) {
    const std::int64_t base = in.rotaryBase.value_or(in.headDim);
    if (s.type == "proportional") {
        k.rotaryDim = in.headDim;
    } else {
        k.rotaryDim =
            static_cast<std::int64_t>(std::floor(static_cast<double>(base) * s.partialRotary));
    }
    if (k.rotaryDim < 2 || k.rotaryDim % 2 != 0)
        return fail(in.headDimKey + ": rotary dim d = " + std::to_string(k.rotaryDim) + " (" +
                    std::to_string(base) + " x partial_rotary_factor " + show(s.partialRotary) +
                    ") must be even and at least 2");
    const std::int64_t pairs = k.rotaryDim / 2;
    k.unscaled = powers(s.theta, static_cast<double>(k.rotaryDim), pairs);
    if (s.type == "proportional") {
        const auto r = static_cast<std::int64_t>(
            std::floor(s.partialRotary * static_cast<double>(in.headDim) / 2));
        for (std::int64_t j = r; j < pairs; ++j) k.unscaled[static_cast<std::size_t>(j)] = 0;
    }
    return {};
}

}  // namespace

double yarnMscale(double scale, double m) {
    return scale <= 1 ? 1.0 : 0.1 * m * std::log(scale) + 1.0;
}

Status computeFrequencies(const RopeSet& s, const FrequencyInputs& in, KindInfo& k,
                          std::vector<std::string>& notes) {
    k.rope = true;
    k.ropeType = s.type;
    k.ropeTheta = s.theta;
    k.headDim = in.headDim;
    k.partialRotaryFactor = s.partialRotary;
    k.mropeSection = s.mropeSection;
    if (s.type == "yarn" || s.type == "longrope" || s.type == "llama3")
        k.originalMax = s.originalMax;
    if (auto st = dimensions(s, in, k); !st) return st;
    Status st;
    if (s.type == "default") {
        k.invFreq = k.unscaled;
        k.pairClass.assign(k.invFreq.size(), kKept);
    } else if (s.type == "linear" || s.type == "proportional") {
        double f = 1;
        if (s.type == "linear") {
            auto req = requireFactor(s);
            if (!req) return req.error();
            f = *req;
        } else {
            f = s.factor.value_or(1);
        }
        k.factor = f;
        k.invFreq = k.unscaled;
        for (double& v : k.invFreq) v /= f;
        classifyByChange(k);
    } else if (s.type == "dynamic") {
        st = dynamicNtk(s, in, k, notes);
    } else if (s.type == "yarn") {
        st = yarn(s, in, k, notes);
    } else if (s.type == "longrope") {
        st = longrope(s, in, k, notes);
    } else if (s.type == "llama3") {
        st = llama3(s, k, notes);
    }
    if (!st) return st;
    for (double v : k.invFreq)
        if (!std::isfinite(v)) return fail(s.path + ": the frequencies come out non-finite");
    k.logitMultiplier = k.attentionFactor * k.attentionFactor;
    return {};
}

}  // namespace poslab::core::models::detail
