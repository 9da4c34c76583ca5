// Synthetic softmax attention, the quantity every positional encoding ultimately feeds
// (Vaswani et al., 2017, "Attention Is All You Need", §3.2.1, scaled dot-product attention):
//   logits[i, j] = q_i . k_j / sqrt(d) + b[i, j],   softmax[i, j] = exp(logits[i, j]) / sum_l
//   exp(logits[i, l])
// with Q, K (n, d) seeded standard normal (Q drawn first, then K, row by row) and the bias b either
// none or ALiBi's bias of head 0 (Press et al., 2022, "Train Short, Test Long"):
//   b[i, j] = -slope_0 |i - j|,  slope_0 = 2^(-8/P),  P the largest power of two <= heads
// (spec B1: the first slope is the same whether heads is a power of two or not).
// The row softmax subtracts the row maximum first (softmax is invariant to a constant per row),
// so large logits never overflow.
#include "core/attention/attention.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>

#include "core/backend/backend.h"
#include "core/backend/fast_kernels.h"
#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::attention {

double alibiSlope0(std::int64_t heads) {
    std::int64_t p = 1;
    while (p * 2 <= heads) p *= 2;
    return std::pow(2.0, -8.0 / static_cast<double>(p));
}

QK drawQK(std::int64_t n, std::int64_t d, std::uint64_t seed) {
    Rng rng(seed);
    QK out;
    out.q = normalMatrix(rng, n, d);
    out.k = normalMatrix(rng, n, d);
    return out;
}

void softmaxRows(Eigen::Ref<RowMatrix> m) {
#pragma omp parallel for schedule(static) if (m.size() > 65536)
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        auto row = m.row(i);
        const double mx = row.maxCoeff();
        if (!std::isfinite(mx)) {  // a row of -inf only: no valid key; keep it all zero
            row.setZero();
            continue;
        }
        row = (row.array() - mx).exp();
        row /= row.sum();
    }
}

Expected<Array> logits(const ParamSet& p, const ComputeContext& ctx) {
    const auto n = p.integer("n");
    const auto d = p.integer("d");
    const QK qk = drawQK(n, d, static_cast<std::uint64_t>(p.integer("seed")));
    if (ctx.cancelled()) return enc::cancelledError();
    Array a = Array::real({n, n});
    auto m = a.matrix();
    // One GEMM, not split into row blocks: a split could change Eigen's kernel for the last rows
    // of each block and with it the last bits of the numbers. So the progress moves after it.
    m.noalias() = qk.q * qk.k.transpose();
    m *= 1.0 / std::sqrt(static_cast<double>(d));
    if (p.text("bias") == "alibi") {
        // The bias loop (one thread) takes about a third of the time of the GEMM (all threads).
        const ComputeContext rows = ctx.part(0.7, 1.0);
        const double slope = alibiSlope0(p.integer("heads"));
        for (std::int64_t i = 0; i < n; ++i) {
            if (rows.cancelledAt(i, n)) return enc::cancelledError();
            for (std::int64_t j = 0; j < n; ++j)
                m(i, j) += -slope * static_cast<double>(std::abs(i - j));
        }
    }
    ctx.report(1, 1);
    return a;
}

namespace {

// CPU fast path: Q and K drawn once per (n, d, seed) and kept in both precisions (the benchmark
// and live views recompute the same quantity at the same sizes, and drawing 2 n d normals would
// cost more than the rest), the scale and the ALiBi bias in one pass over the rows, then the row
// softmax, on both cores.
struct SeededQK {
    fast::RowMat<double> q64, k64;
    fast::RowMat<float> q32, k32;
};

struct QKCache {
    std::mutex mutex;
    std::int64_t n = -1, d = -1, seed = -1;
    std::shared_ptr<const SeededQK> qk;

