// Which kind of layer each layer is (models.md M1 "Layer map"): layer_types, the Gemma 3 pattern,
// no_rope_layers / no_rope_layer_interval, or every layer full attention.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/models/json_access.h"

namespace poslab::core::models::detail {

struct LayerMap {
    std::vector<std::string> layers;  // kind name per layer
    std::vector<std::string> nope;    // kinds without RoPE ("nope")
    // Gemma 3: sliding layers use unscaled RoPE with this base; the config's set applies to the
    // full-attention layers only.
    std::optional<double> localBase;
};

// `nestedSets`: the layer-type names of a v5 nested rope_parameters (null for one set), which
// layer_types must name.
Expected<LayerMap> readLayerMap(const Source& model, std::int64_t numLayers,
                                const std::vector<std::string>* nestedSets,
                                std::vector<std::string>& notes);

}  // namespace poslab::core::models::detail
