// A13 Universal relative position encoding, URPE (Luo et al., 2022, "Your Transformer May Not be
// as Powerful as You Expect", NeurIPS, §4): the softmax attention of a relative-position model is
// multiplied element-wise by a learnable Toeplitz matrix C, C[i, j] = c_{i-j}:
//   attention_plain_ij = softmax_j( x_i . x_j / sqrt(16) + b_ij ),   attention = attention_plain ⊙
//   C
// where b is head 0 of the T5 relative bias (A10) with T5's defaults, this n and this seed, taken
// from the registry (so it is exactly what `t5/bias` shows). The paper's point: softmax attention
// with a relative bias alone cannot express every relative map; the Toeplitz factor can.
// Seeded draws (this encoding's own stream): tokens x (n, 16) standard normal; then, for
// toeplitz = seeded, one standard normal per lag r = -(n-1) .. n-1, in that order (c_r).
// Choices where the spec is silent: gamma is limited to [0, 1] (a decay; gamma^0 = 1 on the
// diagonal); `heads` is passed to T5 as its number of heads, which changes the T5 table draw
// (num_buckets x heads, row by row), while the views always show head 0.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/compute.h"
#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

constexpr std::int64_t kTokenDim = 16;

// c_r for r = -(n-1) .. n-1 at index r + n - 1.
Eigen::VectorXd lags(const ParamSet& p) {
    const auto n = p.integer("n");
    const auto& kind = p.text("toeplitz");
    Eigen::VectorXd c(2 * n - 1);
    if (kind == "seeded") {
        Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
        (void)normalMatrix(rng, n, kTokenDim);  // the tokens come first in the stream
        c = normalVector(rng, 2 * n - 1);
    } else if (kind == "ones") {
        c.setOnes();
    } else {  // decay
        const double gamma = p.real("gamma");
        for (std::int64_t r = -(n - 1); r <= n - 1; ++r)
            c(r + n - 1) = std::pow(gamma, static_cast<double>(std::abs(r)));
    }
    return c;
}

Expected<Array> plainAttention(const ParamSet& p, const ComputeContext& ctx) {
    const auto n = p.integer("n");
    const EncodingDescriptor* t5 = registry().find("t5");
    if (!t5 || !t5->findQuantity("bias"))
        return fail("urpe: the T5 bias (t5/bias) it builds on is not available");
    ParamSet tp = defaultParams(t5->params);
    tp.set("n", n);
    tp.set("heads", p.integer("heads"));
    tp.set("seed", p.integer("seed"));
    // Progress: the T5 bias (heads planes of n x n copies) is taken as a third of the work, the
    // token products and the softmax below as the rest.
    constexpr double kBiasShare = 1.0 / 3.0;
    const ComputeContext biasPart = ctx.part(0.0, kBiasShare);
    const ComputeContext blocks = ctx.part(kBiasShare, 1.0);
    ComputeOptions options;
    options.cancel = ctx.cancel;
    if (ctx.progress) options.progress = [biasPart](double f) { biasPart.report(f, 1.0); };
    // This request's own budget check counted the T5 result already.
    options.memoryBudget = std::numeric_limits<double>::infinity();
    auto bias = compute("t5", "bias", tp, options);
    if (!bias) return fail(bias.error().code, "urpe: T5 bias: " + bias.error().message);
    if (bias->dtype != DType::F64 || bias->size() < n * n)
        return fail("urpe: T5 bias has shape (" + shapeText(bias->shape) + "), expected (heads," +
                    std::to_string(n) + "," + std::to_string(n) + ")");

    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    const RowMatrix x = normalMatrix(rng, n, kTokenDim);
    const double scale = 1.0 / std::sqrt(static_cast<double>(kTokenDim));
    // Reuse the bias buffer: head 0 is its first n * n values, row-major.
    Array a = std::move(*bias);
    a.f64.resize(static_cast<std::size_t>(n * n));
    a.shape = {n, n};
    auto m = a.matrix();
    constexpr Eigen::Index kBlock = 128;
    RowMatrix g;
    for (Eigen::Index i0 = 0; i0 < n; i0 += kBlock) {
        if (blocks.cancelledAt(i0, n)) return cancelledError();
        const Eigen::Index rows = std::min<Eigen::Index>(kBlock, n - i0);
        g.noalias() = x.middleRows(i0, rows) * x.transpose();
        for (Eigen::Index t = 0; t < rows; ++t) {
            auto row = m.row(i0 + t);
            row = g.row(t) * scale + row;
            row.array() = (row.array() - row.maxCoeff()).exp();  // stable softmax over keys j
            row /= row.sum();
        }
    }
    return a;
}

}  // namespace

