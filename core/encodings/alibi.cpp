// B1 ALiBi, attention with linear biases (Press, Smith & Lewis, 2022, "Train Short, Test Long:
// Attention with Linear Biases Enables Input Length Extrapolation"):
//   bias[h, i, j] = -slope_h * |i - j|            (i the query, j the key)
//   causal:         -slope_h * (i - j) for j <= i, -inf for j > i
// Two published rules for the slopes of H heads, with B = bias_max (8 in the paper, MPT's
// attn_config.alibi_bias_max):
// - paper (the authors' ofirpress/attention_with_linear_biases get_slopes; transformers' BLOOM
//   build_alibi_tensor): for H a power of two slope_h = 2^(-B(h+1)/H), a geometric sequence with
//   start and ratio 2^(-B/H). Otherwise, with P the largest power of two below H: the P slopes of
//   that rule, then the slopes 0, 2, 4, ... of the 2P rule (2^(-B(2k+1)/(2P)), k < H - P),
//   appended at the end — not sorted in, so the head order matches trained checkpoints.
// - mpt (llm-foundry gen_slopes; transformers' build_mpt_alibi_tensor): H' the power of two
//   >= H, m_i = (i+1) B / H', slope_i = 1 / 2^(m_i); when H' != H the odd-indexed slopes, then the
//   even-indexed ones, the first H kept.
// The two agree for every H: the odd-indexed m_(2k+1) = (k+1) B / P are the P-rule, the
// even-indexed m_(2k) = (2k+1) B / (2P) the appended ones (tst_alibi checks it). Both are kept so
// that a model's rule is named as its code names it.
#include <cmath>
#include <cstring>
#include <limits>

#include "core/backend/backend.h"
#include "core/backend/fast_kernels.h"
#include "core/encodings/alibi.h"
#include "core/encodings/common.h"

