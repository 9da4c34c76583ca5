// Configs that models.md M3 refuses, each with the key its one-line message must name. Shared by
// the core reader's suite and the `poslab model` CLI suite, so both check the same table.
#pragma once

#include <string>
#include <vector>

#include "core/expected.h"

namespace poslab::test {

struct BadModelConfig {
    const char* tag;
    const char* json;
    const char* key;  // must appear in the message
};

inline const std::vector<BadModelConfig>& badModelConfigs() {
    static const std::vector<BadModelConfig> table = {
        {"not json", R"({"head_dim": 64,)", "config"},
        // models.md M5 (issue 24): every new key validated, and a config without an encoding.
        {"kv_channels odd", R"({"model_type": "chatglm", "kv_channels": 127})", "kv_channels"},
        {"rotary_pct 0",
         R"({"model_type": "gpt_neox", "hidden_size": 512, "num_attention_heads": 8,
             "rotary_pct": 0})",
         "rotary_pct"},
        {"rotary_pct above 1",
         R"({"model_type": "gpt_neox", "hidden_size": 512, "num_attention_heads": 8,
             "rotary_pct": 1.25})",
         "rotary_pct"},
        {"alpha 0",
         R"({"model_type": "hunyuan_v1_dense", "head_dim": 128,
             "rope_scaling": {"type": "dynamic", "alpha": 0, "factor": 1}})",
         "rope_scaling.alpha"},
        {"alibi_bias_max negative",
         R"({"model_type": "mpt", "n_heads": 8, "attn_config": {"alibi": true,
             "alibi_bias_max": -8}})",
         "attn_config.alibi_bias_max"},
        {"num_buckets 1",
         R"({"model_type": "t5", "num_heads": 8, "num_layers": 2,
             "relative_attention_num_buckets": 1})",
         "relative_attention_num_buckets"},
        {"a layer type PosLab cannot place",
         R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 2,
             "layer_types": ["full_attention", "x:y"]})",
         "layer_types[1]"},
        {"no encoding to tell", R"({"model_type": "mystery", "hidden_size": 64})",
         "model_type 'mystery'"},
        {"nan literal", R"({"head_dim": 64, "rope_theta": NaN})", "config"},
        {"not an object", R"([1, 2, 3])", "config"},
        {"unknown rope_type",
         R"({"head_dim": 64, "rope_scaling": {"rope_type": "ntk-by-parts", "factor": 2}})",
         "rope_scaling.rope_type"},
        {"unknown type alias", R"({"head_dim": 64, "rope_scaling": {"type": "sux", "factor": 2}})",
         "rope_scaling.type"},
        {"factor below 1",
         R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear", "factor": 0.5}})",
         "rope_scaling.factor"},
        {"linear without factor", R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear"}})",
         "rope_scaling.factor"},
        {"dynamic without factor",
         R"({"head_dim": 64, "max_position_embeddings": 2048,
             "rope_scaling": {"rope_type": "dynamic"}})",
         "rope_scaling.factor"},
        {"yarn without factor or max",
         R"({"head_dim": 64, "rope_scaling": {"rope_type": "yarn",
             "original_max_position_embeddings": 4096}})",
         "factor"},
        {"llama3 without low_freq_factor",
         R"({"head_dim": 64, "max_position_embeddings": 131072, "rope_scaling": {
             "rope_type": "llama3", "factor": 8, "high_freq_factor": 4}})",
         "low_freq_factor"},
        {"llama3 without high_freq_factor",
         R"({"head_dim": 64, "max_position_embeddings": 131072, "rope_scaling": {
             "rope_type": "llama3", "factor": 8, "low_freq_factor": 1}})",
         "high_freq_factor"},
        {"llama3 without L or max",
         R"({"head_dim": 64, "rope_scaling": {"rope_type": "llama3", "factor": 8,
             "low_freq_factor": 1, "high_freq_factor": 4}})",
         "original_max_position_embeddings"},
        {"longrope without long_factor",
         R"({"head_dim": 8, "max_position_embeddings": 8192, "original_max_position_embeddings":
             4096, "rope_scaling": {"type": "longrope", "short_factor": [1, 1, 1, 1]}})",
         "rope_scaling.long_factor"},
        {"longrope short_factor too short",
         R"({"head_dim": 8, "max_position_embeddings": 8192, "original_max_position_embeddings":
             4096, "rope_scaling": {"type": "longrope", "short_factor": [1, 1, 1],
             "long_factor": [1, 2, 3, 4]}})",
         "rope_scaling.short_factor"},
        {"longrope factor 0",
         R"({"head_dim": 8, "max_position_embeddings": 8192, "original_max_position_embeddings":
             4096, "rope_scaling": {"type": "su", "short_factor": [0, 1, 1, 1],
             "long_factor": [1, 2, 3, 4]}})",
         "rope_scaling.short_factor[0]"},
        {"odd head_dim", R"({"model_type": "llama", "head_dim": 63})", "head_dim"},
        {"odd rotary dim", R"({"head_dim": 90, "partial_rotary_factor": 0.1})",
         "partial_rotary_factor"},
        {"partial_rotary_factor above 1", R"({"head_dim": 64, "partial_rotary_factor": 1.5})",
         "partial_rotary_factor"},
        {"head_dim not derivable", R"({"model_type": "llama", "hidden_size": 4096})", "head_dim"},
        {"head_dim not exact",
         R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 30})",
         "num_attention_heads"},
        {"layer_types wrong length",
         R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 3,
             "layer_types": ["full_attention", "sliding_attention"]})",
         "layer_types"},
        {"layer_types unknown set",
         R"({"head_dim": 64, "num_hidden_layers": 2,
             "layer_types": ["full_attention", "local_attention"],
             "rope_parameters": {"full_attention": {"rope_type": "default", "rope_theta": 1e6}}})",
         "layer_types[1]"},
        {"no_rope_layers wrong length",
         R"({"head_dim": 64, "num_hidden_layers": 4, "no_rope_layers": [1, 1, 0]})",
         "no_rope_layers"},
        {"rope_theta overflows", R"({"head_dim": 64, "rope_theta": 1e999})", "rope_theta"},
        {"rope_theta not a number", R"({"head_dim": 64, "rope_theta": "10000"})", "rope_theta"},
        {"num_hidden_layers 0",
         R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 0})", "num_hidden_layers"},
        {"dynamic without max",
         R"({"head_dim": 64, "rope_scaling": {"rope_type": "dynamic", "factor": 2}})",
         "max_position_embeddings"},
        {"nested set missing for full layers",
         R"({"head_dim": 64, "rope_parameters": {"sliding_attention": {"rope_type": "default"}}})",
         "rope_parameters"},
        {"rope_scaling not an object", R"({"head_dim": 64, "rope_scaling": 8})", "rope_scaling"},
    };
    return table;
}

