#include "core/models/rope_params.h"

#include "core/params/param_spec.h"

namespace poslab::core::models {

namespace {

std::string text(double v) {
    return formatValue(v);
}

std::string list(const std::vector<double>& values) {
    std::string out;
    for (std::size_t j = 0; j < values.size(); ++j) out += (j ? "," : "") + text(values[j]);
    return out;
}

void addQueryScale(const KindInfo& kind, std::vector<std::pair<std::string, std::string>>& out) {
    if (!kind.queryScale) {
        out.emplace_back("query_scale", "none");
        return;
    }
    const QueryScale& q = *kind.queryScale;
    out.emplace_back("query_scale", q.kind);
    if (q.kind == "llama4_temperature") {
        out.emplace_back("floor_scale", text(q.floorScale));
        out.emplace_back("attn_scale", text(q.attnScale));
    } else if (q.kind == "qwen_logn") {
        // Its own key: Qwen v1's L (seq_length) need not be the rope set's L.
        out.emplace_back("logn_max", std::to_string(q.originalMax));
    } else {
        out.emplace_back("scaling_beta", text(q.beta));
        // The rope set's L, unless it has none (the rule's own L then).
        if (kind.params.scaling == "none" || kind.params.scaling == "linear" ||
            kind.params.scaling == "proportional")
            out.emplace_back("original_max_position", std::to_string(q.originalMax));
    }
}

}  // namespace

std::vector<std::pair<std::string, std::string>> ropeParamTexts(
    const KindInfo& kind, std::optional<std::int64_t> seqLen) {
    std::vector<std::pair<std::string, std::string>> out;
    if (!kind.rope) {
        addQueryScale(kind, out);
        return out;
    }
    const enc::RopeFrequencyParams& r = kind.params;
    out = {{"d", std::to_string(r.d)},  {"base", text(r.base)},
           {"pairing", kind.pairing},   {"scaling", r.scaling},
           {"factor", text(r.factor)},  {"partial_rotary_factor", text(r.partialRotary)},
           {"logit_gain", r.logitGain}, {"mscale_all_dim", text(r.mscaleAllDim)}};
    if (r.scaling == "dynamic" || r.scaling == "yarn" || r.scaling == "llama3" ||
        r.scaling == "longrope")
        out.emplace_back("original_max_position",
                         std::to_string(static_cast<std::int64_t>(r.originalMaxPosition)));
    if (r.scaling == "yarn") {
        out.emplace_back("beta_fast", text(r.betaFast));
        out.emplace_back("beta_slow", text(r.betaSlow));
        out.emplace_back("attention_factor", text(r.attentionFactor));
        out.emplace_back("mscale", text(r.mscale));
        out.emplace_back("truncate", r.truncate ? "true" : "false");
    } else if (r.scaling == "llama3") {
        out.emplace_back("low_freq_factor", text(r.lowFreqFactor));
        out.emplace_back("high_freq_factor", text(r.highFreqFactor));
    } else if (r.scaling == "longrope") {
        out.emplace_back("attention_factor", text(r.attentionFactor));
        out.emplace_back("short_factor", list(r.shortFactor));
        out.emplace_back("long_factor", list(r.longFactor));
    }
    // dynamic and longrope read s; the model's s (its --seq-len, else M or L) is kept unless the
    // caller names another.
    if (seqLen)
        out.emplace_back("seq_len", std::to_string(*seqLen));
    else if (r.scaling == "dynamic" || r.scaling == "longrope")
        out.emplace_back("seq_len", std::to_string(r.length));
    addQueryScale(kind, out);
    return out;
}

Expected<const KindInfo*> kindOfLayer(const ModelConfig& config,
                                      std::optional<std::int64_t> layer) {
    const auto count = static_cast<std::int64_t>(config.layers.size());
    if (!layer) {
        const int first = config.firstRopeLayer();
        if (first < 0) return fail("--model: no layer of this model has RoPE");
        return config.kind(config.layers[static_cast<std::size_t>(first)]);
    }
    if (*layer < 0 || *layer >= count)
        return fail("--layer " + std::to_string(*layer) + ": the model has " +
                    std::to_string(count) + " layers (0-" + std::to_string(count - 1) + ")");
    const KindInfo* k = config.kind(config.layers[static_cast<std::size_t>(*layer)]);
    if (!k) return fail("--layer " + std::to_string(*layer) + ": no parameter set for its kind");
    return k;
}

}  // namespace poslab::core::models