namespace poslab::core::enc {

// The paper's (and BLOOM's) rule.
std::vector<double> alibiPaperSlopes(std::int64_t heads, double biasMax) {
    std::vector<double> s;
    s.reserve(static_cast<std::size_t>(heads));
    std::int64_t p = 1;
    while (p * 2 <= heads) p *= 2;  // largest power of two <= heads
    const auto pd = static_cast<double>(p);
    for (std::int64_t h = 0; h < p; ++h)
        s.push_back(std::exp2(-biasMax * static_cast<double>(h + 1) / pd));
    for (std::int64_t k = 0; k < heads - p; ++k)  // every other slope of the 2P rule
        s.push_back(std::exp2(-biasMax * static_cast<double>(2 * k + 1) / (2.0 * pd)));
    return s;
}

namespace {

// MPT's rule (llm-foundry gen_slopes), step by step as its code does it.
std::vector<double> mptSlopes(std::int64_t heads, double biasMax) {
    std::int64_t q = 1;
    while (q < heads) q *= 2;  // the power of two >= heads
    const double step = biasMax / static_cast<double>(q);
    std::vector<double> all(static_cast<std::size_t>(q));
    for (std::int64_t i = 0; i < q; ++i)
        all[static_cast<std::size_t>(i)] = 1.0 / std::exp2(static_cast<double>(i + 1) * step);
    if (q == heads) return all;
    std::vector<double> s;
    s.reserve(static_cast<std::size_t>(q));
    for (std::int64_t i = 1; i < q; i += 2) s.push_back(all[static_cast<std::size_t>(i)]);
    for (std::int64_t i = 0; i < q; i += 2) s.push_back(all[static_cast<std::size_t>(i)]);
    s.resize(static_cast<std::size_t>(heads));
    return s;
}

std::vector<double> slopes(const ParamSet& p) {
    const std::int64_t heads = p.integer("heads");
    const double biasMax = p.real("bias_max");
    return p.text("slopes") == "mpt" ? mptSlopes(heads, biasMax) : alibiPaperSlopes(heads, biasMax);
}

// CPU fast path of the bias (heads, n, n): every row is a slice of one Toeplitz vector per head.
template <class T>
void fastBias(const std::vector<double>& slopes, std::int64_t n, bool causal, std::vector<T>& out) {
    const auto heads = static_cast<std::int64_t>(slopes.size());
    out.resize(static_cast<std::size_t>(heads * n * n));
    // v_h[t] = bias at j - i = t - (n - 1); row i of head h is v_h[n-1-i .. 2n-2-i].
    std::vector<T> v(static_cast<std::size_t>(heads * (2 * n - 1)));
    for (std::int64_t h = 0; h < heads; ++h) {
        const double s = slopes[static_cast<std::size_t>(h)];
        for (std::int64_t t = 0; t < 2 * n - 1; ++t) {
            const std::int64_t rel = t - (n - 1);  // j - i
            double b;
            if (!causal)
                b = -s * static_cast<double>(std::abs(rel));
            else
                b = rel > 0 ? -std::numeric_limits<double>::infinity()
                            : -s * static_cast<double>(-rel);
            v[static_cast<std::size_t>(h * (2 * n - 1) + t)] = static_cast<T>(b);
        }
    }
    T* dst = out.data();
    const std::int64_t rowsTotal = heads * n;
#pragma omp parallel for schedule(static) if (rowsTotal * n >= fast::kParallelElements)
    for (std::int64_t hi = 0; hi < rowsTotal; ++hi) {
        const std::int64_t h = hi / n, i = hi % n;
        std::memcpy(dst + hi * n, v.data() + h * (2 * n - 1) + (n - 1 - i),
                    static_cast<std::size_t>(n) * sizeof(T));
    }
}

FastPath fastBiasPath() {
    FastPath f;
    f.run = [](const ParamSet& p, Precision precision, Result& out,
               const ComputeContext&) -> Status {
        const auto s = slopes(p);
        const bool causal = p.boolean("causal");
        if (precision == Precision::F32)
            fastBias(s, p.integer("n"), causal, out.f32);
        else
            fastBias(s, p.integer("n"), causal, out.f64);
        return {};
    };
    return f;
}

}  // namespace

void registerAlibi(Registry& r) {
    EncodingDescriptor e;
    e.id = "alibi";
    e.nameEn = "ALiBi";
    e.nameZh = "ALiBi 线性偏置";
    e.family = Family::Relative;
    e.summaryEn = "A fixed penalty proportional to distance, one slope per head (ALiBi, 2022).";
    e.summaryZh = "与距离成正比的固定惩罚，每个头一个斜率（ALiBi，2022）。";
    e.params = {
        specN(), specHeads(8),
        enumParam("slopes", {"paper", "mpt"})
            .label("Slope rule", "斜率规则")
            .help("the rule of the per-head slopes: paper (the ALiBi authors, BLOOM) or mpt "
                  "(llm-foundry's gen_slopes); they give the same slopes, named as each model's "
                  "code names them",
                  "各头斜率的规则：paper（ALiBi 原作者、BLOOM）或 mpt（llm-foundry 的 "
                  "gen_slopes）；两者给出相同的斜率，按各模型代码的写法命名"),
        realParam("bias_max", 8.0)
            .range(0, 1024)
            .exclusiveMin()
            .slider(1, 16)
            .label("Largest exponent B", "最大指数 B")
            .help("B in the slopes 2^(-B(h+1)/H): the last head of a power-of-two count gets "
                  "2^-B (8 in the paper; MPT's alibi_bias_max)",
                  "斜率 2^(-B(h+1)/H) 中的 B：头数为 2 的幂时最后一个头的斜率为 2^-B（论文取 8；"
                  "即 MPT 的 alibi_bias_max）"),
        boolParam("causal", false)
            .label("Causal mask", "因果掩码")
            .help("decoder mask: keys after the query get -inf",
                  "解码器掩码：查询之后的键取 -inf")};

    e.quantities.push_back(quantity(
                               "slopes", "heads",
                               [](const ParamSet& p) { return Shape{p.integer("heads")}; },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   const auto s = slopes(p);
                                   Array a = Array::real({static_cast<std::int64_t>(s.size())});
                                   a.f64 = s;
                                   return a;
                               })
                               .title("Slope per head", "每个头的斜率")
                               .axisNames({"head h"})
                               .nonNegative());
    e.quantities.push_back(
        quantity(
            "bias", "heads,n,n",
            [](const ParamSet& p) {
                return Shape{p.integer("heads"), p.integer("n"), p.integer("n")};
            },
            [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                const auto n = p.integer("n");
                const bool causal = p.boolean("causal");
                const auto s = slopes(p);
                constexpr double kMasked = -std::numeric_limits<double>::infinity();
                Array a = Array::real({static_cast<std::int64_t>(s.size()), n, n});
                for (std::size_t h = 0; h < s.size(); ++h) {
                    if (ctx.cancelledAt(static_cast<double>(h), static_cast<double>(s.size())))
                        return cancelledError();
                    const double m = s[h];
                    double* plane = a.f64.data() + static_cast<std::int64_t>(h) * n * n;
#pragma omp parallel for schedule(static) if (n > 256)
                    for (std::int64_t i = 0; i < n; ++i) {
                        double* row = plane + i * n;
                        // m * (j - i) rather than -m * (i - j): +0, not -0, on the diagonal.
                        for (std::int64_t j = 0; j <= i; ++j)
                            row[j] = m * static_cast<double>(j - i);
                        for (std::int64_t j = i + 1; j < n; ++j)
                            row[j] = causal ? kMasked : m * static_cast<double>(i - j);
                    }
                }
                return a;
            })
            .title("Bias added to the logits, per head", "加到注意力 logits 上的偏置（每个头）")
            .axisNames({"head", "query i", "key j"})
            .oneSigned()  // -m |i - j| <= 0
            .withFast(fastBiasPath()));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
