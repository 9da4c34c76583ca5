// What the number format of positions and angles does to RoPE (spec long_context.md L2):
// `precision` float64 | float32 | bfloat16 | float16 | hf_bf16, and
// - position_rounded (n): round_t(p_i), p_i = offset + i;
// - collisions (1): positions of the range that round to the value of a smaller one;
// - angle_error (n, d_rot/2): |round_t(round_t(p_i) round_t(theta_j)) - p_i theta_j|, against
//   the exact real product (so float64 shows the rounding of its own product, not 0);
// - cos_error (n, d_rot/2): |round_t(cos(that angle)) - cos(p_i theta_j)|, cos in double of
//   the accurately reduced exact angle.
// hf_bf16 is transformers since PR #29285: positions, inv_freq and their product in float32, then
// cos and sin rounded to bfloat16. Where a position overflows (float16 from 65520 on) the angle
// is inf and both errors are inf. The rounding is core/numeric/low_precision.h.
#include <cmath>
#include <limits>

#include "core/encodings/common.h"
#include "core/encodings/rope.h"
#include "core/encodings/rope_scaling.h"
#include "core/numeric/angle.h"
#include "core/numeric/low_precision.h"

namespace poslab::core::enc {

namespace {

using numeric::Format;

// The format of positions and angles, and that of cos / sin.
struct Formats {
    Format angle, value;
};

Formats formatsOf(const std::string& name) {
    if (name == "float32") return {Format::Float32, Format::Float32};
    if (name == "bfloat16") return {Format::Bfloat16, Format::Bfloat16};
    if (name == "float16") return {Format::Float16, Format::Float16};
    if (name == "hf_bf16") return {Format::Float32, Format::Bfloat16};
    return {Format::Float64, Format::Float64};
}

double position(const ParamSet& p, std::int64_t i) {
    return static_cast<double>(p.integer("offset")) + static_cast<double>(i);
}

Expected<Array> positionRounded(const ParamSet& p, const ComputeContext&) {
    const Formats f = formatsOf(p.text("precision"));
    const auto n = p.integer("n");
    Array a = Array::real({n});
    for (std::int64_t i = 0; i < n; ++i)
        a.f64[static_cast<std::size_t>(i)] = numeric::roundTo(f.angle, position(p, i));
    return a;
}

// Rounding is monotone, so equal values are adjacent: a collision is a position whose rounded
// value equals its predecessor's.
Expected<Array> collisions(const ParamSet& p, const ComputeContext&) {
    const Formats f = formatsOf(p.text("precision"));
    const auto n = p.integer("n");
    std::int64_t count = 0;
    double previous = numeric::roundTo(f.angle, position(p, 0));
    for (std::int64_t i = 1; i < n; ++i) {
        const double r = numeric::roundTo(f.angle, position(p, i));
        if (r == previous) ++count;
        previous = r;
    }
    Array a = Array::integer({1});
    a.i64[0] = count;
    return a;
}

// angle_error (cosine = false) or cos_error (true) over positions x pairs.
Expected<Array> errorTable(const ParamSet& p, const ComputeContext& ctx, bool cosine) {
    auto fp = RopeFrequencyParams::from(p);
    if (!fp) return fp.error();
    const auto theta = ropeFrequencies(*fp);
    const Formats f = formatsOf(p.text("precision"));
    const auto n = p.integer("n");
    const auto pairs = static_cast<std::int64_t>(theta.size());
    std::vector<double> thetaT(theta.size());
    for (std::size_t j = 0; j < theta.size(); ++j) thetaT[j] = numeric::roundTo(f.angle, theta[j]);
    Array a = Array::real({n, pairs});
    const double inf = std::numeric_limits<double>::infinity();
#pragma omp parallel for schedule(static) if (n * pairs > 65536)
    for (std::int64_t i = 0; i < n; ++i) {
        if (ctx.cancelled()) continue;
        const double pos = position(p, i), posT = numeric::roundTo(f.angle, pos);
        for (std::int64_t j = 0; j < pairs; ++j) {
            const auto jj = static_cast<std::size_t>(j);
            // The exact real product p theta = prod + residual (two-product), so that even
            // float64's own rounding of the product shows (and no compiler contraction decides).
            const double prod = pos * theta[jj];
            const double residual = std::fma(pos, theta[jj], -prod);
            const double angle = numeric::roundTo(f.angle, posT * thetaT[jj]);
            double err;
            if (!std::isfinite(angle))
                err = inf;
            else if (cosine)
                err = std::abs(numeric::roundTo(f.value, std::cos(angle)) -
                               std::cos(numeric::reducedAngle(pos, theta[jj])));
            else
                err = std::abs((angle - prod) - residual);
            a.f64[static_cast<std::size_t>(i * pairs + j)] = err;
        }
    }
    if (ctx.cancelled()) return cancelledError();
    return a;
}

}  // namespace

ParamSpec ropePrecisionSpec() {
    return enumParam("precision", {"float64", "float32", "bfloat16", "float16", "hf_bf16"})
        .quietByDefault()
        .label("Number format", "数值格式")
        .help("number format of positions and angles (hf_bf16: float32 angles, bfloat16 cos/sin)",
              "位置与角度的数值格式（hf_bf16：float32 角度，bfloat16 的 cos/sin）");
}

void addRopePrecisionQuantities(EncodingDescriptor& e) {
    auto n = [](const ParamSet& p) { return Shape{p.integer("n")}; };
    auto table = [](const ParamSet& p) { return Shape{p.integer("n"), ropeRotaryDim(p) / 2}; };
    e.quantities.push_back(quantity("position_rounded", "n", n, positionRounded)
                               .title("Positions as the format holds them", "该格式实际存储的位置")
                               .axisNames({"position p"})
                               .nonNegative());
    e.quantities.push_back(
        quantity(
            "collisions", "1", [](const ParamSet&) { return Shape{1}; }, collisions)
            .title("Positions that round onto a smaller one", "舍入后与更小位置重合的位置数")
            .axisNames({""})
            .integer());
    e.quantities.push_back(
        quantity("angle_error", "n,d_rot/2", table,
                 [](const ParamSet& p, const ComputeContext& c) { return errorTable(p, c, false); })
            .title("Angle error |round(p)·round(θ) − p·θ| (radians)",
                   "角度误差 |round(p)·round(θ) − p·θ|（弧度）")
            .axisNames({"position p", "pair j"})
            .nonNegative());
    e.quantities.push_back(
        quantity("cos_error", "n,d_rot/2", table,
                 [](const ParamSet& p, const ComputeContext& c) { return errorTable(p, c, true); })
            .title("Error of cos(angle) in the format", "该格式下 cos(角度) 的误差")
            .axisNames({"position p", "pair j"})
            .nonNegative());
}

}  // namespace poslab::core::enc