// Hostile configs (issue 23, review 2 N1, N2, N7, N9, N11, N12): each is refused with one short
// line whose start names the key (`key`: the message starts with "key: "), or read (`key`
// empty) with `kinds` kinds of layer (-1: any). Built here, since some are megabytes.
struct HostileModelConfig {
    std::string tag, json, key;
    int kinds = -1;
};

inline std::string repeated(const std::string& s, int n) {
    std::string out;
    out.reserve(s.size() * static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) out += s;
    return out;
}

// "t0", "t1", ...: `n` distinct layer types, and (`sets`) one nested rope set for each.
inline std::string distinctLayerTypes(int n, bool sets) {
    std::string types, params;
    for (int i = 0; i < n; ++i) {
        const std::string name = "\"" + std::to_string(i) + "_attention\"";
        types += (i ? "," : "") + name;
        params += (i ? "," : "") + name + ":{}";
    }
    return R"({"model_type": "llama", "head_dim": 8, "num_hidden_layers": )" + std::to_string(n) +
           R"(, "layer_types": [)" + types + "]" +
           (sets ? R"(, "rope_parameters": {)" + params + "}" : std::string()) + "}";
}

inline const std::vector<HostileModelConfig>& hostileModelConfigs() {
    static const std::vector<HostileModelConfig> table = [] {
        const int deep = 100000;
        const std::string deepList = repeated("[", deep) + repeated("]", deep);
        const std::string longKey(1000000, 'k');
        const std::string million = "[0" + repeated(",0", 999999) + "]";  // 2 MB, under the cap
        std::vector<HostileModelConfig> t = {
            // N1: nesting 100,000 deep, refused before anything recurses over it.
            {"deep list in model_type", R"({"model_type": )" + deepList + R"(, "head_dim": 128})",
             "model_type"},
            {"deep list in rope_scaling", R"({"head_dim": 128, "rope_scaling": )" + deepList + "}",
             "rope_scaling"},
            {"deep object in head_dim",
             R"({"head_dim": )" + repeated(R"({"a": )", deep) + "1" + repeated("}", deep) + "}",
             "head_dim"},
            {"deep inside text_config",
             R"({"text_config": {"head_dim": 64, "rope_scaling": )" + deepList + "}}",
             "text_config.rope_scaling"},
            {"deep in an unused key", R"({"x": )" + deepList + R"(, "head_dim": 64})", "x"},
            {"deep at the top", deepList, "config"},
            // N2: dims a table would be sized by, refused at once.
            {"head_dim 2^29", R"({"model_type":"llama","head_dim":536870912})", "head_dim"},
            {"head_dim 2^31", R"({"model_type":"llama","head_dim":2147483648})", "head_dim"},
            {"head_dim 2^40", R"({"model_type":"llama","head_dim":1099511627776})", "head_dim"},
            {"head_dim 9e15", R"({"model_type":"llama","head_dim":9e15})", "head_dim"},
            {"head_dim 65538", R"({"model_type":"llama","head_dim":65538})", "head_dim"},
            {"hidden_size 9e15",
             R"({"model_type":"llama","hidden_size":9e15,"num_attention_heads":1})",
             "head_dim (hidden_size / num_attention_heads)"},
            {"qk_rope_head_dim 2^28", R"({"head_dim":128,"qk_rope_head_dim":268435456})",
             "qk_rope_head_dim"},
            {"global_head_dim 2^28",
             R"({"model_type":"gemma4","head_dim":128,"global_head_dim":268435456,"num_hidden_layers":2,
                 "layer_types":["sliding_attention","full_attention"]})",
             "global_head_dim"},
            {"head_dim 65536 over 2000 kinds",
             R"({"model_type": "llama", "head_dim": 65536, "num_hidden_layers": 2000,
                 "layer_types": [)" +
                 [] {
                     std::string s;
                     for (int i = 0; i < 2000; ++i)
                         s += (i ? ",\"k" : "\"k") + std::to_string(i) + "_attention\"";
                     return s;
                 }() +
                 "]}",
             "head_dim"},
            {"head_dim 65536 once", R"({"model_type": "llama", "head_dim": 65536})", "", 1},
            // N12: a number a double cannot hold, named by its own key.
            {"1e999 first", R"({"rope_theta": 1e999, "model_type":"llama","head_dim":128})",
             "rope_theta"},
            {"1e999 middle", R"({"model_type":"llama","rope_theta": 1e999,"head_dim":128})",
             "rope_theta"},
            {"1e999 last", R"({"model_type":"llama","head_dim":128,"rope_theta": 1E+999})",
             "rope_theta"},
            {"-1e999", R"({"rope_theta": -1e999, "head_dim":128, "num_hidden_layers": 2})",
             "rope_theta"},
            {"400 digits", R"({"rope_theta": 1)" + std::string(400, '0') + R"(, "head_dim":128})",
             "rope_theta"},
            {"1e999 in rope_scaling.factor",
             R"({"rope_scaling": {"rope_type": "linear", "factor": 1e999}, "head_dim": 128})",
             "rope_scaling.factor"},
            {"1e999 in a list",
             R"({"rope_scaling": {"short_factor": [1, 2, 1e999]}, "head_dim": 128})",
             "rope_scaling.short_factor[2]"},
            {"1 MB key before 1e999", R"({")" + longKey + R"(": 1e999, "head_dim": 128})",
             core::echo(longKey)},
            // N11: whole values are described, never dumped.
            {"model_type a list of 10^6", R"({"model_type": )" + million + R"(, "head_dim": 128})",
             "model_type"},
            {"rope_scaling a list of 10^6", R"({"head_dim": 128, "rope_scaling": )" + million + "}",
             "rope_scaling"},
            {"head_dim a 1 MB string",
             R"({"model_type": "llama", "head_dim": ")" + longKey + R"("})", "head_dim"},
            {"mrope_section 1e300",
             R"({"head_dim": 128, "rope_scaling": {"type": "mrope", "mrope_section": [1e300]}})",
             "rope_scaling.mrope_section[0]"},
            // N9 / N10: controls in names reach no message or output unescaped.
            {"rope_type with ESC and RLO",
             R"({"head_dim": 64, "rope_scaling": {"rope_type": "x\n\u001b[2J\u202ey"}})",
             "rope_scaling.rope_type"},
            {"layer type naming no set, with C1",
             R"({"head_dim": 64, "num_hidden_layers": 1, "layer_types": ["\u009b31m\u0007_attention"],
                 "rope_parameters": {"full_attention": {"rope_type": "default"}}})",
             "layer_types[0]"},
            {"controls in layer types",
             R"({"model_type": "\u001b]0;pwned\u0007x\u009b\u202e\u2028", "head_dim": 64,
                 "num_hidden_layers": 6, "rope_theta": 10000, "layer_types": ["\u001b[31mred_attention",
                 "a\u0007b_attention", "line\nbreak_attention", "\u009bcsi_attention",
                 "\u202eevil_attention", "\u0000nul_attention"]})",
             "", 6},
            // N7: linear in the number of distinct kinds and sets.
            {"100,000 distinct layer types", distinctLayerTypes(100000, false), "", 100000},
            {"100,000 nested sets", distinctLayerTypes(100000, true), "", 100000},
            // N5: the config file's cap holds for a text too (a session embeds one).
            {"5 MB of text", R"({"head_dim": 64, "pad": ")" + std::string(5000000, ' ') + R"("})",
             "config"},
        };
        return t;
    }();
    return table;
}

}  // namespace poslab::test
