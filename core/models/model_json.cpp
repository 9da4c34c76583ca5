// `poslab model --json` (models.md M4): one object, numbers in full double precision.
#include <sstream>

#include "core/io/writers.h"
#include "core/models/model_config.h"

namespace poslab::core::models {

namespace {

using io::jsonString;
using io::numberText;

std::string optInt(const std::optional<std::int64_t>& v) {
    return v ? std::to_string(*v) : "null";
}

std::string queryScaleJson(const std::optional<QueryScale>& q) {
    if (!q) return "null";
    std::ostringstream o;
    o << "{\"kind\": " << jsonString(q->kind);
    if (q->kind == "llama4_temperature")
        o << ", \"floor_scale\": " << numberText(q->floorScale)
          << ", \"attn_scale\": " << numberText(q->attnScale);
    else
        o << ", \"beta\": " << numberText(q->beta)
          << ", \"original_max_position_embeddings\": " << q->originalMax;
    o << "}";
    return o.str();
}

void kindJson(std::ostringstream& o, const KindInfo& k) {
    if (!k.rope) {
        o << "{\"rope\": false, \"query_scale\": " << queryScaleJson(k.queryScale) << "}";
        return;
    }
    o << "{\"rope\": true, \"rope_type\": " << jsonString(k.ropeType)
      << ", \"rope_theta\": " << numberText(k.ropeTheta) << ", \"head_dim\": " << k.headDim
      << ", \"rotary_dim\": " << k.rotaryDim << ", \"pairing\": " << jsonString(k.pairing)
      << ", \"factor\": " << numberText(k.factor)
      << ", \"original_max_position_embeddings\": " << optInt(k.originalMax)
      << ", \"attention_factor\": " << numberText(k.attentionFactor)
      << ", \"logit_multiplier\": " << numberText(k.logitMultiplier)
      << ", \"query_scale\": " << queryScaleJson(k.queryScale) << ", \"pair_class\": [";
    for (std::size_t j = 0; j < k.pairClass.size(); ++j) o << (j ? ", " : "") << k.pairClass[j];
    o << "], \"inv_freq\": [";
    for (std::size_t j = 0; j < k.invFreq.size(); ++j)
        o << (j ? ", " : "") << numberText(k.invFreq[j]);
    o << "]}";
}

}  // namespace

std::string modelConfigJson(const ModelConfig& c) {
    std::ostringstream o;
    o << "{\"model_type\": " << (c.modelType ? jsonString(*c.modelType) : "null")
      << ", \"head_dim\": " << c.headDim
      << ", \"max_position_embeddings\": " << optInt(c.maxPositionEmbeddings)
      << ", \"num_hidden_layers\": " << c.numHiddenLayers << ", \"layers\": [";
    for (std::size_t i = 0; i < c.layers.size(); ++i)
        o << (i ? ", " : "") << jsonString(c.layers[i]);
    o << "], \"kinds\": {";
    for (std::size_t i = 0; i < c.kinds.size(); ++i) {
        o << (i ? ", " : "") << jsonString(c.kinds[i].name) << ": ";
        kindJson(o, c.kinds[i]);
    }
    o << "}, \"notes\": [";
    for (std::size_t i = 0; i < c.notes.size(); ++i) o << (i ? ", " : "") << jsonString(c.notes[i]);
    o << "]}\n";
    return o.str();
}

}  // namespace poslab::core::models
