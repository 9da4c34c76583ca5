// Vulkan ops of the rotary encodings: RoPE (spec A6, with the B3 scalings), xPos (spec B2) and
// ReRoPE (spec E7). theta_j, the attention factor, zeta_j and ReRoPE's pair coefficients come
// from core (core/encodings/rope.h, xpos.h, rerope.h).
#include <cmath>

#include "core/encodings/rerope.h"
#include "core/encodings/rope.h"
#include "core/encodings/xpos.h"
#include "gpu/op.h"
#include "gpu/op_context.h"
#include "gpu/shaders/common/params_rerope.h"
#include "gpu/shaders/common/params_rope.h"
#include "gpu/shaders/common/params_toeplitz.h"

namespace poslab::gpu::detail {

namespace {

using core::Prepared;
using core::Result;
using core::Status;

// A parameter equal to its spec's default.
bool isDefault(const Prepared& p, const std::string& name) {
    const auto* spec = p.encoding->findParam(name);
    const auto* value = p.params.find(name);
    return spec && value && *value == spec->defaultValue;
}

// Every channel rotates (no partial_rotary_factor < 1 outside proportional): the kernels of
// rotated, scores and decay have no pass-through channels, so such sets stay on the CPU.
bool fullRotation(const Prepared& p) {
    return core::enc::ropeRotaryDim(p.params) == p.params.integer("d");
}

// The shaders rotate the all-ones input: optional .npy inputs stay on the CPU.
bool onesInputs(const Prepared& p) {
    return fullRotation(p) && isDefault(p, "input") && isDefault(p, "q") && isDefault(p, "k");
}

// 2 af^2 sum_j cos(x theta_j): the score of q = k = ones at distance x (af: the attention factor).
core::Expected<float> scoreScale(const Prepared& p) {
    auto af = core::enc::ropeAttentionFactor(p.params);
    if (!af) return af.error();
    return static_cast<float>(2.0 * *af * *af);
}

Status ropeAngles(OpContext& ctx, const Prepared& p, Result& out) {
    const auto n = p.params.integer("n");
    auto theta = core::enc::ropeFrequencies(p.params);
    if (!theta) return theta.error();
    auto tb = ctx.uploadReal("freq", *theta);
    if (!tb) return tb.error();
    const shader::RopeAnglesParams params{static_cast<std::uint32_t>(p.params.integer("offset"))};
    const Grid grid{static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(theta->size()), 0,
                    static_cast<std::uint32_t>(n)};
    return ctx.dispatch2d(ctx.variant("rope_angles"), grid, params, {{*tb}}, out);
}

Status ropeRotated(OpContext& ctx, const Prepared& p, Result& out) {
    const auto n = p.params.integer("n"), d = p.params.integer("d");
    auto theta = core::enc::ropeFrequencies(p.params);
    if (!theta) return theta.error();
    auto af = core::enc::ropeAttentionFactor(p.params);
    if (!af) return af.error();
    auto tb = ctx.uploadReal("freq", *theta);
    if (!tb) return tb.error();
    const shader::RopeRotatedParams params{static_cast<std::uint32_t>(p.params.integer("offset")),
                                           p.params.text("pairing") == "half" ? 1u : 0u,
                                           static_cast<float>(*af)};
    const Grid grid{static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(d),
                    static_cast<std::uint64_t>(d / 2), static_cast<std::uint32_t>(n)};
    return ctx.dispatch2d(ctx.variant("rope_rotated"), grid, params, {{*tb}}, out);
}

Status ropeScores(OpContext& ctx, const Prepared& p, Result& out) {
    auto theta = core::enc::ropeFrequencies(p.params);
    if (!theta) return theta.error();
    auto scale = scoreScale(p);
    if (!scale) return scale.error();
    return ctx.toeplitzOfCosines(*theta, p.params.integer("n"), *scale, out);
}

Status ropeDecay(OpContext& ctx, const Prepared& p, Result& out) {
    auto theta = core::enc::ropeFrequencies(p.params);
    if (!theta) return theta.error();
    auto scale = scoreScale(p);
    if (!scale) return scale.error();
    return ctx.cosines(*theta, p.params.integer("max_distance") + 1, *scale, out);
}

// out[m, j] = zeta_j^(p_m / scale_base) = exp(p_m c_j), c_j = ln(zeta_j) / scale_base.
Status xposScale(OpContext& ctx, const Prepared& p, Result& out) {
    const auto n = p.params.integer("n"), d = p.params.integer("d");
    const double sb = p.params.real("scale_base");
    std::vector<double> c = core::enc::xposZeta(p.params);
    for (double& v : c) v = std::log(v) / sb;
    auto cb = ctx.uploadReal("freq", c);
    if (!cb) return cb.error();
    const shader::XposScaleParams params{static_cast<std::uint32_t>((n + 1) / 2)};
    const Grid grid{static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(d / 2), 0,
                    static_cast<std::uint32_t>(n)};
    return ctx.dispatch2d(ctx.variant("xpos_scale"), grid, params, {{*cb}}, out);
}

// xPos scores for q = k = ones, Toeplitz in k - m:
//   t[k - m] = sum_j 2 zeta_j^((m - k) / scale_base) cos((k - m) theta_j),
// the decayed cosines over the 2n - 1 offsets, then expanded with signed offsets.
Status xposScores(OpContext& ctx, const Prepared& p, Result& out) {
    const auto n = p.params.integer("n"), d = p.params.integer("d");
    const double sb = p.params.real("scale_base");
    std::vector<double> c = core::enc::xposZeta(p.params);
    for (double& v : c) v = -std::log(v) / sb;
    auto theta = core::enc::ropeFrequencies(p.params);
    if (!theta) return theta.error();
    auto wb = ctx.uploadReal("freq", *theta);
    if (!wb) return wb.error();
    auto cb = ctx.uploadReal("coef", c);
    if (!cb) return cb.error();
    const auto length = static_cast<std::uint64_t>(2 * n - 1);
    const std::uint64_t rows = (length + kFlatCols - 1) / kFlatCols;
    auto vec = ctx.buffer("vec", rows * kFlatCols * 4);
    if (!vec) return vec.error();
    const shader::DecayedCosSumParams params{static_cast<std::uint32_t>(length),
                                             static_cast<std::uint32_t>(d / 2),
                                             static_cast<std::uint32_t>(n - 1), 2.0f};
    auto s1 = ctx.step(ctx.variant("decayed_cos_sum"), **vec, {rows, kFlatCols},
                       OpContext::push(params), {{*wb}, {*cb}});
    if (!s1) return s1.error();
    auto s2 = ctx.toeplitz(n, true);
    if (!s2) return s2.error();
    ctx.run({std::move(*s1), std::move(*s2)});
    OpContext::read(**ctx.buffer("out", 16), out);
    return {};
}

// Without the decay: plain RoPE scores (even in k - m).
Status xposScoresRope(OpContext& ctx, const Prepared& p, Result& out) {
    auto theta = core::enc::ropeFrequencies(p.params);
    if (!theta) return theta.error();
    return ctx.toeplitzOfCosines(*theta, p.params.integer("n"), 2.0f, out);
}

// ReRoPE scores (n, n), element by element: r(i - j), the sum over the pairs with core's
// coefficients (any q and k), times the row's log-n factor from core.
Status reropeScores(OpContext& ctx, const Prepared& p, Result& out) {
    auto su = core::enc::reropeSetup(p.params);
    if (!su) return su.error();
    const auto n = su->n;
    std::vector<double> coef;
    for (std::size_t l = 0; l < su->theta.size(); ++l) {
        coef.push_back(su->cosCoef[l]);
        coef.push_back(su->sinCoef[l]);
    }
    std::vector<float> scale(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        scale[static_cast<std::size_t>(i)] = static_cast<float>(
            core::enc::reropeQueryScale(su->offset + static_cast<double>(i), *su));
    auto tb = ctx.uploadReal("freq", su->theta);
    if (!tb) return tb.error();
    auto cb = ctx.uploadReal("coef", coef);
    if (!cb) return cb.error();
    auto sb = ctx.upload("scale", scale);
    if (!sb) return sb.error();
    const shader::ReropeScoresParams params{
        static_cast<std::uint32_t>(su->theta.size()), su->leaky ? 1u : 0u,
        static_cast<std::uint32_t>(su->window), static_cast<float>(su->factor)};
    const Grid grid{static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(n), 0,
                    static_cast<std::uint32_t>(n)};
    return ctx.dispatch2d(ctx.variant("rerope_scores"), grid, params, {{*tb}, {*cb}, {*sb}}, out);
}

}  // namespace

std::vector<GpuOp> rotaryOps() {
    return {
        {"rope", "angles", nullptr, ropeAngles},
        {"rope", "rotated", onesInputs, ropeRotated},
        {"rope", "scores", onesInputs, ropeScores},
        {"rope", "decay", fullRotation, ropeDecay},
        {"xpos", "scale", nullptr, xposScale},
        {"xpos", "scores", nullptr, xposScores},
        {"xpos", "scores_rope", nullptr, xposScoresRope},
        {"rerope", "scores", nullptr, reropeScores},
    };
}

}  // namespace poslab::gpu::detail
