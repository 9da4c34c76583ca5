// E8 NoPE, no positional encoding (Kazemnejad et al., 2023, "The Impact of Positional Encoding on
// Length Generalization in Transformers"; Haviv et al., 2022, "Transformer Language Models without
// Positional Encodings Still Learn Positional Information"): what a causal mask alone tells the
// model when every logit is equal.
//   attention    A[i,j] = 1/(i+1) for j <= i, 0 above (not causal: 1/n everywhere)
//   bos_signal   round_t(A[i,0]): a value that is 1 on the first token and 0 elsewhere, averaged —
//                Kazemnejad et al.'s first step to recover the absolute position; round_t is the
//                number format of long_context.md L2 (core/numeric/low_precision.h)
//   attention_cells  (m, m), m = min(n, cells): the exact mean of `attention` over each cell of
//                m bands of the n query and key positions (band r: [ceil(r n/m), ceil((r+1) n/m)),
//                as the heatmaps' cell axes), from harmonic numbers, never the n x n matrix; what
//                the attention view draws at any n (equal to `attention` where m = n)
//   distinct     how many distinct values bos_signal holds (n when every position is resolved)
//   prefix_mean  A X, each row the mean of its prefix (X the input, or seeded standard normal)
//   prefix_norm  the row norms of A X
//   prefix_rms   sqrt(d/(i+1)) (not causal: sqrt(d/n)), the root-mean-square norm for standard
//                normal X: the norm shrinking with i is position information the mask leaks.
// `precision` applies to bos_signal and distinct only.
#include <algorithm>
#include <cmath>

#include "core/encodings/common.h"
#include "core/io/npy.h"
#include "core/numeric/low_precision.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

constexpr std::int64_t kDefaultN = 64;
constexpr std::int64_t kDefaultD = 64;

numeric::Format formatOf(const ParamSet& p) {
    const auto& name = p.text("precision");
    if (name == "float32") return numeric::Format::Float32;
    if (name == "bfloat16") return numeric::Format::Bfloat16;
    if (name == "float16") return numeric::Format::Float16;
    return numeric::Format::Float64;
}

// The weight every visible key gets in row i.
double rowWeight(const ParamSet& p, std::int64_t i) {
    const double seen =
        p.boolean("causal") ? static_cast<double>(i + 1) : static_cast<double>(p.integer("n"));
    return 1.0 / seen;
}

