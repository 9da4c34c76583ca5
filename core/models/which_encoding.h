// Which positional encoding a config implies (models.md M5.2), and the whole reading of the
// configs whose positions are not RoPE: ALiBi (BLOOM's rule, MPT's gen_slopes), T5's relative
// buckets (encoder and decoder), learned absolute tables (with the index offset of OPT, BART,
// RoBERTa) and BERT's relative_key (Shaw).
#pragma once

#include <optional>
#include <string>

#include "core/expected.h"
#include "core/models/json_access.h"
#include "core/models/model_config.h"

namespace poslab::core::models::detail {

// The first rule of M5.2 that applies: mrope, alibi, t5, learned, shaw, rope; or one line naming
// model_type when none does (rule 6). `encoding.rule` names the key or model_type that decided.
Expected<EncodingInfo> whichEncoding(const Source& model, const std::optional<std::string>& type);

// A config whose encoding is alibi, t5, learned or shaw: the layer map (one kind per stack), the
// parameters each kind implies, head_dim where the config gives it, the summary and the notes.
Status readOtherEncoding(const Source& model, ModelConfig& cfg);

}  // namespace poslab::core::models::detail
