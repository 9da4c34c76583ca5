// The positions a model's long-range views mark (models.md M5.4): L, the original context a
// scaled RoPE kind was trained at; max, max_position_embeddings; s, the sequence length the views
// open at (the given one, else max). Equal positions are one mark whose label joins the names
// ("max = s"). Used by `poslab render --model` and by the GUI's views opened from the Model page.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/models/model_config.h"

namespace poslab::core::models {

struct PositionMark {
    std::int64_t position = 0;
    std::string label;  // "L", "max", "s", or several joined: "max = s"
};

// The sequence length s: `seqLen` when given, else max_position_embeddings (none: unset).
std::optional<std::int64_t> sequenceLength(const ModelConfig& config,
                                           std::optional<std::int64_t> seqLen);

// The marks of one kind of layer, in ascending position. L only for a RoPE kind whose scaling
// has an original context (not "default").
std::vector<PositionMark> positionMarks(const ModelConfig& config, const KindInfo& kind,
                                        std::optional<std::int64_t> seqLen);

// The extended context a kind reaches, the one number the Model page's readouts, its wavelength
// chart and its figures show (issue 25 item 6): max_position_embeddings, or factor x L where that
// is larger (Qwen2.5's YaRN block keeps max_position_embeddings at L = 32 768 and reaches 4 L).
struct ExtendedContext {
    std::int64_t positions = 0;
    bool fromFactor = false;  // factor x L, past max_position_embeddings
};
// None where the config gives neither a context length nor a scaled L.
std::optional<ExtendedContext> extendedContext(const ModelConfig& config, const KindInfo& kind);

}  // namespace poslab::core::models
