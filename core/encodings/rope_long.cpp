// RoPE over long ranges (spec long_context.md L1): what a view over millions of positions draws,
// computed exactly rather than sampled.
// - decay_envelope (columns, 2): per column the min and max of g(x) = 2 a^2 sum_j cos(x theta_j)
//   (+ the pass-through channels) over every integer x of the column, evaluated at every x by
//   the rotation recurrence of rope_decay_kernel.h (error below 1e-12 of g(0), tested against
//   brute force).
// - cos_mean (rows, d_rot/2): the mean of cos(p theta_j) over the positions p of each band, in
//   closed form (a Dirichlet-kernel sum), so its cost does not depend on n:
//     sum_{p=a}^{b} cos(p t) = sin(N t / 2) cos((a + b) t / 2) / sin(t / 2),  N = b - a + 1.
// - sin_mean (rows, d_rot/2): the same for sin(p theta_j) (sin((a + b) t / 2) in the formula).
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/encodings/common.h"
#include "core/encodings/rope.h"
#include "core/encodings/rope_decay_kernel.h"
#include "core/encodings/rope_scaling.h"
#include "core/numeric/angle.h"

namespace poslab::core::enc {

namespace {

// The first integer of band c when [first, first + count) is split into `bands` bands:
// the x with floor((x - first) * bands / count) = c start at first + ceil(c * count / bands).
std::int64_t bandStart(std::int64_t first, std::int64_t count, std::int64_t bands, std::int64_t c) {
    return first + (c * count + bands - 1) / bands;
}

struct Window {
    std::int64_t start, end;  // inclusive
};

Window decayWindow(const ParamSet& p) {
    const std::int64_t end = p.integer("window_end");
    return {p.integer("window_start"), end < 0 ? p.integer("max_distance") : end};
}

Expected<Array> decayEnvelope(const ParamSet& p, const ComputeContext& ctx) {
    auto fp = RopeFrequencyParams::from(p);
    if (!fp) return fp.error();
    const auto table = ropeFrequencyTable(*fp);
    const double af2 = table.attentionFactor * table.attentionFactor;
    const double pass = static_cast<double>(fp->d - fp->rotaryDim());  // q = k = ones
    // Zero frequencies (proportional) are constants: fold them into the pass-through term.
    std::vector<double> theta;
    double constant = pass;
    for (double t : table.theta) {
        if (t == 0)
            constant += 2.0 * af2;
        else
            theta.push_back(t);
    }
    const DecayKernel kernel(theta, 2.0 * af2, constant);
    const Window w = decayWindow(p);
    const std::int64_t columns = p.integer("columns"), width = w.end - w.start + 1;
    Array out = Array::real({columns, 2});
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const bool parallel = static_cast<double>(width) * static_cast<double>(theta.size()) > 2e6;
#pragma omp parallel for schedule(dynamic, 8) if (parallel)
    for (std::int64_t c = 0; c < columns; ++c) {
        if (ctx.cancelled()) continue;
        const std::int64_t x0 = bandStart(w.start, width, columns, c);
        const std::int64_t x1 = bandStart(w.start, width, columns, c + 1);
        double lo = nan, hi = nan;
        if (x1 > x0) {
            lo = std::numeric_limits<double>::infinity();
            hi = -lo;
            kernel.run(x0, x1 - x0, [&](std::int64_t, double g) {
                lo = std::min(lo, g);
                hi = std::max(hi, g);
            });
        }
        out.f64[static_cast<std::size_t>(2 * c)] = lo;
        out.f64[static_cast<std::size_t>(2 * c + 1)] = hi;
    }
    if (ctx.cancelled()) return cancelledError();
    return out;
}

// The mean of cos(p t) over the integers p in [a, b] (b >= a), accurate for |p t| up to 2^50.
double cosMean(double a, double b, double t) {
    if (t == 0) return 1.0;
    const double n = b - a + 1;
    const double half = 0.5 * t;  // exact
    const double num = std::sin(numeric::reducedAngle(n, half));
    const double mid = std::cos(numeric::reducedAngle(a + b, half));
    return num * mid / (std::sin(half) * n);
}

// The mean of sin(p t) over the integers p in [a, b]: sin(N t / 2) sin((a + b) t / 2) /
// (N sin(t / 2)), as cosMean.
double sinMean(double a, double b, double t) {
    if (t == 0) return 0.0;
    const double n = b - a + 1;
    const double half = 0.5 * t;
    const double num = std::sin(numeric::reducedAngle(n, half));
    const double mid = std::sin(numeric::reducedAngle(a + b, half));
    return num * mid / (std::sin(half) * n);
}

// Band means of cos(p theta_j) (or sin) over the rows' bands of positions offset + [0, n).
template <class Mean>
Expected<Array> bandMeanArray(const ParamSet& p, Mean mean) {
    auto fp = RopeFrequencyParams::from(p);
    if (!fp) return fp.error();
    const auto theta = ropeFrequencies(*fp);
    const std::int64_t rows = p.integer("rows"), n = p.integer("n");
    const auto pairs = static_cast<std::int64_t>(theta.size());
    const double offset = static_cast<double>(p.integer("offset"));
    Array out = Array::real({rows, pairs});
    for (std::int64_t r = 0; r < rows; ++r) {
        const std::int64_t i0 = bandStart(0, n, rows, r), i1 = bandStart(0, n, rows, r + 1);
        for (std::int64_t j = 0; j < pairs; ++j)
            out.f64[static_cast<std::size_t>(r * pairs + j)] =
                i1 > i0
                    ? mean(offset + static_cast<double>(i0), offset + static_cast<double>(i1 - 1),
                           theta[static_cast<std::size_t>(j)])
                    : std::numeric_limits<double>::quiet_NaN();
    }
    return out;
}

Expected<Array> cosMeanArray(const ParamSet& p, const ComputeContext&) {
    return bandMeanArray(p, cosMean);
}

Expected<Array> sinMeanArray(const ParamSet& p, const ComputeContext&) {
    return bandMeanArray(p, sinMean);
}

}  // namespace

std::vector<ParamSpec> ropeLongRangeSpecs() {
    return {
        intParam("columns", 1000)
            .range(1, 1 << 20)
            .slider(10, 4000)
            .setByViews()
            .label("Envelope columns", "包络列数")
            .help("decay_envelope: columns the window is split into",
                  "decay_envelope：窗口划分的列数"),
        intParam("window_start", 0)
            .range(0, kMaxPositions)
            .slider(0, 1 << 20)
            .setByViews()
            .label("Window start", "窗口起点")
            .help("decay_envelope: first distance of the window", "decay_envelope：窗口的起始距离"),
        intParam("window_end", -1)
            .range(-1, kMaxPositions)
            .slider(-1, 1 << 20)
            .setByViews()
            .label("Window end", "窗口终点")
            .help("decay_envelope: last distance of the window (-1: max_distance)",
                  "decay_envelope：窗口的结束距离（-1 表示 max_distance）"),
        intParam("rows", 1000)
            .range(1, 1 << 20)
            .slider(10, 4000)
            .setByViews()
            .label("Position bands", "位置分段数")
            .help("cos_mean: bands the n positions are split into", "cos_mean:n 个位置划分的行数"),
    };
}

Status checkRopeLongRange(const ParamSet& p) {
    const Window w = decayWindow(p);
    if (w.end < w.start)
        return paramError("window_end", p.integer("window_end"),
                          "must not be below window_start = " + std::to_string(w.start),
                          "an integer >= window_start, or -1 for max_distance");
    return {};
}

void addRopeLongRangeQuantities(EncodingDescriptor& e) {
    e.quantities.push_back(quantity(
                               "decay_envelope", "columns,2",
                               [](const ParamSet& p) {
                                   return Shape{p.integer("columns"), 2};
                               },
                               decayEnvelope)
                               .title("Envelope of g(x): min and max over each column's distances",
                                      "g(x) 的包络：每列距离上的最小值与最大值")
                               .axisNames({"column", "(min, max)"}));
    e.quantities.push_back(
        quantity(
            "cos_mean", "rows,d_rot/2",
            [](const ParamSet& p) {
                return Shape{p.integer("rows"), ropeRotaryDim(p) / 2};
            },
            cosMeanArray)
            .title("Mean of cos(p θⱼ) over each band of positions", "每段位置上 cos(p θⱼ) 的平均值")
            .axisNames({"band of positions", "pair j"}));
    e.quantities.push_back(
        quantity(
            "sin_mean", "rows,d_rot/2",
            [](const ParamSet& p) {
                return Shape{p.integer("rows"), ropeRotaryDim(p) / 2};
            },
            sinMeanArray)
            .title("Mean of sin(p θⱼ) over each band of positions", "每段位置上 sin(p θⱼ) 的平均值")
            .axisNames({"band of positions", "pair j"}));
}

}  // namespace poslab::core::enc
