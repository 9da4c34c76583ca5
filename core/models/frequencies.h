// Inverse frequencies, pair classes and attention factor of one RoPE set (models.md M2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/models/model_config.h"
#include "core/models/rope_set.h"

namespace poslab::core::models::detail {

struct FrequencyInputs {
    std::int64_t headDim = 0;
    std::optional<std::int64_t> rotaryBase;  // DeepSeek: qk_rope_head_dim replaces head_dim
    std::string headDimKey = "head_dim";     // the key d comes from, for messages
    std::optional<std::int64_t> maxPosition;
    std::optional<std::int64_t> seqLen;
    // A family's exact rotary dim (rotary_pct, rotary_dim, kv_channels / 2: M5.3) and the key
    // that gave it; the set's partial_rotary_factor is not applied on top.
    std::optional<std::int64_t> exactRotary;
    std::string rotaryKey;
    // Static NTK-alpha (Hunyuan's alpha, Qwen v1's dynamic NTK at s): base * alpha^(d/(d-2)).
    std::optional<double> ntkAlpha;
    bool deepseekGain = false;  // DeepSeek with a scaling block: softmax gains m^2 (M1)
};

// Fills the RoPE fields of `kind` (type, theta, dims, factor, L, a, inv_freq, classes; the
// logit multiplier as a^2) or names the key that makes the set unusable. HF's warnings go to
// `notes`.
Status computeFrequencies(const RopeSet& set, const FrequencyInputs& in, KindInfo& kind,
                          std::vector<std::string>& notes);

}  // namespace poslab::core::models::detail
