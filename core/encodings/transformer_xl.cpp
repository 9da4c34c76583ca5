// A9 Transformer-XL relative attention (Dai et al., 2019, "Transformer-XL: Attentive Language
// Models Beyond a Fixed-Length Context", §3.3; also XLNet). With q_i = W_q E_i and R_r the
// sinusoidal row (A1, interleaved sin/cos) at the relative position r = i - j:
//   term_a = q_i . (W_kE E_j)        content-content
//   term_b = q_i . (W_kR R_{i-j})    content-position
//   term_c = u . (W_kE E_j)          global content bias (the same for every query)
//   term_d = v . (W_kR R_{i-j})      global position bias (depends on i - j only)
//   logits = (a + b + c + d) / sqrt(d); when causal, only logits are masked (-inf where j > i).
// Negative r (keys after the query) are allowed, so the non-causal matrix is complete.
// Seeded draws, in this order: E (n, d) standard normal; W_q, W_kE, W_kR (d, d) standard normal
// scaled 1/sqrt(d); u, v (d) standard normal.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

enum Terms : unsigned { kA = 1, kB = 2, kC = 4, kD = 8, kAll = 15 };

struct XlInputs {
    RowMatrix q;          // rows q_i = W_q E_i (n, d)
    RowMatrix ke;         // rows W_kE E_j (n, d)
    RowMatrix kr;         // row r + n - 1 is W_kR R_r, r = -(n-1) .. n-1 (2n - 1, d)
    Eigen::VectorXd uke;  // u . (W_kE E_j) (n)
    Eigen::VectorXd vkr;  // v . (W_kR R_r) (2n - 1)
};

XlInputs inputs(const ParamSet& p) {
    const auto n = p.integer("n");
    const auto d = p.integer("d");
    const double base = p.real("base");
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    const double w = 1.0 / std::sqrt(static_cast<double>(d));
    const RowMatrix e = normalMatrix(rng, n, d);
    const RowMatrix wq = normalMatrix(rng, d, d, w);
    const RowMatrix wke = normalMatrix(rng, d, d, w);
    const RowMatrix wkr = normalMatrix(rng, d, d, w);
    const Eigen::VectorXd u = normalVector(rng, d);
    const Eigen::VectorXd v = normalVector(rng, d);
    RowMatrix rel(2 * n - 1, d);
    for (std::int64_t r = -(n - 1); r <= n - 1; ++r)
        sinusoidalRow(static_cast<double>(r), d, base, rel.row(r + n - 1).data());
    XlInputs in;
    in.q = e * wq.transpose();
    in.ke = e * wke.transpose();
    in.kr = rel * wkr.transpose();
    in.uke = in.ke * u;
    in.vkr = in.kr * v;
    return in;
}

// out = the sum of the selected terms, unscaled.
Status terms(const ParamSet& p, unsigned which, Eigen::Ref<RowMatrix> out,
             const ComputeContext& ctx) {
    const XlInputs in = inputs(p);
    const auto n = p.integer("n");
    if (which & kA)
        out.noalias() = in.q * in.ke.transpose();
    else
        out.setZero();
    // Progress: term a's GEMM (n x n x d) is about half the work of term b's, (n x (2n-1) x d).
    const double aShare = (which & kA) ? ((which & kB) ? 1.0 / 3.0 : 0.5) : 0.0;
    const ComputeContext blocks = ctx.part(aShare, 1.0);
    constexpr Eigen::Index kBlock = 128;
    RowMatrix g;
    for (Eigen::Index i0 = 0; i0 < n; i0 += kBlock) {
        if (blocks.cancelledAt(i0, n)) return cancelledError();
        const Eigen::Index rows = std::min<Eigen::Index>(kBlock, n - i0);
        if (which & kB)
            g.noalias() = in.q.middleRows(i0, rows) * in.kr.transpose();  // (rows, 2n-1)
        for (Eigen::Index t = 0; t < rows; ++t) {
            const Eigen::Index i = i0 + t;
            for (Eigen::Index j = 0; j < n; ++j) {
                const Eigen::Index r = i - j + n - 1;
                double s = out(i, j);
                if (which & kB) s += g(t, r);
                if (which & kC) s += in.uke(j);
                if (which & kD) s += in.vkr(r);
                out(i, j) = s;
            }
        }
    }
    return {};
}

