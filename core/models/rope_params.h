// From a model to the rope encoding (models.md M4 `--model`): the rope parameters that reproduce
// one kind of layer, so that every rope quantity and view follows the model and `-p` can override
// any of them afterwards.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/models/model_config.h"

namespace poslab::core::models {

// Names and command-line texts of the rope parameters of `kind` (d, base, pairing, scaling,
// factor, original_max_position, partial_rotary_factor, the yarn / llama3 / longrope keys,
// logit_gain, query_scale and its constants: floor_scale, attn_scale, scaling_beta, logn_max).
// `seqLen` becomes seq_len when given. A NoPE kind gives only its query-scale keys. Feeding them to
// parseParams("rope") gives the same inv_freq, attention factor and logit multiplier as `kind`
// (tested).
std::vector<std::pair<std::string, std::string>> ropeParamTexts(
    const KindInfo& kind, std::optional<std::int64_t> seqLen = std::nullopt);

// The kind of layer `layer` (nullopt: the first layer with RoPE). Errors, one line naming the
// layer: out of range ("--layer 40: the model has 32 layers (0-31)"), or no layer has RoPE.
// The layer is reported as given, however large.
Expected<const KindInfo*> kindOfLayer(const ModelConfig& config, std::optional<std::int64_t> layer);

}  // namespace poslab::core::models
