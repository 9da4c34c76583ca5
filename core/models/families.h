// Family rules for RoPE keys (models.md M5.3): the keys each family spells its own way (n_embd,
// kv_channels, rotary_pct, rotary_emb_base, rope_ratio, ...), the rotary dim its code takes, its
// base and its pairing, each rule checked against the family's own modeling code.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/models/json_access.h"

namespace poslab::core::models::detail {

// The first of `keys` the config has, as a positive whole number (an error names that key).
struct Counted {
    std::optional<std::int64_t> value;
    std::string key;  // the key it came from ("n_layer"), empty when none
};
Expected<Counted> firstCount(const Source& model, const std::vector<std::string>& keys);

// What a family's code reads for the RoPE of a layer, beyond M1.
struct FamilyRope {
    std::string family;                     // the rule group ("gpt_neox"), empty: M1 only
    std::optional<std::int64_t> headDim;    // kv_channels, n_embd / n_head, ...
    std::string headDimKey = "head_dim";    // for messages
    std::optional<std::int64_t> rotaryDim;  // exact rotary dim (rotary_pct, rotary_dim, ...)
    std::string rotaryKey;                  // the key that gave it
    std::optional<double> theta;            // base: rotary_emb_base, 10000 * rope_ratio, ...
    std::string thetaKey;                   // the key that gave it
    std::optional<double> partialDefault;   // GLM: 0.5 when the config gives none
    std::string pairing = "half";           // half | interleaved
    std::string pairingSource = "default (rotate_half)";
    bool ntkAlphaSets = false;                   // Hunyuan: {"type": "dynamic", "alpha": A}
    bool qwenDynamic = false, qwenLogn = false;  // Qwen v1 use_dynamic_ntk / use_logn_attn
    std::optional<std::int64_t> qwenL;           // Qwen v1: seq_length
};

Expected<FamilyRope> readFamilyRope(const Source& model, const std::optional<std::string>& type);

// The layers and the largest position of a family that spells them its own way (n_layer,
// num_layers, n_positions, seq_length, max_seq_len); M1's keys first.
Expected<Counted> readLayerCount(const Source& model);
Expected<Counted> readMaxPositions(const Source& model);

// Every head-count spelling (num_attention_heads, n_head, n_heads, num_heads).
Expected<Counted> readHeads(const Source& model);
// Every hidden-size spelling (hidden_size, n_embd, d_model).
Expected<Counted> readHidden(const Source& model);

}  // namespace poslab::core::models::detail
