// models.md M1: from a config's JSON to the layer map and one computed RoPE set per kind.
#include <algorithm>
#include <cstdlib>
#include <new>
#include <string_view>
#include <unordered_map>

#include "core/compute.h"
#include "core/io/input_file.h"
#include "core/models/frequencies.h"
#include "core/models/json_scan.h"
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
    std::unordered_map<std::string, std::size_t> index;  // name -> set (nested form)
    std::optional<RopeSet> local;  // Gemma 3: the sliding layers' unscaled set
};

// Working memory the reader is about to hold, against the memory budget (issue 23): every size
// a config implies (the parsed text, the layer map, the sets, each kind's tables) is charged
// before it is allocated, so a tiny file cannot take gigabytes.
class Tally {
public:
    explicit Tally(double budget) : m_budget(budget) {}
    Status take(double bytes, const std::string& key, const std::string& what) {
        m_used += bytes;
        if (m_used <= m_budget) return {};
        return fail(Errc::OverBudget, key + ": " + what + " would need " + formatBytes(m_used) +
                                          ", more than the memory budget of " +
                                          formatBytes(m_budget));
    }

private:
    double m_budget, m_used = 0;
};

// Bytes a kind holds per frequency pair: inv_freq, unscaled, the pair classes, the rope
// parameters' copies (longrope's two lists) and the table being computed.
constexpr double kBytesPerPair = 64;

// What the reader is doing, for the one line of an out-of-memory refusal, and its budget.
struct Reading {
    Tally tally;
    std::string stage = "the JSON text";
};

