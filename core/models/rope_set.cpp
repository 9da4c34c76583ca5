#include "core/models/rope_set.h"

#include <array>
#include <cmath>

#include "core/models/model_config.h"

namespace poslab::core::models::detail {

namespace {

constexpr std::array<const char*, 7> kTypes = {"default",  "linear", "dynamic",     "yarn",
                                               "longrope", "llama3", "proportional"};

// `type` is an alias of `rope_type`; `su` of longrope; mrope and a missing type are unscaled.
Expected<std::string> readType(const Source& set) {
    std::string key = "rope_type";
    auto t = set.text(key);
    if (!t) return t.error();
    if (!*t) {
        key = "type";
        t = set.text(key);
        if (!t) return t.error();
    }
    if (!*t || **t == "default" || **t == "mrope") return std::string("default");
    if (**t == "su") return std::string("longrope");
    for (const char* name : kTypes)
        if (**t == name) return **t;
    std::string allowed;
    for (const char* name : kTypes) allowed += (allowed.empty() ? "" : ", ") + std::string(name);
    return fail(set.name(key) + ": unknown rope type '" + echo(**t) + "'; allowed: " + allowed +
                " (aliases: type, su, mrope)");
}

// Every key a rope set may carry that PosLab reads or that does not change positions.
constexpr std::array<const char*, 21> kKnownKeys = {"rope_type",
                                                    "type",
                                                    "rope_theta",
                                                    "factor",
                                                    "original_max_position_embeddings",
                                                    "attention_factor",
                                                    "mscale",
                                                    "mscale_all_dim",
                                                    "beta_fast",
                                                    "beta_slow",
                                                    "low_freq_factor",
                                                    "high_freq_factor",
                                                    "llama_4_scaling_beta",
                                                    "short_factor",
                                                    "long_factor",
                                                    "truncate",
                                                    "mrope_section",
                                                    "partial_rotary_factor",
                                                    "alpha",
                                                    "mrope_interleaved",
                                                    "interleaved"};

void unknownKeys(const Source& set, RopeSet& out) {
    const Json* o = set.object();
    if (!o || !o->is_object()) return;
    for (auto it = o->begin(); it != o->end() && out.unknown.size() < 8; ++it) {
        bool known = false;
        for (const char* k : kKnownKeys) known |= it.key() == k;
        if (!known) out.unknown.push_back(set.name(echo(it.key())));
    }
}

bool usesOriginalMax(const std::string& type) {
    return type == "yarn" || type == "longrope" || type == "llama3";
}

// Reads an optional number into `out`; false (with `error` set) when it is malformed.
template <class T>
bool take(Expected<std::optional<T>> got, std::optional<T>& out, Error& error) {
    if (!got) {
        error = got.error();
        return false;
    }
    out = *got;
    return true;
}

Status readPartialRotary(const Source& set, const Source& model, RopeSet& out) {
    // transformers' standardize_rope_params: the top-level key overrides the set's own.
    const Source& from = model.has("partial_rotary_factor") ? model : set;
    auto p = from.number("partial_rotary_factor");
    if (!p) return p.error();
    if (*p) {
        if (!(**p > 0 && **p <= 1))
            return fail(from.name("partial_rotary_factor") + ": must be in (0, 1], got " +
                        show(**p));
        out.partialRotary = **p;
        out.partialGiven = true;
    }
    return {};
}

Status readOriginalMax(const Source& set, const Source& model, RopeSet& out) {
    if (!usesOriginalMax(out.type)) return {};
    // Phi-3 keeps L at the top level; it wins over the set's, which wins over the model's max.
    for (const auto& [src, key] : {std::pair{&model, "original_max_position_embeddings"},
                                   std::pair{&set, "original_max_position_embeddings"},
                                   std::pair{&model, "max_position_embeddings"}}) {
        auto v = src->count(key);
        if (!v) return v.error();
        if (*v) {
            out.originalMax = **v;
            return {};
        }
    }
    return {};
}

Status readScalingKeys(const Source& set, RopeSet& out) {
    Error e;
    if (!take(set.number("factor"), out.factor, e) ||
        !take(set.positive("attention_factor"), out.attentionFactor, e) ||
        !take(set.number("mscale"), out.mscale, e) ||
        !take(set.number("mscale_all_dim"), out.mscaleAllDim, e) ||
        !take(set.positive("beta_fast"), out.betaFast, e) ||
        !take(set.positive("beta_slow"), out.betaSlow, e) ||
        !take(set.positive("low_freq_factor"), out.lowFreqFactor, e) ||
        !take(set.positive("high_freq_factor"), out.highFreqFactor, e) ||
        !take(set.number("llama_4_scaling_beta"), out.llama4Beta, e) ||
        !take(set.numbers("short_factor"), out.shortFactor, e) ||
        !take(set.numbers("long_factor"), out.longFactor, e))
        return e;
    auto truncate = set.boolean("truncate");
    if (!truncate) return truncate.error();
    out.truncate = truncate->value_or(true);
    auto section = set.numbers("mrope_section");
    if (!section) return section.error();
    if (*section)  // sections count pairs: whole numbers, bounded (a cast of 1e300 is undefined)
        for (std::size_t i = 0; i < (*section)->size(); ++i) {
            const double v = (**section)[i];
            if (!(v >= 0 && v <= static_cast<double>(kMaxModelHeadDim)) || v != std::floor(v))
                return fail(set.name("mrope_section") + "[" + std::to_string(i) +
                            "]: expected a whole number from 0 to " +
                            std::to_string(kMaxModelHeadDim) + ", got " + show(v));
            out.mropeSection.push_back(static_cast<std::int64_t>(v));
        }
    for (const char* key : {"mrope_interleaved", "interleaved"}) {
        auto b = set.boolean(key);
        if (!b) return b.error();
        if (*b) {
            out.mropeInterleaved = **b;
            break;
        }
    }
    if (out.type != "default" && out.factor && !(*out.factor >= 1))
        return fail(set.name("factor") + ": must be at least 1 for " + out.type + " scaling, got " +
                    show(*out.factor));
    return {};
}

}  // namespace

Expected<RopeSet> readRopeSet(const Source& set, const Source& model, double topTheta) {
    RopeSet out;
    out.path = set.path();
    auto type = readType(set);
    if (!type) return type.error();
    out.type = *type;
    out.scaled = set.object() != nullptr && out.type != "default";
    auto theta = set.positive("rope_theta");
    if (!theta) return theta.error();
    out.theta = theta->value_or(topTheta);
    if (auto st = readPartialRotary(set, model, out); !st) return st.error();
    if (auto st = readOriginalMax(set, model, out); !st) return st.error();
    if (auto st = readScalingKeys(set, out); !st) return st.error();
    auto alpha = set.positive("alpha");
    if (!alpha) return alpha.error();
    out.alpha = *alpha;
    unknownKeys(set, out);
    return out;
}

}  // namespace poslab::core::models::detail
