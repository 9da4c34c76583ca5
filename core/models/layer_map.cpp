#include "core/models/layer_map.h"

namespace poslab::core::models::detail {

namespace {

Expected<std::vector<std::string>> fromLayerTypes(const Source& model, std::int64_t numLayers) {
    const Json* list = model.find("layer_types");
    const std::string key = model.name("layer_types");
    if (!list->is_array()) return fail(key + ": expected a list of layer-type names");
    if (static_cast<std::int64_t>(list->size()) != numLayers)
        return fail(key + ": " + std::to_string(list->size()) + " entries, num_hidden_layers is " +
                    std::to_string(numLayers));
    std::vector<std::string> types;
    types.reserve(list->size());
    for (std::size_t i = 0; i < list->size(); ++i) {
        const Json& e = (*list)[i];
        const std::string at = key + "[" + std::to_string(i) + "]";
        if (!e.is_string()) return fail(at + ": expected a layer-type name, got " + describe(e));
        const std::string& name = e.get_ref<const std::string&>();
        if (name.empty() || name.find(':') != std::string::npos)
            return fail(at + ": '" + echo(name) + "' is not a layer type PosLab can place");
        types.push_back(name);
    }
    return types;
}

// Layer i is `every`-th: (i + 1) % every == 0 gets `on`, the others `off`.
std::vector<std::string> pattern(std::int64_t numLayers, std::int64_t every, const char* on,
                                 const char* off) {
    std::vector<std::string> types;
    types.reserve(static_cast<std::size_t>(numLayers));
    for (std::int64_t i = 0; i < numLayers; ++i)
        types.emplace_back((i + 1) % every == 0 ? on : off);
    return types;
}

Expected<std::int64_t> countOr(const Source& model, const char* key, std::int64_t fallback) {
    auto v = model.count(key);
    if (!v) return v.error();
    return v->value_or(fallback);
}

// The layer types before the NoPE marks; `plain` when no rule gave them (every layer full).
Expected<std::vector<std::string>> layerTypes(const Source& model, std::int64_t numLayers,
                                              const std::optional<std::string>& type, LayerMap& map,
                                              bool& plain) {
    plain = false;
    if (model.has("layer_types")) return fromLayerTypes(model, numLayers);
    const bool gemma2 = type && *type == "gemma2", cohere2 = type && *type == "cohere2";
    if (map.localBase || gemma2 || cohere2) {  // Gemma 3 (6), Gemma 2 (2), Cohere 2 (4)
        auto every = countOr(model, "sliding_window_pattern", map.localBase ? 6 : cohere2 ? 4 : 2);
        if (!every) return every.error();
        return pattern(numLayers, *every, "full_attention", "sliding_attention");
    }
    auto interval = model.count("full_attention_interval");  // Qwen3-Next
    if (!interval) return interval.error();
    if (*interval) return pattern(numLayers, **interval, "full_attention", "linear_attention");
    plain = true;
    auto use = model.boolean("use_sliding_window");
    if (!use) return use.error();
    map.windowEverywhere = model.has("sliding_window") && use->value_or(true);
    return std::vector<std::string>(static_cast<std::size_t>(numLayers), "full_attention");
}

// Which layers carry no RoPE: no_rope_layers (0 = NoPE) or no_rope_layer_interval k (layer i
// has RoPE iff (i + 1) % k != 0); empty when the config marks none.
Expected<std::vector<bool>> nopeMarks(const Source& model, std::int64_t numLayers) {
    if (model.has("no_rope_layers")) {
        auto flags = model.numbers("no_rope_layers");
        if (!flags) return flags.error();
        if (static_cast<std::int64_t>((*flags)->size()) != numLayers)
            return fail(model.name("no_rope_layers") + ": " + std::to_string((*flags)->size()) +
                        " entries, num_hidden_layers is " + std::to_string(numLayers));
        std::vector<bool> out;
        for (double v : **flags) out.push_back(v == 0);
        return out;
    }
    auto interval = model.count("no_rope_layer_interval");
    if (!interval) return interval.error();
    if (!*interval) return std::vector<bool>{};
    std::vector<bool> out;
    for (std::int64_t i = 0; i < numLayers; ++i) out.push_back((i + 1) % **interval == 0);
    return out;
}

}  // namespace

bool isAttentionType(const std::string& type) {
    constexpr std::string_view kSuffix = "_attention";
    return type.size() >= kSuffix.size() &&
           type.compare(type.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0 &&
           type != "linear_attention";
}

std::string layerTypeOf(const std::string& kind) {
    const auto colon = kind.find(':');
    return colon == std::string::npos ? kind : kind.substr(0, colon);
}

Expected<LayerMap> readLayerMap(const Source& model, std::int64_t numLayers,
                                const std::vector<std::string>* nestedSets,
                                const std::optional<std::string>& type,
                                std::vector<std::string>& notes) {
    LayerMap map;
    auto localBase = model.positive("rope_local_base_freq");
    if (!localBase) return localBase.error();
    map.localBase = *localBase;
    bool plain = false;
    auto types = layerTypes(model, numLayers, type, map, plain);
    if (!types) return types.error();
    auto marks = nopeMarks(model, numLayers);
    if (!marks) return marks.error();
    // Cohere 2: the full-attention layers have no RoPE (its attention rotates only when the
    // layer has a sliding window).
    const bool cohere2 = type && *type == "cohere2";
    if (cohere2) notes.push_back("model_type cohere2: full-attention layers carry no RoPE");
    const bool legacy = plain && !marks->empty();  // Llama 4 without layer_types: rope / nope
    // A hash set: a config may name 100,000 distinct sets (issue 23: linear time).
    std::unordered_set<std::string_view> sets;
    if (nestedSets) sets.insert(nestedSets->begin(), nestedSets->end());
    map.layers.reserve(types->size());
    for (std::size_t i = 0; i < types->size(); ++i) {
        std::string& t = (*types)[i];
        if (!isAttentionType(t)) {
            map.linear.insert(t);
            map.layers.push_back(std::move(t));
            continue;
        }
        const bool nope = (!marks->empty() && (*marks)[i]) || (cohere2 && t == "full_attention");
        if (nope) {
            std::string name = legacy ? std::string("nope") : t + ":nope";
            map.nope.insert(name);
            map.layers.push_back(std::move(name));
            continue;
        }
        if (nestedSets && !plain && !sets.contains(t) &&
            !(map.localBase && t == "sliding_attention"))
            return fail(model.name("layer_types") + "[" + std::to_string(i) + "]: '" + echo(t) +
                        "' names no set in rope_parameters");
        map.layers.push_back(legacy ? std::string("rope") : std::move(t));
    }
    return map;
}

}  // namespace poslab::core::models::detail
