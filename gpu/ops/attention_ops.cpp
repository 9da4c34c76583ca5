// Vulkan ops of the attention quantities: the ALiBi bias (spec B1) and softmax attention's logits
// and probabilities (Vaswani et al., 2017) with core's seeded Q and K.
#include <cmath>

#include "core/attention/attention.h"
#include "gpu/op.h"
#include "gpu/op_context.h"
#include "gpu/shaders/common/params_attention.h"

namespace poslab::gpu::detail {

namespace {

using core::Prepared;
using core::Result;
using core::Status;

// The float32 Q and K uploaded to slots "q" and "k", reused while (n, d, seed) stay the same
// (logits and softmax of every bias setting share them).
struct QkUploads final : OpState {
    std::int64_t n = -1, d = -1, seed = -1;
};

Status alibiBias(OpContext& ctx, const Prepared& p, Result& out) {
    auto slopes = registryVector(*p.encoding, "slopes", p.params);
    if (!slopes) return slopes.error();
    const auto n = p.params.integer("n"), heads = p.params.integer("heads");
    auto sb = ctx.uploadReal("freq", *slopes);
    if (!sb) return sb.error();
    const shader::AlibiBiasParams params{p.params.boolean("causal") ? 1u : 0u};
    const Grid grid{static_cast<std::uint64_t>(heads * n), static_cast<std::uint32_t>(n), 0,
                    static_cast<std::uint32_t>(n)};
    return ctx.dispatch2d(ctx.variant("alibi_bias"), grid, params, {{*sb}}, out);
}

Status uploadQk(OpContext& ctx, std::int64_t n, std::int64_t d, std::int64_t seed) {
    auto& up = ctx.state<QkUploads>();
    if (n == up.n && d == up.d && seed == up.seed) return {};
    up.n = -1;  // until both are there
    const auto qk = core::attention::drawQK(n, d, static_cast<std::uint64_t>(seed));
    std::vector<float> qf(static_cast<std::size_t>(n * d)), kf(qf.size());
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t t = 0; t < d; ++t) {
            qf[static_cast<std::size_t>(i * d + t)] = static_cast<float>(qk.q(i, t));
            kf[static_cast<std::size_t>(i * d + t)] = static_cast<float>(qk.k(i, t));
        }
    if (auto b = ctx.upload("q", qf); !b) return b.error();
    if (auto b = ctx.upload("k", kf); !b) return b.error();
    up.n = n;
    up.d = d;
    up.seed = seed;
    return {};
}

// One workgroup per row (softmax_rows.comp): tiles of at most maxComputeWorkGroupCount[0] rows.
core::Expected<OpContext::Step> softmaxStep(OpContext& ctx, const Buffer& ob, std::int64_t n) {
    const auto N = static_cast<std::uint64_t>(n);
    const std::uint64_t rowBytes = 4ull * N;
    auto per = ctx.rowsPerTile(rowBytes, ctx.info().maxGroupsX);
    if (!per) return per.error();
    OpContext::Step s{&ctx.kernel("softmax_rows", 1), {}};
    for (std::uint64_t r0 = 0; r0 < N; r0 += *per) {
        const std::uint64_t r = std::min(*per, N - r0);
        Dispatch disp;
        disp.bindings.push_back({&ob, r0 * rowBytes, r * rowBytes});
        disp.push.tile = {static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(n),
                          static_cast<std::uint32_t>(r0), 0};
        disp.groupsX = static_cast<std::uint32_t>(r);
        s.dispatches.push_back(std::move(disp));
    }
    return s;
}

Status attention(OpContext& ctx, const Prepared& p, Result& out) {
    const auto n = p.params.integer("n"), d = p.params.integer("d");
    if (auto st = uploadQk(ctx, n, d, p.params.integer("seed")); !st) return st;
    auto qb = ctx.buffer("q", 16);
    if (!qb) return qb.error();
    auto kb = ctx.buffer("k", 16);
    if (!kb) return kb.error();
    auto ob = ctx.buffer("out", static_cast<std::uint64_t>(n * n) * 4);
    if (!ob) return ob.error();
    const shader::AttentionLogitsParams params{
        p.params.text("bias") == "alibi" ? 1u : 0u, static_cast<std::uint32_t>(d),
        static_cast<float>(1.0 / std::sqrt(static_cast<double>(d))),
        static_cast<float>(core::attention::alibiSlope0(p.params.integer("heads")))};
    const Grid grid{static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(n), 0,
                    static_cast<std::uint32_t>(n)};
    std::vector<OpContext::Step> steps;
    auto logits = ctx.step("attention_logits", **ob, grid, OpContext::push(params), {{*qb}, {*kb}});
    if (!logits) return logits.error();
    steps.push_back(std::move(*logits));
    if (p.quantity->id == "softmax") {
        auto softmax = softmaxStep(ctx, **ob, n);
        if (!softmax) return softmax.error();
        steps.push_back(std::move(*softmax));
    }
    ctx.run(steps);
    OpContext::read(**ob, out);
    return {};
}

}  // namespace

std::vector<GpuOp> attentionOps() {
    return {
        {"alibi", "bias", nullptr, alibiBias},
        {"attention", "logits", nullptr, attention},
        {"attention", "softmax", nullptr, attention},
    };
}

}  // namespace poslab::gpu::detail
