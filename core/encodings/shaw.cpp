// A8 Shaw relative position representations (Shaw, Uszkoreit & Vaswani, 2018, "Self-Attention
// with Relative Position Representations", NAACL, eq. 4-5):
//   rel(i, j)  = clip(j - i, -clip, clip) + clip                (key minus query, saturating)
//   logits_ij  = (x_i W_Q) . (x_j W_K + w_K[rel(i, j)]) / sqrt(d)
//   key_bias_ij = (x_i W_Q) . w_K[rel(i, j)] / sqrt(d)           (the relative part alone)
// Every distance beyond `clip` shares one learned vector, so the model can only tell apart
// offsets up to clip. Row vectors throughout (x_i W_Q), as in the paper.
// Seeded draws, in this order: tokens x (n, d) standard normal; W_Q, W_K (d, d) standard normal
// scaled 1/sqrt(d); the relative key table w_K (2 clip + 1, d) standard normal.
#include <algorithm>
#include <cmath>

#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

std::int64_t relIndex(std::int64_t i, std::int64_t j, std::int64_t clip) {
    return std::clamp(j - i, -clip, clip) + clip;
}

struct ShawInputs {
    RowMatrix q;      // x W_Q (n, d)
    RowMatrix k;      // x W_K (n, d)
    RowMatrix table;  // rows first .. first + 2m of w_K, m = min(clip, n - 1): the only rows
                      // an offset j - i in [-(n-1), n-1] can reach
    std::int64_t first = 0;
};

// Draws and discards `count` normals: the table rows before the first one used still advance
// the stream, so the used rows are exactly those of the whole table drawn in order.
Status skipNormals(Rng& rng, std::int64_t count, const ComputeContext& ctx) {
    for (std::int64_t k = 0; k < count; ++k) {
        if ((k & 0xFFFFF) == 0 && ctx.cancelled()) return cancelledError();
        (void)rng.normal();
    }
    return {};
}

Expected<ShawInputs> inputs(const ParamSet& p, const ComputeContext& ctx) {
    const auto n = p.integer("n");
    const auto d = p.integer("d");
    const auto clip = p.integer("clip");
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    const double w = 1.0 / std::sqrt(static_cast<double>(d));
    const RowMatrix x = normalMatrix(rng, n, d);
    const RowMatrix wq = normalMatrix(rng, d, d, w);
    const RowMatrix wk = normalMatrix(rng, d, d, w);
    const auto m = std::min(clip, n - 1);
    ShawInputs in;
    in.q = x * wq;
    in.k = x * wk;
    in.first = clip - m;
    if (auto st = skipNormals(rng, in.first * d, ctx); !st) return st.error();
    in.table = normalMatrix(rng, 2 * m + 1, d);  // rows after these are drawn last: never needed
    return in;
}

// out(i, j) += q_i . w_K[rel(i, j)] / sqrt(d), by blocks of query rows (one GEMM per block).
Status addKeyBias(const ShawInputs& in, std::int64_t clip, Eigen::Ref<RowMatrix> out,
                  const ComputeContext& ctx) {
    const auto n = in.q.rows();
    const double s = 1.0 / std::sqrt(static_cast<double>(in.q.cols()));
    constexpr Eigen::Index kBlock = 128;
    for (Eigen::Index i0 = 0; i0 < n; i0 += kBlock) {
        if (ctx.cancelledAt(i0, n)) return cancelledError();
        const Eigen::Index rows = std::min<Eigen::Index>(kBlock, n - i0);
        const RowMatrix g = (in.q.middleRows(i0, rows) * in.table.transpose()) * s;
        for (Eigen::Index r = 0; r < rows; ++r)
            for (Eigen::Index j = 0; j < n; ++j)
                out(i0 + r, j) += g(r, relIndex(i0 + r, j, clip) - in.first);
    }
    return {};
}

Expected<Array> keyBias(const ParamSet& p, const ComputeContext& ctx) {
    const auto in = inputs(p, ctx);
    if (!in) return in.error();
    const auto n = p.integer("n");
    Array a = Array::real({n, n});
    if (auto st = addKeyBias(*in, p.integer("clip"), a.matrix(), ctx); !st) return st.error();
    return a;
}

Expected<Array> logits(const ParamSet& p, const ComputeContext& ctx) {
    const auto in = inputs(p, ctx);
    if (!in) return in.error();
    const auto n = p.integer("n");
    const double s = 1.0 / std::sqrt(static_cast<double>(p.integer("d")));
    // Content term (x_i W_Q) . (x_j W_K) / sqrt(d), then the relative key term added to it.
    Array a = Array::real({n, n});
    a.matrix().noalias() = in->q * in->k.transpose();
    a.matrix() *= s;
    // Progress: the content GEMM above is about half the work, the key term's blocks the rest.
    if (auto st = addKeyBias(*in, p.integer("clip"), a.matrix(), ctx.part(0.5, 1.0)); !st)
        return st.error();
    return a;
}

}  // namespace

void registerShaw(Registry& r) {
    EncodingDescriptor e;
    e.id = "shaw";
    e.nameEn = "Shaw relative positions";
    e.nameZh = "Shaw 相对位置表示";
    e.family = Family::Relative;
    e.summaryEn =
        "A learned key vector per clipped offset j - i, added to each key (Shaw et al., 2018).";
    e.summaryZh = "每个截断后的相对偏移 j - i 对应一个可学习的键向量，加到键上（Shaw 等，2018）。";
    e.params = {specN(), specD(),
                intParam("clip", 16)
                    .range(1, kMaxPositions)
                    .slider(1, 256)
                    .label("Clipping distance", "截断距离")
                    .help("largest distinguished offset: |j - i| > clip shares one vector",
                          "可区分的最大偏移：|j - i| > clip 的位置共用同一个向量"),
                specSeed()};
    auto nn = [](const ParamSet& p) { return Shape{p.integer("n"), p.integer("n")}; };
    // Tokens, projections, the used rows of the table and one block of products.
    auto work = [](const ParamSet& p) {
        const double n = static_cast<double>(p.integer("n"));
        const double d = static_cast<double>(p.integer("d"));
        const double rows =
            static_cast<double>(2 * std::min(p.integer("clip"), p.integer("n") - 1) + 1);
        return 8.0 * (n * n + 3 * n * d + 2 * d * d + rows * d + 128 * rows);
    };

    e.quantities.push_back(
        quantity("relative_indices", "n,n", nn,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     const auto n = p.integer("n");
                     const auto clip = p.integer("clip");
                     Array a = Array::integer({n, n});
                     for (std::int64_t i = 0; i < n; ++i) {
                         if (ctx.cancelledAt(i, n)) return cancelledError();
                         for (std::int64_t j = 0; j < n; ++j)
                             a.i64[static_cast<std::size_t>(i * n + j)] = relIndex(i, j, clip);
                     }
                     return a;
                 })
            .title("Table row clip(j − i, −clip, clip) + clip",
                   "表行号 clip(j − i, −clip, clip) + clip")
            .axisNames({"query i", "key j"})
            .integer());
    e.quantities.push_back(quantity("key_bias", "n,n", nn, keyBias)
                               .title("Relative key term qᵢ · aᵢⱼ / √d", "相对键项 qᵢ · aᵢⱼ / √d")
                               .axisNames({"query i", "key j"})
                               .work(work));
    e.quantities.push_back(
        quantity("logits", "n,n", nn, logits)
            .title("Logits qᵢ · (kⱼ + aᵢⱼ) / √d", "注意力分数 qᵢ · (kⱼ + aᵢⱼ) / √d")
            .axisNames({"query i", "key j"})
            .work(work));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
