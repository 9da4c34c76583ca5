// E4 FIRE, functional interpolation for relative positions (Li et al., 2024, "Functional
// Interpolation for Relative Positions Improves Long Context Transformers", ICLR; the code of
// mcleish7/arithmetic, cramming/architectures/embeddings.py, class FIRE):
//   u[i, j]    = ln(c |pos_i - pos_j| + 1) / (ln(c max(pos_i, threshold) + 1) + 1e-6)
//   bias[h,i,j] = f(u[i, j])_h,   f(x) = W2 relu(w1 x + b1) + b2   (a scalar to `heads` values)
// with i the query, j the key and pos_i = offset + i. The log amplifies differences between near
// positions; dividing by the query's own (log) position maps every distance it can see into
// [0, 1], whatever the length, so the learned f is never asked about unseen inputs. The threshold
// keeps short prefixes from being stretched: below it the normaliser is that of `threshold`.
// Upstream learns c and a multiplier of the threshold; PosLab shows them as parameters.
#include <algorithm>
#include <limits>

#include "core/encodings/common.h"
#include "core/encodings/fire_mlp.h"

namespace poslab::core::enc {

namespace {

constexpr std::int64_t kFunctionSamples = 101;  // f(k/100), k = 0 .. 100
constexpr std::int64_t kRowBlock = 64;          // rows between two polls of cancel and progress

double posOf(const ParamSet& p, std::int64_t i) {
    return static_cast<double>(p.integer("offset") + i);
}

ParamSpec weightFile(const char* name, const char* shape, const char* label, const char* role,
                     const char* roleZh) {
    return pathParam(name)
        .label(std::string(label) + " " + name + " (.npy)",
               std::string(roleZh) + " " + name + "（.npy）")
        .help(std::string(".npy ") + shape + ": " + role +
                  "; w1, b1, w2, b2 all four or none (their shapes set hidden and heads). "
                  "Empty: seeded",
              std::string(".npy ") + shape + "：" + roleZh +
                  "；w1、b1、w2、b2 四个文件要么都给，要么都不给（其形状决定 hidden 和 heads）。"
                  "留空：按种子生成");
}

// One query row of the bias: f at every distance the row holds (a row's u depends on |i - j|
// alone), then spread over the head planes.
void biasRow(const FireMlp& m, double norm, double c, std::int64_t n, std::int64_t i, bool causal,
             std::vector<double>& byDistance, double* out) {
    const std::int64_t reach = causal ? i : std::max(i, n - 1 - i);
    const auto heads = m.heads;
    byDistance.resize(static_cast<std::size_t>((reach + 1) * heads));
    for (std::int64_t t = 0; t <= reach; ++t)
        m.eval(fireNormalizedDistance(c, norm, t), byDistance.data() + t * heads);
    constexpr double kMasked = -std::numeric_limits<double>::infinity();
    for (std::int64_t h = 0; h < heads; ++h) {
        double* row = out + (h * n + i) * n;
        for (std::int64_t j = 0; j < n; ++j) {
            const std::int64_t t = j <= i ? i - j : j - i;
            row[j] =
                (causal && j > i) ? kMasked : byDistance[static_cast<std::size_t>(t * heads + h)];
        }
    }
}

Expected<Array> bias(const ParamSet& p, const ComputeContext& ctx) {
    auto mlp = fireMlp(p);
    if (!mlp) return mlp.error();
    const auto n = p.integer("n");
    const double c = p.real("c"), threshold = p.real("threshold");
    const bool causal = p.boolean("causal");
    Array a = Array::real({mlp->heads, n, n});
    for (std::int64_t i0 = 0; i0 < n; i0 += kRowBlock) {
        if (ctx.cancelledAt(static_cast<double>(i0), static_cast<double>(n)))
            return cancelledError();
        const std::int64_t i1 = std::min(n, i0 + kRowBlock);
#pragma omp parallel if (n * mlp->heads > 4096)
        {
            std::vector<double> byDistance;
#pragma omp for schedule(static)
            for (std::int64_t i = i0; i < i1; ++i)
                biasRow(*mlp, fireNormalizer(c, threshold, posOf(p, i)), c, n, i, causal,
                        byDistance, a.f64.data());
        }
    }
    return a;
}

Expected<Array> normalizedDistance(const ParamSet& p, const ComputeContext& ctx) {
    const auto n = p.integer("n");
    const double c = p.real("c"), threshold = p.real("threshold");
    Array a = Array::real({n, n});
    for (std::int64_t i0 = 0; i0 < n; i0 += kRowBlock) {
        if (ctx.cancelledAt(static_cast<double>(i0), static_cast<double>(n)))
            return cancelledError();
        const std::int64_t i1 = std::min(n, i0 + kRowBlock);
#pragma omp parallel for schedule(static) if (n > 512)
        for (std::int64_t i = i0; i < i1; ++i) {
            const double norm = fireNormalizer(c, threshold, posOf(p, i));
            double* row = a.f64.data() + i * n;
            for (std::int64_t j = 0; j < n; ++j) row[j] = fireNormalizedDistance(c, norm, i - j);
        }
    }
    return a;
}

Expected<Array> function(const ParamSet& p, const ComputeContext&) {
    auto mlp = fireMlp(p);
    if (!mlp) return mlp.error();
    const auto heads = mlp->heads;
    Array a = Array::real({heads, kFunctionSamples});
    std::vector<double> v(static_cast<std::size_t>(heads));
    for (std::int64_t k = 0; k < kFunctionSamples; ++k) {
        mlp->eval(static_cast<double>(k) / 100.0, v.data());
        for (std::int64_t h = 0; h < heads; ++h)
            a.f64[static_cast<std::size_t>(h * kFunctionSamples + k)] =
                v[static_cast<std::size_t>(h)];
    }
    return a;
}

}  // namespace

void registerFire(Registry& r) {
    EncodingDescriptor e;
    e.id = "fire";
    e.nameEn = "FIRE";
    e.nameZh = "FIRE 函数插值偏置";
    e.family = Family::Relative;
    e.summaryEn =
        "A learned MLP of the log distance, normalised by the query's position so that its "
        "input stays in [0, 1] at any length; one bias per head (FIRE, 2024).";
    e.summaryZh =
        "对数距离除以查询位置后输入一个可学习的 MLP：每个头一个偏置，任何长度下输入都落在 "
        "[0, 1] 内（FIRE，2024）。";
    e.params = {
        specN(),
        specHeads(8),
        intParam("hidden", 32)
            .range(1, kMaxDim)
            .slider(1, 128)
            .label("MLP width", "MLP 宽度")
            .help("hidden units of the MLP f (upstream mlp_width, 32); set by the w1 file when "
                  "given",
                  "MLP f 的隐藏单元数（上游 mlp_width，32）；给出 w1 文件时由其决定"),
        realParam("c", 0.1)
            .range(0, 1e6)
            .exclusiveMin()
            .log()
            .slider(0.001, 10)
            .label("Log scale c", "对数尺度 c")
            .help("c in ln(c |i - j| + 1): larger c spreads near distances apart (upstream "
                  "init_c, 0.1; learned there)",
                  "ln(c |i - j| + 1) 中的 c：越大，近距离之间拉得越开（上游 init_c，0.1；"
                  "在上游可学习）"),
        realParam("threshold", 512)
            .range(0, 1e15)
            .exclusiveMin()
            .log()
            .slider(1, 65536)
            .label("Threshold L", "阈值 L")
            .help("distances are normalised by max(pos_i, L): queries before L share L's "
                  "normaliser, so short prefixes are not stretched to [0, 1] (upstream init_L, "
                  "512)",
                  "距离除以 max(pos_i, L) 的对数进行归一化：位于 L 之前的查询共用 L 的归一化因子，"
                  "短前缀不会被拉伸到 [0, 1]（上游 init_L，512）"),
        specOffset(),
        boolParam("causal", false)
            .label("Causal mask", "因果掩码")
            .help("decoder mask: keys after the query get -inf", "解码器掩码：查询之后的键取 -inf"),
        specSeed(),
        weightFile("w1", "(hidden)", "Layer-1 weights", "first-layer weights", "第一层权重"),
        weightFile("b1", "(hidden)", "Layer-1 biases", "first-layer biases", "第一层偏置"),
        weightFile("w2", "(heads, hidden)", "Layer-2 weights", "second-layer weights W2",
                   "第二层权重"),
        weightFile("b2", "(heads)", "Layer-2 biases", "second-layer biases", "第二层偏置")};
    e.resolve = fireResolve;
    auto n = [](const ParamSet& p) { return p.integer("n"); };

    e.quantities.push_back(quantity(
                               "normalized_distance", "n,n",
                               [=](const ParamSet& p) {
                                   return Shape{n(p), n(p)};
                               },
                               normalizedDistance)
                               .title("Normalised distance u = ψ(|i - j|) / ψ(max(posᵢ, L))",
                                      "归一化距离 u = ψ(|i - j|) / ψ(max(posᵢ, L))")
                               .axisNames({"query i", "key j"})
                               .nonNegative());
    e.quantities.push_back(
        quantity(
            "bias", "heads,n,n",
            [=](const ParamSet& p) {
                return Shape{p.integer("heads"), n(p), n(p)};
            },
            bias)
            .title("Bias added to the logits, per head", "加到注意力 logits 上的偏置（每个头）")
            .axisNames({"head", "query i", "key j"}));
    e.quantities.push_back(quantity(
                               "function", "heads,101",
                               [](const ParamSet& p) {
                                   return Shape{p.integer("heads"), kFunctionSamples};
                               },
                               function)
                               .title("Learned function f(u) over [0, 1], per head",
                                      "学到的函数 f(u)，u 取 [0, 1]（每个头）")
                               .axisNames({"head", "u = k / 100"}));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
