// One RoPE parameter set as a config states it (models.md M1), before any frequency is computed:
// aliases resolved (`type` -> `rope_type`, `su` -> longrope, mrope -> default) and the top-level
// overrides of transformers' `standardize_rope_params` applied.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/models/json_access.h"

namespace poslab::core::models::detail {

struct RopeSet {
    std::string
        path;  // names the set in messages: "rope_scaling", "rope_parameters.full_attention"
    std::string type = "default";
    double theta = 10000;
    std::optional<double> factor;
    double partialRotary = 1;
    bool partialGiven = false;  // partial_rotary_factor was in the config (not the default 1)
    std::optional<std::int64_t> originalMax;  // resolved L (yarn, longrope, llama3)
    std::optional<double> attentionFactor, mscale, mscaleAllDim, betaFast, betaSlow;
    std::optional<double> lowFreqFactor, highFreqFactor, llama4Beta;
    bool truncate = true;
    std::optional<std::vector<double>> shortFactor, longFactor;
    std::vector<std::int64_t> mropeSection;
    std::optional<bool> mropeInterleaved;  // mrope_interleaved (alias interleaved), if given
    std::optional<double> alpha;           // Hunyuan's NTK alpha (a key HF does not read)
    std::vector<std::string> unknown;      // keys of the set PosLab does not model (M5.4 notes)
    bool scaled = false;  // a scaling block is present (DeepSeek's softmax gain needs it)
};

// The set in `set` (may be null: unscaled RoPE), with `model` for the top-level keys
// (rope_theta, partial_rotary_factor, original_max_position_embeddings, max_position_embeddings).
// `topTheta`: the base a set without its own rope_theta uses.
Expected<RopeSet> readRopeSet(const Source& set, const Source& model, double topTheta);

}  // namespace poslab::core::models::detail
