// Vulkan ops of the biases of the distance alone: KERPLE (spec E3) and Sandwich (spec E5). Each
// head's kernel at x = 0 .. n-1 comes from core's registry in float64 (KERPLE's profile up to
// n - 1; Sandwich's profile divided by its scales, as the reference divides), rounded once to
// float32; distance_bias.comp expands it into the (heads, n, n) bias with the causal mask, so the
// device's bias equals the CPU's float32 bias element for element.
#include "gpu/op.h"
#include "gpu/op_context.h"
#include "gpu/shaders/common/params_distance_bias.h"

namespace poslab::gpu::detail {

namespace {

using core::Prepared;
using core::Result;
using core::Status;

// The (heads, n) table of KERPLE: its profile with max_distance = n - 1.
core::Expected<std::vector<double>> kerpleTable(const Prepared& p) {
    core::ParamSet q = p.params;
    q.set("max_distance", p.params.integer("n") - 1);
    return registryVector(*p.encoding, "profile", q);
}

// Sandwich's: P(x) / rho_h, the reference's division.
core::Expected<std::vector<double>> sandwichTable(const Prepared& p) {
    const auto n = p.params.integer("n");
    core::ParamSet q = p.params;
    q.set("max_distance", n - 1);
    auto prof = registryVector(*p.encoding, "profile", q);
    if (!prof) return prof.error();
    auto rho = registryVector(*p.encoding, "scales", q);
    if (!rho) return rho.error();
    std::vector<double> t;
    t.reserve(rho->size() * prof->size());
    for (double r : *rho)
        for (double v : *prof) t.push_back(v / r);
    return t;
}

Status expand(OpContext& ctx, const Prepared& p, const std::vector<double>& table, Result& out) {
    const auto n = p.params.integer("n"), heads = p.params.integer("heads");
    std::vector<float> tf(table.size());
    for (std::size_t k = 0; k < tf.size(); ++k) tf[k] = static_cast<float>(table[k]);
    if (auto st = ctx.requireBinding(4ull * tf.size(), "the per-head distance table"); !st)
        return st;
    auto tb = ctx.upload("table", tf);
    if (!tb) return tb.error();
    const shader::DistanceBiasParams params{p.params.boolean("causal") ? 1u : 0u};
    const Grid grid{static_cast<std::uint64_t>(heads * n), static_cast<std::uint32_t>(n), 0,
                    static_cast<std::uint32_t>(n)};
    return ctx.dispatch2d("distance_bias", grid, params, {{*tb}}, out);
}

Status kerpleBias(OpContext& ctx, const Prepared& p, Result& out) {
    auto t = kerpleTable(p);
    if (!t) return t.error();
    return expand(ctx, p, *t, out);
}

Status sandwichBias(OpContext& ctx, const Prepared& p, Result& out) {
    auto t = sandwichTable(p);
    if (!t) return t.error();
    return expand(ctx, p, *t, out);
}

}  // namespace

std::vector<GpuOp> distanceBiasOps() {
    return {
        {"kerple", "bias", nullptr, kerpleBias},
        {"sandwich", "bias", nullptr, sandwichBias},
    };
}

}  // namespace poslab::gpu::detail
