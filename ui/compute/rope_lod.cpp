#include "ui/compute/rope_lod.h"

#include <QLocale>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/encodings/rope.h"
#include "core/encodings/rope_scaling.h"
#include "core/numeric/angle.h"
#include "core/registry.h"
#include "ui/compute/cell_blocks.h"
#include "ui/compute/precision_lod.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

using namespace lod;

namespace {

constexpr qint64 kFullRows = 8192;        // angles, rotated: up to this many rows, the full table
constexpr qint64 kFullScoresSide = 2048;  // scores: up to this n, the n x n matrix
constexpr qint64 kLogFine = 65536;        // log x: one envelope column per distance below this
constexpr qint64 kFullDecay = 65536;      // decay: up to this many distances, the whole curve
constexpr double kExactCap = 4e6;         // hover: brute-force min/max up to this many terms
constexpr double kTwoPi = 6.283185307179586;

qint64 decayColumns(const ViewState& st) {
    return st.pixels > 0 ? st.pixels : kFigureColumns;
}

const core::QuantitySpec* ropeQuantity(const char* id) {
    const auto* enc = core::registry().find("rope");
    return enc ? enc->findQuantity(id) : nullptr;
}

QString thousands(double v) {  // in the house format: "40 960"
    return formatExact(std::round(v));
}

}  // namespace

namespace lod {

Window windowOf(qint64 start, qint64 end, qint64 total) {
    Window w;
    w.start = std::clamp<qint64>(start, 0, std::max<qint64>(0, total - 1));
    w.end = end < 0 ? total - 1 : std::clamp<qint64>(end, w.start, std::max<qint64>(0, total - 1));
    return w;
}

bool isWindowed(const Window& w, qint64 total) {
    return w.start > 0 || w.end < total - 1;
}

qint64 integer(const core::ParamSet& p, const char* name, qint64 fallback) {
    return p.has(name) ? p.integer(name) : fallback;
}

QString text(const core::ParamSet& p, const char* name) {
    return p.has(name) ? QString::fromStdString(p.text(name)) : QString();
}

qint64 sideOf(const ViewState& st, const ComputeRequest& r) {
    return std::clamp<qint64>(st.pixels > 0 ? st.pixels : r.maxImageSide, 16, r.maxImageSide);
}

}  // namespace lod

std::optional<RopeLodKind> ropeLodKind(const ViewSpec& view) {
    if (isPrecisionView(view)) return RopeLodKind::Precision;
    if (view.encoding != QLatin1String("rope") || view.series.size() != 1) return std::nullopt;
    const SeriesSpec& s = view.series[0];
    if (!s.set.isEmpty() || !s.encoding.isEmpty() || !s.sweepParam.isEmpty()) return std::nullopt;
    if (view.kind == ViewKind::Lines && s.quantity == QLatin1String("decay"))
        return RopeLodKind::Decay;
    if (view.kind != ViewKind::Heatmap || view.smallMultiples) return std::nullopt;
    if (s.quantity == QLatin1String("angles")) return RopeLodKind::Angles;
    if (s.quantity == QLatin1String("scores")) return RopeLodKind::Scores;
    if (s.quantity == QLatin1String("rotated")) return RopeLodKind::Rotated;
    return std::nullopt;
}

QString angleShow(const ViewState& state, qint64 n) {
    static const QStringList kShows = {"angle", "mod", "cos", "sin"};
    if (kShows.contains(state.show)) return state.show;
    return n > 4096 ? QStringLiteral("cos") : QStringLiteral("angle");
}

bool ropeLodApplies(const ViewSpec& view, const ViewState& st, const core::ParamSet& p) {
    const auto kind = ropeLodKind(view);
    if (!kind) return false;
    const qint64 n = integer(p, "n", 1);
    switch (*kind) {
        case RopeLodKind::Decay: {
            const qint64 total = integer(p, "max_distance") + 1;
            const Window w = windowOf(st.winStart, st.winEnd, total);
            // Up to kFullDecay distances the decay array itself is cheaper than the envelope's
            // anchors; prepareLines then draws its exact per-column envelope.
            return w.width() > kFullDecay || isWindowed(w, total) || st.logX;
        }
        case RopeLodKind::Angles:
            return n > kFullRows || isWindowed(windowOf(st.winStart, st.winEnd, n), n) ||
                   angleShow(st, n) != QLatin1String("angle");
        case RopeLodKind::Scores:
            return text(p, "q").isEmpty() && text(p, "k").isEmpty() &&
                   (n > kFullScoresSide || isWindowed(windowOf(st.winStart, st.winEnd, n), n) ||
                    isWindowed(windowOf(st.colWinStart, st.colWinEnd, n), n));
        case RopeLodKind::Rotated:
            return text(p, "input").isEmpty() &&
                   (n > kFullRows || isWindowed(windowOf(st.winStart, st.winEnd, n), n));
        case RopeLodKind::Precision:
            return true;
    }
    return false;
}

