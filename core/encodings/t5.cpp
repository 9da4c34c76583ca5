// A10 T5 relative attention bias (Raffel et al., 2020, "Exploring the Limits of Transfer Learning
// with a Unified Text-to-Text Transformer", §2.1; mesh-tensorflow / HuggingFace T5Attention):
//   bias[h, i, j] = W[bucket(j - i), h]
// with i the query, j the key and bucket() the log bucketing of spec C1 (t5_bucket.h): distances
// below max_exact get a bucket each, longer ones share logarithmically wider buckets up to
// max_distance, beyond which everything lands in the last bucket. The bias is added to the logits;
// there is no position term in the values. bucketing = none is the notes' simplified form: one
// table row per distance |i - j| (n rows), no direction and no sharing.
#include "core/encodings/t5.h"
#include "core/backend/backend.h"
#include "core/backend/fast_kernels.h"
#include "core/encodings/common.h"
#include "core/encodings/t5_bucket.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

bool logBucketing(const ParamSet& p) {
    return p.text("bucketing") == "log";
}

// Rows of the weight table: one per bucket, or one per distance when bucketing is none.
std::int64_t tableRows(const ParamSet& p) {
    return logBucketing(p) ? p.integer("num_buckets") : p.integer("n");
}

// CPU fast paths: buckets and bias are Toeplitz in j - i, so the 2n - 1 buckets by offset (and
// per head their weights) are copied by rows.
FastPath fastBucketsPath() {
    FastPath f;
    f.run = [](const ParamSet& p, Precision, Result& out, const ComputeContext&) -> Status {
        fast::toeplitzFill(t5BucketsByOffset(p), 1, p.integer("n"), out.i64);
        return {};
    };
    return f;
}

FastPath fastBiasPath() {
    FastPath f;
    f.run = [](const ParamSet& p, Precision precision, Result& out,
               const ComputeContext&) -> Status {
        const auto n = p.integer("n");
        const auto b = t5BucketsByOffset(p);
        auto w = t5Weights(p);
        if (!w) return w.error();
        const auto heads = p.integer("heads");
        const std::size_t len = b.size();
        auto planes = [&](auto& v) {
            v.resize(static_cast<std::size_t>(heads) * len);
            for (std::int64_t h = 0; h < heads; ++h)
                for (std::size_t t = 0; t < len; ++t)
                    v[static_cast<std::size_t>(h) * len + t] =
                        static_cast<typename std::decay_t<decltype(v)>::value_type>((*w)(b[t], h));
        };
        if (precision == Precision::F32) {
            std::vector<float> v;
            planes(v);
            fast::toeplitzFill(v, heads, n, out.f32);
        } else {
            std::vector<double> v;
            planes(v);
            fast::toeplitzFill(v, heads, n, out.f64);
        }
        return {};
    };
    return f;
}

}  // namespace

// Bucket of every relative position r = j - i in [-(n-1), n-1], at index r + n - 1: the bucket
// matrix is Toeplitz, so 2n - 1 evaluations fill it.
std::vector<std::int64_t> t5BucketsByOffset(const ParamSet& p) {
    const auto n = p.integer("n");
    const bool bidirectional = p.boolean("bidirectional");
    const auto nb = p.integer("num_buckets");
    const auto md = p.integer("max_distance");
    std::vector<std::int64_t> b(static_cast<std::size_t>(2 * n - 1));
    for (std::int64_t r = -(n - 1); r <= n - 1; ++r)
        b[static_cast<std::size_t>(r + n - 1)] =
            logBucketing(p) ? t5Bucket(r, bidirectional, nb, md) : (r < 0 ? -r : r);
    return b;
}

// The (rows, heads) table: the weights file, or standard normal drawn row by row.
Expected<RowMatrix> t5Weights(const ParamSet& p) {
    const auto rows = tableRows(p);
    const auto heads = p.integer("heads");
    const auto& path = p.text("weights");
    if (!path.empty()) return loadMatrix("weights", path, rows, heads);
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    return RowMatrix(normalMatrix(rng, rows, heads));
}

