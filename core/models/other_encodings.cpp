// models.md M5.2 rules 2-4: configs whose positions are ALiBi, T5 buckets, a learned table or
// BERT's relative_key (Shaw). Each kind carries the parameters of PosLab's own encoding that
// reproduce the model, so `--model` and "Explore in ..." open that encoding with them.
#include <string_view>

#include "core/models/families.h"
#include "core/models/json_access.h"
#include "core/models/which_encoding.h"

namespace poslab::core::models::detail {

namespace {

std::string num(std::int64_t v) {
    return std::to_string(v);
}

Expected<std::int64_t> required(const Expected<Counted>& got, const std::string& keys,
                                const std::string& why) {
    if (!got) return got.error();
    if (!got->value) return fail(keys + ": missing; " + why);
    return *got->value;
}

// One kind for every layer of a stack.
void addKind(ModelConfig& cfg, KindInfo k, std::int64_t layers) {
    cfg.layers.insert(cfg.layers.end(), static_cast<std::size_t>(layers), k.name);
    cfg.kindIndex.emplace(k.name, cfg.kinds.size());
    cfg.kinds.push_back(std::move(k));
}

KindInfo positionsKind(const std::string& name, const std::string& encoding) {
    KindInfo k;
    k.name = name;
    k.rope = false;
    k.encoding = encoding;
    k.pairingSource.clear();
    return k;
}

// The head dim where the config gives it (head_dim, d_kv, or hidden / heads); 0 when unknown.
Status headDimIfKnown(const Source& model, ModelConfig& cfg) {
    auto direct = firstCount(model, {"head_dim", "d_kv"});
    if (!direct) return direct.error();
    if (direct->value) {
        cfg.headDim = *direct->value;
        return {};
    }
    auto hidden = readHidden(model);
    if (!hidden) return hidden.error();
    auto heads = readHeads(model);
    if (!heads) return heads.error();
    if (hidden->value && heads->value && *hidden->value % *heads->value == 0)
        cfg.headDim = *hidden->value / *heads->value;
    return {};
}

Status alibi(const Source& model, ModelConfig& cfg, std::int64_t layers) {
    auto heads = required(readHeads(model), "num_attention_heads (n_head, n_heads)",
                          "ALiBi has one slope per head");
    if (!heads) return heads.error();
    KindInfo k = positionsKind("full_attention", "alibi");
    k.encodingParams = {{"heads", num(*heads)}};
    std::string rule = "BLOOM rule";
    if (cfg.encoding.rule == "attn_config.alibi") {
        const Source ac(model.find("attn_config"), "attn_config");
        auto biasMax = ac.number("alibi_bias_max");
        if (!biasMax) return biasMax.error();
        const double b = biasMax->value_or(8);
        if (!(b > 0))
            return fail(ac.name("alibi_bias_max") + ": must be greater than 0, got " + show(b));
        k.encodingParams.emplace_back("slopes", "mpt");
        k.encodingParams.emplace_back("bias_max", show(b));
        rule = "MPT rule, alibi_bias_max " + show(b);
        auto learnedPos = ac.boolean("learned_pos_emb");
        if (!learnedPos) return learnedPos.error();
        auto top = model.boolean("learned_pos_emb");
        if (!top) return top.error();
        if (learnedPos->value_or(false) || top->value_or(false))
            cfg.notes.push_back(
                "learned_pos_emb is not used: with alibi on, the model has no "
                "position table (transformers' MptModel)");
    } else {
        k.encodingParams.emplace_back("slopes", "paper");
        if (cfg.encoding.rule != "model_type bloom") rule = "BLOOM's rule, " + cfg.encoding.rule;
    }
    k.encodingParams.emplace_back("causal", "true");
    cfg.encoding.summary = "ALiBi, " + num(*heads) + " heads (" + rule + ")";
    addKind(cfg, std::move(k), layers);
    return {};
}

Status t5(const Source& model, ModelConfig& cfg) {
    auto buckets = model.count("relative_attention_num_buckets");
    if (!buckets) return buckets.error();
    const std::int64_t nb = buckets->value_or(32);
    if (nb < 2)
        return fail(model.name("relative_attention_num_buckets") + ": must be at least 2, got " +
                    num(nb));
    auto distance = model.count("relative_attention_max_distance");
    if (!distance) return distance.error();
    const std::int64_t md = distance->value_or(128);
    auto heads = required(readHeads(model), "num_heads", "T5's bias has one column per head");
    if (!heads) return heads.error();
    auto enc = required(firstCount(model, {"num_layers", "num_hidden_layers"}), "num_layers",
                        "T5 has an encoder stack");
    if (!enc) return enc.error();
    auto dec = model.count("num_decoder_layers");
    if (!dec) return dec.error();
    const std::vector<ParamText> shared = {
        {"heads", num(*heads)}, {"num_buckets", num(nb)}, {"max_distance", num(md)}};
    KindInfo e = positionsKind("encoder", "t5");
    e.encodingParams = shared;
    e.encodingParams.emplace_back("bidirectional", "true");
    KindInfo d = positionsKind("decoder", "t5");
    d.encodingParams = shared;
    d.encodingParams.emplace_back("bidirectional", "false");
    const std::int64_t decoders = dec->value_or(*enc);
    cfg.numHiddenLayers = *enc + decoders;
    addKind(cfg, std::move(e), *enc);
    addKind(cfg, std::move(d), decoders);
    cfg.encoding.summary = "T5 relative buckets: " + num(nb) + " buckets, max distance " + num(md) +
                           ", " + num(*heads) + " heads (encoder bidirectional, decoder causal)";
    return {};
}

// RoBERTa's positions start at padding_idx + 1 (pad_token_id, 1 in every published config).
Expected<std::int64_t> learnedOffset(const Source& model, const std::optional<std::string>& type) {
    if (!type) return 0;
    for (std::string_view t : {"opt", "bart", "mbart", "biogpt", "xglm"})
        if (*type == t) return 2;
    for (std::string_view t : {"roberta", "xlm-roberta", "camembert"})
        if (*type == t) {
            auto pad = model.number("pad_token_id");
            if (!pad) return pad.error();
            return static_cast<std::int64_t>(pad->value_or(1)) + 1;
        }
    return 0;
}

Status learned(const Source& model, ModelConfig& cfg, std::int64_t layers) {
    auto positions = required(firstCount(model, {"n_positions", "max_position_embeddings"}),
                              "max_position_embeddings (n_positions)",
                              "a learned table has one row per position");
    if (!positions) return positions.error();
    auto offset = learnedOffset(model, cfg.modelType);
    if (!offset) return offset.error();
    auto hidden = readHidden(model);
    if (!hidden) return hidden.error();
    KindInfo k = positionsKind("full_attention", "learned");
    k.encodingParams = {{"n", num(*positions)}};
    if (hidden->value) k.encodingParams.emplace_back("d", num(*hidden->value));
    cfg.encoding.summary = "learned absolute, " + num(*positions) + " positions";
    cfg.encoding.indexOffset = *offset;
    if (*offset > 0) {
        cfg.encoding.summary += " (index offset " + num(*offset) + ")";
        cfg.notes.push_back("the position table is indexed at position + " + num(*offset) + " (" +
                            echo(cfg.modelType.value_or("")) + "'s code adds the offset)");
    }
    if (cfg.modelType && *cfg.modelType == "xglm")
        cfg.notes.push_back("XGLM's table is sinusoidal (fixed), not learned");
    cfg.notes.push_back(
        "the learned table lives in the weights: open it with learned "
        "source=FILE.npy");
    addKind(cfg, std::move(k), layers);
    return {};
}

Status shaw(const Source& model, ModelConfig& cfg, std::int64_t layers) {
    auto positions = required(readMaxPositions(model), "max_position_embeddings",
                              "relative_key clips at max_position_embeddings - 1");
    if (!positions) return positions.error();
    if (*positions < 2)
        return fail(model.name("max_position_embeddings") + ": must be at least 2 for " +
                    "relative_key, got " + num(*positions));
    KindInfo k = positionsKind("full_attention", "shaw");
    k.encodingParams = {{"clip", num(*positions - 1)}};
    if (cfg.headDim > 0) k.encodingParams.emplace_back("d", num(cfg.headDim));
    cfg.encoding.summary = "Shaw relative positions (BERT " +
                           cfg.encoding.rule.substr(cfg.encoding.rule.rfind(' ') + 1) + "), clip " +
                           num(*positions - 1);
    addKind(cfg, std::move(k), layers);
    return {};
}

}  // namespace

Status readOtherEncoding(const Source& model, ModelConfig& cfg) {
    if (auto st = headDimIfKnown(model, cfg); !st) return st;
    auto maxPos = readMaxPositions(model);
    if (!maxPos) return maxPos.error();
    cfg.maxPositionEmbeddings = maxPos->value;
    auto layerCount = readLayerCount(model);
    if (!layerCount) return layerCount.error();
    const std::int64_t layers = layerCount->value.value_or(1);
    if (layers > 100000) return fail(layerCount->key + ": " + num(layers) + " is too many");
    cfg.numHiddenLayers = layers;
    const std::string& id = cfg.encoding.id;
    Status st = id == "alibi"     ? alibi(model, cfg, layers)
                : id == "t5"      ? t5(model, cfg)
                : id == "learned" ? learned(model, cfg, layers)
                                  : shaw(model, cfg, layers);
    if (!st) return st;
    if (!cfg.kinds.empty()) cfg.encoding.params = cfg.kinds.front().encodingParams;
    return {};
}

}  // namespace poslab::core::models::detail