// The three forms, the first found wins: v5 nested, v5 flat, v4 rope_theta + rope_scaling.
Expected<Sets> readSets(const Source& model, Reading& reading) {
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
            const double each = sizeof(RopeSet) + 2 * sizeof(std::string) + 64;
            if (auto st =
                    reading.tally.take(each * static_cast<double>(rp->size()), "rope_parameters",
                                       std::to_string(rp->size()) + " parameter sets");
                !st)
                return st.error();
            for (auto it = rp->begin(); it != rp->end(); ++it) {
                if (!it->is_object()) continue;
                auto set = detail::readRopeSet(Source(&*it, "rope_parameters." + echo(it.key())),
                                               model, topTheta);
                if (!set) return set.error();
                out.index.emplace(it.key(), out.sets.size());
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
        return fail("rope_scaling: expected an object or null, got " + detail::describe(*scaling));
    auto set = detail::readRopeSet(Source(scaling, "rope_scaling"), model, topTheta);
    if (!set) return set.error();
    out.sets.push_back(std::move(*set));
    return out;
}

Status withinHeadDimLimit(const std::string& key, std::int64_t value) {
    if (value <= kMaxModelHeadDim) return {};
    return fail(key + ": " + std::to_string(value) + " is too large (at most " +
                std::to_string(kMaxModelHeadDim) + ")");
}

// head_dim, or hidden_size / num_attention_heads; within the limit on d at once, as are
// qk_rope_head_dim and global_head_dim, before any table is sized by them.
Expected<std::int64_t> readHeadDim(const Source& model) {
    for (const char* key : {"qk_rope_head_dim", "global_head_dim"}) {
        auto v = model.count(key);
        if (!v) return v.error();
        if (*v)
            if (auto st = withinHeadDimLimit(model.name(key), **v); !st) return st.error();
    }
    auto hd = model.count("head_dim");
    if (!hd) return hd.error();
    if (*hd) {
        if (auto st = withinHeadDimLimit(model.name("head_dim"), **hd); !st) return st.error();
        return **hd;
    }
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
    const std::int64_t derived = **hidden / **heads;
    if (auto st = withinHeadDimLimit("head_dim (hidden_size / num_attention_heads)", derived); !st)
        return st.error();
    return derived;
}

// The set a kind of layer uses: its nested set, the Gemma 3 local base, or the one set. A hash
// lookup, never a search per layer (100,000 distinct kinds stay linear).
Expected<const RopeSet*> setFor(const std::string& kind, Sets& sets, const detail::LayerMap& map,
                                const Source& model) {
    if (sets.nested) {
        auto it = sets.index.find(kind);
        if (it == sets.index.end() && kind == "rope") it = sets.index.find("full_attention");
        if (it != sets.index.end()) return &sets.sets[it->second];
        return fail("rope_parameters: no set for the layer type '" + echo(kind) + "'");
    }
    if (map.localBase && kind == "sliding_attention") {
        if (!sets.local) {
            auto local =
                detail::readRopeSet(Source(nullptr, "rope_local_base_freq"), model, *map.localBase);
            if (!local) return local.error();
            sets.local = std::move(*local);
        }
        return &*sets.local;
    }
    return &sets.sets.front();
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
                std::optional<std::int64_t> seqLen, Tally& tally) {
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
    // The kind's copy of the set's mrope_section (its tables were charged by checkTables).
    if (auto st = tally.take(static_cast<double>(set.mropeSection.size()) * 8,
                             set.path + ".mrope_section", "the sections of every layer kind");
        !st)
        return st;
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

// The tables of every kind of layer, charged at once before any is computed: at most d/2 pairs
// per kind with RoPE, d the largest head dim the config gives.
Status checkTables(const Source& model, const ModelConfig& cfg, const detail::LayerMap& map,
                   Tally& tally) {
    std::unordered_map<std::string_view, bool> kinds;  // name -> carries RoPE
    double names = 0;
    for (const std::string& name : cfg.layers)
        if (kinds.emplace(name, std::find(map.nope.begin(), map.nope.end(), name) == map.nope.end())
                .second)
            names += static_cast<double>(name.size());
    std::int64_t dim = cfg.headDim;
    std::string key = "head_dim";
    for (const char* other : {"qk_rope_head_dim", "global_head_dim"}) {
        auto v = model.count(other);
        if (!v) return v.error();
        if (*v && **v > dim) {
            dim = **v;
            key = other;
        }
    }
    const auto rope = static_cast<double>(
        std::count_if(kinds.begin(), kinds.end(), [](const auto& k) { return k.second; }));
    const double pairs = static_cast<double>(dim / 2);
    return tally.take(static_cast<double>(kinds.size()) * (sizeof(KindInfo) + 512) + 2 * names +
                          rope * pairs * kBytesPerPair,
                      key,
                      "the frequency tables of " + std::to_string(static_cast<std::int64_t>(rope)) +
                          " layer kinds (" + std::to_string(dim / 2) + " pairs each)");
}

// The kinds of layer in order of first appearance, each with its set and tables.
Status readKinds(const Source& model, Sets& sets, const detail::LayerMap& map, ModelConfig& cfg,
                 std::optional<std::int64_t> seqLen, Reading& reading) {
    if (auto st = checkTables(model, cfg, map, reading.tally); !st) return st;
    for (const std::string& name : cfg.layers) {
        if (cfg.kindIndex.contains(name)) continue;
        reading.stage = "the layer kind '" + echo(name) + "'";
        KindInfo k;
        k.name = name;
        const bool nope = std::find(map.nope.begin(), map.nope.end(), name) != map.nope.end();
        if (nope) {
            if (auto st = nopeKind(model, cfg, k); !st) return st;
        } else {
            auto set = setFor(name, sets, map, model);
            if (!set) return set.error();
            if (auto st = ropeKind(model, **set, cfg, k, seqLen, reading.tally); !st) return st;
        }
        cfg.kindIndex.emplace(name, cfg.kinds.size());
        cfg.kinds.push_back(std::move(k));
    }
    return {};
}

Expected<ModelConfig> readParsed(const Json& root, std::optional<std::int64_t> seqLen,
                                 Reading& reading) {
    if (!root.is_object()) return fail("config: not a JSON object");
    const auto tc = root.find("text_config");
    const bool wrapped = tc != root.end() && tc->is_object();
    const Source model(wrapped ? &*tc : &root, "", wrapped ? &root : nullptr);
    ModelConfig cfg;
    reading.stage = "model_type";
    auto type = model.text("model_type");
    if (!type) return type.error();
    cfg.modelType = *type;
    reading.stage = "head_dim";
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
    reading.stage = "the rope parameters";
    auto sets = readSets(model, reading);
    if (!sets) return sets.error();
    reading.stage = "the layer map";
    if (auto st = reading.tally.take(static_cast<double>(cfg.numHiddenLayers) * 2 * 64,
                                     "num_hidden_layers", "the layer map");
        !st)
        return st.error();
    auto map = detail::readLayerMap(model, cfg.numHiddenLayers,
                                    sets->nested ? &sets->names : nullptr, cfg.notes);
    if (!map) return map.error();
    cfg.layers = std::move(map->layers);
    if (auto st = readKinds(model, *sets, *map, cfg, seqLen, reading); !st) return st.error();
    return cfg;
}

// Why the text is not JSON. A number too large for a double (JSON has no inf or nan) is named
// by its key, as M3 asks of non-finite numbers: nlohmann reports it as out_of_range at the end of
// the text, so the text is scanned for the number itself.
Error parseError(const std::string& text) {
    std::string why;
    try {
        const Json probe = Json::parse(text);
        why = probe.is_discarded() ? "unreadable" : "";
    } catch (const nlohmann::json::parse_error& e) {
        why = e.what();
    } catch (const nlohmann::json::out_of_range& e) {
        if (auto key = detail::overflowingNumber(text, io::kMaxJsonDepth))
            return fail((key->empty() ? std::string("config") : echo(*key)) +
                        ": not a finite number");
        why = e.what();
    } catch (const std::exception& e) {
        why = e.what();
    }
    if (auto cut = why.find("] "); cut != std::string::npos) why = why.substr(cut + 2);
    return fail("config: not valid JSON (" + echo(why, 2 * kEchoLimit) + ")");
}

// The text itself, before it is parsed: within the config file's cap, its parsed form within
// the budget, and nested at most 64 deep (nothing below recurses deeper: dump, destructors).
Status checkText(const std::string& text, Tally& tally) {
    const io::InputRule& rule = io::inputRule(io::InputKind::Config);
    if (text.size() > rule.maxBytes)
        return fail("config: " + std::to_string(text.size()) + " bytes, more than the " +
                    formatBytes(static_cast<double>(rule.maxBytes)) + " a config may have");
    if (auto st = tally.take(io::kJsonBytesPerByte * static_cast<double>(text.size()), "config",
                             "reading " + std::to_string(text.size()) + " bytes");
        !st)
        return st;
    // Under a limit on the address space tighter than the budget, the parse itself could run
    // out; nlohmann's destructor allocates as it unwinds, which would abort. So the memory the
    // parse may take is asked for once, untouched, and given back at once.
    void* (*volatile allocate)(std::size_t) = std::malloc;
    if (void* room = allocate(static_cast<std::size_t>(io::kJsonBytesPerByte) * text.size()))
        std::free(room);
    else
        return fail(Errc::OverBudget,
                    "config: out of memory for reading " + std::to_string(text.size()) + " bytes");
    if (auto st = io::checkJsonDepth(text, "config"); !st) {
        const std::string key = detail::deepKey(text, io::kMaxJsonDepth);
        return key.empty() ? st : io::checkJsonDepth(text, echo(key));
    }
    return {};
}

}  // namespace

Expected<ModelConfig> readModelConfigText(const std::string& text,
                                          std::optional<std::int64_t> seqLen, double budget) {
    if (seqLen && *seqLen < 1) return fail("--seq-len: must be a positive whole number");
    Reading reading{Tally(budget > 0 ? budget : configuredMemoryBudget())};
    // nlohmann's non-throwing parse; the catch only guards its accessors so nothing leaves core.
    try {
        if (auto st = checkText(text, reading.tally); !st) return st.error();
        const Json root = Json::parse(text, nullptr, false);
        if (root.is_discarded()) return parseError(text);
        return readParsed(root, seqLen, reading);
    } catch (const std::bad_alloc&) {
        return fail(Errc::OverBudget, "config: out of memory while reading " + reading.stage);
    } catch (const std::exception& e) {
        return fail("config: " + echo(e.what(), 2 * kEchoLimit));
    }
}

Expected<ModelConfig> readModelConfigFile(const std::string& path,
                                          std::optional<std::int64_t> seqLen, double budget) {
    auto text = io::readInputFile(path, io::InputKind::Config, budget);
    if (!text) return text.error();
    return readModelConfigText(*text, seqLen, budget);
}

}  // namespace poslab::core::models