std::vector<double> bosSignal(const ParamSet& p) {
    const auto n = p.integer("n");
    const auto format = formatOf(p);
    std::vector<double> s(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        s[static_cast<std::size_t>(i)] = numeric::roundTo(format, rowWeight(p, i));
    return s;
}

Expected<Array> attentionMatrix(const ParamSet& p, const ComputeContext& ctx) {
    const auto n = p.integer("n");
    const bool causal = p.boolean("causal");
    Array a = Array::real({n, n});
    for (std::int64_t i = 0; i < n; ++i) {
        if (ctx.cancelledAt(static_cast<double>(i), static_cast<double>(n)))
            return cancelledError();
        const double w = rowWeight(p, i);
        double* row = a.f64.data() + i * n;
        for (std::int64_t j = 0; j < n; ++j) row[j] = causal && j > i ? 0.0 : w;
    }
    return a;
}

// H(b) - H(a) = sum_{k=a+1}^{b} 1/k, 0 <= a <= b: summed when short, else from the asymptotic
// series of H (error below 1e-16 relative past 64 terms).
double harmonicDiff(std::int64_t a, std::int64_t b) {
    auto tail = [](double m) {  // H(m) - ln m - gamma
        const double m2 = m * m;
        return 1 / (2 * m) - 1 / (12 * m2) + 1 / (120 * m2 * m2);
    };
    auto small = [](std::int64_t from, std::int64_t to) {
        double s = 0;
        for (std::int64_t k = to; k > from; --k) s += 1.0 / static_cast<double>(k);
        return s;
    };
    constexpr std::int64_t kDirect = 64;
    if (b - a <= kDirect) return small(a, b);
    if (a < kDirect) return small(a, kDirect) + harmonicDiff(kDirect, b);
    const double da = static_cast<double>(a), db = static_cast<double>(b);
    return std::log(db / da) + tail(db) - tail(da);
}

// The mean of the causal A over rows [i0, i1) and keys [j0, j1): sum_i count_i / (i + 1), the
// count of keys j <= i in the band, over the cell's size.
double causalCellMean(std::int64_t i0, std::int64_t i1, std::int64_t j0, std::int64_t j1) {
    double sum = 0;
    // rows j0 <= i < j1: (i - j0 + 1)/(i + 1) = 1 - j0/(i + 1)
    const std::int64_t a = std::max(i0, j0), b = std::min(i1, j1);
    if (a < b) sum += static_cast<double>(b - a) - static_cast<double>(j0) * harmonicDiff(a, b);
    // rows i >= j1: every key of the band, (j1 - j0)/(i + 1)
    const std::int64_t c = std::max(i0, j1);
    if (c < i1) sum += static_cast<double>(j1 - j0) * harmonicDiff(c, i1);
    return sum / (static_cast<double>(i1 - i0) * static_cast<double>(j1 - j0));
}

Shape cellsShape(const ParamSet& p) {
    const auto m = std::min(p.integer("n"), p.integer("cells"));
    return Shape{m, m};
}

Expected<Array> attentionCells(const ParamSet& p, const ComputeContext& ctx) {
    const auto n = p.integer("n");
    const auto m = std::min(n, p.integer("cells"));
    const bool causal = p.boolean("causal");
    auto edge = [n, m](std::int64_t r) { return (r * n + m - 1) / m; };  // ceil(r n / m)
    Array a = Array::real({m, m});
    for (std::int64_t r = 0; r < m; ++r) {
        if (ctx.cancelledAt(static_cast<double>(r), static_cast<double>(m)))
            return cancelledError();
        for (std::int64_t c = 0; c < m; ++c)
            a.f64[static_cast<std::size_t>(r * m + c)] =
                causal ? causalCellMean(edge(r), edge(r + 1), edge(c), edge(c + 1))
                       : 1.0 / static_cast<double>(n);
    }
    return a;
}

Expected<RowMatrix> input(const ParamSet& p) {
    const auto n = p.integer("n"), d = p.integer("d");
    if (const auto& path = p.text("input"); !path.empty()) return loadMatrix("input", path, n, d);
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    return RowMatrix(normalMatrix(rng, n, d));
}

// A X: the running mean of the rows (causal), or every row the mean of all.
Expected<RowMatrix> prefixMean(const ParamSet& p, const ComputeContext& ctx) {
    auto x = input(p);
    if (!x) return x.error();
    const auto n = x->rows(), d = x->cols();
    const bool causal = p.boolean("causal");
    RowMatrix out(n, d);
    std::vector<double> sum(static_cast<std::size_t>(d), 0.0);
    for (std::int64_t i = 0; i < n; ++i) {
        if (ctx.cancelledAt(static_cast<double>(i), static_cast<double>(n)))
            return cancelledError();
        for (std::int64_t k = 0; k < d; ++k) sum[static_cast<std::size_t>(k)] += (*x)(i, k);
        if (causal)
            for (std::int64_t k = 0; k < d; ++k)
                out(i, k) = sum[static_cast<std::size_t>(k)] / static_cast<double>(i + 1);
    }
    if (!causal)
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t k = 0; k < d; ++k)
                out(i, k) = sum[static_cast<std::size_t>(k)] / static_cast<double>(n);
    return out;
}

Status resolveNope(ParamSet& p) {
    const auto& path = p.text("input");
    if (path.empty()) return {};
    auto h = io::inspectNpy(path);
    if (!h) return fail(h.error().code, "parameter 'input': " + h.error().message);
    if (h->shape.size() != 2 || h->shape[0] < 1 || h->shape[1] < 1)
        return fail("parameter 'input' = " + echo(path, kEchoPathLimit) + ": array has shape (" +
                    shapeText(h->shape) + "), expected (n, d)");
    const std::pair<const char*, std::int64_t> dims[] = {{"n", h->shape[0]}, {"d", h->shape[1]}};
    for (const auto& [name, fromFile] : dims) {
        const auto given = p.integer(name);
        const auto def = std::string(name) == "n" ? kDefaultN : kDefaultD;
        if (p.given(name) ? given != fromFile : (given != def && given != fromFile))
            return paramError(name, given,
                              "differs from the input file, which sets " + std::string(name) +
                                  " = " + std::to_string(fromFile),
                              std::to_string(fromFile) + " (or leave " + name + " unset)");
        p.set(name, fromFile);
    }
    return {};
}

Shape vectorShape(const ParamSet& p) {
    return Shape{p.integer("n")};
}

Array vectorOf(std::vector<double> v) {
    Array a = Array::real({static_cast<std::int64_t>(v.size())});
    a.f64 = std::move(v);
    return a;
}

}  // namespace