    std::shared_ptr<const SeededQK> get(const ParamSet& p) {
        std::lock_guard lock(mutex);
        if (!qk || n != p.integer("n") || d != p.integer("d") || seed != p.integer("seed")) {
            const auto drawn = drawQK(p.integer("n"), p.integer("d"),
                                      static_cast<std::uint64_t>(p.integer("seed")));
            auto s = std::make_shared<SeededQK>();
            s->q64 = drawn.q;
            s->k64 = drawn.k;
            s->q32 = s->q64.cast<float>();
            s->k32 = s->k64.cast<float>();
            qk = std::move(s);
            n = p.integer("n");
            d = p.integer("d");
            seed = p.integer("seed");
        }
        return qk;
    }
};

template <class T>
void fastAttention(const ParamSet& p, const fast::RowMat<T>& q, const fast::RowMat<T>& k,
                   bool softmax, std::vector<T>& buf) {
    const auto n = p.integer("n");
    buf.resize(static_cast<std::size_t>(n * n));
    Eigen::Map<fast::RowMat<T>> m(buf.data(), n, n);
    m.noalias() = q * k.transpose();
    const T scale = static_cast<T>(1.0 / std::sqrt(static_cast<double>(p.integer("d"))));
    const bool alibi = p.text("bias") == "alibi";
    std::vector<T> v;
    if (alibi) {  // Toeplitz: row i adds v[n-1-i ..]
        const double s = alibiSlope0(p.integer("heads"));
        v.resize(static_cast<std::size_t>(2 * n - 1));
        for (std::int64_t t = 0; t < 2 * n - 1; ++t)
            v[static_cast<std::size_t>(t)] =
                static_cast<T>(-s * static_cast<double>(std::abs(t - (n - 1))));
    }
#pragma omp parallel for schedule(static) if (n * n >= fast::kParallelElements)
    for (std::int64_t i = 0; i < n; ++i) {
        T* row = buf.data() + i * n;
        if (alibi) {
            const T* b = v.data() + (n - 1 - i);
            for (std::int64_t j = 0; j < n; ++j) row[j] = row[j] * scale + b[j];
        } else {
            for (std::int64_t j = 0; j < n; ++j) row[j] *= scale;
        }
    }
    if (softmax) fast::softmaxRows<T>(m);
}

FastPath fastPath(std::shared_ptr<QKCache> cache, bool softmax) {
    FastPath f;
    f.run = [cache, softmax](const ParamSet& p, Precision precision, Result& out,
                             const ComputeContext&) -> Status {
        const auto qk = cache->get(p);
        if (precision == Precision::F32)
            fastAttention<float>(p, qk->q32, qk->k32, softmax, out.f32);
        else
            fastAttention<double>(p, qk->q64, qk->k64, softmax, out.f64);
        return {};
    };
    return f;
}

}  // namespace

}  // namespace poslab::core::attention

namespace poslab::core::enc {

void registerAttention(Registry& r) {
    EncodingDescriptor e;
    e.id = "attention";
    e.nameEn = "Softmax attention";
    e.nameZh = "Softmax 注意力";
    e.family = Family::Other;
    e.summaryEn =
        "Scaled dot-product attention of seeded queries and keys, optionally with a bias.";
    e.summaryZh = "随机种子生成的查询与键的缩放点积注意力，可加位置偏置。";
    // n defaults to 256 (a readable heatmap); the benchmark uses 2048.
    e.params = {specN(256), specD(64), specSeed(),
                enumParam("bias", {"none", "alibi"})
                    .label("Logit bias", "分数偏置")
                    .help("bias added to the logits: none, or ALiBi's bias of head 0",
                          "加到 logits 上的偏置：无，或 ALiBi 第 0 个头的偏置"),
                specHeads(8)};
    auto n = [](const ParamSet& p) { return p.integer("n"); };
    auto nn = [=](const ParamSet& p) { return Shape{n(p), n(p)}; };
    // Q, K and the (n, n) result live at once.
    auto work = [](const ParamSet& p) {
        const double nv = static_cast<double>(p.integer("n"));
        return 8.0 * (nv * nv + 2.0 * nv * static_cast<double>(p.integer("d")));
    };
    // One cache of seeded Q and K for both quantities' fast paths.
    const auto qk = std::make_shared<attention::QKCache>();
    e.quantities.push_back(quantity("logits", "n,n", nn, attention::logits)
                               .title("Logits Q Kᵀ / √d + bias", "注意力分数 Q Kᵀ / √d + 偏置")
                               .axisNames({"query i", "key j"})
                               .work(work)
                               .withFast(attention::fastPath(qk, false)));
    e.quantities.push_back(
        quantity("softmax", "n,n", nn,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     // Progress: the logits and the exponentials take about the same time.
                     auto a = attention::logits(p, ctx.part(0.0, 0.5));
                     if (!a) return a;
                     const ComputeContext rows = ctx.part(0.5, 1.0);
                     auto m = a->matrix();
                     // In row blocks (rows are independent: the same numbers as one call), so
                     // that a cancel is noticed and the progress moves.
                     constexpr Eigen::Index kBlock = 256;
                     for (Eigen::Index r0 = 0; r0 < m.rows(); r0 += kBlock) {
                         if (rows.cancelledAt(r0, m.rows())) return cancelledError();
                         attention::softmaxRows(m.middleRows(r0, std::min(kBlock, m.rows() - r0)));
                     }
                     return a;
                 })
            .title("Attention weights softmax(logits)", "注意力权重 softmax(logits)")
            .axisNames({"query i", "key j"})
            .nonNegative()
            .work(work)
            .withFast(attention::fastPath(qk, true)));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
