// A12 DeBERTa disentangled attention (He, Liu, Gao & Chen, 2021, "DeBERTa: Decoding-enhanced BERT
// with Disentangled Attention", ICLR, §3.1; the v2 log buckets follow the released code,
// microsoft/DeBERTa `make_log_bucket_position`, spec C2). With rel(i, j) the (bucketed) relative
// position i - j (query minus key), k the attention span and delta(i, j) = clamp(rel + k, 0, 2k-1):
//   c2c_ij = Qc_i . Kc_j,   c2p_ij = Qc_i . Kr[delta(i, j)],   p2c_ij = Kc_j . Qr[delta(i, j)],
//   logits = (c2c + c2p + p2c) / sqrt(3 d).
// p2c index: the paper writes delta(j, i). The released code (microsoft/DeBERTa and HuggingFace
// `disentangled_attention_bias`) gathers p2c with the negated relative position and then
// transposes the gathered matrix, which lands on delta(i, j); we follow the code (checked
// numerically against a port of it).
// Seeded draws, in this order: content H (n, d) standard normal; W_qc, W_kc, W_qr, W_kr (d, d)
// standard normal scaled 1/sqrt(d); relative embeddings P (2k, d) standard normal.
#include "core/encodings/deberta.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/backend/backend.h"
#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

// Spec C2, computed in double exactly as the released NumPy code does (ceil, integer mid, no
// clamping). Identity for |r| <= mid, then logarithmic, reaching +-(2 mid - 1) at |r| = max - 1.
std::int64_t debertaBucket(std::int64_t r, std::int64_t buckets, std::int64_t maxPositions) {
    if (buckets <= 0 || maxPositions <= 0) return r;
    const std::int64_t mid = buckets / 2;
    const std::int64_t a = (-mid < r && r < mid) ? mid - 1 : std::abs(r);
    if (a <= mid) return r;
    const double logPos =
        std::ceil(std::log(static_cast<double>(a) / static_cast<double>(mid)) /
                  std::log(static_cast<double>(maxPositions - 1) / static_cast<double>(mid)) *
                  static_cast<double>(mid - 1)) +
        static_cast<double>(mid);
    const auto v = static_cast<std::int64_t>(logPos);
    return r > 0 ? v : -v;
}

std::int64_t debertaSpan(const ParamSet& p) {
    const auto pb = p.integer("position_buckets");
    return pb > 0 ? pb : p.integer("max_relative_positions");
}

unsigned debertaTermsOf(std::string_view quantity) {
    if (quantity == "c2c") return kDebertaC2c;
    if (quantity == "c2p") return kDebertaC2p;
    if (quantity == "p2c") return kDebertaP2c;
    if (quantity == "logits") return kDebertaAll;
    return 0;
}

double debertaScaleOf(std::string_view quantity, std::int64_t d) {
    return quantity == "logits" ? 1.0 / std::sqrt(3.0 * static_cast<double>(d)) : 1.0;
}

namespace {

// rel for r = i - j = -(n-1) .. n-1, at index r + n - 1.
std::vector<std::int64_t> relativeTable(const ParamSet& p) {
    const auto n = p.integer("n");
    const auto pb = p.integer("position_buckets");
    const auto maxPos = p.integer("max_relative_positions");
    std::vector<std::int64_t> rel(static_cast<std::size_t>(2 * n - 1));
    for (std::int64_t r = -(n - 1); r <= n - 1; ++r)
        rel[static_cast<std::size_t>(r + n - 1)] = debertaBucket(r, pb, maxPos);
    return rel;
}

// Draws and discards `count` normals: the rows of P before the first one used still advance the
// stream, so the used rows are exactly those of the whole table drawn in order.
Status skipNormals(Rng& rng, std::int64_t count, const ComputeContext& ctx) {
    for (std::int64_t k = 0; k < count; ++k) {
        if ((k & 0xFFFFF) == 0 && ctx.cancelled()) return cancelledError();
        (void)rng.normal();
    }
    return {};
}

constexpr Eigen::Index kBlock = 128;

// CPU fast path of a term quantity, float32 only (float64 is the reference itself): the
// registry's double inputs rounded to float32, then the same products and gathers in float32, a
// genuine float32 computation (the Vulkan parity tolerance uses its error).
FastPath fastTermPath(const std::string& quantity) {
    FastPath f;
    f.accepts = [](const ParamSet&, Precision precision) { return precision == Precision::F32; };
    f.run = [quantity](const ParamSet& p, Precision, Result& out,
                       const ComputeContext& ctx) -> Status {
        const unsigned which = debertaTermsOf(quantity);
        auto in = debertaInputs(p, (which & (kDebertaC2p | kDebertaP2c)) != 0, ctx);
        if (!in) return in.error();
        const auto n = p.integer("n");
        out.f32.resize(static_cast<std::size_t>(n * n));
        Eigen::Map<DebertaMatrix<float>> m(out.f32.data(), n, n);
        if (auto st = debertaTermSum<float>(in->cast<float>(), which, m, ctx); !st) return st;
        if (const double scale = debertaScaleOf(quantity, p.integer("d")); scale != 1.0)
            m *= static_cast<float>(scale);
        return {};
    };
    return f;
}

}  // namespace