void registerNope(Registry& r) {
    EncodingDescriptor e;
    e.id = "nope";
    e.nameEn = "NoPE (no encoding)";
    e.nameZh = "无位置编码 NoPE";
    e.family = Family::Other;
    e.summaryEn = "No positional encoding: the causal mask alone still leaks position (NoPE).";
    e.summaryZh = "不加位置编码：仅靠因果掩码，位置信息仍会泄露（NoPE）。";
    e.params = {
        specN(kDefaultN),
        specD(kDefaultD).range(1, kMaxDim).slider(1, 1024),
        boolParam("causal", true)
            .label("Causal mask", "因果掩码")
            .help("decoder mask: query i sees keys 0 .. i (off: every key)",
                  "解码器掩码：查询 i 只看到键 0 .. i（关闭：看到全部键）"),
        enumParam("precision", {"float64", "float32", "bfloat16", "float16"})
            .label("Number format", "数值格式")
            .help("number format of the first-token signal and its distinct count (float64: no "
                  "rounding)",
                  "首词元信号及其不同取值个数所用的数值格式（float64：不舍入）"),
        specSeed(),
        intParam("cells", 512)
            .range(1, 4096)
            .slider(16, 4096)
            .setByViews()
            .label("Attention cells", "注意力格数")
            .help("attention_cells: bands the n positions are split into on each axis",
                  "attention_cells：每条轴上 n 个位置划分成的段数"),
        pathParam("input")
            .label("Input rows X (.npy)", "输入 X (.npy)")
            .help(".npy (n, d) input rows; sets n and d (empty: seeded standard normal)",
                  ".npy (n, d) 输入行；决定 n 和 d（留空：按种子生成的标准正态）")};
    e.resolve = resolveNope;
    auto square = [](const ParamSet& p) { return Shape{p.integer("n"), p.integer("n")}; };
    e.quantities.push_back(quantity("attention", "n,n", square, attentionMatrix)
                               .title("Attention with equal logits", "logits 全相等时的注意力")
                               .axisNames({"query i", "key j"})
                               .nonNegative());
    e.quantities.push_back(
        quantity("attention_cells", "m,m", cellsShape, attentionCells)
            .title("Attention with equal logits, cell means", "logits 全相等时的注意力（格内均值）")
            .axisNames({"query i", "key j"})
            .nonNegative());
    e.quantities.push_back(
        quantity("bos_signal", "n", vectorShape,
                 [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                     return vectorOf(bosSignal(p));
                 })
            .title("First-token signal A[i,0]", "首词元信号 A[i,0]")
            .axisNames({"position i"})
            .nonNegative());
    e.quantities.push_back(quantity(
                               "distinct", "1", [](const ParamSet&) { return Shape{1}; },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   auto s = bosSignal(p);
                                   std::sort(s.begin(), s.end());
                                   const auto count = std::unique(s.begin(), s.end()) - s.begin();
                                   Array a = Array::integer({1});
                                   a.i64[0] = static_cast<std::int64_t>(count);
                                   return a;
                               })
                               .integer()
                               .title("Positions the signal tells apart", "该信号能区分的位置数")
                               .axisNames({"count"}));
    e.quantities.push_back(quantity(
                               "prefix_mean", "n,d",
                               [](const ParamSet& p) {
                                   return Shape{p.integer("n"), p.integer("d")};
                               },
                               [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                                   auto m = prefixMean(p, ctx);
                                   if (!m) return m.error();
                                   return Array::fromMatrix(*m);
                               })
                               .work([](const ParamSet& p) {
                                   return 24.0 *
                                          static_cast<double>(p.integer("n") * p.integer("d"));
                               })
                               .title("Prefix mean A X", "前缀均值 A X")
                               .axisNames({"position i", "dimension k"}));
    e.quantities.push_back(
        quantity("prefix_norm", "n", vectorShape,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     auto m = prefixMean(p, ctx);
                     if (!m) return m.error();
                     std::vector<double> v(static_cast<std::size_t>(m->rows()));
                     for (std::int64_t i = 0; i < m->rows(); ++i)
                         v[static_cast<std::size_t>(i)] = m->row(i).norm();
                     return vectorOf(std::move(v));
                 })
            .work([](const ParamSet& p) {
                return 16.0 * static_cast<double>(p.integer("n") * p.integer("d"));
            })
            .title("Norm of the prefix mean", "前缀均值的范数")
            .axisNames({"position i"})
            .nonNegative());
    e.quantities.push_back(
        quantity("prefix_rms", "n", vectorShape,
                 [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                     const auto n = p.integer("n");
                     const auto d = static_cast<double>(p.integer("d"));
                     std::vector<double> v(static_cast<std::size_t>(n));
                     for (std::int64_t i = 0; i < n; ++i)
                         v[static_cast<std::size_t>(i)] = std::sqrt(d * rowWeight(p, i));
                     return vectorOf(std::move(v));
                 })
            .title("Expected norm √(d/(i+1))", "期望范数 √(d/(i+1))")
            .axisNames({"position i"})
            .nonNegative());
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
