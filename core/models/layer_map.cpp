#include "core/models/layer_map.h"

#include <unordered_set>

namespace poslab::core::models::detail {

namespace {

Expected<LayerMap> fromLayerTypes(const Source& model, std::int64_t numLayers,
                                  const std::vector<std::string>* nestedSets) {
    const Json* list = model.find("layer_types");
    const std::string key = model.name("layer_types");
    if (!list->is_array()) return fail(key + ": expected a list of layer-type names");
    if (static_cast<std::int64_t>(list->size()) != numLayers)
        return fail(key + ": " + std::to_string(list->size()) + " entries, num_hidden_layers is " +
                    std::to_string(numLayers));
    // A hash set: a config may name 100,000 distinct sets (issue 23: linear time).
    std::unordered_set<std::string_view> sets;
    if (nestedSets) sets.insert(nestedSets->begin(), nestedSets->end());
    LayerMap map;
    map.layers.reserve(list->size());
    for (std::size_t i = 0; i < list->size(); ++i) {
        const Json& e = (*list)[i];
        const std::string at = key + "[" + std::to_string(i) + "]";
        if (!e.is_string()) return fail(at + ": expected a layer-type name, got " + describe(e));
        const std::string& name = e.get_ref<const std::string&>();
        if (nestedSets && !sets.contains(name))
            return fail(at + ": '" + echo(name) + "' names no set in rope_parameters");
        map.layers.push_back(name);
    }
    return map;
}

Expected<LayerMap> fromNoRopeLayers(const Source& model, std::int64_t numLayers) {
    auto flags = model.numbers("no_rope_layers");
    if (!flags) return flags.error();
    if (static_cast<std::int64_t>((*flags)->size()) != numLayers)
        return fail(model.name("no_rope_layers") + ": " + std::to_string((*flags)->size()) +
                    " entries, num_hidden_layers is " + std::to_string(numLayers));
    LayerMap map;
    for (double v : **flags) map.layers.emplace_back(v == 0 ? "nope" : "rope");  // 0: no RoPE
    map.nope = {"nope"};
    return map;
}

}  // namespace

Expected<LayerMap> readLayerMap(const Source& model, std::int64_t numLayers,
                                const std::vector<std::string>* nestedSets,
                                std::vector<std::string>& notes) {
    if (model.has("layer_types")) {
        if (model.has("no_rope_layers") || model.has("no_rope_layer_interval"))
            notes.push_back("layer_types gives the layer map; no_rope_layers is not applied");
        return fromLayerTypes(model, numLayers, nestedSets);
    }
    auto localBase = model.positive("rope_local_base_freq");
    if (!localBase) return localBase.error();
    if (*localBase) {
        auto pattern = model.count("sliding_window_pattern");
        if (!pattern) return pattern.error();
        const std::int64_t every = pattern->value_or(6);
        LayerMap map;
        map.localBase = **localBase;
        for (std::int64_t i = 0; i < numLayers; ++i)
            map.layers.emplace_back((i + 1) % every == 0 ? "full_attention" : "sliding_attention");
        return map;
    }
    if (model.has("no_rope_layers")) return fromNoRopeLayers(model, numLayers);
    auto interval = model.count("no_rope_layer_interval");
    if (!interval) return interval.error();
    LayerMap map;
    if (*interval) {
        // Llama 4, SmolLM3: layer i has RoPE iff (i + 1) % k != 0.
        for (std::int64_t i = 0; i < numLayers; ++i)
            map.layers.emplace_back((i + 1) % **interval != 0 ? "rope" : "nope");
        map.nope = {"nope"};
        return map;
    }
    map.layers.assign(static_cast<std::size_t>(numLayers), "full_attention");
    return map;
}

}  // namespace poslab::core::models::detail
