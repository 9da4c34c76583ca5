// B2 xPos (Sun et al. 2022, "A Length-Extrapolatable Transformer"; torchscale XPOS):
//   zeta_j = (2j + gamma d) / ((1 + gamma) d),  scale[m, j] = zeta_j^(p_m / scale_base),
//   p_m = m - ceil(n/2) (centred positions as torchscale: min_pos = -(n + offset) // 2).
// Queries are multiplied by scale, keys by 1/scale, on top of RoPE, so the score of q = k = ones
// is sum_j zeta_j^((m-k)/scale_base) 2 cos((k-m) theta_j): RoPE's oscillation times a decay.
// Libraries that centre with floor(n/2) differ for odd n.
#include "core/encodings/xpos.h"
#include "core/backend/backend.h"
#include "core/backend/fast_kernels.h"
#include "core/encodings/common.h"
#include "core/encodings/rope.h"

namespace poslab::core::enc {

namespace {

double zeta(std::int64_t j, std::int64_t d, double gamma) {
    const double dd = static_cast<double>(d);
    return (2.0 * static_cast<double>(j) + gamma * dd) / ((1.0 + gamma) * dd);
}

double centred(std::int64_t m, std::int64_t n) {
    return static_cast<double>(m - (n + 1) / 2);
}

Array scores(const ParamSet& p, bool decay) {
    const auto n = p.integer("n");
    const std::vector<double> t = xposScoresByOffset(p, decay);
    Array out = Array::real({n, n});
    auto o = out.matrix();
    for (std::int64_t m = 0; m < n; ++m)
        for (std::int64_t k = 0; k < n; ++k) o(m, k) = t[static_cast<std::size_t>(k - m + n - 1)];
    return out;
}

// CPU fast path of both score quantities: the same Toeplitz vector as the reference, copied by
// rows instead of element by element.
FastPath fastScoresPath(bool decay) {
    FastPath f;
    f.run = [decay](const ParamSet& p, Precision precision, Result& out,
                    const ComputeContext&) -> Status {
        const auto v = xposScoresByOffset(p, decay);
        const auto n = p.integer("n");
        if (precision == Precision::F32)
            fast::toeplitzFill(std::vector<float>(v.begin(), v.end()), 1, n, out.f32);
        else
            fast::toeplitzFill(v, 1, n, out.f64);
        return {};
    };
    return f;
}

}  // namespace

std::vector<double> xposScoresByOffset(const ParamSet& p, bool decay) {
    const auto n = p.integer("n"), d = p.integer("d");
    const double base = p.real("base"), gamma = p.real("gamma"), sb = p.real("scale_base");
    std::vector<double> t(static_cast<std::size_t>(2 * n - 1));
#pragma omp parallel for schedule(static) if (n * d > 65536)
    for (std::int64_t idx = 0; idx < 2 * n - 1; ++idx) {
        const std::int64_t delta = idx - (n - 1);  // k - m
        double acc = 0;
        for (std::int64_t j = 0; j < d / 2; ++j) {
            const double w =
                decay ? std::pow(zeta(j, d, gamma), static_cast<double>(-delta) / sb) : 1.0;
            acc += 2.0 * w * std::cos(static_cast<double>(delta) * omega(j, d, base));
        }
        t[static_cast<std::size_t>(idx)] = acc;
    }
    return t;
}

std::vector<double> xposZeta(const ParamSet& p) {
    const auto d = p.integer("d");
    std::vector<double> z(static_cast<std::size_t>(d / 2));
    for (std::int64_t j = 0; j < d / 2; ++j)
        z[static_cast<std::size_t>(j)] = zeta(j, d, p.real("gamma"));
    return z;
}

void registerXpos(Registry& r) {
    EncodingDescriptor e;
    e.id = "xpos";
    e.nameEn = "xPos";
    e.nameZh = "xPos（可外推的旋转编码）";
    e.family = Family::Rotary;
    e.summaryEn = "RoPE with a per-pair exponential decay: queries scaled up, keys scaled down.";
    e.summaryZh = "在 RoPE 上为每对维度加指数衰减：查询乘以缩放，键除以缩放。";
    e.params = {
        specN(),
        specD(),
        specBase(),
        realParam("scale_base", 512.0)
            .range(0, 1e12)
            .exclusiveMin()
            .log()
            .slider(1, 65536)
            .label("Scale base", "缩放底数")
            .help("positions are divided by scale_base in the exponent",
                  "指数中位置除以 scale_base"),
        realParam("gamma", 0.4)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(0.01, 4)
            .label("Decay shape γ", "衰减形状 γ")
            .help("zeta_j = (2j + gamma d) / ((1 + gamma) d)",
                  "zeta_j = (2j + gamma d) / ((1 + gamma) d)"),
        enumParam("pairing", {"interleaved", "half"})
            .label("Dimension pairing", "维度配对")
            .help("pairs (2j, 2j+1), or (j, j+d/2)", "维度配对方式：(2j, 2j+1) 或 (j, j+d/2)")};
    e.resolve = [](ParamSet& p) -> Status {
        return requireEven(p, "d", "xPos rotates pairs of dimensions as RoPE does");
    };
    e.quantities.push_back(quantity(
                               "scale", "n,d/2",
                               [](const ParamSet& p) {
                                   return Shape{p.integer("n"), p.integer("d") / 2};
                               },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   const auto n = p.integer("n"), d = p.integer("d");
                                   const double gamma = p.real("gamma"), sb = p.real("scale_base");
                                   Array a = Array::real({n, d / 2});
                                   auto m = a.matrix();
                                   for (std::int64_t i = 0; i < n; ++i)
                                       for (std::int64_t j = 0; j < d / 2; ++j)
                                           m(i, j) =
                                               std::pow(zeta(j, d, gamma), centred(i, n) / sb);
                                   return a;
                               })
                               .title("Query scale: ζⱼ to the power m / scale base",
                                      "查询缩放：ζⱼ 的 m / 缩放底数 次幂")
                               .axisNames({"position m", "pair j"})
                               .nonNegative());
    e.quantities.push_back(
        quantity(
            "scores", "n,n",
            [](const ParamSet& p) {
                return Shape{p.integer("n"), p.integer("n")};
            },
            [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                return scores(p, true);
            })
            .title("xPos scores (q = k = ones)", "xPos 注意力分数（q = k = 全 1）")
            .axisNames({"query position m", "key position k"})
            .withFast(fastScoresPath(true)));
    e.quantities.push_back(quantity(
                               "scores_rope", "n,n",
                               [](const ParamSet& p) {
                                   return Shape{p.integer("n"), p.integer("n")};
                               },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   return scores(p, false);
                               })
                               .title("The same scores without the decay (plain RoPE)",
                                      "去掉衰减后的分数（普通 RoPE）")
                               .axisNames({"query position m", "key position k"})
                               .withFast(fastScoresPath(false)));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
