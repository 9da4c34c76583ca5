// models.md M1: from a config's JSON to the layer map and one computed RoPE set per kind.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/models/frequencies.h"
#include "core/models/layer_map.h"
#include "core/models/model_config.h"

namespace poslab::core::models {

namespace {

using detail::Json;
using detail::RopeSet;
using detail::Source;

struct Sets {
    std::vector<std::string> names;  // nested form: the layer-type names, in file order
    std::vector<RopeSet> sets;       // one per name, or exactly one
    bool nested = false;
};

// The three forms, the first found wins: v5 nested, v5 flat, v4 rope_theta + rope_scaling.
Expected<Sets> readSets(const Source& model) {
    auto top = model.positive("rope_theta");
    if (!top) return top.error();
    const double topTheta = top->value_or(10000.0);
    Sets out;
    if (const Json* rp = model.find("rope_parameters")) {
        if (!rp->is_object()) return fail("rope_parameters: expected an object");
        bool anyObject = false;
        for (auto it = rp->begin(); it != rp->end(); ++it) anyObject |= it->is_object();
        if (!rp->contains("rope_type") && !rp->contains("type") && anyObject) {
            out.nested = true;
            for (auto it = rp->begin(); it != rp->end(); ++it) {
                if (!it->is_object()) continue;
                auto set = detail::readRopeSet(Source(&*it, "rope_parameters." + it.key()), model,
                                               topTheta);
                if (!set) return set.error();
                out.names.push_back(it.key());
                out.sets.push_back(std::move(*set));
            }
            return out;
        }
        auto set = detail::readRopeSet(Source(rp, "rope_parameters"), model, topTheta);
        if (!set) return set.error();
        out.sets.push_back(std::move(*set));
        return out;
    }
    const Json* scaling = model.find("rope_scaling");
    if (scaling && !scaling->is_object())
        return fail("rope_scaling: expected an object or null, got " + scaling->dump());
    auto set = detail::readRopeSet(Source(scaling, "rope_scaling"), model, topTheta);
    if (!set) return set.error();
    out.sets.push_back(std::move(*set));
    return out;
}

Expected<std::int64_t> readHeadDim(const Source& model) {
    auto hd = model.count("head_dim");
    if (!hd) return hd.error();
    if (*hd) return **hd;
    auto hidden = model.count("hidden_size");
    if (!hidden) return hidden.error();
    auto heads = model.count("num_attention_heads");
    if (!heads) return heads.error();
    if (!*hidden || !*heads)
        return fail(std::string("head_dim: missing, and hidden_size / num_attention_heads ") +
                    "cannot give it (" + (*hidden ? "num_attention_heads" : "hidden_size") +
                    " missing)");
    if (**hidden % **heads != 0)
        return fail("head_dim: missing, and hidden_size " + std::to_string(**hidden) +
                    " is not divisible by num_attention_heads " + std::to_string(**heads));
    return **hidden / **heads;
}

// The set a kind of layer uses: its nested set, the Gemma 3 local base, or the one set.
Expected<RopeSet> setFor(const std::string& kind, const Sets& sets, const detail::LayerMap& map,
                         const Source& model) {
    if (sets.nested) {
        for (std::size_t i = 0; i < sets.names.size(); ++i)
            if (sets.names[i] == kind) return sets.sets[i];
        for (std::size_t i = 0; i < sets.names.size(); ++i)
            if (kind == "rope" && sets.names[i] == "full_attention") return sets.sets[i];
        return fail("rope_parameters: no set for the layer type '" + kind + "'");
    }
    if (map.localBase && kind == "sliding_attention")
        return detail::readRopeSet(Source(nullptr, "rope_local_base_freq"), model, *map.localBase);
    return sets.sets.front();
}

bool isLlama4(const std::optional<std::string>& type) {
    return type && (*type == "llama4" || *type == "llama4_text");
}

Status nopeKind(const Source& model, const ModelConfig& cfg, KindInfo& k) {
    k.rope = false;
    auto tuning = model.boolean("attn_temperature_tuning");
    if (!tuning) return tuning.error();
    if (!isLlama4(cfg.modelType) || !tuning->value_or(true)) return {};
    auto floorScale = model.positive("floor_scale");
    if (!floorScale) return floorScale.error();
    auto attnScale = model.number("attn_scale");
    if (!attnScale) return attnScale.error();
    QueryScale q;
    q.kind = "llama4_temperature";
    q.floorScale = floorScale->value_or(8192);
    q.attnScale = attnScale->value_or(0.1);
    k.queryScale = q;
    return {};
}

Status ropeKind(const Source& model, const RopeSet& set, ModelConfig& cfg, KindInfo& k,
                std::optional<std::int64_t> seqLen) {
    detail::FrequencyInputs in;
    in.headDim = cfg.headDim;
    in.maxPosition = cfg.maxPositionEmbeddings;
    in.seqLen = seqLen;
    auto global = model.count("global_head_dim");  // Gemma 4's full-attention layers
    if (!global) return global.error();
    if (*global && k.name == "full_attention") {
        in.headDim = **global;
        in.headDimKey = "global_head_dim";
    }
    auto rotary = model.count("qk_rope_head_dim");  // DeepSeek V2/V3
    if (!rotary) return rotary.error();
    if (*rotary) {
        in.rotaryBase = **rotary;
        in.headDim = **rotary;
        in.headDimKey = "qk_rope_head_dim";
        in.deepseekGain = set.scaled;
    }
    if (auto st = detail::computeFrequencies(set, in, k, cfg.notes); !st) return st;
    if (*rotary || isLlama4(cfg.modelType)) k.pairing = "interleaved";
    if (set.llama4Beta) {
        const auto L = set.originalMax ? set.originalMax : cfg.maxPositionEmbeddings;
        if (!L)
            return fail(set.path + ".original_max_position_embeddings: missing; " +
                        "llama_4_scaling_beta needs it");
        QueryScale q;
        q.kind = "llama_4_scaling_beta";
        q.beta = *set.llama4Beta;
        q.originalMax = *L;
        k.queryScale = q;
    }
    return {};
}

Expected<ModelConfig> readParsed(const Json& root, std::optional<std::int64_t> seqLen) {
    if (!root.is_object()) return fail("config: not a JSON object");
    const auto tc = root.find("text_config");
    const bool wrapped = tc != root.end() && tc->is_object();
    const Source model(wrapped ? &*tc : &root, "", wrapped ? &root : nullptr);
    ModelConfig cfg;
    auto type = model.text("model_type");
    if (!type) return type.error();
    cfg.modelType = *type;
    auto hd = readHeadDim(model);
    if (!hd) return hd.error();
    cfg.headDim = *hd;
    auto maxPos = model.count("max_position_embeddings");
    if (!maxPos) return maxPos.error();
    cfg.maxPositionEmbeddings = *maxPos;
    auto layers = model.count("num_hidden_layers");
    if (!layers) return layers.error();
    cfg.numHiddenLayers = layers->value_or(1);
    if (cfg.numHiddenLayers > 100000)
        return fail("num_hidden_layers: " + std::to_string(cfg.numHiddenLayers) + " is too many");
    auto sets = readSets(model);
    if (!sets) return sets.error();
    auto map = detail::readLayerMap(model, cfg.numHiddenLayers,
                                    sets->nested ? &sets->names : nullptr, cfg.notes);
    if (!map) return map.error();
    cfg.layers = map->layers;
    for (const std::string& name : cfg.layers) {
        if (cfg.kind(name)) continue;
        KindInfo k;
        k.name = name;
        const bool nope = std::find(map->nope.begin(), map->nope.end(), name) != map->nope.end();
        if (nope) {
            if (auto st = nopeKind(model, cfg, k); !st) return st.error();
        } else {
            auto set = setFor(name, *sets, *map, model);
            if (!set) return set.error();
            if (auto st = ropeKind(model, *set, cfg, k, seqLen); !st) return st.error();
        }
        cfg.kinds.push_back(std::move(k));
    }
    return cfg;
}

// Why the text is not JSON. A number too large for a double (JSON has no inf or nan) is named
// by its key, the quoted name before it, as M3 asks of non-finite numbers.
Error parseError(const std::string& text) {
    std::string why;
    std::size_t at = text.size();
    try {
        const Json probe = Json::parse(text);
        why = probe.is_discarded() ? "unreadable" : "";
    } catch (const nlohmann::json::parse_error& e) {
        why = e.what();
        at = std::min<std::size_t>(e.byte, text.size());
        if (auto cut = why.find("] "); cut != std::string::npos) why = why.substr(cut + 2);
    } catch (const std::exception& e) {
        why = e.what();
    }
    if (why.find("number overflow") != std::string::npos) {
        const std::size_t colon = text.rfind(':', at);
        const std::size_t close = colon == std::string::npos ? colon : text.rfind('"', colon);
        const std::size_t open =
            close == std::string::npos || close == 0 ? close : text.rfind('"', close - 1);
        if (open != std::string::npos)
            return fail(text.substr(open + 1, close - open - 1) + ": not a finite number");
    }
    return fail("config: not valid JSON (" + why + ")");
}

}  // namespace

Expected<ModelConfig> readModelConfigText(const std::string& text,
                                          std::optional<std::int64_t> seqLen) {
    if (seqLen && *seqLen < 1) return fail("--seq-len: must be a positive whole number");
    // nlohmann's non-throwing parse; the catch only guards its accessors so nothing leaves core.
    try {
        const Json root = Json::parse(text, nullptr, false);
        if (root.is_discarded()) return parseError(text);
        return readParsed(root, seqLen);
    } catch (const std::exception& e) {
        return fail("config: " + std::string(e.what()));
    }
}

Expected<ModelConfig> readModelConfigFile(const std::string& path,
                                          std::optional<std::int64_t> seqLen) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return fail(Errc::Io, "config file '" + path + "': not found or not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(Errc::Io, "config file '" + path + "': cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return fail(Errc::Io, "config file '" + path + "': read error");
    return readModelConfigText(text.str(), seqLen);
}

}  // namespace poslab::core::models
