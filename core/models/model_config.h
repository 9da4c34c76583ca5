// What a model's config.json means for its positions (spec models.md M1-M3): the layer map, one
// RoPE parameter set per kind of layer with Hugging Face's inverse frequencies (newest
// `modeling_rope_utils.py` semantics), attention factor, logit multiplier and query scaling.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/encodings/rope_scaling.h"
#include "core/expected.h"

namespace poslab::core::models {

// How a pair's frequency came out of the scaling: yarn and llama3 have all three; the others
// only kept (unchanged) or interpolated ("scaled").
enum PairClass : int { kKept = 0, kBlended = 1, kInterpolated = 2 };

// A rule that multiplies the queries by a function of the position p (M1 family rules).
struct QueryScale {
    // "llama4_temperature": ln(floor((p + 1) / floor_scale) + 1) * attn_scale + 1
    // "llama_4_scaling_beta": 1 + beta * ln(1 + floor(p / original_max_position_embeddings))
    // "qwen_logn" (Qwen v1 use_logn_attn): log_L(p + 1) when p + 1 > L (L = originalMax), else 1
    std::string kind;
    double floorScale = 8192, attnScale = 0.1;  // llama4_temperature
    double beta = 0;                            // llama_4_scaling_beta
    std::int64_t originalMax = 0;               // llama_4_scaling_beta, qwen_logn
};

// A PosLab parameter as `-p KEY=VALUE` gives it ("heads", "112").
using ParamText = std::pair<std::string, std::string>;

// One kind of layer (a layer type, or "rope"/"nope"): its RoPE set after M2, or none (NoPE,
// linear attention, or an encoding other than RoPE).
struct KindInfo {
    std::string name;
    bool rope = true;
    // M5.1: false for layers that are not softmax attention (linear_attention, mamba, conv):
    // they carry no positions at all.
    bool attention = true;
    // What gives this kind's positions (M5.2): rope | mrope | alibi | t5 | learned | shaw, "nope"
    // for attention without positions, "none" for layers that are not attention.
    std::string encoding = "rope";
    // For encodings other than rope: the PosLab parameters of that encoding the config implies
    // (`--model` hands them to its views and exports; -p given after it overrides). Named apart
    // from `params`, the rope encoding's frequency parameters below.
    std::vector<ParamText> encodingParams;
    // M5.1: the sliding window of this kind's layers (null: full attention).
    std::optional<std::int64_t> window;
    // Where the pairing came from: "model_type cohere", "qk_rope_head_dim (MLA)", "default".
    std::string pairingSource = "default (rotate_half)";
    // MLA (DeepSeek, Kimi): the q.k dimension qk_nope_head_dim + qk_rope_head_dim that sets the
    // softmax's 1/sqrt(d).
    std::optional<std::int64_t> qkHeadDim;
    std::string ropeType = "default";  // default linear dynamic yarn longrope llama3 proportional
    double ropeTheta =
        10000;  // the base b actually used (dynamic: before its rescale; NTK alpha: after)
    std::int64_t headDim = 0;
    std::int64_t rotaryDim = 0;    // d; head_dim for proportional
    std::string pairing = "half";  // "half" (rotate_half) or "interleaved"
    double factor = 1;
    std::optional<std::int64_t> originalMax;  // L for yarn, longrope, llama3
    double attentionFactor = 1;               // a, multiplies cos and sin
    double logitMultiplier = 1;               // a^2 times the family's softmax gain
    double partialRotaryFactor = 1;
    std::optional<QueryScale> queryScale;
    std::vector<double> invFreq;   // d/2 entries (head_dim/2 for proportional)
    std::vector<int> pairClass;    // PairClass per entry of invFreq
    std::vector<double> unscaled;  // b^(-2j/d) before the scaling (same length), for views
    std::vector<std::int64_t> mropeSection;  // kept for the M-RoPE view (3 numbers, sum d/2)
    // M-RoPE's axis order over the pairs: interleaved (Qwen3-VL: mrope_interleaved, or a Qwen3-VL
    // / Qwen3.5 model_type, whose code always interleaves) or chunked.
    bool mropeInterleaved = false;
    // The parameters of the one frequency implementation that gave invFreq (rope_scaling.h):
    // what `--model` and "Explore in RoPE" hand to the rope encoding.
    enc::RopeFrequencyParams params;