namespace {

// The envelope of g over the window, one column per pixel (log x: a fine part, one column per
// distance, and a coarse part whose columns are narrower than the log bins there).
void prepareDecay(PrepareContext& ctx, const ViewSpec& view, const ViewState& st, ViewResult& out) {
    const core::ParamSet& p = ctx.request.params;
    const qint64 total = integer(p, "max_distance") + 1;
    const bool logX = view.logX || st.logX;
    Window w = windowOf(st.winStart, st.winEnd, total);
    if (logX) w.start = std::max<qint64>(w.start, 1);
    w.end = std::max(w.end, w.start);
    const qint64 pixels = decayColumns(st);
    ViewInput in{view, st, {}, {}};
    auto add = [&](qint64 a, qint64 b, qint64 columns, bool continues) {
        SeriesSpec s = view.series[0];
        s.quantity = QStringLiteral("decay_envelope");
        s.set.insert("columns", QString::number(std::clamp<qint64>(columns, 1, 1 << 20)));
        s.set.insert("window_start", QString::number(a));
        s.set.insert("window_end", QString::number(b));
        s.bandFirst = a;
        s.bandSpan = b - a + 1;
        s.bandContinues = continues;
        in.series << s;
        in.fetched << ctx.fetcher.fetch(s, st, true);
    };
    if (!logX) {
        add(w.start, w.end, std::min(w.width(), pixels), false);
    } else {
        const qint64 fineEnd = std::min(w.end, kLogFine - 1);
        if (w.start <= fineEnd) add(w.start, fineEnd, fineEnd - w.start + 1, false);
        if (w.end >= kLogFine) {
            const qint64 a = std::max(w.start, kLogFine);
            const double bin =
                static_cast<double>(a) *
                std::log(static_cast<double>(w.end + 1) / static_cast<double>(w.start)) /
                static_cast<double>(pixels);
            const auto cols = static_cast<qint64>(
                std::ceil(static_cast<double>(w.end - a + 1) / std::max(1.0, std::floor(bin))));
            add(a, w.end, cols, w.start <= fineEnd);
        }
    }
    for (const Fetch& f : in.fetched) {
        if (ctx.fetcher.cancelled()) return;
        if (!f.error.isEmpty()) {
            out.error = f.error;
            return;
        }
    }
    prepareLines(ctx, in, out);
    LinesData& L = out.lines;
    L.xFrom = static_cast<double>(w.start);
    L.xTo = static_cast<double>(w.end);
    L.xWholeTo = static_cast<double>(total - 1);
    L.xAxis = axisName(ropeQuantity("decay"), 0, 1, ctx.lang);
    const double per =
        static_cast<double>(w.width()) / static_cast<double>(std::min(w.width(), pixels));
    if (!logX && per > 1)
        L.coverNote = {
            QStringLiteral("each column: %1 distances, drawn as their exact min–max band; "
                           "window x = %2–%3")
                .arg(thousands(std::ceil(per)), thousands(w.start), thousands(w.end)),
            QString::fromUtf8("每列：%1 个距离，画出其精确的最小–最大带；窗口 x = %2–%3")
                .arg(thousands(std::ceil(per)), thousands(w.start), thousands(w.end))};
    else if (logX)
        L.coverNote = {
            QStringLiteral("log x: each pixel column the exact min–max over its "
                           "distances; window x = %1–%2")
                .arg(thousands(w.start), thousands(w.end)),
            QString::fromUtf8("对数 x：每个像素列为其距离上的精确最小–最大值；窗口 x = %1–%2")
                .arg(thousands(w.start), thousands(w.end))};
}

}  // namespace

namespace {

// Per band (its positions [a, z]) and frequency t: the Dirichlet mean amplitude
// sin(N t / 2) / (N sin(t / 2)) and the centre angle (a + z) t / 2, reduced.
void bandKernel(qint64 a, qint64 z, double t, double* amp, double* mid) {
    const double n = static_cast<double>(z - a + 1);
    *amp = 1;
    *mid = 0;
    if (t == 0 || n <= 0) return;
    const double half = 0.5 * t;
    *amp = std::sin(core::numeric::reducedAngle(n, half)) / (n * std::sin(half));
    *mid = core::numeric::reducedAngle(static_cast<double>(a + z), half);
}

}  // namespace

