#include "core/models/families.h"

#include <cmath>

namespace poslab::core::models::detail {

namespace {

bool oneOf(const std::optional<std::string>& type, std::initializer_list<const char*> names) {
    if (!type) return false;
    for (const char* n : names)
        if (*type == n) return true;
    return false;
}

Status interleaved(FamilyRope& f, const std::string& why) {
    f.pairing = "interleaved";
    f.pairingSource = why;
    return {};
}

// The rotary dim `int(head_dim * pct)` of GPT-NeoX and Qwen v1 (Python's int() floors).
Status rotaryFromPct(const Source& model, const char* key, double fallback, std::int64_t headDim,
                     FamilyRope& f) {
    auto pct = model.number(key);
    if (!pct) return pct.error();
    const double p = pct->value_or(fallback);
    if (!(p > 0 && p <= 1)) return fail(model.name(key) + ": must be in (0, 1], got " + show(p));
    f.rotaryDim = static_cast<std::int64_t>(std::floor(static_cast<double>(headDim) * p));
    f.rotaryKey = *pct ? model.name(key) : std::string(key) + " (default " + show(fallback) + ")";
    return {};
}

Status baseFrom(const Source& model, const char* key, FamilyRope& f) {
    if (model.has("rope_theta")) return {};  // a newer config's own key wins
    auto base = model.positive(key);
    if (!base) return base.error();
    if (*base) {
        f.theta = **base;
        f.thetaKey = model.name(key);
    }
    return {};
}

// head_dim of families that give it as hidden / heads in their own spelling.
Status headFromEmbd(const Source& model, FamilyRope& f) {
    if (model.has("head_dim")) return {};
    auto hidden = readHidden(model);
    if (!hidden) return hidden.error();
    auto heads = readHeads(model);
    if (!heads) return heads.error();
    if (!hidden->value || !heads->value) return {};  // M1's message names what is missing
    if (*hidden->value % *heads->value != 0)
        return fail("head_dim: missing, and " + hidden->key + " " + std::to_string(*hidden->value) +
                    " is not divisible by " + heads->key + " " + std::to_string(*heads->value));
    f.headDim = *hidden->value / *heads->value;
    f.headDimKey = "head_dim (" + hidden->key + " / " + heads->key + ")";
    return {};
}

Status gptNeox(const Source& model, std::int64_t headDim, FamilyRope& f) {
    if (!model.has("partial_rotary_factor"))
        if (auto st = rotaryFromPct(model, "rotary_pct", 0.25, headDim, f); !st) return st;
    return baseFrom(model, "rotary_emb_base", f);
}

Status gptj(const Source& model, std::int64_t headDim, FamilyRope& f, const std::string& type) {
    auto rd = model.count("rotary_dim");
    if (!rd) return rd.error();
    f.rotaryDim = rd->value_or(headDim);
    f.rotaryKey = *rd ? model.name("rotary_dim") : "rotary_dim (null: the whole head)";
    if (type == "phi-msft" || type == "phi") {
        f.pairingSource = "model_type " + type + " (rotate_half)";
        return {};
    }
    return interleaved(f, "model_type " + type);
}

Status chatglm(const Source& model, FamilyRope& f) {
    auto kv = model.count("kv_channels");
    if (!kv) return kv.error();
    if (*kv) {
        f.headDim = **kv;
        f.headDimKey = model.name("kv_channels");
    }
    const std::int64_t hd = f.headDim.value_or(0);
    if (hd % 2 != 0)
        return fail(f.headDimKey + ": must be even (ChatGLM rotates half of it), got " +
                    std::to_string(hd));
    if (hd > 0) {
        f.rotaryDim = hd / 2;
        f.rotaryKey = f.headDimKey + " / 2";
    }
    auto ratio = model.positive("rope_ratio");
    if (!ratio) return ratio.error();
    f.theta = 10000 * ratio->value_or(1);
    f.thetaKey = *ratio ? "10000 x " + model.name("rope_ratio") : "10000 (chatglm)";
    return interleaved(f, "model_type chatglm");
}

Status qwenV1(const Source& model, FamilyRope& f) {
    auto kv = model.count("kv_channels");
    if (!kv) return kv.error();
    if (*kv) {
        f.headDim = **kv;
        f.headDimKey = model.name("kv_channels");
    }
    auto L = model.count("seq_length");
    if (!L) return L.error();
    f.qwenL = *L;
    auto dyn = model.boolean("use_dynamic_ntk");
    if (!dyn) return dyn.error();
    auto logn = model.boolean("use_logn_attn");
    if (!logn) return logn.error();
    f.qwenDynamic = dyn->value_or(true);
    f.qwenLogn = logn->value_or(true);
    if ((f.qwenDynamic || f.qwenLogn) && !f.qwenL)
        return fail(model.name("seq_length") + ": missing; Qwen's " +
                    (f.qwenDynamic ? "use_dynamic_ntk" : "use_logn_attn") + " needs it");
    f.pairingSource = "model_type qwen (rotate_half)";
    return baseFrom(model, "rotary_emb_base", f);
}

}  // namespace

Expected<Counted> firstCount(const Source& model, const std::vector<std::string>& keys) {
    for (const std::string& key : keys) {
        auto v = model.count(key);
        if (!v) return v.error();
        if (*v) return Counted{*v, model.name(key)};
    }
    return Counted{};
}

Expected<Counted> readLayerCount(const Source& model) {
    return firstCount(model, {"num_hidden_layers", "n_layer", "n_layers", "num_layers"});
}

Expected<Counted> readMaxPositions(const Source& model) {
    return firstCount(model,
                      {"max_position_embeddings", "n_positions", "seq_length", "max_seq_len"});
}

Expected<Counted> readHeads(const Source& model) {
    return firstCount(model, {"num_attention_heads", "n_head", "n_heads", "num_heads"});
}

Expected<Counted> readHidden(const Source& model) {
    return firstCount(model, {"hidden_size", "n_embd", "d_model"});
}

Expected<FamilyRope> readFamilyRope(const Source& model, const std::optional<std::string>& type) {
    FamilyRope f;
    if (!type) return f;
    f.family = *type;
    Status st;
    const auto headDim = [&]() -> Expected<std::int64_t> {
        if (auto h = headFromEmbd(model, f); !h) return h.error();
        if (f.headDim) return *f.headDim;
        auto hd = model.count("head_dim");
        if (!hd) return hd.error();
        return hd->value_or(0);
    };
    if (*type == "gpt_neox" || *type == "gpt_neox_japanese") {
        auto hd = headDim();
        if (!hd) return hd.error();
        st = gptNeox(model, *hd, f);
    } else if (oneOf(type, {"gptj", "codegen", "phi-msft"}) ||
               (*type == "phi" && model.has("rotary_dim"))) {
        auto hd = headDim();
        if (!hd) return hd.error();
        st = gptj(model, *hd, f, *type);
    } else if (*type == "chatglm") {
        if (!model.has("kv_channels")) {
            auto hd = headDim();
            if (!hd) return hd.error();
            if (*hd > 0) f.headDim = *hd;
        }
        st = chatglm(model, f);
    } else if (oneOf(type, {"glm", "glm4"})) {
        f.partialDefault = 0.5;
        st = interleaved(f, "model_type " + *type);
    } else if (*type == "glm4_moe") {
        f.partialDefault = 0.5;  // Glm4MoeConfig's own default; rotate_half (gpt_neox's)
        f.pairingSource = "model_type glm4_moe (rotate_half)";
    } else if (oneOf(type, {"cohere", "cohere2", "ernie4_5", "ernie4_5_moe"})) {
        st = interleaved(f, "model_type " + *type);
    } else if (*type == "qwen") {
        st = qwenV1(model, f);
        if (st) {
            auto hd = f.headDim ? Expected<std::int64_t>(*f.headDim) : headDim();
            if (!hd) return hd.error();
            st = rotaryFromPct(model, "rotary_pct", 1.0, *hd, f);
        }
    } else if (oneOf(type, {"hunyuan_v1_dense", "hunyuan_v1_moe", "hunyuan"})) {
        f.ntkAlphaSets = true;
    } else {
        f.family.clear();
    }
    if (!st) return st.error();
    return f;
}

}  // namespace poslab::core::models::detail