    int countOf(PairClass c) const;
    int rotatingPairs() const;  // entries with a non-zero frequency
};

// M5.2: the positional encoding a config implies, and the rule that named it.
struct EncodingInfo {
    std::string id = "rope";  // rope | mrope | alibi | t5 | learned | shaw
    std::string rule;         // "model_type bloom", "attn_config.alibi", "rope_theta", ...
    // The first line `poslab model` prints: "ALiBi, 112 heads (BLOOM rule)", "learned absolute,
    // 1024 positions", "RoPE".
    std::string summary;
    // For encodings other than rope: the parameters of the first kind (the --json "params").
    std::vector<ParamText> params;
    // Learned tables: the index the code adds to a position before it reads the table (OPT,
    // BART: 2; RoBERTa: padding_idx + 1), not a parameter of PosLab's learned encoding.
    std::int64_t indexOffset = 0;
};

// A vision encoder's 2-D RoPE (spec E2, from `vision_config`): Qwen's VisionRotaryEmbedding.
struct VisionInfo {
    std::int64_t headDim = 0;               // (embed_dim or hidden_size) / num_heads
    std::string headDimKeys;                // "vision_config.embed_dim / vision_config.num_heads"
    std::int64_t merge = 2;                 // spatial_merge_size
    std::optional<double> tokensPerSecond;  // Qwen2.5-VL: M-RoPE's absolute time
};

struct ModelConfig {
    std::optional<std::string> modelType;
    EncodingInfo encoding;
    std::optional<std::int64_t> seqLen;  // the sequence length s the config was read at
    std::int64_t headDim = 0;
    std::optional<std::int64_t> maxPositionEmbeddings;
    std::int64_t numHiddenLayers = 1;
    std::vector<std::string> layers;   // kind name per layer
    std::vector<KindInfo> kinds;       // in order of first appearance in `layers`
    std::vector<std::string> notes;    // HF's warnings and what the reader chose
    std::optional<VisionInfo> vision;  // a vision_config with a rotary encoder
    // Where each kind's name is in `kinds` (the reader fills it), so that a lookup per layer stays
    // constant time with 100,000 distinct kinds; kind() searches `kinds` for a name it lacks.
    std::unordered_map<std::string, std::size_t> kindIndex;

    const KindInfo* kind(const std::string& name) const;
    // The first layer whose kind carries RoPE, or -1.
    int firstRopeLayer() const;
};

// M-RoPE (spec E1): the parameters of the mrope encoding a kind with mrope_section implies (d,
// base, mrope_section, interleaved; merge, time and tokens_per_second, split_frames from the
// vision config and the family), or a line saying why not (a scaled rope_type).
Expected<std::vector<ParamText>> mropeParamTexts(const ModelConfig& config, const KindInfo& kind);
// E2: rope2d's parameters for the vision encoder (variant qwen_vision, d, merge, base 10000).
Expected<std::vector<ParamText>> visionParamTexts(const ModelConfig& config);
// Whether the family's code always interleaves M-RoPE and lays video frames out one by one
// (model_type qwen3_vl, qwen3_vl_moe, qwen3_5, qwen3_5_moe and their _text configs).
bool isQwen3VisionFamily(const std::optional<std::string>& modelType);

// The largest head dim (and rotary dim) a config may give: the rope encoding's limit on d.
constexpr std::int64_t kMaxModelHeadDim = 65536;

// Reads a config from its text / from a file. `seqLen` is the sequence length s of dynamic and
// longrope (the table switches to long_factor when s > L). Every refusal is one line naming the
// key (Errc::InvalidParameter; Errc::Io for an unreadable file; Errc::OverBudget when the text,
// the parsed document or the tables it implies would exceed `budget` bytes, the configured
// memory budget when negative). Before anything is parsed the text is held to the config file's
// cap (4 MiB, core/io/input_file.h) and to 64 levels of nesting, so that nothing recurses over a
// hostile value; every size the config implies is checked before it is allocated. The file is
// read by core::io::readInputFile (regular files only).
Expected<ModelConfig> readModelConfigText(const std::string& text,
                                          std::optional<std::int64_t> seqLen = std::nullopt,
                                          double budget = -1);
Expected<ModelConfig> readModelConfigFile(const std::string& path,
                                          std::optional<std::int64_t> seqLen = std::nullopt,
                                          double budget = -1);

// The object of `poslab model --json` (models.md M4), numbers in full double precision; the
// stream form writes it as it goes (a config of many kinds makes megabytes of it).
std::string modelConfigJson(const ModelConfig& config);
void writeModelConfigJson(std::ostream& out, const ModelConfig& config);

}  // namespace poslab::core::models