Expected<Array> logits(const ParamSet& p, const ComputeContext& ctx) {
    const auto n = p.integer("n");
    Array a = Array::real({n, n});
    auto m = a.matrix();
    if (auto st = terms(p, kAll, m, ctx); !st) return st.error();
    m /= std::sqrt(static_cast<double>(p.integer("d")));
    if (p.boolean("causal")) {
        const double ninf = -std::numeric_limits<double>::infinity();
        for (Eigen::Index i = 0; i < n; ++i)
            for (Eigen::Index j = i + 1; j < n; ++j) m(i, j) = ninf;
    }
    return a;
}

}  // namespace

void registerTransformerXl(Registry& r) {
    EncodingDescriptor e;
    e.id = "transformer_xl";
    e.nameEn = "Transformer-XL relative attention";
    e.nameZh = "Transformer-XL 相对位置注意力";
    e.family = Family::Relative;
    e.summaryEn =
        "Logits split into content/position terms with sinusoidal $R_{i-j}$ and global "
        "biases $u$, $v$ (Dai et al., 2019).";
    e.summaryZh =
        "注意力分数拆为内容项与位置项：正弦相对编码 $R_{i-j}$ 加全局偏置 $u$、$v$（Dai "
        "等，2019）。";
    e.params = {specN(), specD(), specBase(),
                boolParam("causal", false)
                    .label("Causal mask", "因果掩码")
                    .help("mask the logits of keys after the query (j > i) with -inf; the four "
                          "terms stay unmasked",
                          "用 -inf 屏蔽查询之后的键（j > i）的分数；四个分项不屏蔽"),
                specSeed()};
    e.resolve = [](ParamSet& p) -> Status {
        return requireEven(p, "d", "R_{i-j} pairs sin and cos dimensions");
    };
    auto nn = [](const ParamSet& p) { return Shape{p.integer("n"), p.integer("n")}; };
    auto work = [](const ParamSet& p) {
        const double n = static_cast<double>(p.integer("n"));
        const double d = static_cast<double>(p.integer("d"));
        return 8.0 * (n * n + 6 * n * d + 3 * d * d + 128 * 2 * n);
    };
    auto term = [](unsigned which) {
        return [which](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
            const auto n = p.integer("n");
            Array a = Array::real({n, n});
            if (auto st = terms(p, which, a.matrix(), ctx); !st) return st.error();
            return a;
        };
    };
    struct Term {
        const char* id;
        unsigned which;
        const char *en, *zh;
    };
    for (const Term& t : {
             Term{"term_a", kA, "(a) content–content qᵢ · Wₖ,E Eⱼ", "（a）内容-内容 qᵢ · Wₖ,E Eⱼ"},
             Term{"term_b", kB, "(b) content–position qᵢ · Wₖ,R Rᵢ₋ⱼ",
                  "（b）内容-位置 qᵢ · Wₖ,R Rᵢ₋ⱼ"},
             Term{"term_c", kC, "(c) global content bias u · Wₖ,E Eⱼ",
                  "（c）全局内容偏置 u · Wₖ,E Eⱼ"},
             Term{"term_d", kD, "(d) global position bias v · Wₖ,R Rᵢ₋ⱼ",
                  "（d）全局位置偏置 v · Wₖ,R Rᵢ₋ⱼ"},
         })
        e.quantities.push_back(quantity(t.id, "n,n", nn, term(t.which))
                                   .title(t.en, t.zh)
                                   .axisNames({"query i", "key j"})
                                   .work(work));
    e.quantities.push_back(
        quantity("logits", "n,n", nn, logits)
            .title("Logits (a + b + c + d) / √d", "注意力分数 (a + b + c + d) / √d")
            .axisNames({"query i", "key j"})
            .work(work));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
