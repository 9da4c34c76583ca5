// The pieces of the config reader (models.md M1-M5) shared by reader.cpp (the text, the forms of
// the rope parameters, the head dim) and rope_kinds.cpp (one KindInfo per kind of layer).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/expected.h"
#include "core/models/families.h"
#include "core/models/layer_map.h"
#include "core/models/model_config.h"
#include "core/models/rope_set.h"

namespace poslab::core::models::detail {

struct Sets {
    std::vector<std::string> names;  // nested form: the layer-type names, in file order
    std::vector<RopeSet> sets;       // one per name, or exactly one
    bool nested = false;
    std::unordered_map<std::string, std::size_t> index;  // name -> set (nested form)
    std::optional<RopeSet> local;  // rope_local_base_freq: the sliding layers' unscaled set
};

// Working memory the reader is about to hold, against the memory budget (issue 23): every size
// a config implies (the parsed text, the layer map, the sets, each kind's tables) is charged
// before it is allocated, so a tiny file cannot take gigabytes.
class Tally {
public:
    explicit Tally(double budget) : m_budget(budget) {}
    Status take(double bytes, const std::string& key, const std::string& what);

private:
    double m_budget, m_used = 0;
};

// What the reader is doing, for the one line of an out-of-memory refusal, and its budget.
struct Reading {
    Tally tally;
    std::string stage = "the JSON text";
};

// One KindInfo per kind of layer in `cfg.layers` (order of first appearance): RoPE kinds with
// their set, the family's rules (rotary dim, pairing, NTK alpha, Qwen's dynamic NTK and log-n)
// and window; NoPE kinds; kinds that are not attention. Every table is charged first.
Status readKinds(const Source& model, Sets& sets, const LayerMap& map, const FamilyRope& family,
                 ModelConfig& cfg, std::optional<std::int64_t> seqLen, Reading& reading);

// The vision encoder of a `vision_config` (E2): its head dim, merge size and Qwen2.5-VL's
// tokens_per_second; none without num_heads and a width; one line naming the key otherwise.
Expected<std::optional<VisionInfo>> readVision(const Json& root);

}  // namespace poslab::core::models::detail
