// A16 Bilinear similarity of sinusoidal positions, P_m H P_n^T (note 004; Su, "Transformer
// upgrade road 1: tracing the sinusoidal position encoding", 2021). With P the A1 table (a = 2j
// its sine column, b = 2j + 1 its cosine column) and a diagonal H, the product-to-sum formulas give
//   P_m H P_n^T = sum_j ½(H_aa + H_bb) cos((m-n) w_j)  +  sum_j ½(H_bb - H_aa) cos((m+n) w_j)
//               =        relative_part (Toeplitz)     +        absolute_part (Hankel).
// For H = I the absolute part vanishes: the dot product sees only m - n. (The notes write the pair
// as (cos, sin), which flips the sign of the absolute part.) A dense H couples pairs of different
// frequencies and the split no longer exists.
// Seeded draws, in this order: the diagonal h (d) standard normal (diagonal and dense); then, for
// dense, G (d, d) standard normal row by row. H = diag(h) + offdiag * G with G's diagonal set to
// zero (our choice: `offdiag` scales only the off-diagonal entries, so dense with offdiag = 0 is
// exactly the diagonal H of the same seed).
#include <cmath>

#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

bool isDiagonal(const ParamSet& p) {
    return p.text("h") != "dense";
}

// The diagonal of H (identity: ones).
Eigen::VectorXd diagonal(const ParamSet& p) {
    const auto d = p.integer("d");
    if (p.text("h") == "identity") return Eigen::VectorXd::Ones(d);
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    return normalVector(rng, d);
}

RowMatrix hMatrix(const ParamSet& p) {
    const auto d = p.integer("d");
    if (isDiagonal(p)) return diagonal(p).asDiagonal();
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    const Eigen::VectorXd h = normalVector(rng, d);
    RowMatrix g = normalMatrix(rng, d, d);
    g.diagonal().setZero();
    RowMatrix out = p.real("offdiag") * g;
    out.diagonal() = h;
    return out;
}

// sum_j ½ (h_b ± h_a) cos(t w_j) for t = 0 .. count-1; sign -1 gives the absolute part's weights.
Eigen::VectorXd cosineSeries(const ParamSet& p, std::int64_t count, double sign) {
    const auto d = p.integer("d");
    const double base = p.real("base");
    const Eigen::VectorXd h = diagonal(p);
    Eigen::VectorXd out = Eigen::VectorXd::Zero(count);
    for (std::int64_t j = 0; j < d / 2; ++j) {
        const double w = omega(j, d, base);
        const double c = 0.5 * (h(2 * j + 1) + sign * h(2 * j));
        for (std::int64_t t = 0; t < count; ++t) out(t) += c * std::cos(static_cast<double>(t) * w);
    }
    return out;
}

Status needDiagonal(const ParamSet& p) {
    if (isDiagonal(p)) return {};
    return paramError(
        "h", p.text("h"),
        "the relative/absolute split exists only when H is diagonal (a dense H couples "
        "pairs of different frequencies)",
        "identity or diagonal");
}

}  // namespace

void registerBilinear(Registry& r) {
    EncodingDescriptor e;
    e.id = "bilinear";
    e.nameEn = "Bilinear similarity P H Pᵀ";
    e.nameZh = "双线性相似度 P H Pᵀ";
    e.family = Family::Argument;
    e.summaryEn =
        "How the matrix H between two sinusoidal positions decides whether their "
        "similarity is relative (Toeplitz) or also absolute.";
    e.summaryZh =
        "两个正弦位置之间的矩阵 H 如何决定相似度只依赖相对位置（Toeplitz）还是也依赖绝对位置。";
    e.params = {
        specN(),
        specD(),
        specBase(),
        enumParam("h", {"identity", "diagonal", "dense"})
            .label("Matrix H", "矩阵 H")
            .help("H: identity, seeded diagonal, or seeded diagonal + offdiag x seeded dense",
                  "H：单位矩阵、随机对角矩阵，或随机对角加 offdiag 倍的随机稠密矩阵"),
        realParam("offdiag", 0.1)
            .range(0, 1e6)
            .slider(0, 1)
            .label("Off-diagonal scale", "非对角缩放")
            .help("scale of the off-diagonal entries when h = dense",
                  "h = dense 时非对角元素的缩放"),
        specSeed()};
    e.resolve = [](ParamSet& p) -> Status {
        return requireEven(p, "d", "the sinusoidal table pairs sin and cos dimensions");
    };
    auto nn = [](const ParamSet& p) { return Shape{p.integer("n"), p.integer("n")}; };
    auto n = [](const ParamSet& p) { return p.integer("n"); };

    e.quantities.push_back(
        quantity("similarity", "n,n", nn,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     const RowMatrix t =
                         sinusoidalTable(p.integer("n"), p.integer("d"), p.real("base"));
                     if (p.text("h") == "identity") return gram(t, ctx);
                     Array a = Array::real({t.rows(), t.rows()});
                     if (isDiagonal(p)) {
                         a.matrix().noalias() = (t * diagonal(p).asDiagonal()) * t.transpose();
                     } else {
                         a.matrix().noalias() = (t * hMatrix(p)) * t.transpose();
                     }
                     return a;
                 })
            .title("Similarity P H Pᵀ", "相似度 P H Pᵀ")
            .axisNames({"position m", "position n"})
            .work([](const ParamSet& p) {
                const double nn2 = static_cast<double>(p.integer("n"));
                const double d = static_cast<double>(p.integer("d"));
                return 8.0 * (nn2 * nn2 + 2 * nn2 * d + 2 * d * d);
            }));
    e.quantities.push_back(
        quantity("relative_part", "n,n", nn,
                 [=](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     const auto m = n(p);
                     const Eigen::VectorXd f = cosineSeries(p, m, +1.0);  // f(|m - n|)
                     Array a = Array::real({m, m});
                     for (std::int64_t i = 0; i < m; ++i) {
                         if (ctx.cancelledAt(i, m)) return cancelledError();
                         for (std::int64_t j = 0; j < m; ++j)
                             a.f64[static_cast<std::size_t>(i * m + j)] = f(std::abs(i - j));
                     }
                     return a;
                 })
            .title("Relative part: a function of m − n", "相对部分：只依赖 m − n")
            .axisNames({"position m", "position n"})
            .when(needDiagonal));
    e.quantities.push_back(
        quantity("absolute_part", "n,n", nn,
                 [=](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     const auto m = n(p);
                     const Eigen::VectorXd g = cosineSeries(p, 2 * m - 1, -1.0);  // g(m + n)
                     Array a = Array::real({m, m});
                     for (std::int64_t i = 0; i < m; ++i) {
                         if (ctx.cancelledAt(i, m)) return cancelledError();
                         for (std::int64_t j = 0; j < m; ++j)
                             a.f64[static_cast<std::size_t>(i * m + j)] = g(i + j);
                     }
                     return a;
                 })
            .title("Absolute part: a function of m + n", "绝对部分：只依赖 m + n")
            .axisNames({"position m", "position n"})
            .when(needDiagonal));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