void registerT5(Registry& r) {
    EncodingDescriptor e;
    e.id = "t5";
    e.nameEn = "T5 relative bias";
    e.nameZh = "T5 相对位置偏置";
    e.family = Family::Relative;
    e.summaryEn =
        "A learned scalar per head and relative-position bucket, added to the logits (T5).";
    e.summaryZh = "按相对位置分桶、每个头一个可学习标量，直接加到注意力 logits 上（T5）。";
    e.params = {
        specN(),
        specHeads(8),
        intParam("num_buckets", 32)
            .range(2, 65536)
            .slider(2, 256)
            .label("Buckets", "桶数")
            .help("number of relative-position buckets (>= 4 when bidirectional: half for each "
                  "direction)",
                  "相对位置桶的个数（双向时 >= 4：每个方向各占一半）"),
        intParam("max_distance", 128)
            .range(0, 1LL << 40)
            .log()
            .slider(1, 65536)
            .label("Largest distance", "最大距离")
            .help("distance from which every position shares the last bucket (must exceed the "
                  "exact range num_buckets/4, or num_buckets/2 when unidirectional)",
                  "从该距离起所有位置共用最后一个桶（必须大于精确区间 num_buckets/4，单向时为 "
                  "num_buckets/2）"),
        boolParam("bidirectional", true)
            .label("Bidirectional", "双向")
            .help("separate buckets for keys before and after the query (encoder); false: every "
                  "later key shares bucket 0 (decoder)",
                  "查询之前与之后的键使用不同的桶（编码器）；false：之后的键全部落入 0 "
                  "号桶（解码器）"),
        enumParam("bucketing", {"log", "none"})
            .label("Bucketing", "分桶方式")
            .help("log: T5's logarithmic buckets; none: one table row per distance |i - j|",
                  "log：T5 的对数分桶；none：每个距离 |i - j| 一行"),
        pathParam("weights")
            .label("Bias table (.npy)", "偏置表（.npy）")
            .help(".npy table (num_buckets, heads), or (n, heads) when bucketing is none; empty: "
                  "seeded standard normal",
                  ".npy 权重表 (num_buckets, heads)，bucketing 为 none 时为 (n, heads)；留空："
                  "按种子生成的标准正态"),
        specSeed()};
    // num_buckets and max_distance only matter for log bucketing: with none they are not checked.
    e.resolve = [](ParamSet& p) -> Status {
        if (logBucketing(p))
            if (auto st = t5CheckParams(p.boolean("bidirectional"), p.integer("num_buckets"),
                                        p.integer("max_distance"));
                !st)
                return st;
        if (const auto& path = p.text("weights"); !path.empty())
            return checkNpyShape("weights", path, {tableRows(p), p.integer("heads")});
        return {};
    };
    auto n = [](const ParamSet& p) { return p.integer("n"); };

    e.quantities.push_back(quantity(
                               "buckets", "n,n",
                               [=](const ParamSet& p) {
                                   return Shape{n(p), n(p)};
                               },
                               [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                                   const auto size = p.integer("n");
                                   const auto b = t5BucketsByOffset(p);
                                   Array a = Array::integer({size, size});
                                   for (std::int64_t i = 0; i < size; ++i) {
                                       if (ctx.cancelledAt(i, size)) return cancelledError();
                                       auto* row = a.i64.data() + i * size;
                                       for (std::int64_t j = 0; j < size; ++j)
                                           row[j] = b[static_cast<std::size_t>(j - i + size - 1)];
                                   }
                                   return a;
                               })
                               .title("Bucket of (query i, key j), r = j - i",
                                      "（查询 i，键 j）的相对位置桶，r = j - i")
                               .axisNames({"query i", "key j"})
                               .integer()
                               .withFast(fastBucketsPath()));
    e.quantities.push_back(
        quantity(
            "bias", "heads,n,n",
            [=](const ParamSet& p) {
                return Shape{p.integer("heads"), n(p), n(p)};
            },
            [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                const auto size = p.integer("n");
                const auto heads = p.integer("heads");
                auto w = t5Weights(p);
                if (!w) return w.error();
                const auto b = t5BucketsByOffset(p);
                Array a = Array::real({heads, size, size});
                for (std::int64_t h = 0; h < heads; ++h) {
                    if (ctx.cancelledAt(h, heads)) return cancelledError();
                    double* plane = a.f64.data() + h * size * size;
#pragma omp parallel for schedule(static) if (size > 512)
                    for (std::int64_t i = 0; i < size; ++i)
                        for (std::int64_t j = 0; j < size; ++j)
                            plane[i * size + j] =
                                (*w)(b[static_cast<std::size_t>(j - i + size - 1)], h);
                }
                return a;
            })
            .title("Bias added to the logits, per head", "加到注意力 logits 上的偏置（每个头）")
            .axisNames({"head", "query i", "key j"})
            .work([](const ParamSet& p) {
                const double n2 =
                    static_cast<double>(p.integer("n")) * static_cast<double>(p.integer("n"));
                return 8.0 * static_cast<double>(p.integer("heads")) *
                       (n2 + static_cast<double>(tableRows(p)));
            })
            .withFast(fastBiasPath()));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
