#include "core/models/which_encoding.h"

#include <array>
#include <string_view>

#include "core/models/families.h"

namespace poslab::core::models::detail {

namespace {

constexpr std::array<std::string_view, 12> kRopeKeys = {
    "rope_theta",       "rope_scaling",         "rope_parameters",       "rotary_dim",
    "rotary_pct",       "rotary_emb_base",      "partial_rotary_factor", "rope_ratio",
    "qk_rope_head_dim", "rope_local_base_freq", "no_rope_layers",        "no_rope_layer_interval"};

// Model types whose code rotates (M5.2 rule 5); a trailing '*' matches any ending.
constexpr std::array<std::string_view, 44> kRopeTypes = {
    "llama*",    "mistral*", "mixtral",   "qwen*",   "gemma*",    "phi*",       "falcon",
    "gpt_neox*", "gptj",     "codegen",   "cohere*", "stablelm*", "starcoder2", "internlm*",
    "deepseek*", "kimi*",    "glm*",      "chatglm", "ernie4_5*", "hunyuan*",   "olmo*",
    "granite*",  "smollm3",  "minicpm*",  "exaone*", "nemotron*", "yi",         "baichuan",
    "gpt_oss",   "lfm2*",    "persimmon", "fuyu",    "jetmoe",    "dbrx",       "arcee",
    "apertus",   "seed_oss", "bitnet",    "helium",  "dots1",     "aquila",     "internvl*",
    "mllama",    "moonshot*"};

constexpr std::array<std::string_view, 5> kT5Types = {"t5", "mt5", "umt5", "longt5",
                                                      "switch_transformers"};
// Learned absolute tables by model_type, and the index offset their code adds.
struct LearnedType {
    std::string_view type;
    int offset;  // -1: RoBERTa's padding_idx + 1
    bool sinusoidal;
};
constexpr std::array<LearnedType, 13> kLearned = {{{"gpt2", 0, false},
                                                   {"gpt_bigcode", 0, false},
                                                   {"opt", 2, false},
                                                   {"bart", 2, false},
                                                   {"mbart", 2, false},
                                                   {"biogpt", 2, false},
                                                   {"xglm", 2, true},
                                                   {"bert", 0, false},
                                                   {"electra", 0, false},
                                                   {"roberta", -1, false},
                                                   {"xlm-roberta", -1, false},
                                                   {"camembert", -1, false},
                                                   {"distilbert", 0, false}}};

bool typeMatches(std::string_view type, std::string_view pattern) {
    if (!pattern.empty() && pattern.back() == '*')
        return type.substr(0, pattern.size() - 1) == pattern.substr(0, pattern.size() - 1);
    return type == pattern;
}

const LearnedType* learnedType(const std::optional<std::string>& type) {
    if (!type) return nullptr;
    for (const LearnedType& l : kLearned)
        if (*type == l.type) return &l;
    return nullptr;
}

// A key present in the config, a JSON null included (`"rope_scaling": null` says RoPE).
bool present(const Source& model, std::string_view key) {
    const std::string k(key);
    if (model.has(k)) return true;
    return model.object() && model.object()->contains(k);
}

bool hasMrope(const Source& model) {
    const auto carries = [](const Json* set) {
        return set && set->is_object() && set->contains("mrope_section");
    };
    if (carries(model.find("rope_scaling"))) return true;
    const Json* rp = model.find("rope_parameters");
    if (!rp || !rp->is_object()) return false;
    if (carries(rp)) return true;
    for (auto it = rp->begin(); it != rp->end(); ++it)
        if (carries(&*it)) return true;
    return false;
}

Expected<bool> flag(const Source& s, const std::string& key) {
    auto v = s.boolean(key);
    if (!v) return v.error();
    return v->value_or(false);
}

std::string typeName(const std::optional<std::string>& type) {
    return type ? "model_type '" + echo(*type) + "'" : std::string("a config without model_type");
}

}  // namespace

Expected<EncodingInfo> whichEncoding(const Source& model, const std::optional<std::string>& type) {
    EncodingInfo e;
    if (hasMrope(model)) {
        e.id = "mrope";
        e.rule = "mrope_section";
        return e;
    }
    auto alibi = flag(model, "alibi");
    if (!alibi) return alibi.error();
    if (*alibi) {
        e.id = "alibi";
        e.rule = model.name("alibi");
        return e;
    }
    if (const Json* ac = model.find("attn_config"); ac && ac->is_object()) {
        auto mpt = flag(Source(ac, "attn_config"), "alibi");
        if (!mpt) return mpt.error();
        if (*mpt) {
            e.id = "alibi";
            e.rule = "attn_config.alibi";
            return e;
        }
    }
    if (type && *type == "bloom") {
        e.id = "alibi";
        e.rule = "model_type bloom";
        return e;
    }
    bool t5 = model.has("relative_attention_num_buckets");
    for (std::string_view t : kT5Types) t5 |= type && *type == t;
    if (t5) {
        e.id = "t5";
        e.rule = model.has("relative_attention_num_buckets")
                     ? model.name("relative_attention_num_buckets")
                     : typeName(type);
        return e;
    }
    auto pet = model.text("position_embedding_type");
    if (!pet) return pet.error();
    if (*pet && (**pet == "relative_key" || **pet == "relative_key_query")) {
        e.id = "shaw";
        e.rule = model.name("position_embedding_type") + " " + **pet;
        return e;
    }
    if ((*pet && **pet == "absolute") || learnedType(type)) {
        e.id = "learned";
        e.rule = *pet ? model.name("position_embedding_type") + " absolute" : typeName(type);
        return e;
    }
    for (std::string_view key : kRopeKeys)
        if (present(model, key)) {
            e.rule = std::string(key);
            return e;
        }
    if (type)
        for (std::string_view t : kRopeTypes)
            if (typeMatches(*type, t)) {
                e.rule = typeName(type);
                return e;
            }
    if (*pet)
        return fail(model.name("position_embedding_type") + ": '" + echo(**pet) +
                    "' is not a positional encoding PosLab can read (absolute, relative_key, "
                    "relative_key_query)");
    return fail("cannot tell the positional encoding of " + typeName(type) +
                " (no rope, alibi, relative-bucket or position-embedding keys)");
}

}  // namespace poslab::core::models::detail