void registerUrpe(Registry& r) {
    EncodingDescriptor e;
    e.id = "urpe";
    e.nameEn = "URPE (universal RPE)";
    e.nameZh = "URPE（通用相对位置编码）";
    e.family = Family::Relative;
    e.summaryEn =
        "Softmax attention with a T5 bias, multiplied element-wise by a Toeplitz matrix "
        "$C[i,j] = c_{i-j}$ (Luo et al., 2022).";
    e.summaryZh =
        "带 T5 偏置的 softmax 注意力，再逐元素乘以 Toeplitz 矩阵 $C[i,j] = c_{i-j}$（Luo "
        "等，2022）。";
    e.params = {
        specN(),
        specHeads(1).help("number of T5 heads drawn for the bias table (the views show head 0)",
                          "T5 偏置表抽取的头数（视图显示第 0 个头）"),
        enumParam("toeplitz", {"decay", "seeded", "ones"})
            .label("Toeplitz factor", "Toeplitz 因子")
            .help("Toeplitz factor c_{i-j}: gamma^|i-j|, seeded normal per lag, or all ones",
                  "Toeplitz 因子 c_{i-j}：gamma^|i-j|、每个偏移一个随机正态数，或全为 1"),
        realParam("gamma", 0.9)
            .range(0, 1)
            .slider(0, 1)
            .label("Decay γ", "衰减因子 γ")
            .help("decay factor for toeplitz = decay (0 <= gamma <= 1)",
                  "toeplitz = decay 时的衰减因子（0 <= gamma <= 1）"),
        specSeed()};
    auto nn = [](const ParamSet& p) { return Shape{p.integer("n"), p.integer("n")}; };
    // The T5 bias of every head, the token Gram matrix and the result.
    auto work = [](const ParamSet& p) {
        const double n = static_cast<double>(p.integer("n"));
        return 8.0 * (static_cast<double>(p.integer("heads")) * n * n + 130 * n + n * kTokenDim);
    };
    e.quantities.push_back(
        quantity("toeplitz", "n,n", nn,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     const auto n = p.integer("n");
                     const Eigen::VectorXd c = lags(p);
                     Array a = Array::real({n, n});
                     for (std::int64_t i = 0; i < n; ++i) {
                         if (ctx.cancelledAt(i, n)) return cancelledError();
                         for (std::int64_t j = 0; j < n; ++j)
                             a.f64[static_cast<std::size_t>(i * n + j)] = c(i - j + n - 1);
                     }
                     return a;
                 })
            .title("Toeplitz factor C[i, j] = c[i − j]", "Toeplitz 因子 C[i, j] = c[i − j]")
            .axisNames({"query i", "key j"}));
    e.quantities.push_back(
        quantity("attention_plain", "n,n", nn,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     return plainAttention(p, ctx);
                 })
            .title("Softmax attention with T5 bias (head 0)",
                   "带 T5 偏置的 softmax 注意力（第 0 个头）")
            .axisNames({"query i", "key j"})
            .nonNegative()
            .work(work));
    e.quantities.push_back(
        quantity("attention", "n,n", nn,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     auto a = plainAttention(p, ctx);
                     if (!a) return a.error();
                     const auto n = p.integer("n");
                     const Eigen::VectorXd c = lags(p);
                     auto m = a->matrix();
                     for (std::int64_t i = 0; i < n; ++i)
                         for (std::int64_t j = 0; j < n; ++j) m(i, j) *= c(i - j + n - 1);
                     return a;
                 })
            .title("URPE attention: softmax ⊙ C", "URPE 注意力：softmax ⊙ C")
            .axisNames({"query i", "key j"})
            .work(work));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
