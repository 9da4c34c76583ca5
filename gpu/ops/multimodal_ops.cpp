// Vulkan ops of the rotary encodings on several position axes: M-RoPE (spec E1: angles, scores,
// axis_scores) and 2-D RoPE (spec E2: scores). Token ids, frequencies, axes and the pair
// coefficients of q and k come from core (core/encodings/mrope.h, rope2d.h, rotary_scores.h), so
// the device uses exactly the reference's numbers.
#include "core/encodings/mrope.h"
#include "core/encodings/rope2d.h"
#include "core/encodings/rotary_scores.h"
#include "gpu/op.h"
#include "gpu/op_context.h"
#include "gpu/shaders/common/params_coord.h"

namespace poslab::gpu::detail {

namespace {

using core::Prepared;
using core::Result;
using core::Status;

// Coordinates c[a][i] (axis-major) and frequencies f[j][a] of the shared kernels.
struct Coords {
    std::vector<std::int32_t> c;
    std::vector<double> f;
    std::int64_t n = 0, pairs = 0;
    std::uint32_t axes = 0;
};

Coords mropeCoords(const core::enc::MropeSetup& s) {
    Coords k;
    k.n = s.positions.n;
    k.pairs = s.d / 2;
    k.axes = 3;
    for (const auto& axis : s.positions.ids)
        for (std::int64_t id : axis) k.c.push_back(static_cast<std::int32_t>(id));
    k.f.assign(static_cast<std::size_t>(k.pairs * 3), 0.0);
    for (std::int64_t j = 0; j < k.pairs; ++j)
        k.f[static_cast<std::size_t>(j * 3 + s.axis[static_cast<std::size_t>(j)])] =
            s.theta[static_cast<std::size_t>(j)];
    return k;
}

Coords rope2dCoords(const core::enc::Rope2dSetup& s, std::int64_t head) {
    Coords k;
    k.n = static_cast<std::int64_t>(s.positions.size());
    k.pairs = s.d / 2;
    k.axes = 2;
    for (int a = 0; a < 2; ++a)
        for (const auto& p : s.positions)
            k.c.push_back(static_cast<std::int32_t>(p[static_cast<std::size_t>(a)]));
    for (const auto& f : s.frequencies[static_cast<std::size_t>(head)]) {
        k.f.push_back(f[0]);
        k.f.push_back(f[1]);
    }
    return k;
}

// A and B of each block (one per coefficient set), interleaved per pair.
std::vector<double> interleave(const std::vector<core::enc::PairCoefficients>& blocks) {
    std::vector<double> v;
    for (const auto& c : blocks)
        for (std::size_t j = 0; j < c.A.size(); ++j) {
            v.push_back(c.A[j]);
            v.push_back(c.B[j]);
        }
    return v;
}

Status coordScores(OpContext& ctx, const Coords& k,
                   const std::vector<core::enc::PairCoefficients>& blocks, Result& out) {
    auto cb = ctx.upload("coords", k.c);
    if (!cb) return cb.error();
    auto fb = ctx.uploadReal("freq", k.f);
    if (!fb) return fb.error();
    auto eb = ctx.uploadReal("coef", interleave(blocks));
    if (!eb) return eb.error();
    const shader::CoordParams params{static_cast<std::uint32_t>(k.pairs), k.axes};
    const Grid grid{static_cast<std::uint64_t>(k.n) * blocks.size(),
                    static_cast<std::uint32_t>(k.n), 0, static_cast<std::uint32_t>(k.n)};
    return ctx.dispatch2d(ctx.variant("coord_scores"), grid, params, {{*cb}, {*fb}, {*eb}}, out);
}

Status mropeAngles(OpContext& ctx, const Prepared& p, Result& out) {
    auto s = core::enc::mropeSetup(p.params);
    if (!s) return s.error();
    const Coords k = mropeCoords(*s);
    auto cb = ctx.upload("coords", k.c);
    if (!cb) return cb.error();
    auto fb = ctx.uploadReal("freq", k.f);
    if (!fb) return fb.error();
    const shader::CoordParams params{static_cast<std::uint32_t>(k.pairs), k.axes};
    const Grid grid{static_cast<std::uint64_t>(k.n), static_cast<std::uint32_t>(k.pairs), 0,
                    static_cast<std::uint32_t>(k.n)};
    return ctx.dispatch2d(ctx.variant("coord_angles"), grid, params, {{*cb}, {*fb}}, out);
}

Status mropeScores(OpContext& ctx, const Prepared& p, Result& out) {
    auto s = core::enc::mropeSetup(p.params);
    if (!s) return s.error();
    return coordScores(ctx, mropeCoords(*s), {core::enc::pairCoefficients(s->q, s->k, s->d, true)},
                       out);
}

Status mropeAxisScores(OpContext& ctx, const Prepared& p, Result& out) {
    auto s = core::enc::mropeSetup(p.params);
    if (!s) return s.error();
    std::vector<core::enc::PairCoefficients> blocks;
    for (int axis = 0; axis < 3; ++axis) {
        std::vector<bool> keep(s->axis.size());
        for (std::size_t j = 0; j < keep.size(); ++j) keep[j] = s->axis[j] == axis;
        blocks.push_back(core::enc::pairCoefficients(s->q, s->k, s->d, true, keep));
    }
    return coordScores(ctx, mropeCoords(*s), blocks, out);
}

Status rope2dScores(OpContext& ctx, const Prepared& p, Result& out) {
    auto s = core::enc::rope2dSetup(p.params);
    if (!s) return s.error();
    return coordScores(ctx, rope2dCoords(*s, p.params.integer("head")),
                       {core::enc::pairCoefficients(s->q, s->k, s->d, s->half)}, out);
}

}  // namespace

std::vector<GpuOp> multimodalOps() {
    return {
        {"mrope", "angles", nullptr, mropeAngles},
        {"mrope", "scores", nullptr, mropeScores},
        {"mrope", "axis_scores", nullptr, mropeAxisScores},
        {"rope2d", "scores", nullptr, rope2dScores},
    };
}

}  // namespace poslab::gpu::detail
