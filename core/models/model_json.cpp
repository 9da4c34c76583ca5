// `poslab model --json` (models.md M4): one object, numbers in full double precision.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <sstream>

#include "core/io/writers.h"
#include "core/models/model_config.h"

#include "core/encodings/mrope_layout.h"

namespace poslab::core::models {

namespace {

using io::numberText;

// A code point a terminal would act on or that would reorder the text around it: DEL, the C1
// controls, the line and paragraph separators and the bidirectional controls (as echo() shows
// them).
bool invisible(std::uint32_t cp) {
    return cp == 0x7f || (cp >= 0x80 && cp <= 0x9f) || cp == 0x061c || cp == 0x200e ||
           cp == 0x200f || cp == 0x2028 || cp == 0x2029 || (cp >= 0x202a && cp <= 0x202e) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

// io::jsonString, with those code points written as \uXXXX too: the same JSON value, and stdout
// carries no control from a config. The text is UTF-8 (nlohmann refuses anything else).
std::string jsonString(const std::string& s) {
    std::string out = "\"", run;
    const auto flush = [&] {
        const std::string quoted = io::jsonString(run);
        out.append(quoted, 1, quoted.size() - 2);
        run.clear();
    };
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const std::size_t n = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
        std::uint32_t cp = n == 1 ? b : b & (0x7f >> n);
        for (std::size_t k = 1; k < n && i + k < s.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
        if (invisible(cp)) {
            flush();
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
            out += buf;
        } else {
            run.append(s, i, n);
        }
        i += n;
    }
    flush();
    return out + "\"";
}

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

void paramsJson(std::ostream& o, const std::vector<ParamText>& params) {
    o << "{";
    for (std::size_t i = 0; i < params.size(); ++i) {
        const auto& [key, value] = params[i];
        o << (i ? ", " : "") << jsonString(key) << ": ";
        // Whole numbers and reals as numbers, true / false as literals, the rest as strings.
        const bool literal = value == "true" || value == "false";
        char* end = nullptr;
        std::strtod(value.c_str(), &end);
        const bool number = !value.empty() && end == value.c_str() + value.size() &&
                            value.find_first_not_of("0123456789+-.eE") == std::string::npos;
        o << (literal || number ? value : jsonString(value));
    }
    o << "}";
}

// What every kind says of itself besides its RoPE: attention, encoding, window.
void commonJson(std::ostream& o, const KindInfo& k) {
    o << "\"attention\": " << (k.attention ? "true" : "false")
      << ", \"encoding\": " << jsonString(k.encoding) << ", \"window\": " << optInt(k.window);
}

// E1: {"mrope_section": [s0, s1, s2], "interleaved": bool, "pair_axis": [...]}, or null.
void mropeJson(std::ostream& o, const KindInfo& k) {
    const auto& s = k.mropeSection;
    const auto axis = s.size() == 3
                          ? enc::mropePairAxis(k.rotaryDim, {s[0], s[1], s[2]}, k.mropeInterleaved)
                          : Expected<std::vector<int>>(fail("no sections"));
    if (!axis) {
        o << "null";
        return;
    }
    o << "{\"mrope_section\": [" << s[0] << ", " << s[1] << ", " << s[2]
      << "], \"interleaved\": " << (k.mropeInterleaved ? "true" : "false") << ", \"pair_axis\": [";
    for (std::size_t j = 0; j < axis->size(); ++j) o << (j ? ", " : "") << (*axis)[j];
    o << "]}";
}

void kindJson(std::ostream& o, const KindInfo& k) {
    if (!k.rope) {
        o << "{\"rope\": false, ";
        commonJson(o, k);
        if (!k.encodingParams.empty()) {
            o << ", \"params\": ";
            paramsJson(o, k.encodingParams);
        }
        o << ", \"query_scale\": " << queryScaleJson(k.queryScale) << "}";
        return;
    }
    o << "{\"rope\": true, ";
    commonJson(o, k);
    o << ", \"rope_type\": " << jsonString(k.ropeType)
      << ", \"rope_theta\": " << numberText(k.ropeTheta) << ", \"head_dim\": " << k.headDim
      << ", \"rotary_dim\": " << k.rotaryDim << ", \"pairing\": " << jsonString(k.pairing)
      << ", \"pairing_source\": " << jsonString(k.pairingSource)
      << ", \"qk_head_dim\": " << optInt(k.qkHeadDim) << ", \"factor\": " << numberText(k.factor)
      << ", \"original_max_position_embeddings\": " << optInt(k.originalMax)
      << ", \"attention_factor\": " << numberText(k.attentionFactor)
      << ", \"logit_multiplier\": " << numberText(k.logitMultiplier)
      << ", \"query_scale\": " << queryScaleJson(k.queryScale) << ", \"mrope\": ";
    mropeJson(o, k);
    o << ", \"pair_class\": [";
    for (std::size_t j = 0; j < k.pairClass.size(); ++j) o << (j ? ", " : "") << k.pairClass[j];
    o << "], \"inv_freq\": [";
    for (std::size_t j = 0; j < k.invFreq.size(); ++j)
        o << (j ? ", " : "") << numberText(k.invFreq[j]);
    o << "]}";
}

}  // namespace

void writeModelConfigJson(std::ostream& o, const ModelConfig& c) {
    o << "{\"model_type\": " << (c.modelType ? jsonString(*c.modelType) : "null")
      << ", \"encoding\": " << jsonString(c.encoding.id)
      << ", \"encoding_rule\": " << jsonString(c.encoding.rule)
      << ", \"summary\": " << jsonString(c.encoding.summary);
    if (c.encoding.id != "rope") {
        o << ", \"params\": ";
        paramsJson(o, c.encoding.params);
    }
    if (c.encoding.id == "learned") o << ", \"index_offset\": " << c.encoding.indexOffset;
    o << ", \"vision\": ";
    if (c.vision)
        o << "{\"head_dim\": " << c.vision->headDim
          << ", \"spatial_merge_size\": " << c.vision->merge << ", \"tokens_per_second\": "
          << (c.vision->tokensPerSecond ? numberText(*c.vision->tokensPerSecond) : "null") << "}";
    else
        o << "null";
    o << ", \"head_dim\": " << (c.headDim > 0 ? std::to_string(c.headDim) : "null")
      << ", \"max_position_embeddings\": " << optInt(c.maxPositionEmbeddings)
      << ", \"seq_len\": " << optInt(c.seqLen) << ", \"num_hidden_layers\": " << c.numHiddenLayers
      << ", \"layers\": [";
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
}

std::string modelConfigJson(const ModelConfig& c) {
    std::ostringstream o;
    writeModelConfigJson(o, c);
    return o.str();
}

}  // namespace poslab::core::models
