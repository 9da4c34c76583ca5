// Configs that models.md M3 refuses, each with the key its one-line message must name. Shared by
// the core reader's suite and the `poslab model` CLI suite, so both check the same table.
#pragma once

#include <vector>

namespace poslab::test {

struct BadModelConfig {
    const char* tag;
    const char* json;
    const char* key;  // must appear in the message
};

inline const std::vector<BadModelConfig>& badModelConfigs() {
    static const std::vector<BadModelConfig> table = {
        {"not json", R"({"head_dim": 64,)", "config"},
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
        {"odd head_dim", R"({"head_dim": 63})", "head_dim"},
        {"odd rotary dim", R"({"head_dim": 90, "partial_rotary_factor": 0.1})",
         "partial_rotary_factor"},
        {"partial_rotary_factor above 1", R"({"head_dim": 64, "partial_rotary_factor": 1.5})",
         "partial_rotary_factor"},
        {"head_dim not derivable", R"({"hidden_size": 4096})", "head_dim"},
        {"head_dim not exact", R"({"hidden_size": 4096, "num_attention_heads": 30})",
         "num_attention_heads"},
        {"layer_types wrong length",
         R"({"head_dim": 64, "num_hidden_layers": 3,
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
        {"num_hidden_layers 0", R"({"head_dim": 64, "num_hidden_layers": 0})", "num_hidden_layers"},
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

}  // namespace poslab::test
