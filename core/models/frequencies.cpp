#include "core/models/frequencies.h"

#include <algorithm>
#include <cmath>

#include "core/encodings/rope_scaling.h"

namespace poslab::core::models::detail {

namespace {

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

// Each scaling's keys, checked with messages naming them, into the parameters of the one
// implementation (core/encodings/rope_scaling.h).
Status dynamicNtk(const RopeSet& s, const FrequencyInputs& in, enc::RopeFrequencyParams& r) {
    auto f = requireFactor(s);
    if (!f) return f.error();
    if (!in.maxPosition)
        return fail("max_position_embeddings: missing; dynamic scaling (" + s.path + ") needs it");
    if (r.rotaryDim() <= 2)
        return fail(in.headDimKey + ": dynamic scaling needs a rotary dim above 2, got " +
                    std::to_string(r.rotaryDim()));
    r.factor = *f;
    r.originalMaxPosition = static_cast<double>(*in.maxPosition);
    r.length = in.seqLen.value_or(*in.maxPosition);
    return {};
}

Status yarn(const RopeSet& s, const FrequencyInputs& in, enc::RopeFrequencyParams& r,
            std::vector<std::string>& notes) {
    auto L = requireL(s);
    if (!L) return L.error();
    auto f = impliedFactor(s, in, *L, notes);
    if (!f) return f.error();
    r.factor = *f;
    r.originalMaxPosition = *L;
    r.attentionFactor = s.attentionFactor.value_or(0);
    r.mscale = s.mscale.value_or(0);
    r.betaFast = s.betaFast.value_or(32);
    r.betaSlow = s.betaSlow.value_or(1);
    r.truncate = s.truncate;
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

Status longrope(const RopeSet& s, const FrequencyInputs& in, enc::RopeFrequencyParams& r,
                const std::string& kind, std::vector<std::string>& notes) {
    const auto pairs = static_cast<std::size_t>(r.rotaryDim() / 2);
    if (auto st = checkFactorList(s, "short_factor", s.shortFactor, pairs); !st) return st;
    if (auto st = checkFactorList(s, "long_factor", s.longFactor, pairs); !st) return st;
    auto L = requireL(s);
    if (!L) return L.error();
    auto f = impliedFactor(s, in, *L, notes);
    if (!f) return f.error();
    if (!s.attentionFactor && *f > 1 && *L <= 1)
        return fail(s.path + ".original_max_position_embeddings: must be above 1 for " +
                    "longrope's attention factor, got " + show(*L));
    r.factor = *f;
    r.originalMaxPosition = *L;
    r.attentionFactor = s.attentionFactor.value_or(0);
    r.shortFactor = *s.shortFactor;
    r.longFactor = *s.longFactor;
    // transformers starts on the short table and switches once a sequence passes L.
    r.length = in.seqLen.value_or(static_cast<std::int64_t>(*L));
    const bool useLong = static_cast<double>(r.length) > *L;
    notes.push_back(echo(kind) + ": longrope uses " + (useLong ? "long_factor" : "short_factor") +
                    (useLong ? " (sequence length above L)" : " (sequence length up to L)"));
    return {};
}

Status llama3(const RopeSet& s, enc::RopeFrequencyParams& r, std::vector<std::string>& notes) {
    auto f = requireFactor(s);
    if (!f) return f.error();
    if (!s.lowFreqFactor) return fail(s.path + ".low_freq_factor: missing; llama3 needs it");
    if (!s.highFreqFactor) return fail(s.path + ".high_freq_factor: missing; llama3 needs it");
    auto L = requireL(s);
    if (!L) return L.error();
    if (*s.highFreqFactor < *s.lowFreqFactor)
        notes.push_back(s.path + ": high_freq_factor below low_freq_factor (transformers warns)");
    r.factor = *f;
    r.originalMaxPosition = *L;
    r.lowFreqFactor = *s.lowFreqFactor;
    r.highFreqFactor = *s.highFreqFactor;
    return {};
}

// The rotary dim: floor(base p), or head_dim for proportional; even and at least 2.
Status dimensions(const RopeSet& s, const FrequencyInputs& in, enc::RopeFrequencyParams& r) {
    if (in.exactRotary) {
        const std::int64_t rd = *in.exactRotary, hd = in.headDim;
        if (rd < 2 || rd % 2 != 0 || (hd > 0 && rd > hd))
            return fail(in.rotaryKey + ": rotary dim " + std::to_string(rd) +
                        " must be even, at least 2 and at most the head dim " + std::to_string(hd));
        // The head dim with the fraction that gives exactly rd, when floor(hd p) does.
        const double p = hd > 0 ? static_cast<double>(rd) / static_cast<double>(hd) : 1;
        const bool exact =
            hd > 0 && static_cast<std::int64_t>(std::floor(static_cast<double>(hd) * p)) == rd;
        r.d = exact ? hd : rd;
        r.partialRotary = exact ? p : 1;
        return {};
    }
    const std::int64_t base = in.rotaryBase.value_or(in.headDim);
    r.d = s.type == "proportional" ? in.headDim : base;
    r.partialRotary = s.partialRotary;
    const std::int64_t d = r.rotaryDim();
    if (d < 2 || d % 2 != 0)
        return fail(in.headDimKey + ": rotary dim d = " + std::to_string(d) + " (" +
                    std::to_string(base) + " x partial_rotary_factor " + show(s.partialRotary) +
                    ") must be even and at least 2");
    return {};
}

Status scalingParams(const RopeSet& s, const FrequencyInputs& in, const std::string& kind,
                     enc::RopeFrequencyParams& r, std::vector<std::string>& notes) {
    if (in.ntkAlpha) {
        r.scaling = "ntk";
        r.factor = *in.ntkAlpha;
        return {};
    }
    if (s.type == "default") return {};
    r.scaling = s.type;
    if (s.type == "linear") {
        auto f = requireFactor(s);
        if (!f) return f.error();
        r.factor = *f;
        return {};
    }
    if (s.type == "proportional") {
        r.factor = s.factor.value_or(1);
        return {};
    }
    if (s.type == "dynamic") return dynamicNtk(s, in, r);
    if (s.type == "yarn") return yarn(s, in, r, notes);
    if (s.type == "longrope") return longrope(s, in, r, kind, notes);
    if (s.type == "llama3") return llama3(s, r, notes);
    return fail(s.path + ".rope_type: unknown type '" + s.type + "'");
}

}  // namespace

Status computeFrequencies(const RopeSet& s, const FrequencyInputs& in, KindInfo& k,
                          std::vector<std::string>& notes) {
    k.rope = true;
    k.ropeType = in.ntkAlpha ? std::string("ntk") : s.type;
    k.ropeTheta = s.theta;
    k.headDim = in.headDim;
    k.partialRotaryFactor = s.partialRotary;
    k.mropeSection = s.mropeSection;
    if (s.type == "yarn" || s.type == "longrope" || s.type == "llama3")
        k.originalMax = s.originalMax;
    enc::RopeFrequencyParams r;
    r.base = s.theta;
    if (auto st = dimensions(s, in, r); !st) return st;
    if (auto st = scalingParams(s, in, k.name, r, notes); !st) return st;
    if (in.deepseekGain && s.mscaleAllDim) {
        r.logitGain = "deepseek";
        r.mscaleAllDim = *s.mscaleAllDim;
    } else if (s.type == "yarn") {
        r.mscaleAllDim = s.mscaleAllDim.value_or(0);
    }
    if (r.scaling == "dynamic") {
        const double d = static_cast<double>(r.rotaryDim()), M = r.originalMaxPosition;
        const double S = std::max(static_cast<double>(r.length), M);
        const double base = s.theta * std::pow(r.factor * S / M - (r.factor - 1), d / (d - 2));
        if (base != s.theta)
            notes.push_back(echo(k.name) + ": dynamic base " + show(base) + " at sequence length " +
                            show(S));
    }
    auto table = enc::ropeFrequencyTable(r);
    for (double v : table.theta)
        if (!std::isfinite(v)) return fail(s.path + ": the frequencies come out non-finite");
    k.rotaryDim = r.rotaryDim();
    if (in.ntkAlpha && k.rotaryDim > 2) {  // static: the base actually used at every length
        const double d = static_cast<double>(k.rotaryDim);
        k.ropeTheta = s.theta * std::pow(*in.ntkAlpha, d / (d - 2));
    }
    k.factor = r.factor;
    k.invFreq = std::move(table.theta);
    k.unscaled = std::move(table.unscaled);
    k.pairClass = std::move(table.pairClass);
    k.attentionFactor = table.attentionFactor;
    k.logitMultiplier = table.logitMultiplier;
    k.params = std::move(r);
    return {};
}

}  // namespace poslab::core::models::detail