Expected<DebertaInputs> debertaInputs(const ParamSet& p, bool needPositions,
                                      const ComputeContext& ctx) {
    const auto n = p.integer("n");
    const auto d = p.integer("d");
    const auto k = debertaSpan(p);
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    const double w = 1.0 / std::sqrt(static_cast<double>(d));
    const RowMatrix h = normalMatrix(rng, n, d);
    const RowMatrix wqc = normalMatrix(rng, d, d, w);
    const RowMatrix wkc = normalMatrix(rng, d, d, w);
    const RowMatrix wqr = normalMatrix(rng, d, d, w);
    const RowMatrix wkr = normalMatrix(rng, d, d, w);
    DebertaInputs in;
    in.qc = h * wqc.transpose();
    in.kc = h * wkc.transpose();
    if (!needPositions) return in;
    // rel is monotone in r, so delta covers [lo, hi] = [delta(rel(-(n-1))), delta(rel(n-1))].
    // P is drawn last: rows before lo are drawn and discarded, rows after hi never drawn.
    const auto rel = relativeTable(p);
    auto delta = [k](std::int64_t v) { return std::clamp<std::int64_t>(v + k, 0, 2 * k - 1); };
    const std::int64_t lo = delta(rel.front());
    const std::int64_t hi = delta(rel.back());
    if (auto st = skipNormals(rng, lo * d, ctx); !st) return st.error();
    const RowMatrix pos = normalMatrix(rng, hi - lo + 1, d);
    in.qr = pos * wqr.transpose();
    in.kr = pos * wkr.transpose();
    in.lo = lo;
    in.dl.resize(rel.size());
    for (std::size_t t = 0; t < rel.size(); ++t) in.dl[t] = delta(rel[t]) - lo;
    return in;
}

template <class T>
Status debertaTermSum(const DebertaInputsT<T>& in, unsigned which, Eigen::Ref<DebertaMatrix<T>> out,
                      const ComputeContext& ctx) {
    const auto n = in.qc.rows();
    if (which & kDebertaC2c)
        out.noalias() = in.qc * in.kc.transpose();
    else
        out.setZero();
    auto dl = [&](Eigen::Index i, Eigen::Index j) {
        return in.dl[static_cast<std::size_t>(i - j + n - 1)];
    };
    // Progress: each term present is one (n x n x d) product, an equal share of the work.
    const int terms = ((which & kDebertaC2c) ? 1 : 0) + ((which & kDebertaC2p) ? 1 : 0) +
                      ((which & kDebertaP2c) ? 1 : 0);
    const double share = terms > 0 ? 1.0 / terms : 1.0;
    double from = (which & kDebertaC2c) ? share : 0.0;
    DebertaMatrix<T> g;
    if (which & kDebertaC2p) {
        const ComputeContext part = ctx.part(from, from + share);
        from += share;
        for (Eigen::Index i0 = 0; i0 < n; i0 += kBlock) {  // blocks of queries i
            if (part.cancelledAt(i0, n)) return cancelledError();
            const Eigen::Index rows = std::min<Eigen::Index>(kBlock, n - i0);
            g.noalias() = in.qc.middleRows(i0, rows) * in.kr.transpose();
            for (Eigen::Index t = 0; t < rows; ++t)
                for (Eigen::Index j = 0; j < n; ++j) out(i0 + t, j) += g(t, dl(i0 + t, j));
        }
    }
    if (which & kDebertaP2c) {
        const ComputeContext part = ctx.part(from, from + share);
        for (Eigen::Index j0 = 0; j0 < n; j0 += kBlock) {  // blocks of keys j
            if (part.cancelledAt(j0, n)) return cancelledError();
            const Eigen::Index cols = std::min<Eigen::Index>(kBlock, n - j0);
            g.noalias() = in.kc.middleRows(j0, cols) * in.qr.transpose();
            for (Eigen::Index i = 0; i < n; ++i)
                for (Eigen::Index t = 0; t < cols; ++t) out(i, j0 + t) += g(t, dl(i, j0 + t));
        }
    }
    return {};
}

template Status debertaTermSum<float>(const DebertaInputsT<float>&, unsigned,
                                      Eigen::Ref<DebertaMatrix<float>>, const ComputeContext&);
template Status debertaTermSum<double>(const DebertaInputsT<double>&, unsigned,
                                       Eigen::Ref<DebertaMatrix<double>>, const ComputeContext&);

