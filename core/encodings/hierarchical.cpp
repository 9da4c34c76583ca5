// A7 Hierarchical decomposition of an absolute table (Su Jianlin, 2020, "Hierarchical
// decomposition position encoding: letting BERT handle very long texts", kexue.fm/archives/7947):
// n trained positions p_0..p_{n-1} are stretched to n*n positions without retraining. With
// base vectors u_i = (p_i - alpha p_0) / (1 - alpha), position I = i*n + j gets
//   q_I = alpha u_i + (1 - alpha) u_j,
// so q_j = p_j for j < n (the first n rows reproduce the source exactly, up to rounding) and
// later positions repeat the pattern of p, offset by the "digit" i.
#include "core/encodings/absolute_common.h"
#include "core/encodings/common.h"
#include "core/encodings/learned.h"

namespace poslab::core::enc {

namespace {

constexpr std::int64_t kDefaultN = 64;
constexpr std::int64_t kDefaultD = 64;

// The source table p (n, d). A learned source uses the learned encoding's default init_std
// (0.02), since this encoding has no init_std of its own: the decomposition is linear, so the
// scale only rescales the result.
Expected<RowMatrix> sourceTable(const ParamSet& p) {
    const auto& s = p.text("source");
    const auto n = p.integer("n");
    const auto d = p.integer("d");
    if (s == "sinusoidal") return sinusoidalTable(n, d, p.real("base"));
    if (s == "learned")
        return learnedTable(n, d, static_cast<std::uint64_t>(p.integer("seed")), kLearnedInitStd);
    return readSourceTable("source", s);
}

Expected<RowMatrix> table(const ParamSet& p, const ComputeContext& ctx) {
    auto src = sourceTable(p);
    if (!src) return src.error();
    const RowMatrix& pt = *src;
    const auto n = pt.rows();
    const double alpha = p.real("alpha");
    RowMatrix u(n, pt.cols());
    for (Eigen::Index i = 0; i < n; ++i) u.row(i) = (pt.row(i) - alpha * pt.row(0)) / (1.0 - alpha);
    RowMatrix q(n * n, pt.cols());
    for (Eigen::Index i = 0; i < n; ++i) {
        if (ctx.cancelledAt(i, n)) return cancelledError();
        for (Eigen::Index j = 0; j < n; ++j)
            q.row(i * n + j) = alpha * u.row(i) + (1.0 - alpha) * u.row(j);
    }
    return q;
}

}  // namespace

void registerHierarchical(Registry& r) {
    EncodingDescriptor e;
    e.id = "hierarchical";
    e.nameEn = "Hierarchical decomposition";
    e.nameZh = "层次分解位置编码";
    e.family = Family::Absolute;
    e.summaryEn =
        "Stretches n absolute positions to $n^2$: $q_{in+j} = \\alpha u_i + (1-\\alpha) u_j$.";
    e.summaryZh = "把 n 个绝对位置扩展到 $n^2$ 个：$q_{in+j} = \\alpha u_i + (1-\\alpha) u_j$。";
    e.params = {
        pathParam("source", {"sinusoidal", "learned"}, "sinusoidal")
            .label("Source table", "源表")
            .help("source table p: sinusoidal, a seeded learned table (init_std 0.02), or a .npy "
                  "file (positions, dimensions) whose shape sets n and d",
                  "源表 p：正弦表、随机初始化的可学习表（init_std 0.02），或 .npy 文件"
                  "（位置数，维度），其形状决定 n 和 d"),
        specN().help("positions of the source table (the result has n*n)",
                     "源表的位置个数（结果有 n*n 个位置）"),
        specD(),
        specBase(),
        specSeed(),
        realParam("alpha", 0.4)
            .range(0, 1)
            .exclusiveMin()
            .exclusiveMax()
            .slider(0.01, 0.99)
            .label("Mixing weight α", "混合权重 α")
            .help("mixing weight: q_{i*n+j} = alpha u_i + (1 - alpha) u_j, 0 < alpha < 1",
                  "混合权重：q_{i*n+j} = alpha u_i + (1 - alpha) u_j，0 < alpha < 1")};
    e.resolve = [](ParamSet& p) -> Status {
        const auto& s = p.text("source");
        if (s == "sinusoidal")
            return requireEven(p, "d", "a sinusoidal source pairs sin and cos dimensions");
        if (s == "learned") return {};
        return adoptSourceShape(p, "source", kDefaultN, kDefaultD);
    };
    auto nn = [](const ParamSet& p) { return p.integer("n") * p.integer("n"); };
    auto d = [](const ParamSet& p) { return p.integer("d"); };
    // Peak: the source, its base vectors u and the result (plus the similarity when asked).
    auto tableBytes = [=](const ParamSet& p) {
        return 8.0 * static_cast<double>(nn(p) + 2 * p.integer("n")) * static_cast<double>(d(p));
    };

    e.quantities.push_back(
        quantity(
            "table", "n*n,d",
            [=](const ParamSet& p) {
                return Shape{nn(p), d(p)};
            },
            [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                auto t = table(p, ctx);
                if (!t) return t.error();
                return Array::fromMatrix(*t);
            })
            .title("Hierarchical table q (n² positions)", "层次分解位置编码表 q（n² 个位置）")
            .axisNames({"position I = i·n + j", "dimension k"})
            .work(tableBytes));
    e.quantities.push_back(
        quantity(
            "similarity", "n*n,n*n",
            [=](const ParamSet& p) {
                return Shape{nn(p), nn(p)};
            },
            [=](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                const double split = tableShare(nn(p));
                auto t = table(p, ctx.part(0.0, split));
                if (!t) return t.error();
                // In row blocks: a large request can be cancelled and shows progress.
                return gram(*t, ctx.part(split, 1.0));
            })
            .title("Similarity q qᵀ (n² positions)", "相似度 q qᵀ（n² 个位置）")
            .axisNames({"position I", "position J"})
            .work([=](const ParamSet& p) {
                return 8.0 * static_cast<double>(nn(p)) * static_cast<double>(nn(p)) +
                       tableBytes(p);
            }));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