core::Array ropeScoreCellMeans(const std::vector<double>& theta, double af2, double pass, qint64 m0,
                               qint64 mSpan, qint64 rows, qint64 k0, qint64 kSpan, qint64 cols) {
    const auto P = static_cast<Eigen::Index>(theta.size());
    core::Array out = core::Array::real({rows, cols});
    // Equal bands on both axes (each span a multiple of its band count, the same band length):
    // the cell mean depends on the bands' offset only, one value per diagonal.
    const bool toeplitz = mSpan % rows == 0 && kSpan % cols == 0 && mSpan / rows == kSpan / cols;
    if (toeplitz) {
        const qint64 len = mSpan / rows;
        std::vector<double> diag(static_cast<std::size_t>(rows + cols - 1));
        for (qint64 dd = -(rows - 1); dd < cols; ++dd) {
            // Cell (r, r + dd): distance of the centres (k0 - m0) + dd * len.
            const double dist = static_cast<double>(k0 - m0 + dd * len);
            double sum = 0;
            for (Eigen::Index j = 0; j < P; ++j) {
                const double t = theta[static_cast<std::size_t>(j)];
                double amp = 1, mid = 0;
                bandKernel(0, len - 1, t, &amp, &mid);
                sum += amp * amp * std::cos(core::numeric::reducedAngle(dist, t));
            }
            diag[static_cast<std::size_t>(dd + rows - 1)] = 2.0 * af2 * sum + pass;
        }
        for (qint64 r = 0; r < rows; ++r)
            for (qint64 c = 0; c < cols; ++c)
                out.f64[static_cast<std::size_t>(r * cols + c)] =
                    diag[static_cast<std::size_t>(c - r + rows - 1)];
        return out;
    }
    // Row factors [a_m cos(c_m t), a_m sin(c_m t)] per band (c_m its centre, a_m the Dirichlet
    // kernel over its N positions divided by N): the cell mean of cos((k - m) t) is
    // a_m a_k cos((c_k - c_m) t), a sum of two products.
    auto factors = [&](qint64 first, qint64 span, qint64 bands, double scale) {
        Eigen::MatrixXd F(bands, 2 * P);
        const CellAxis map{first, span, 0, false};
        for (qint64 b = 0; b < bands; ++b) {
            const qint64 a = map.start(b, bands), z = map.start(b + 1, bands) - 1;
            for (Eigen::Index j = 0; j < P; ++j) {
                double amp = 1, mid = 0;
                bandKernel(a, z, theta[static_cast<std::size_t>(j)], &amp, &mid);
                F(b, j) = scale * amp * std::cos(mid);
                F(b, P + j) = scale * amp * std::sin(mid);
            }
        }
        return F;
    };
    const Eigen::MatrixXd U = factors(m0, mSpan, rows, 1.0);
    const Eigen::MatrixXd V = factors(k0, kSpan, cols, 2.0 * af2);
    Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> M(
        out.f64.data(), rows, cols);
    M.noalias() = U * V.transpose();
    M.array() += pass;
    return out;
}

core::Array angleModMeans(const std::vector<double>& theta, qint64 offset, qint64 p0, qint64 span,
                          qint64 rows) {
    const auto P = static_cast<qint64>(theta.size());
    core::Array out = core::Array::real({rows, P});
    const CellAxis map{p0, span, 0, false};
    for (qint64 r = 0; r < rows; ++r) {
        const qint64 a = map.start(r, rows), z = map.start(r + 1, rows);
        for (qint64 j = 0; j < P; ++j) {
            const double t = theta[static_cast<std::size_t>(j)];
            const double step = std::fmod(t, kTwoPi);
            double x = core::numeric::reducedAngle(static_cast<double>(offset + a), t);
            if (x < 0) x += kTwoPi;
            double sum = 0;
            for (qint64 q = a; q < z; ++q) {
                sum += x;
                x += step;
                if (x >= kTwoPi) x -= kTwoPi;
            }
            out.f64[static_cast<std::size_t>(r * P + j)] =
                z > a ? sum / static_cast<double>(z - a) : std::numeric_limits<double>::quiet_NaN();
        }
    }
    return out;
}

// The decay up to kFullDecay distances: the whole curve (drawn as its exact per-column
// envelope by prepareLines), its x axis fitted to [0, max_distance].
void prepareWholeDecay(PrepareContext& ctx, const ViewSpec& view, const ViewState& st,
                       ViewResult& out) {
    ViewInput in{view, st, view.series, {}};
    in.fetched << ctx.fetcher.fetch(view.series[0], st, true);
    if (ctx.fetcher.cancelled()) return;
    if (!in.fetched[0].error.isEmpty()) {
        out.error = in.fetched[0].error;
        return;
    }
    prepareLines(ctx, in, out);
    const double end = static_cast<double>(integer(ctx.request.params, "max_distance"));
    out.lines.xFrom = 0.0;
    out.lines.xTo = end;
    out.lines.xWholeTo = end;
}

bool prepareRopeLod(PrepareContext& ctx, const ViewSpec& view, const ViewState& st,
                    ViewResult& out) {
    const auto kind = ropeLodKind(view);
    if (!kind) return false;
    out.viewId = view.id;
    if (*kind == RopeLodKind::Precision) {
        preparePrecisionLod(ctx, view, st, out);
        return true;
    }
    if (*kind == RopeLodKind::Decay) {
        if (ropeLodApplies(view, st, ctx.request.params))
            prepareDecay(ctx, view, st, out);
        else
            prepareWholeDecay(ctx, view, st, out);
        return true;
    }
    if (!ropeLodApplies(view, st, ctx.request.params)) return false;
    return lod::prepareHeatmap(ctx, *kind, view, st, out);
}

}  // namespace poslab::ui
