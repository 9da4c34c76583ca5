// Which kind of layer each layer is (models.md M1 "Layer map" with the fixes of M5.1): the layer
// types (layer_types, the Gemma 2 / Gemma 3 / Cohere 2 patterns, full_attention_interval, or every
// layer full attention), then the NoPE marks (no_rope_layers / no_rope_layer_interval) on top of
// them, and the layer types that are not softmax attention (no positions at all).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/expected.h"
#include "core/models/json_access.h"

namespace poslab::core::models::detail {

struct LayerMap {
    std::vector<std::string> layers;  // kind name per layer
    // Kinds of attention without RoPE ("nope", "x:nope"), and kinds that are not softmax
    // attention (no positions): hash sets, a hostile config may name 100,000 kinds.
    std::unordered_set<std::string> nope, linear;
    // rope_local_base_freq: every sliding_attention layer uses unscaled RoPE with this base (the
    // config's set applies to the other layers) unless a nested set names sliding_attention.
    std::optional<double> localBase;
    // A sliding_window that applies to every attention layer (Mistral / StarCoder2 style).
    bool windowEverywhere = false;
};

// True for a layer type that is softmax attention (ends in "_attention", not linear_attention).
bool isAttentionType(const std::string& type);
// The layer type of a kind ("sliding_attention:nope" -> "sliding_attention").
std::string layerTypeOf(const std::string& kind);

// `nestedSets`: the layer-type names of a v5 nested rope_parameters (null for one set), which
// the RoPE layers of layer_types must name. `type`: model_type (family patterns).
Expected<LayerMap> readLayerMap(const Source& model, std::int64_t numLayers,
                                const std::vector<std::string>* nestedSets,
                                const std::optional<std::string>& type,
                                std::vector<std::string>& notes);

}  // namespace poslab::core::models::detail
