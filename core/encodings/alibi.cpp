// B1 ALiBi, attention with linear biases (Press, Smith & Lewis, 2022, "Train Short, Test Long:
// Attention with Linear Biases Enables Input Length Extrapolation"; slopes as in the authors'
// ofirpress/attention_with_linear_biases get_slopes):
//   bias[h, i, j] = -slope_h * |i - j|            (i the query, j the key)
//   causal:         -slope_h * (i - j) for j <= i, -inf for j > i
// For H heads, H a power of two: slope_h = 2^(-8(h+1)/H), a geometric sequence with start and
// ratio 2^(-8/H). Otherwise, with P the largest power of two below H: the P slopes of that rule,
// then the slopes 0, 2, 4, ... of the 2P rule (2^(-8(2k+1)/(2P)), k < H - P), appended at the
// end — not sorted in, so the head order matches trained checkpoints.
#include <cmath>
#include <cstring>
#include <limits>

#include "core/backend/backend.h"
#include "core/backend/fast_kernels.h"
#include "core/encodings/common.h"

namespace poslab::core::enc {

namespace {

std::vector<double> slopes(std::int64_t heads) {
    std::vector<double> s;
    s.reserve(static_cast<std::size_t>(heads));
    std::int64_t p = 1;
    while (p * 2 <= heads) p *= 2;  // largest power of two <= heads
    for (std::int64_t h = 0; h < p; ++h)
        s.push_back(std::exp2(-8.0 * static_cast<double>(h + 1) / static_cast<double>(p)));
    for (std::int64_t k = 0; k < heads - p; ++k)  // every other slope of the 2P rule
        s.push_back(std::exp2(-8.0 * static_cast<double>(2 * k + 1) / static_cast<double>(2 * p)));
    return s;
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
        const auto s = slopes(p.integer("heads"));
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
    e.summaryZh = "与距离成正比的固定惩罚,每个头一个斜率(ALiBi,2022)。";
    e.params = {
        specN(), specHeads(8),
        boolParam("causal", false)
            .label("Causal mask", "因果掩码")
            .help("decoder mask: keys after the query get -inf", "解码器掩码:查询之后的键取 -inf")};

    e.quantities.push_back(quantity(
                               "slopes", "heads",
                               [](const ParamSet& p) { return Shape{p.integer("heads")}; },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   const auto s = slopes(p.integer("heads"));
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
                const auto s = slopes(p.integer("heads"));
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
            .title("Bias added to the logits, per head", "加到注意力 logits 上的偏置(每个头)")
            .axisNames({"head", "query i", "key j"})
            .oneSigned()  // -m |i - j| <= 0
            .withFast(fastBiasPath()));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
