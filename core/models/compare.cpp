#include "core/models/compare.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>

namespace poslab::core::models {

namespace {

// A value as shown, and the key it is compared by (full precision for numbers, the pairing
// without its source), so that two bases equal to 12 digits still count as different.
struct Value {
    std::string shown, key;
};

const Value kNone{"-", "-"};

std::string digits(double v, int precision) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    return buf;
}

Value number(double v) {
    return {digits(v, 12), digits(v, 17)};
}

Value whole(std::int64_t v) {
    const std::string t = std::to_string(v);
    return {t, t};
}

Value text(const std::string& t) {
    return {t, t};
}

Value optionalWhole(const std::optional<std::int64_t>& v) {
    return v ? whole(*v) : kNone;
}

std::string spaced(std::string name) {
    std::replace(name.begin(), name.end(), '_', ' ');
    return name;
}

bool isNope(const KindInfo& k) {
    return isNopeKind(k);
}

// What gives the kind's positions, in the words of `poslab model`.
std::string positionsOf(const KindInfo& k) {
    if (!k.attention) return "no positions (" + spaced(k.name) + ")";
    if (k.rope) return k.encoding == "mrope" ? "M-RoPE" : "RoPE";
    if (isNope(k)) return "NoPE";
    return k.encoding;
}

std::string paramsText(const std::vector<ParamText>& params) {
    std::string out;
    for (const auto& [key, value] : params) out += (out.empty() ? "" : ", ") + key + "=" + value;
    return out.empty() ? "-" : out;
}

std::string queryScaleText(const std::optional<QueryScale>& q) {
    if (!q) return "none";
    if (q->kind == "llama4_temperature")
        return q->kind + " (floor_scale " + digits(q->floorScale, 12) + ", attn_scale " +
               digits(q->attnScale, 12) + ")";
    if (q->kind == "llama_4_scaling_beta")
        return q->kind + " (beta " + digits(q->beta, 12) + ", L " + std::to_string(q->originalMax) +
               ")";
    return q->kind + " (L " + std::to_string(q->originalMax) + ")";
}

struct Field {
    std::string name;
    Value (*of)(const KindInfo&);
    bool ropeOnly;
};

// The rows of one kind, in this order. A RoPE field of a kind without RoPE is "-".
const std::vector<Field>& kindFields() {
    static const std::vector<Field> fields = {
        {"positions", [](const KindInfo& k) { return text(positionsOf(k)); }, false},
        {"params", [](const KindInfo& k) { return text(paramsText(k.encodingParams)); }, false},
        {"rope_type", [](const KindInfo& k) { return text(k.ropeType); }, true},
        {"base", [](const KindInfo& k) { return number(k.ropeTheta); }, true},
        {"head dim", [](const KindInfo& k) { return whole(k.headDim); }, true},
        {"rotary dim", [](const KindInfo& k) { return whole(k.rotaryDim); }, true},
        {"pairing",
         [](const KindInfo& k) {
             return Value{k.pairing + " — " + k.pairingSource, k.pairing};
         },
         true},
        {"factor", [](const KindInfo& k) { return number(k.factor); }, true},
        {"L (original max)", [](const KindInfo& k) { return optionalWhole(k.originalMax); }, true},
        {"pairs kept / blended / interpolated",
         [](const KindInfo& k) {
             return text(std::to_string(k.countOf(kKept)) + " / " +
                         std::to_string(k.countOf(kBlended)) + " / " +
                         std::to_string(k.countOf(kInterpolated)));
         },
         true},
        {"rotating pairs",
         [](const KindInfo& k) {
             return text(std::to_string(k.rotatingPairs()) + " of " +
                         std::to_string(k.invFreq.size()));
         },
         true},
        {"attention factor", [](const KindInfo& k) { return number(k.attentionFactor); }, true},
        {"logit multiplier", [](const KindInfo& k) { return number(k.logitMultiplier); }, true},
        {"query scale", [](const KindInfo& k) { return text(queryScaleText(k.queryScale)); },
         false},
        {"q.k dim (MLA)", [](const KindInfo& k) { return optionalWhole(k.qkHeadDim); }, true},
        {"window", [](const KindInfo& k) { return optionalWhole(k.window); }, false},
    };
    return fields;
}

Value fieldOf(const Field& f, const KindInfo* k) {
    if (!k || (f.ropeOnly && !k->rope)) return kNone;
    return f.of(*k);
}

void add(std::vector<CompareRow>& rows, const std::string& field, const Value& a, const Value& b) {
    rows.push_back({field, a.shown, b.shown, a.key != b.key});
}

// The kind's rows; a row that is "-" on both sides (a field neither kind has) is left out.
void addKind(std::vector<CompareRow>& rows, const std::string& prefix, const KindInfo* a,
             const KindInfo* b) {
    for (const Field& f : kindFields()) {
        const Value va = fieldOf(f, a), vb = fieldOf(f, b);
        if (va.key == "-" && vb.key == "-") continue;
        add(rows, prefix + f.name, va, vb);
    }
}

std::vector<std::int64_t> layersWhere(const ModelConfig& c, bool (*pred)(const KindInfo&)) {
    std::vector<std::int64_t> out;
    for (std::size_t i = 0; i < c.layers.size(); ++i)
        if (const KindInfo* k = c.kind(c.layers[i]); k && pred(*k))
            out.push_back(static_cast<std::int64_t>(i));
    return out;
}

Value layerList(const ModelConfig& c, bool (*pred)(const KindInfo&)) {
    const auto layers = layersWhere(c, pred);
    std::string key;
    for (auto i : layers) key += std::to_string(i) + ",";
    return {layerListText(layers, static_cast<std::int64_t>(c.layers.size())),
            layers.empty() ? "-" : key};
}

// "4096 on 0-4, 6-10, … (35 of 42)": per window size, the layers that have it.
Value windows(const ModelConfig& c) {
    std::map<std::int64_t, std::vector<std::int64_t>> by;
    for (std::size_t i = 0; i < c.layers.size(); ++i)
        if (const KindInfo* k = c.kind(c.layers[i]); k && k->window)
            by[*k->window].push_back(static_cast<std::int64_t>(i));
    if (by.empty()) return kNone;
    Value v;
    for (const auto& [w, layers] : by) {
        v.shown += (v.shown.empty() ? "" : "; ") + std::to_string(w) + " on " +
                   layerListText(layers, static_cast<std::int64_t>(c.layers.size()));
        v.key += std::to_string(w) + ":";
        for (auto i : layers) v.key += std::to_string(i) + ",";
        v.key += ";";
    }
    return v;
}

std::vector<std::string> kindNames(const ModelConfig& c) {
    std::vector<std::string> names;
    for (const KindInfo& k : c.kinds) names.push_back(k.name);
    return names;
}

}  // namespace

