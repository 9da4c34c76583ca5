// Vulkan ops of the relative-position encodings: T5's buckets and bias (spec C1, A10),
// DeBERTa's buckets and disentangled terms (spec C2, A12) and FIRE's bias (spec E4). Bucket edges
// come from the CPU's float64 buckets (gpu/kernel_inputs.h), so the integer maps equal the CPU's
// exactly.
#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>

#include "core/encodings/deberta.h"
#include "core/encodings/fire_mlp.h"
#include "core/encodings/t5.h"
#include "core/encodings/t5_bucket.h"
#include "gpu/kernel_inputs.h"
#include "gpu/op.h"
#include "gpu/op_context.h"
#include "gpu/shaders/common/params_deberta.h"
#include "gpu/shaders/common/params_fire.h"
#include "gpu/shaders/common/params_t5.h"

namespace poslab::gpu::detail {

namespace {

using core::Prepared;
using core::Result;
using core::Status;

// ---- T5 ----------------------------------------------------------------------------------------

// The bucket parameters, and the edges uploaded to slot "edges".
core::Expected<shader::T5Params> t5Edges(OpContext& ctx, const Prepared& p) {
    const bool bidir = p.params.boolean("bidirectional");
    const auto nb = p.params.integer("num_buckets");
    shader::T5Params params{2, 0, 0, static_cast<std::uint32_t>(p.params.integer("heads"))};
    std::vector<std::int32_t> edges{0};
    if (p.params.text("bucketing") == "log") {  // bucketing none: |j - i| (mode 2), no edges
        const auto edges64 = core::enc::t5BucketEdges(bidir, nb, p.params.integer("max_distance"));
        edges.resize(edges64.size());
        for (std::size_t i = 0; i < edges.size(); ++i)
            edges[i] = static_cast<std::int32_t>(std::min<std::int64_t>(edges64[i], INT32_MAX));
        params.mode = bidir ? 1u : 0u;
        params.edgeCount = static_cast<std::uint32_t>(edges.size());
        params.directionBuckets =
            static_cast<std::uint32_t>(core::enc::t5DirectionBuckets(bidir, nb));
    }
    if (auto b = ctx.upload("edges", edges); !b) return b.error();
    return params;
}

Status t5Buckets(OpContext& ctx, const Prepared& p, Result& out) {
    auto params = t5Edges(ctx, p);
    if (!params) return params.error();
    auto eb = ctx.buffer("edges", 16);
    if (!eb) return eb.error();
    const auto n = p.params.integer("n");
    const Grid grid{static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(n), 0,
                    static_cast<std::uint32_t>(n)};
    return ctx.dispatch2d("t5_buckets", grid, *params, {{*eb}}, out);
}

// The bias gathers the (num_buckets, heads) table — (n, heads) when bucketing is none — as the CPU
// builds it: the file, or seeded normal.
Status t5Bias(OpContext& ctx, const Prepared& p, Result& out) {
    auto params = t5Edges(ctx, p);
    if (!params) return params.error();
    auto wm = core::enc::t5Weights(p.params);
    if (!wm) return wm.error();
    const core::RowMatrix& w = *wm;
    std::vector<float> wf(static_cast<std::size_t>(w.size()));
    for (std::size_t k = 0; k < wf.size(); ++k) wf[k] = static_cast<float>(w.data()[k]);
    if (auto st = ctx.requireBinding(4ull * wf.size(), "the T5 weight table"); !st) return st;
    auto wb = ctx.upload("weights", wf);
    if (!wb) return wb.error();
    auto eb = ctx.buffer("edges", 16);
    if (!eb) return eb.error();
    const auto n = p.params.integer("n"), heads = p.params.integer("heads");
    const Grid grid{static_cast<std::uint64_t>(heads * n), static_cast<std::uint32_t>(n), 0,
                    static_cast<std::uint32_t>(n)};
    return ctx.dispatch2d("t5_bias", grid, *params, {{*eb}, {*wb}}, out);
}

// ---- DeBERTa -----------------------------------------------------------------------------------

// Qc, Kc, Qr, Kr uploaded to the slots of the same names, reused while the parameters stay the
// same (c2c, c2p, p2c and logits of one setting share them).
struct DebertaUploads final : OpState {
    std::optional<core::ParamSet> key;
    std::int64_t lo = 0;
    std::vector<std::int64_t> dl;  // delta - lo at index i - j + n - 1
};

Status debertaBuckets(OpContext& ctx, const Prepared& p, Result& out) {
    const auto n = p.params.integer("n");
    const auto e = debertaEdges(n, p.params.integer("position_buckets"),
                                p.params.integer("max_relative_positions"));
    auto eb = ctx.upload("edges", e.edges);
    if (!eb) return eb.error();
    const shader::DebertaBucketsParams params{e.mid, e.firstLog, e.count};
    const Grid grid{static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(n), 0,
                    static_cast<std::uint32_t>(n)};
    return ctx.dispatch2d("deberta_buckets", grid, params, {{*eb}}, out);
}

// Uploads Qc, Kc, Qr, Kr (float64 on the CPU, as the registry draws and projects them, then
// rounded to float32) unless these parameters' are already there.
core::Expected<const DebertaUploads*> debertaUpload(OpContext& ctx, const Prepared& p) {
    auto& up = ctx.state<DebertaUploads>();
    if (up.key && *up.key == p.params) return &up;
    up.key.reset();
    auto in = core::enc::debertaInputs(p.params, true);
    if (!in) return in.error();
    auto put = [&](const std::string& slot, const auto& m) -> Status {
        auto b = ctx.buffer(slot, static_cast<std::uint64_t>(m.size()) * 4);
        if (!b) return b.error();
        auto* f = static_cast<float*>((*b)->mapped);
        for (Eigen::Index k = 0; k < m.size(); ++k) f[k] = static_cast<float>(m.data()[k]);
        return {};
    };
    for (const auto& [slot, m] : {std::pair{"qc", &in->qc}, std::pair{"kc", &in->kc},
                                  std::pair{"qr", &in->qr}, std::pair{"kr", &in->kr}})
        if (auto st = put(slot, *m); !st) return st.error();
    up.lo = in->lo;
    up.dl = std::move(in->dl);
    up.key = p.params;
    return &up;
}

// The dispatches of the terms kernel over `tiles`: each binds the output rows of its tile at full
// width, and only the rows of Qc, Kc, Qr and Kr the tile reads.
core::Expected<OpContext::Step> debertaTermsStep(OpContext& ctx, const Prepared& p,
                                                 const std::vector<DebertaTile>& tiles,
                                                 const DebertaEdges& e, std::int64_t lo) {
    const auto n = p.params.integer("n"), d = p.params.integer("d");
    const auto N = static_cast<std::uint64_t>(n);
    auto eb = ctx.upload("edges", e.edges);
    if (!eb) return eb.error();
    auto ob = ctx.buffer("out", N * N * 4);
    if (!ob) return ob.error();
    Buffer* in[4] = {};  // qc, kc, qr, kr: uploaded by debertaUpload
    const char* slots[4] = {"qc", "kc", "qr", "kr"};
    for (int k = 0; k < 4; ++k) {
        auto b = ctx.buffer(slots[k], 16);
        if (!b) return b.error();
        in[k] = *b;
    }
    const std::uint64_t inRow = 4ull * static_cast<std::uint64_t>(d), outRow = 4ull * N;
    shader::DebertaTermsParams params{
        static_cast<std::uint32_t>(d),
        0,
        core::enc::debertaTermsOf(p.quantity->id),
        0,
        e.mid,
        e.firstLog,
        e.count,
        static_cast<std::uint32_t>(core::enc::debertaSpan(p.params)),
        static_cast<float>(core::enc::debertaScaleOf(p.quantity->id, d))};
    OpContext::Step s{&ctx.kernel("deberta_terms", 6), {}};
    for (const auto& t : tiles) {
        const std::uint64_t pRows = t.pLast - t.pFirst + 1;
        Dispatch disp;
        disp.bindings = {
            {*ob, t.r0 * outRow, t.rows * outRow},    {*eb},
            {in[0], t.r0 * inRow, t.rows * inRow},    {in[1], t.c0 * inRow, t.cols * inRow},
            {in[2], t.pFirst * inRow, pRows * inRow}, {in[3], t.pFirst * inRow, pRows * inRow}};
        params.col0 = static_cast<std::uint32_t>(t.c0);
        params.delta0 = static_cast<std::uint32_t>(lo + static_cast<std::int64_t>(t.pFirst));
        disp.push.setParams(params);
        disp.push.tile = {static_cast<std::uint32_t>(t.rows), static_cast<std::uint32_t>(t.cols),
                          static_cast<std::uint32_t>(t.r0), static_cast<std::uint32_t>(n)};
        disp.groupsX = static_cast<std::uint32_t>((t.cols + kGroup - 1) / kGroup);
        disp.groupsY = static_cast<std::uint32_t>((t.rows + kGroup - 1) / kGroup);
        s.dispatches.push_back(std::move(disp));
    }
    return s;
}

// c2c, c2p, p2c and logits (spec A12): the bucket map, the gathers and the dot products on the
// device, tiled by debertaTiles so that every binding fits maxStorageBufferRange.
Status debertaTerms(OpContext& ctx, const Prepared& p, Result& out) {
    const auto n = p.params.integer("n"), d = p.params.integer("d");
    BindingLimits limits;
    limits.maxBinding = ctx.bindingLimit();
    limits.alignment = ctx.info().storageAlignment;
    limits.maxGroupsX = ctx.info().maxGroupsX;
    limits.maxGroupsY = ctx.info().maxGroupsY;
    limits.group = kGroup;
    auto tiling = debertaTiling(n, d, limits);  // checked before drawing the inputs
    if (!tiling) return tiling.error();
    const auto e = debertaEdges(n, p.params.integer("position_buckets"),
                                p.params.integer("max_relative_positions"));
    if (auto st = ctx.requireBinding(4ull * e.edges.size(), "the DeBERTa bucket edges"); !st)
        return st;
    auto up = debertaUpload(ctx, p);
    if (!up) return up.error();
    auto tiles = debertaTiles(*tiling, (*up)->dl);
    if (!tiles) return tiles.error();
    auto s = debertaTermsStep(ctx, p, *tiles, e, (*up)->lo);
    if (!s) return s.error();
    ctx.run({std::move(*s)});
    OpContext::read(**ctx.buffer("out", 16), out);
    return {};
}

// ---- FIRE --------------------------------------------------------------------------------------

// The bias (spec E4): psi(t) and the rows' normalisers in float64 on the CPU (2n values), the MLP
// on the device.
Status fireBias(OpContext& ctx, const Prepared& p, Result& out) {
    auto mlp = core::enc::fireMlp(p.params);
    if (!mlp) return mlp.error();
    const auto n = p.params.integer("n"), heads = mlp->heads;
    const double c = p.params.real("c"), threshold = p.params.real("threshold");
    const auto offset = static_cast<double>(p.params.integer("offset"));
    std::vector<double> table(static_cast<std::size_t>(2 * n));
    for (std::int64_t t = 0; t < n; ++t) {
        table[static_cast<std::size_t>(t)] = std::log1p(c * static_cast<double>(t));
        table[static_cast<std::size_t>(n + t)] =
            core::enc::fireNormalizer(c, threshold, offset + static_cast<double>(t));
    }
    std::vector<double> weights = mlp->w1;
    for (const auto* v : {&mlp->b1, &mlp->w2, &mlp->b2})
        weights.insert(weights.end(), v->begin(), v->end());
    const std::uint64_t real = ctx.float64() ? 8 : 4;
    if (auto st = ctx.requireBinding(real * table.size(), "the FIRE distance table"); !st)
        return st;
    if (auto st = ctx.requireBinding(real * weights.size(), "the FIRE MLP"); !st) return st;
    auto tb = ctx.uploadReal("table", table);
    if (!tb) return tb.error();
    auto wb = ctx.uploadReal("weights", weights);
    if (!wb) return wb.error();
    const shader::FireBiasParams params{static_cast<std::uint32_t>(mlp->hidden),
                                        static_cast<std::uint32_t>(heads),
                                        p.params.boolean("causal") ? 1u : 0u, 0u};
    const Grid grid{static_cast<std::uint64_t>(heads * n), static_cast<std::uint32_t>(n), 0,
                    static_cast<std::uint32_t>(n)};
    return ctx.dispatch2d(ctx.variant("fire_bias"), grid, params, {{*tb}, {*wb}}, out);
}

}  // namespace

std::vector<GpuOp> relativeOps() {
    return {
        {"t5", "buckets", nullptr, t5Buckets},
        {"t5", "bias", nullptr, t5Bias},
        {"deberta", "relative_positions", nullptr, debertaBuckets},
        {"deberta", "c2c", nullptr, debertaTerms},
        {"deberta", "c2p", nullptr, debertaTerms},
        {"deberta", "p2c", nullptr, debertaTerms},
        {"deberta", "logits", nullptr, debertaTerms},
        {"fire", "bias", nullptr, fireBias},
    };
}

}  // namespace poslab::gpu::detail
