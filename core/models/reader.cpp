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
#include "core/models/model_config.h"
#include "core/models/reader_parts.h"
#include "core/models/which_encoding.h"

namespace poslab::core::models {

namespace {

using detail::Json;
using detail::RopeSet;
using detail::Source;

using detail::Reading;
using detail::Sets;
using detail::Tally;

// The three forms, the first found wins: v5 nested, v5 flat, v4 rope_theta + rope_scaling.
Expected<Sets> readSets(const Source& model, const detail::FamilyRope& family, Reading& reading) {
    auto top = model.positive("rope_theta");
    if (!top) return top.error();
    const double topTheta = top->value_or(family.theta.value_or(10000.0));
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
Expected<std::int64_t> readHeadDim(const Source& model, const detail::FamilyRope& family) {
    if (family.headDim) {
        if (auto st = withinHeadDimLimit(family.headDimKey, *family.headDim); !st)
            return st.error();
        return *family.headDim;
    }
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

// M5.4: keys that change positions but are not modelled.
void unmodelledNotes(const Source& model, const Sets& sets, ModelConfig& cfg) {
    if (model.has("dual_chunk_attention_config"))
        cfg.notes.push_back(
            "dual_chunk_attention_config: not modelled (dual chunk attention "
            "changes the positions past its chunk size)");
    for (const detail::RopeSet& set : sets.sets)
        for (const std::string& key : set.unknown)
            cfg.notes.push_back(key +
                                ": not modelled (a key of the rope set PosLab does not read)");
}

// M5.4: a sequence length past what the model was trained for.
void sequenceNotes(ModelConfig& cfg) {
    if (!cfg.seqLen) return;
    const std::int64_t s = *cfg.seqLen;
    if (cfg.maxPositionEmbeddings) {
        if (s > *cfg.maxPositionEmbeddings)
            cfg.notes.push_back("--seq-len " + std::to_string(s) +
                                " is beyond max_position_embeddings " +
                                std::to_string(*cfg.maxPositionEmbeddings));
        return;
    }
    for (const KindInfo& k : cfg.kinds)
        if (k.originalMax && s > *k.originalMax) {
            cfg.notes.push_back("--seq-len " + std::to_string(s) +
                                " is beyond original_max_position_embeddings " +
                                std::to_string(*k.originalMax));
            return;
        }
}

// "pairs 0-15 temporal, 16-39 height, 40-63 width", or for Qwen3-VL's interleaving "interleaved:
// pairs 1, 4, ..., 58 height; 2, 5, ..., 59 width; the other 24 temporal".
std::string sectionsText(const KindInfo& k) {
    const auto& s = k.mropeSection;
    if (s.size() != 3) return "sections " + std::to_string(s.size());
    const std::int64_t half = s[0] + s[1] + s[2];
    if (!k.mropeInterleaved)
        return "pairs 0-" + std::to_string(s[0] - 1) + " temporal, " + std::to_string(s[0]) + "-" +
               std::to_string(s[0] + s[1] - 1) + " height, " + std::to_string(s[0] + s[1]) + "-" +
               std::to_string(half - 1) + " width";
    auto every3 = [&](std::int64_t first, std::int64_t count) {
        if (count <= 0) return std::string("none");
        const std::int64_t last = std::min(first + 3 * (count - 1), half - 1);
        return "pairs " + std::to_string(first) + ", " + std::to_string(first + 3) + ", ..., " +
               std::to_string(last);
    };
    const std::int64_t hCount = std::min(s[1], (half + 1) / 3), wCount = std::min(s[2], half / 3);
    return "interleaved: " + every3(1, hCount) + " height; " + every3(2, wCount) + " width; the " +
           std::to_string(half - hCount - wCount) + " others temporal";
}

// The first line of `poslab model` for RoPE and M-RoPE: which layers rotate and which do not.
void ropeSummary(ModelConfig& cfg) {
    std::int64_t nope = 0, linear = 0;
    for (const std::string& name : cfg.layers) {
        const KindInfo* k = cfg.kind(name);
        if (k && !k->attention)
            ++linear;
        else if (k && !k->rope)
            ++nope;
    }
    std::string s = cfg.encoding.id == "mrope" ? "M-RoPE" : "RoPE";
    const auto total = static_cast<std::int64_t>(cfg.layers.size());
    if (nope || linear) {
        s += " on " + std::to_string(total - nope - linear) + " of " + std::to_string(total) +
             " layers (";
        if (nope) s += std::to_string(nope) + " NoPE";
        if (nope && linear) s += ", ";
        if (linear) s += std::to_string(linear) + " without positions: not attention";
        s += ")";
    }
    cfg.encoding.summary = s;
    if (cfg.vision)
        cfg.notes.push_back(
            "vision_config: the vision encoder turns its patches by 2-D RoPE "
            "(qwen_vision), head dim " +
            std::to_string(cfg.vision->headDim) + " (" + cfg.vision->headDimKeys + "), merge " +
            std::to_string(cfg.vision->merge) + ": export rope2d --model");
    if (cfg.encoding.id != "mrope") return;
    for (const KindInfo& k : cfg.kinds)
        if (!k.mropeSection.empty()) {
            cfg.encoding.summary += k.mropeInterleaved ? " (t, h, w interleaved over the pairs)"
                                                       : " (t, h, w in chunks of pairs)";
            if (auto p = mropeParamTexts(cfg, k)) cfg.encoding.params = std::move(*p);
            cfg.notes.push_back(echo(k.name) + ": mrope_section [" +
                                std::to_string(k.mropeSection[0]) + ", " +
                                std::to_string(k.mropeSection[1]) + ", " +
                                std::to_string(k.mropeSection[2]) + "] gives " + sectionsText(k));
            break;
        }
}

Expected<ModelConfig> readParsed(const Json& root, std::optional<std::int64_t> seqLen,
                                 Reading& reading) {
    if (!root.is_object()) return fail("config: not a JSON object");
    const auto tc = root.find("text_config");
    const bool wrapped = tc != root.end() && tc->is_object();
    const Source model(wrapped ? &*tc : &root, "", wrapped ? &root : nullptr);
    ModelConfig cfg;
    cfg.seqLen = seqLen;
    reading.stage = "model_type";
    auto type = model.text("model_type");
    if (!type) return type.error();
    cfg.modelType = *type;
    reading.stage = "the positional encoding";
    auto encoding = detail::whichEncoding(model, cfg.modelType);
    if (!encoding) return encoding.error();
    cfg.encoding = std::move(*encoding);
    if (cfg.encoding.id != "rope" && cfg.encoding.id != "mrope") {
        if (auto st = detail::readOtherEncoding(model, cfg); !st) return st.error();
        sequenceNotes(cfg);
        return cfg;
    }
    auto family = detail::readFamilyRope(model, cfg.modelType);
    if (!family) return family.error();
    reading.stage = "head_dim";
    auto hd = readHeadDim(model, *family);
    if (!hd) return hd.error();
    cfg.headDim = *hd;
    auto maxPos = detail::readMaxPositions(model);
    if (!maxPos) return maxPos.error();
    cfg.maxPositionEmbeddings = maxPos->value;
    auto layers = detail::readLayerCount(model);
    if (!layers) return layers.error();
    cfg.numHiddenLayers = layers->value.value_or(1);
    if (cfg.numHiddenLayers > 100000)
        return fail(layers->key + ": " + std::to_string(cfg.numHiddenLayers) + " is too many");
    reading.stage = "the rope parameters";
    auto sets = readSets(model, *family, reading);
    if (!sets) return sets.error();
    reading.stage = "the layer map";
    if (auto st = reading.tally.take(static_cast<double>(cfg.numHiddenLayers) * 2 * 64,
                                     "num_hidden_layers", "the layer map");
        !st)
        return st.error();
    auto map =
        detail::readLayerMap(model, cfg.numHiddenLayers, sets->nested ? &sets->names : nullptr,
                             cfg.modelType, cfg.notes);
    if (!map) return map.error();
    cfg.layers = std::move(map->layers);
    if (auto st = detail::readKinds(model, *sets, *map, *family, cfg, seqLen, reading); !st)
        return st.error();
    reading.stage = "vision_config";
    auto vision = detail::readVision(root);
    if (!vision) return vision.error();
    cfg.vision = *vision;
    unmodelledNotes(model, *sets, cfg);
    sequenceNotes(cfg);
    ropeSummary(cfg);
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