bool isNopeKind(const KindInfo& k) {
    return k.attention && !k.rope &&
           (k.encoding == "nope" || k.encoding == "rope" || k.encoding == "mrope");
}

const KindInfo* defaultKind(const ModelConfig& config) {
    if (const int first = config.firstRopeLayer(); first >= 0)
        return config.kind(config.layers[static_cast<std::size_t>(first)]);
    for (const auto& name : config.layers)
        if (const KindInfo* k = config.kind(name); k && k->attention) return k;
    return config.kinds.empty() ? nullptr : &config.kinds.front();
}

std::string layerListText(const std::vector<std::int64_t>& layers, std::int64_t total) {
    if (layers.empty()) return "-";
    std::vector<std::string> pieces;
    for (std::size_t i = 0; i < layers.size();) {
        std::size_t j = i;
        while (j + 1 < layers.size() && layers[j + 1] == layers[j] + 1) ++j;
        pieces.push_back(j == i ? std::to_string(layers[i])
                                : std::to_string(layers[i]) + "-" + std::to_string(layers[j]));
        i = j + 1;
    }
    const bool shortened = pieces.size() > 6;
    std::string out;
    for (std::size_t p = 0; p < pieces.size(); ++p) {
        if (shortened && p == 4) {
            out += ", …";
            p = pieces.size() - 2;
            continue;
        }
        out += (p == 0 ? "" : ", ") + pieces[p];
    }
    return out + " (" + std::to_string(layers.size()) + " of " + std::to_string(total) + ")";
}

std::vector<CompareRow> compareModels(const ModelConfig& a, const ModelConfig& b) {
    std::vector<CompareRow> rows;
    auto summary = [](const ModelConfig& c) {
        return text(c.encoding.summary.empty() ? c.encoding.id : c.encoding.summary);
    };
    auto modelType = [](const ModelConfig& c) { return c.modelType ? text(*c.modelType) : kNone; };
    add(rows, "positions", summary(a), summary(b));
    add(rows, "model_type", modelType(a), modelType(b));
    add(rows, "head_dim", whole(a.headDim), whole(b.headDim));
    add(rows, "max_position_embeddings", optionalWhole(a.maxPositionEmbeddings),
        optionalWhole(b.maxPositionEmbeddings));
    add(rows, "layers", whole(a.numHiddenLayers), whole(b.numHiddenLayers));
    add(rows, "NoPE layers", layerList(a, isNope), layerList(b, isNope));
    const auto positionFree = [](const KindInfo& k) { return !k.attention; };
    const Value freeA = layerList(a, positionFree), freeB = layerList(b, positionFree);
    if (freeA.key != "-" || freeB.key != "-") add(rows, "layers without positions", freeA, freeB);
    add(rows, "window layers", windows(a), windows(b));

    const auto namesA = kindNames(a), namesB = kindNames(b);
    if (namesA == namesB && namesA.size() > 1) {
        for (const auto& name : namesA) addKind(rows, name + ": ", a.kind(name), b.kind(name));
        return rows;
    }
    const KindInfo *ka = defaultKind(a), *kb = defaultKind(b);
    // Which kinds are compared: their names say it, they are no difference themselves.
    rows.push_back({"kind", ka ? ka->name : "-", kb ? kb->name : "-", false});
    addKind(rows, "", ka, kb);
    return rows;
}

}  // namespace poslab::core::models
