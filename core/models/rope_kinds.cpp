// models.md M1, M5.1 and M5.3: one KindInfo per kind of layer, each with the rules of the
// family whose code the config belongs to.
#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_map>

#include "core/compute.h"
#include "core/models/frequencies.h"
#include "core/models/reader_parts.h"

namespace poslab::core::models::detail {

Status Tally::take(double bytes, const std::string& key, const std::string& what) {
    m_used += bytes;
    if (m_used <= m_budget) return {};
    return fail(Errc::OverBudget, key + ": " + what + " would need " + formatBytes(m_used) +
                                      ", more than the memory budget of " + formatBytes(m_budget));
}

namespace {

// Bytes a kind holds per frequency pair: inv_freq, unscaled, the pair classes, the rope
// parameters' copies (longrope's two lists) and the table being computed.
constexpr double kBytesPerPair = 64;

// The set a kind of layer uses: its nested set, the local base of sliding layers, or the one
// set. A hash lookup, never a search per layer (100,000 distinct kinds stay linear).
Expected<const RopeSet*> setFor(const std::string& kind, Sets& sets, const LayerMap& map,
                                const Source& model) {
    if (sets.nested) {
        auto it = sets.index.find(kind);
        if (it == sets.index.end() && kind == "rope") it = sets.index.find("full_attention");
        if (it != sets.index.end()) return &sets.sets[it->second];
        if (!(map.localBase && kind == "sliding_attention"))
            return fail("rope_parameters: no set for the layer type '" + echo(kind) + "'");
    }
    if (map.localBase && kind == "sliding_attention") {
        if (!sets.local) {
            auto local =
                readRopeSet(Source(nullptr, "rope_local_base_freq"), model, *map.localBase);
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
    k.encoding = "nope";
    k.pairingSource.clear();
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

// Qwen v1's dynamic NTK at sequence length s past L: alpha = max(2^ceil(log2(s / L) + 1) - 1, 1).
double qwenAlpha(std::int64_t s, std::int64_t L) {
    const double context = std::log2(static_cast<double>(s) / static_cast<double>(L)) + 1;
    return std::max(std::exp2(std::ceil(context)) - 1, 1.0);
}

// The family's NTK alpha for this set (Hunyuan's alpha, Qwen v1's dynamic NTK), with its note.
std::optional<double> ntkAlpha(const RopeSet& set, const FamilyRope& family, const KindInfo& k,
                               std::optional<std::int64_t> seqLen,
                               std::vector<std::string>& notes) {
    if (family.ntkAlphaSets && set.alpha) {
        notes.push_back(echo(k.name) + ": " + set.path + ".alpha " + show(*set.alpha) +
                        " is Hunyuan's static NTK-alpha, base x alpha^(d/(d-2)) at every length (" +
                        set.path + ".factor and the dynamic rule are not used)");
        return set.alpha;
    }
    if (set.alpha)
        notes.push_back(set.path + ".alpha: not modelled (only Hunyuan's code reads it)");
    if (!family.qwenDynamic) return std::nullopt;
    const std::int64_t L = *family.qwenL;
    if (!seqLen || *seqLen <= L) {
        notes.push_back("use_dynamic_ntk: the base grows once a sequence passes seq_length " +
                        std::to_string(L) + (seqLen ? "" : " (give --seq-len to see it)"));
        return std::nullopt;
    }
    const double alpha = qwenAlpha(*seqLen, L);
    notes.push_back("use_dynamic_ntk at sequence length " + std::to_string(*seqLen) +
                    ": NTK alpha " + show(alpha) + " (seq_length " + std::to_string(L) + ")");
    return alpha;
}

Status ropeKind(const Source& model, const RopeSet& set, const FamilyRope& family, ModelConfig& cfg,
                KindInfo& k, std::optional<std::int64_t> seqLen, Tally& tally) {
    FrequencyInputs in;
    in.headDim = cfg.headDim;
    in.maxPosition = cfg.maxPositionEmbeddings;
    in.seqLen = seqLen;
    auto global = model.count("global_head_dim");  // Gemma 4's full-attention layers
    if (!global) return global.error();
    if (*global && layerTypeOf(k.name) == "full_attention") {
        in.headDim = **global;
        in.headDimKey = "global_head_dim";
    }
    auto rotary = model.count("qk_rope_head_dim");  // DeepSeek V2/V3, Kimi (MLA)
    if (!rotary) return rotary.error();
    if (*rotary) {
        in.rotaryBase = **rotary;
        in.headDim = **rotary;
        in.headDimKey = "qk_rope_head_dim";
        in.deepseekGain = set.scaled;
        auto nope = model.count("qk_nope_head_dim");
        if (!nope) return nope.error();
        if (*nope) k.qkHeadDim = **nope + **rotary;
    }
    if (family.rotaryDim && !*rotary) {
        in.exactRotary = family.rotaryDim;
        in.rotaryKey = family.rotaryKey;
    }
    RopeSet s = set;
    if (family.partialDefault && !s.partialGiven) s.partialRotary = *family.partialDefault;
    in.ntkAlpha = ntkAlpha(set, family, k, seqLen, cfg.notes);
    if (auto st = tally.take(static_cast<double>(set.mropeSection.size()) * 8,
                             set.path + ".mrope_section", "the sections of every layer kind");
        !st)
        return st;
    if (auto st = computeFrequencies(s, in, k, cfg.notes); !st) return st;
    if (!set.mropeSection.empty()) {
        // M3: the sections count the rotary dim's pairs, one number per axis (t, h, w).
        std::int64_t sum = 0;
        for (auto v : set.mropeSection) sum += v;
        if (set.mropeSection.size() != 3 || sum != k.rotaryDim / 2)
            return fail(set.path + ".mrope_section: " + std::to_string(set.mropeSection.size()) +
                        " numbers adding up to " + std::to_string(sum) +
                        "; M-RoPE needs three (t, h, w) adding up to rotary dim / 2 = " +
                        std::to_string(k.rotaryDim / 2));
        k.mropeInterleaved = set.mropeInterleaved.value_or(isQwen3VisionFamily(cfg.modelType));
    }
    if (in.ntkAlpha && k.rotaryDim <= 2)
        return fail(in.headDimKey + ": NTK alpha needs a rotary dim above 2, got " +
                    std::to_string(k.rotaryDim));
    k.encoding = cfg.encoding.id;
    k.pairing = family.pairing;
    k.pairingSource = family.pairingSource;
    if (*rotary) {
        k.pairing = "interleaved";
        k.pairingSource = "qk_rope_head_dim (MLA: interleaved)";
    } else if (isLlama4(cfg.modelType)) {
        k.pairing = "interleaved";
        k.pairingSource = "model_type " + *cfg.modelType;
    }
    if (family.qwenLogn) {
        QueryScale q;
        q.kind = "qwen_logn";
        q.originalMax = *family.qwenL;
        k.queryScale = q;
    }
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
Status checkTables(const Source& model, const ModelConfig& cfg, const LayerMap& map, Tally& tally) {
    std::unordered_map<std::string_view, bool> kinds;  // name -> carries RoPE
    double names = 0;
    for (const std::string& name : cfg.layers)
        if (kinds.emplace(name, !map.nope.contains(name) && !map.linear.contains(name)).second)
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

// M5.1: sliding_attention layers have sliding_window; so does every attention layer of a
// Mistral-style config (sliding_window without layer_types, use_sliding_window not false).
Status windowOf(const Source& model, const LayerMap& map, KindInfo& k) {
    if (!k.attention) return {};
    auto window = model.count("sliding_window");
    if (!window) return window.error();
    if (*window && (layerTypeOf(k.name) == "sliding_attention" || map.windowEverywhere))
        k.window = *window;
    return {};
}

}  // namespace

Status readKinds(const Source& model, Sets& sets, const LayerMap& map, const FamilyRope& family,
                 ModelConfig& cfg, std::optional<std::int64_t> seqLen, Reading& reading) {
    if (auto st = checkTables(model, cfg, map, reading.tally); !st) return st;
    for (const std::string& name : cfg.layers) {
        if (cfg.kindIndex.contains(name)) continue;
        reading.stage = "the layer kind '" + echo(name) + "'";
        KindInfo k;
        k.name = name;
        if (map.linear.contains(name)) {
            k.rope = false;
            k.attention = false;
            k.encoding = "none";
            k.pairingSource.clear();
        } else if (map.nope.contains(name)) {
            if (auto st = nopeKind(model, cfg, k); !st) return st;
        } else {
            auto set = setFor(name, sets, map, model);
            if (!set) return set.error();
            if (auto st = ropeKind(model, **set, family, cfg, k, seqLen, reading.tally); !st)
                return st;
        }
        if (auto st = windowOf(model, map, k); !st) return st;
        cfg.kindIndex.emplace(name, cfg.kinds.size());
        cfg.kinds.push_back(std::move(k));
    }
    return {};
}

}  // namespace poslab::core::models::detail
