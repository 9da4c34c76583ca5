// The parameters of the RoPE scalings (rope_scaling.h): their specs, how a parameter set becomes a
// RopeFrequencyParams (reading the longrope lists) and the cross-checks no single range states.
#include <cmath>

#include "core/encodings/common.h"
#include "core/encodings/rope_scaling.h"
#include "core/io/npy.h"

namespace poslab::core::enc {

namespace {

// A RealList parameter's numbers: written out, or read from a 1-D .npy file.
Expected<std::vector<double>> listValues(const std::string& name, const std::string& text) {
    if (text.empty()) return std::vector<double>{};
    if (isNumberList(text)) return numberListValues(text);
    auto a = io::readNpy(text, 64.0 * 1024 * 1024);
    if (!a) return fail("parameter '" + name + "': " + a.error().message);
    if (a->shape.size() != 1)
        return fail("parameter '" + name + "' = " + printable(text) +
                    ": expected a 1-D array of factors, got " + std::to_string(a->shape.size()) +
                    " dimensions");
    std::vector<double> out(static_cast<std::size_t>(a->size()));
    for (std::int64_t k = 0; k < a->size(); ++k) out[static_cast<std::size_t>(k)] = a->at(k);
    return out;
}

template <class T>
void read(const ParamSet& p, const char* name, T& into) {
    if (!p.has(name)) return;
    if constexpr (std::is_same_v<T, double>)
        into = p.real(name);
    else if constexpr (std::is_same_v<T, bool>)
        into = p.boolean(name);
    else if constexpr (std::is_same_v<T, std::string>)
        into = p.text(name);
    else
        into = p.integer(name);
}

Status checkLongrope(const ParamSet& p, const RopeFrequencyParams& r, bool readFiles) {
    const auto pairs = static_cast<std::size_t>(r.rotaryDim() / 2);
    for (const char* key : {"short_factor", "long_factor"}) {
        const auto& text = p.text(key);
        if (text.empty())
            return paramError(key, text, "longrope needs short_factor and long_factor",
                              "d_rot/2 = " + std::to_string(pairs) + " reals > 0, or a .npy");
        if (!isNumberList(text) && !readFiles) continue;
        auto values = listValues(key, text);
        if (!values) return values.error();
        if (values->size() != pairs)
            return fail("parameter '" + std::string(key) + "': " + std::to_string(values->size()) +
                        " factors, expected d_rot/2 = " + std::to_string(pairs));
        for (std::size_t j = 0; j < values->size(); ++j)
            if (!((*values)[j] > 0) || !std::isfinite((*values)[j]))
                return fail("parameter '" + std::string(key) + "': item " + std::to_string(j) +
                            " = " + formatValue((*values)[j]) + " must be a finite real > 0");
    }
    if (r.factor > 1 && r.attentionFactor == 0 && r.originalMaxPosition <= 1)
        return paramError("original_max_position", static_cast<std::int64_t>(r.originalMaxPosition),
                          "longrope's attention factor sqrt(1 + ln f / ln L) needs L > 1",
                          "an integer >= 2");
    return {};
}

}  // namespace

Expected<RopeFrequencyParams> RopeFrequencyParams::from(const ParamSet& p) {
    RopeFrequencyParams r;
    r.d = p.integer("d");
    r.base = p.real("base");
    r.length = p.integer("n");
    read(p, "scaling", r.scaling);
    read(p, "factor", r.factor);
    if (p.has("original_max_position"))
        r.originalMaxPosition = static_cast<double>(p.integer("original_max_position"));
    read(p, "beta_fast", r.betaFast);
    read(p, "beta_slow", r.betaSlow);
    read(p, "low_freq_factor", r.lowFreqFactor);
    read(p, "high_freq_factor", r.highFreqFactor);
    if (p.has("seq_len") && p.integer("seq_len") > 0) r.length = p.integer("seq_len");
    read(p, "partial_rotary_factor", r.partialRotary);
    read(p, "attention_factor", r.attentionFactor);
    read(p, "mscale", r.mscale);
    read(p, "mscale_all_dim", r.mscaleAllDim);
    read(p, "truncate", r.truncate);
    read(p, "logit_gain", r.logitGain);
    if (r.scaling == "longrope") {
        auto s = listValues("short_factor", p.text("short_factor"));
        if (!s) return s.error();
        auto l = listValues("long_factor", p.text("long_factor"));
        if (!l) return l.error();
        r.shortFactor = std::move(*s);
        r.longFactor = std::move(*l);
    }
    return r;
}

QueryScaleParams QueryScaleParams::from(const ParamSet& p) {
    QueryScaleParams q;
    read(p, "query_scale", q.rule);
    read(p, "floor_scale", q.floorScale);
    read(p, "attn_scale", q.attnScale);
    read(p, "scaling_beta", q.beta);
    if (p.has("original_max_position"))
        q.originalMax = static_cast<double>(p.integer("original_max_position"));
    if (q.rule == "qwen_logn" && p.has("logn_max"))
        q.originalMax = static_cast<double>(p.integer("logn_max"));
    return q;
}

Status checkRopeScaling(const ParamSet& p, bool readFiles) {
    RopeFrequencyParams r;
    r.d = p.integer("d");
    read(p, "scaling", r.scaling);
    read(p, "partial_rotary_factor", r.partialRotary);
    const auto dr = r.rotaryDim();
    if (dr < 2 || dr % 2 != 0)
        return paramError("partial_rotary_factor", r.partialRotary,
                          "the rotary dim floor(d x " + formatValue(r.partialRotary) +
                              ") = " + std::to_string(dr) + " must be even and at least 2",
                          "a real in (0, 1] giving an even rotary dim (0 with scaling "
                          "proportional)");
    const auto& scaling = r.scaling;
    if (scaling == "none") return {};
    if (p.real("factor") < 1.0)
        return paramError("factor", p.real("factor"), "must be >= 1 when scaling is " + scaling,
                          "a real >= 1");
    if ((scaling == "ntk" || scaling == "dynamic") && dr < 4)
        return paramError(
            "d", p.integer("d"),
            scaling + " scaling uses the exponent d/(d-2), so the rotary dim must " + "be >= 4",
            "an even integer >= 4");
    // Equal betas are valid (Kimi-K2 publishes 1 and 1): the ramp's range is one point, which
    // yarnRamp widens by 0.001 as transformers' linear_ramp_factor does.
    if (scaling == "yarn" && p.real("beta_fast") < p.real("beta_slow"))
        return paramError("beta_fast", p.real("beta_fast"),
                          "must not be below beta_slow = " + formatValue(p.real("beta_slow")),
                          "beta_fast >= beta_slow > 0");
    if (scaling == "llama3" && p.real("high_freq_factor") < p.real("low_freq_factor"))
        return paramError(
            "high_freq_factor", p.real("high_freq_factor"),
            "must not be below low_freq_factor = " + formatValue(p.real("low_freq_factor")),
            "high_freq_factor >= low_freq_factor > 0");
    if (scaling == "longrope") {
        r.factor = p.real("factor");
        r.attentionFactor = p.real("attention_factor");
        r.originalMaxPosition = static_cast<double>(p.integer("original_max_position"));
        return checkLongrope(p, r, readFiles);
    }
    return {};
}

namespace {

// The attention factor, YaRN's refinements, LongRoPE's factor lists and the softmax gain.
std::vector<ParamSpec> attentionFactorSpecs() {
    return {
        realParam("attention_factor", 0.0)
            .range(0, 1e6)
            .slider(0, 4)
            .onlyWhen("scaling", {"yarn", "longrope"})
            .label("Attention factor a", "注意力因子 a")
            .help("YaRN / LongRoPE: the attention factor a multiplying cos and sin (0: derived "
                  "from factor)",
                  "YaRN / LongRoPE：乘在 cos 与 sin 上的注意力因子 a（0 表示由 factor 推出）"),
        realParam("mscale", 0.0)
            .range(0, 1e6)
            .slider(0, 4)
            .onlyWhen("scaling", {"yarn"})
            .label("YaRN magnitude scale", "YaRN 幅度缩放")
            .help("YaRN: a = get_mscale(f, mscale) / get_mscale(f, mscale_all_dim) when both "
                  "are non-zero",
                  "YaRN：两者均非零时 a = get_mscale(f, mscale) / get_mscale(f, mscale_all_dim)"),
        realParam("mscale_all_dim", 0.0)
            .range(0, 1e6)
            .slider(0, 4)
            .onlyWhen("scaling", {"yarn"})
            .onlyWhen("logit_gain", {"deepseek"})
            .label("YaRN all-dims scale", "YaRN 全维度缩放")
            .help("YaRN (DeepSeek): see mscale; with logit_gain deepseek the softmax gains "
                  "get_mscale(f, mscale_all_dim)^2",
                  "YaRN（DeepSeek）：见 mscale；logit_gain 为 deepseek 时 softmax 另乘 "
                  "get_mscale(f, mscale_all_dim)^2"),
        boolParam("truncate", true)
            .onlyWhen("scaling", {"yarn"})
            .label("Round the YaRN range", "YaRN 区间取整")
            .help("YaRN: floor / ceil the correction range (GPT-OSS sets false)",
                  "YaRN：对修正区间取整（GPT-OSS 设为 false）"),
        realListParam("short_factor")
            .range(0, std::nullopt)
            .exclusiveMin()
            .onlyWhen("scaling", {"longrope"})
            .label("Short factors", "短序列因子")
            .help("LongRoPE: d_rot/2 factors used up to L (comma list or .npy)",
                  "LongRoPE：序列长度不超过 L 时的 d_rot/2 个因子（逗号分隔或 .npy）"),
        realListParam("long_factor")
            .range(0, std::nullopt)
            .exclusiveMin()
            .onlyWhen("scaling", {"longrope"})
            .label("Long factors", "长序列因子")
            .help("LongRoPE: d_rot/2 factors used beyond L (comma list or .npy)",
                  "LongRoPE：序列长度超过 L 时的 d_rot/2 个因子（逗号分隔或 .npy）"),
        enumParam("logit_gain", {"none", "deepseek"})
            .onlyWhen("scaling",
                      {"linear", "ntk", "dynamic", "yarn", "llama3", "longrope", "proportional"})
            .label("Softmax gain", "softmax 增益")
            .help("extra softmax gain: DeepSeek's get_mscale(factor, mscale_all_dim)^2",
                  "softmax 的额外增益：DeepSeek 的 get_mscale(factor, mscale_all_dim)^2"),
    };
}

}  // namespace

std::vector<ParamSpec> ropeScalingSpecs() {
    std::vector<ParamSpec> specs = {
        enumParam("scaling", {"none", "linear", "ntk", "dynamic", "yarn", "llama3", "longrope",
                              "proportional"})
            .label("Context scaling", "上下文缩放")
            .help("context-extension scaling of the frequencies", "扩展上下文的频率缩放方式"),
        realParam("factor", 1.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(1, 64)
            .onlyWhen("scaling",
                      {"linear", "ntk", "dynamic", "yarn", "llama3", "longrope", "proportional"})
            .label("Scaling factor s", "缩放因子 s")
            .help("scaling factor s (>= 1 when scaling is not none)",
                  "缩放因子 s（缩放方式不为 none 时须 >= 1）"),
        intParam("original_max_position", 2048)
            .range(1, kMaxPositions)
            .slider(1, 131072)
            .onlyWhen("scaling", {"dynamic", "yarn", "llama3", "longrope"})
            .onlyWhen("query_scale", {"llama_4_scaling_beta"})
            .label("Original context L", "原上下文长度 L")
            .help("original training context length L (dynamic: max_position_embeddings)",
                  "原始训练上下文长度 L（dynamic 时为 max_position_embeddings）"),
        realParam("beta_fast", 32.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(1, 128)
            .onlyWhen("scaling", {"yarn"})
            .label("YaRN β fast", "YaRN β 快")
            .help("YaRN: rotations above which a pair is extrapolated",
                  "YaRN：转数高于此值的维度对保持外推"),
        realParam("beta_slow", 1.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(0.01, 32)
            .onlyWhen("scaling", {"yarn"})
            .label("YaRN β slow", "YaRN β 慢")
            .help("YaRN: rotations below which a pair is interpolated",
                  "YaRN：转数低于此值的维度对完全内插"),
        realParam("low_freq_factor", 1.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(0.1, 16)
            .onlyWhen("scaling", {"llama3"})
            .label("Low-frequency factor", "低频因子")
            .help("Llama 3: wavelengths above L / low_freq_factor are divided by factor",
                  "Llama 3：波长大于 L / low_freq_factor 的频率除以 factor"),
        realParam("high_freq_factor", 4.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(0.1, 64)
            .onlyWhen("scaling", {"llama3"})
            .label("High-frequency factor", "高频因子")
            .help("Llama 3: wavelengths below L / high_freq_factor are kept",
                  "Llama 3：波长小于 L / high_freq_factor 的频率保持不变"),
        intParam("seq_len", 0)
            .range(0, kMaxPositions)
            .slider(0, 131072)
            .onlyWhen("scaling", {"dynamic", "longrope"})
            .label("Sequence length s", "序列长度 s")
            .help("sequence length s of dynamic and longrope (0: n)",
                  "dynamic 与 longrope 使用的序列长度 s（0 表示取 n）"),
        // 0 is accepted for proportional only (p-RoPE with p = 0: nothing rotates, spec E9);
        // checkRopeScaling refuses it elsewhere (rotary dim 0).
        realParam("partial_rotary_factor", 1.0)
            .range(0, 1)
            .slider(0.05, 1)
            .quietByDefault()
            .label("Rotated fraction", "旋转比例")
            .help("rotate the first floor(d p) channels, the rest pass through (proportional: "
                  "floor(p d / 2) pairs rotate over denominator d)",
                  "只旋转前 floor(d p) 个通道，其余原样通过（proportional：前 floor(p d / 2) "
                  "对旋转，分母仍为 d）"),
    };
    for (auto& s : attentionFactorSpecs()) specs.push_back(std::move(s));
    return specs;
}

std::vector<ParamSpec> queryScaleSpecs() {
    return {
        enumParam("query_scale",
                  {"none", "llama4_temperature", "llama_4_scaling_beta", "qwen_logn"})
            .quietByDefault()
            .label("Query scaling", "查询缩放")
            .help("rule multiplying the queries by a function of the position p",
                  "按位置 p 缩放查询向量的规则"),
        realParam("floor_scale", 8192.0)
            .range(0, 1e12)
            .exclusiveMin()
            .slider(1, 65536)
            .onlyWhen("query_scale", {"llama4_temperature"})
            .label("Llama 4 floor scale", "Llama 4 分段尺度")
            .help("Llama 4: ln(floor((p + 1) / floor_scale) + 1) attn_scale + 1",
                  "Llama 4:ln(floor((p + 1) / floor_scale) + 1) attn_scale + 1"),
        realParam("attn_scale", 0.1)
            .range(0, 1e6)
            .slider(0, 1)
            .onlyWhen("query_scale", {"llama4_temperature"})
            .label("Llama 4 temperature slope", "Llama 4 温度斜率")
            .help("Llama 4: the slope of the query temperature", "Llama 4：查询温度的斜率"),
        realParam("scaling_beta", 0.0)
            .range(0, 1e6)
            .slider(0, 1)
            .onlyWhen("query_scale", {"llama_4_scaling_beta"})
            .label("Query scaling β", "查询缩放 β")
            .help("llama_4_scaling_beta: 1 + beta ln(1 + floor(p / L))",
                  "llama_4_scaling_beta:1 + beta ln(1 + floor(p / L))"),
        intParam("logn_max", 8192)
            .range(2, kMaxPositions)
            .slider(2, 131072)
            .onlyWhen("query_scale", {"qwen_logn"})
            .label("Log-n training length L", "对数缩放的训练长度 L")
            .help("Qwen v1 use_logn_attn: queries x ln(p + 1) / ln(L) once p + 1 > L (L = "
                  "seq_length)",
                  "Qwen v1 use_logn_attn：p + 1 > L 时查询乘以 ln(p + 1) / ln(L)（L 即 "
                  "seq_length）"),
    };
}

}  // namespace poslab::core::enc
