// The multimodal keys of a config (spec encodings_next.md E1 and E2 "From a model's config.json"):
// M-RoPE's parameters of a text kind with mrope_section, and the vision encoder's 2-D RoPE from
// `vision_config` (transformers' Qwen2VisionTransformerPretrainedModel: head_dim = embed_dim /
// num_heads, VisionRotaryEmbedding(head_dim / 2) with theta 10000 fixed in the code; Qwen2.5-VL
// and Qwen3-VL name the width hidden_size).
#include "core/models/reader_parts.h"

#include <sstream>

namespace poslab::core::models {

namespace {

std::string number(double v) {
    std::ostringstream o;
    o.precision(17);
    o << v;
    return o.str();
}

}  // namespace

bool isQwen3VisionFamily(const std::optional<std::string>& modelType) {
    if (!modelType) return false;
    const std::string& t = *modelType;
    return t.rfind("qwen3_vl", 0) == 0 || t.rfind("qwen3_5", 0) == 0;
}

Expected<std::vector<ParamText>> mropeParamTexts(const ModelConfig& c, const KindInfo& k) {
    if (k.mropeSection.size() != 3)
        return fail("layer kind '" + k.name + "' has no mrope_section: not M-RoPE");
    if (k.ropeType != "default")
        return fail("layer kind '" + k.name + "' scales its frequencies (rope_type " + k.ropeType +
                    "); the mrope views show unscaled M-RoPE, the rope views the scaled pairs");
    std::vector<ParamText> p = {
        {"d", std::to_string(k.rotaryDim)},
        {"base", number(k.ropeTheta)},
        {"mrope_section", std::to_string(k.mropeSection[0]) + "," +
                              std::to_string(k.mropeSection[1]) + "," +
                              std::to_string(k.mropeSection[2])},
        {"interleaved", k.mropeInterleaved ? "true" : "false"},
    };
    if (c.vision) {
        p.emplace_back("merge", std::to_string(c.vision->merge));
        if (c.vision->tokensPerSecond) {
            p.emplace_back("time", "absolute");
            p.emplace_back("tokens_per_second", number(*c.vision->tokensPerSecond));
        }
    }
    if (isQwen3VisionFamily(c.modelType)) p.emplace_back("split_frames", "true");
    return p;
}

Expected<std::vector<ParamText>> visionParamTexts(const ModelConfig& c) {
    if (!c.vision) return fail("the config has no vision_config with a rotary vision encoder");
    return std::vector<ParamText>{{"variant", "qwen_vision"},
                                  {"d", std::to_string(c.vision->headDim)},
                                  {"merge", std::to_string(c.vision->merge)},
                                  {"base", "10000"}};
}

namespace detail {

Expected<std::optional<VisionInfo>> readVision(const Json& root) {
    const auto it = root.find("vision_config");
    if (it == root.end() || !it->is_object()) return std::optional<VisionInfo>();
    const Source v(&*it, "vision_config");
    VisionInfo out;
    auto heads = v.count("num_heads");
    if (!heads) return heads.error();
    const char* widthKey = v.has("embed_dim") ? "embed_dim" : "hidden_size";
    auto width = v.count(widthKey);
    if (!width) return width.error();
    if (!*heads || !*width) return std::optional<VisionInfo>();  // not a Qwen-style encoder
    out.headDimKeys = v.name(widthKey) + " / " + v.name("num_heads");
    if (**width % **heads != 0 || (**width / **heads) % 4 != 0 || **width / **heads > 65536)
        return fail(out.headDimKeys + ": " + std::to_string(**width) + " / " +
                    std::to_string(**heads) +
                    " is not a whole head dim that is a multiple of 4 (2-D RoPE gives a quarter "
                    "of it to each direction)");
    out.headDim = **width / **heads;
    auto merge = v.count("spatial_merge_size");
    if (!merge) return merge.error();
    if (*merge) {
        if (**merge > 64)
            return fail(v.name("spatial_merge_size") + ": " + std::to_string(**merge) +
                        " is more than 64");
        out.merge = **merge;
    }
    auto tps = v.positive("tokens_per_second");
    if (!tps) return tps.error();
    if (*tps) {
        if (**tps > 1e6) return fail(v.name("tokens_per_second") + ": more than 1000000");
        out.tokensPerSecond = **tps;
    }
    return std::optional<VisionInfo>(out);
}

}  // namespace detail

}  // namespace poslab::core::models
