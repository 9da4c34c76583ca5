// Vulkan ops of the sinusoidal encodings (spec A1, A2): the tables and their Toeplitz
// similarities, with the frequencies asked of core's registry.
#include <algorithm>

#include "core/registry.h"
#include "gpu/op.h"
#include "gpu/op_context.h"
#include "gpu/shaders/common/params_sinusoidal.h"
#include "gpu/shaders/common/params_toeplitz.h"

namespace poslab::gpu::detail {

namespace {

using core::Prepared;
using core::Result;
using core::Status;

// The GPU computes the paper's form only (the variants are deliberate mistakes shown on the CPU).
bool paperVariant(const Prepared& p) {
    return p.params.text("variant") == "paper";
}

// omega_j, j < d/2: the `frequencies` quantity of the 1-D encoding.
core::Expected<std::vector<double>> frequencies(const Prepared& p) {
    return registryVector(*p.encoding, "frequencies", p.params);
}

// omega'_j, j < d/4: sinusoidal2d is two 1-D tables at d' = d/2 (core/encodings/sinusoidal2d.cpp),
// so its frequencies are those of the 1-D encoding at d' with the same base.
core::Expected<std::vector<double>> axisFrequencies(const Prepared& p) {
    const auto* oneD = core::registry().find("sinusoidal");
    if (!oneD) return core::fail(core::Errc::Internal, "the sinusoidal encoding is not registered");
    core::ParamSet q = core::defaultParams(oneD->params);
    q.set("d", p.params.integer("d") / 2);
    q.set("base", p.params.real("base"));
    return registryVector(*oneD, "frequencies", q);
}

// out[row, 2j], out[row, 2j + 1] = sin, cos of the position of pair j times w_j, over `rows`
// rows (common/params_sinusoidal.h says which position a pair takes).
Status table(OpContext& ctx, const Prepared& p, const std::vector<double>& w, std::int64_t rows,
             std::int64_t split, std::int64_t width, Result& out) {
    const auto d = p.params.integer("d");
    auto wb = ctx.uploadReal("freq", w);
    if (!wb) return wb.error();
    const shader::SinusoidalTableParams params{
        static_cast<std::uint32_t>(p.params.integer("offset")), static_cast<std::uint32_t>(split),
        static_cast<std::uint32_t>(width)};
    const Grid grid{static_cast<std::uint64_t>(rows), static_cast<std::uint32_t>(d),
                    static_cast<std::uint64_t>(d / 2), static_cast<std::uint32_t>(rows)};
    return ctx.dispatch2d(ctx.variant("sinusoidal_table"), grid, params, {{*wb}}, out);
}

Status table1d(OpContext& ctx, const Prepared& p, Result& out) {
    auto w = frequencies(p);
    if (!w) return w.error();
    const auto n = p.params.integer("n");
    return table(ctx, p, *w, n, p.params.integer("d") / 2, n, out);
}

// Patch h * W + w: pairs j < d/4 at position w, the others at h, both with omega'_(j mod d/4).
Status table2d(OpContext& ctx, const Prepared& p, Result& out) {
    auto axis = axisFrequencies(p);
    if (!axis) return axis.error();
    const auto d = p.params.integer("d"), width = p.params.integer("width");
    std::vector<double> w(static_cast<std::size_t>(d / 2));
    for (std::size_t j = 0; j < w.size(); ++j) w[j] = (*axis)[j % axis->size()];
    return table(ctx, p, w, p.params.integer("height") * width, d / 4, width, out);
}

Status similarity1d(OpContext& ctx, const Prepared& p, Result& out) {
    auto w = frequencies(p);
    if (!w) return w.error();
    return ctx.toeplitzOfCosines(*w, p.params.integer("n"), 1.0f, out);
}

// out[p, q] = v[|w_p - w_q|] + v[|h_p - h_q|], v[t] = sum_j cos(t omega'_j): both axes share
// the frequencies.
Status similarity2d(OpContext& ctx, const Prepared& p, Result& out) {
    auto axis = axisFrequencies(p);
    if (!axis) return axis.error();
    const auto h = p.params.integer("height"), w = p.params.integer("width");
    auto s1 = ctx.cosSum(*axis, static_cast<std::uint64_t>(std::max(h, w)), 1.0f);
    if (!s1) return s1.error();
    const auto hw = static_cast<std::uint64_t>(h * w);
    auto ob = ctx.buffer("out", hw * hw * 4);
    if (!ob) return ob.error();
    auto vec = ctx.buffer("vec", 16);
    if (!vec) return vec.error();
    const Grid grid{hw, static_cast<std::uint32_t>(hw), 0, static_cast<std::uint32_t>(hw)};
    auto s2 = ctx.step("toeplitz2d", **ob, grid,
                       OpContext::push(shader::Toeplitz2dParams{static_cast<std::uint32_t>(w)}),
                       {{*vec}});
    if (!s2) return s2.error();
    ctx.run({std::move(*s1), std::move(*s2)});
    OpContext::read(**ob, out);
    return {};
}

}  // namespace

std::vector<GpuOp> sinusoidalOps() {
    return {
        {"sinusoidal", "table", paperVariant, table1d},
        {"sinusoidal", "similarity", paperVariant, similarity1d},
        {"sinusoidal2d", "table", nullptr, table2d},
        {"sinusoidal2d", "similarity", nullptr, similarity2d},
    };
}

}  // namespace poslab::gpu::detail