void registerDeberta(Registry& r) {
    EncodingDescriptor e;
    e.id = "deberta";
    e.nameEn = "DeBERTa disentangled attention";
    e.nameZh = "DeBERTa 解耦注意力";
    e.family = Family::Relative;
    e.summaryEn =
        "Content and relative position kept as separate vectors: content-to-content, "
        "content-to-position and position-to-content terms (He et al., 2021).";
    e.summaryZh =
        "内容与相对位置分别用独立向量表示：内容-内容、内容-位置、位置-内容三项（He 等，2021）。";
    e.params = {
        specN(), specD(),
        intParam("position_buckets", 256)
            .range(-1, kMaxPositions)
            .slider(-1, 1024)
            .label("Position buckets", "位置桶数")
            .help("log buckets of i - j (DeBERTa-v2); -1 = none (raw i - j); else >= 4",
                  "i - j 的对数分桶数（DeBERTa-v2）；-1 表示不分桶（直接用 i - j）；否则 >= 4"),
        intParam("max_relative_positions", 512)
            .range(1, kMaxPositions)
            .slider(1, 4096)
            .label("Largest relative distance", "最大相对距离")
            .help("distance mapped to the last bucket; the span when position_buckets = -1 "
                  "(must exceed position_buckets / 2 + 1)",
                  "映射到最后一个桶的距离；position_buckets = -1 时即注意力跨度"
                  "（须大于 position_buckets / 2 + 1）"),
        specSeed()};
    e.resolve = [](ParamSet& p) -> Status {
        const auto pb = p.integer("position_buckets");
        if (pb != -1 && pb < 4)
            return paramError("position_buckets", pb,
                              "the log buckets need mid = position_buckets / 2 >= 2",
                              "-1 (no buckets) or an integer >= 4");
        const auto maxPos = p.integer("max_relative_positions");
        // pb = -1: the span is max_relative_positions itself, >= 1 by its range.
        if (pb > 0 && maxPos <= pb / 2 + 1)
            return paramError(
                "max_relative_positions", maxPos,
                "the log scale ln((max_relative_positions - 1) / mid) must be positive",
                "an integer > position_buckets / 2 + 1 = " + std::to_string(pb / 2 + 1));
        return {};
    };
    auto nn = [](const ParamSet& p) { return Shape{p.integer("n"), p.integer("n")}; };
    auto work = [](const ParamSet& p) {
        const double n = static_cast<double>(p.integer("n"));
        const double d = static_cast<double>(p.integer("d"));
        const double m =
            std::min(2.0 * n, 2.0 * static_cast<double>(debertaSpan(p)));  // rows of P used
        return 8.0 * (n * n + 4 * n * d + 4 * d * d + 3 * m * d + kBlock * m);
    };
    auto term = [](unsigned which, bool scaled) {
        return [which, scaled](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
            const auto n = p.integer("n");
            Array a = Array::real({n, n});
            const auto in = debertaInputs(p, (which & (kDebertaC2p | kDebertaP2c)) != 0, ctx);
            if (!in) return in.error();
            if (auto st = debertaTermSum<double>(*in, which, a.matrix(), ctx); !st)
                return st.error();
            if (scaled) a.matrix() /= std::sqrt(3.0 * static_cast<double>(p.integer("d")));
            return a;
        };
    };

    QuantitySpec rel =
        quantity("relative_positions", "n,n", nn,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     const auto n = p.integer("n");
                     const auto table = relativeTable(p);
                     Array a = Array::integer({n, n});
                     for (std::int64_t i = 0; i < n; ++i) {
                         if (ctx.cancelledAt(i, n)) return cancelledError();
                         for (std::int64_t j = 0; j < n; ++j)
                             a.i64[static_cast<std::size_t>(i * n + j)] =
                                 table[static_cast<std::size_t>(i - j + n - 1)];
                     }
                     return a;
                 })
            .title("Relative position i − j (log-bucketed)", "相对位置 i − j（对数分桶）")
            .axisNames({"query i", "key j"})
            .integer();
    rel.isSigned = true;
    e.quantities.push_back(std::move(rel));
    e.quantities.push_back(quantity("c2c", "n,n", nn, term(kDebertaC2c, false))
                               .title("Content-to-content Qᶜᵢ · Kᶜⱼ", "内容到内容 Qᶜᵢ · Kᶜⱼ")
                               .axisNames({"query i", "key j"})
                               .work(work)
                               .withFast(fastTermPath("c2c")));
    e.quantities.push_back(
        quantity("c2p", "n,n", nn, term(kDebertaC2p, false))
            .title("Content-to-position Qᶜᵢ · Kʳ[δ(i, j)]", "内容到位置 Qᶜᵢ · Kʳ[δ(i, j)]")
            .axisNames({"query i", "key j"})
            .work(work)
            .withFast(fastTermPath("c2p")));
    e.quantities.push_back(
        quantity("p2c", "n,n", nn, term(kDebertaP2c, false))
            .title("Position-to-content Kᶜⱼ · Qʳ[δ(i, j)]", "位置到内容 Kᶜⱼ · Qʳ[δ(i, j)]")
            .axisNames({"query i", "key j"})
            .work(work)
            .withFast(fastTermPath("p2c")));
    e.quantities.push_back(
        quantity("logits", "n,n", nn, term(kDebertaAll, true))
            .title("Logits (c2c + c2p + p2c) / √(3d)", "注意力分数 (c2c + c2p + p2c) / √(3d)")
            .axisNames({"query i", "key j"})
            .work(work)
            .withFast(fastTermPath("logits")));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
