// The RoPE heatmaps at level of detail: angles (angle, angle mod 2π, cos, sin), scores and the
// rotated all-ones input, as band or cell means bounded by the plot's pixels (see rope_lod.h).
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/encodings/rope.h"
#include "core/encodings/rope_scaling.h"
#include "core/numeric/angle.h"
#include "core/registry.h"
#include "ui/compute/cell_blocks.h"
#include "ui/compute/rope_lod.h"
#include "ui/compute/rope_swing.h"
#include "ui/figure/swing_hatch.h"

namespace poslab::ui::lod {

namespace {

// Scores: g over a block's distances, term by term, up to this many terms (a hover over the
// whole 10M matrix at 256 pixels: 81 920 distances × 64 pairs); more: not computed, said so.
constexpr double kScoresCap = 1.6e7;
constexpr double kTwoPi = 6.283185307179586;
constexpr double kPi = 3.141592653589793;
const double kNaN = std::numeric_limits<double>::quiet_NaN();

const core::QuantitySpec* ropeQuantity(const char* id) {
    const auto* enc = core::registry().find("rope");
    return enc ? enc->findQuantity(id) : nullptr;
}

// The exact range of values v over positions [x0, x1] and pairs [c0, c1] of frequencies th
// (rope_swing.h): pair by pair, stopping once it is wider than stopAbove; NaN when not computed.
std::pair<double, double> pairsRange(const std::vector<double>& th, const TurnValue& v, qint64 x0,
                                     qint64 x1, qint64 c0, qint64 c1,
                                     double stopAbove = std::numeric_limits<double>::infinity()) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (qint64 c = c0; c <= c1; ++c) {
        const auto [a, b] = turnRange(v, x0, x1, th[static_cast<std::size_t>(c)], stopAbove);
        if (std::isnan(a)) return {kNaN, kNaN};
        lo = std::min(lo, a);
        hi = std::max(hi, b);
        if (hi - lo > stopAbove) break;
    }
    return {lo, hi};
}

// What the angles view draws, where it is not the angle itself: its title and formula.
LocalText drawnTitle(const QString& show) {
    if (show == QLatin1String("cos"))
        return {QString::fromUtf8("Rotation angles: cos(m·θⱼ)"),
                QString::fromUtf8("旋转角：cos(m·θⱼ)")};
    if (show == QLatin1String("sin"))
        return {QString::fromUtf8("Rotation angles: sin(m·θⱼ)"),
                QString::fromUtf8("旋转角：sin(m·θⱼ)")};
    if (show == QLatin1String("mod"))
        return {QString::fromUtf8("Rotation angles m·θⱼ mod 2π"),
                QString::fromUtf8("旋转角 m·θⱼ mod 2π")};
    return {};
}
LocalText drawnFormula(const QString& show) {
    const QString theta = QStringLiteral(",\\quad \\theta_j = \\mathrm{base}^{-2j/d}");
    QString f;
    if (show == QLatin1String("cos")) f = QStringLiteral("\\cos(m\\theta_j)") + theta;
    if (show == QLatin1String("sin")) f = QStringLiteral("\\sin(m\\theta_j)") + theta;
    if (show == QLatin1String("mod"))
        f = QStringLiteral("m\\theta_j \\;\\mathrm{mod}\\; 2\\pi") + theta;
    return {f, f};
}

// A panel of cell means: rows are bands of positions of window w (of n), columns one index each.
HeatmapData bandPanel(const PrepareContext& ctx, std::shared_ptr<const core::Array> a,
                      const Window& w, qint64 n, const char* quantity) {
    HeatmapData h;
    h.array = std::move(a);
    h.rows = h.array->shape[0];
    h.cols = h.array->shape[1];
    h.rowMap = {w.start, w.width(), n, true};
    h.rowStep = blockStep(h.rows, ctx.request.maxImageSide);
    h.colStep = blockStep(h.cols, ctx.request.maxImageSide);
    const core::QuantitySpec* q = ropeQuantity(quantity);
    h.rowAxis = axisName(q, 0, 2, ctx.lang);
    h.colAxis = axisName(q, 1, 2, ctx.lang);
    return h;
}

bool fail(const Fetch& f, ViewResult& out) {
    if (f.error.isEmpty() && f.array) return false;
    out.error = f.error.isEmpty() ? QStringLiteral("nothing to draw") : f.error;
    return true;
}

void prepareAngles(PrepareContext& ctx, const ViewSpec& view, const ViewState& st,
                   ViewResult& out) {
    const core::ParamSet& p = ctx.request.params;
    const qint64 n = integer(p, "n", 1), offset = integer(p, "offset");
    const Window w = windowOf(st.winStart, st.winEnd, n);
    const QString show = angleShow(st, n);
    auto theta = core::enc::ropeFrequencies(p);
    if (!theta) {
        out.error = QString::fromStdString(theta.error().message);
        return;
    }
    const qint64 rows = std::min(w.width(), sideOf(st, ctx.request));
    std::shared_ptr<const core::Array> a;
    if (show == QLatin1String("cos") || show == QLatin1String("sin")) {
        SeriesSpec s = view.series[0];
        s.quantity =
            show == QLatin1String("cos") ? QStringLiteral("cos_mean") : QStringLiteral("sin_mean");
        s.set.insert("rows", QString::number(rows));
        s.set.insert("n", QString::number(w.width()));
        s.set.insert("offset", QString::number(offset + w.start));
        const Fetch f = ctx.fetcher.fetch(s, st, true);
        if (ctx.fetcher.cancelled() || fail(f, out)) return;
        a = f.array;
    } else if (show == QLatin1String("mod")) {
        a = std::make_shared<const core::Array>(
            angleModMeans(*theta, offset, w.start, w.width(), rows));
    } else {  // the angle: the band mean of (offset + p) t is (offset + centre) t
        auto m = std::make_shared<core::Array>(
            core::Array::real({rows, static_cast<qint64>(theta->size())}));
        const CellAxis map{w.start, w.width(), 0, false};
        for (qint64 r = 0; r < rows; ++r) {
            const double centre =
                static_cast<double>(offset) +
                0.5 * static_cast<double>(map.start(r, rows) + map.start(r + 1, rows) - 1);
            for (std::size_t j = 0; j < theta->size(); ++j)
                m->f64[static_cast<std::size_t>(r) * theta->size() + j] = centre * (*theta)[j];
        }
        a = m;
    }
    HeatmapData h = bandPanel(ctx, a, w, n, "angles");
    const bool signedShow = show == QLatin1String("cos") || show == QLatin1String("sin");
    h.colormap = signedShow ? ColormapKind::Diverging : ColormapKind::Viridis;
    h.lo = signedShow ? -1.0 : 0.0;
    h.hi = show == QLatin1String("mod") ? kTwoPi
           : signedShow                 ? 1.0
                                        : static_cast<double>(offset + n - 1) * theta->front();
    if (!(h.hi > h.lo)) h.hi = h.lo + 1;
    h.title = show == QLatin1String("cos")   ? LocalText{"cos(m·θⱼ)", "cos(m·θⱼ)"}
              : show == QLatin1String("sin") ? LocalText{"sin(m·θⱼ)", "sin(m·θⱼ)"}
              : show == QLatin1String("mod")
                  ? LocalText{QString::fromUtf8("m·θⱼ mod 2π"), QString::fromUtf8("m·θⱼ mod 2π")}
                  : LocalText{};
    const std::vector<double> th = *theta;
    const TurnValue tv = turnValueOf(show);
    h.exactRange = [th, tv, offset](qint64 r0, qint64 r1, qint64 c0, qint64 c1) {
        return pairsRange(th, tv, offset + r0, offset + r1, c0, c1);
    };
    const double half = 0.5 * (h.hi - h.lo);
    h.swings = [th, tv, offset, half](qint64 r0, qint64 r1, qint64 c0, qint64 c1) {
        const auto [lo, hi] = pairsRange(th, tv, offset + r0, offset + r1, c0, c1, half);
        return hi - lo > half;
    };
    paintBlockMeans(h);
    if (anyCellSwings(h)) out.note = swingNote(h.title);
    out.title = drawnTitle(show);
    out.formula = drawnFormula(show);
    out.heatmaps << h;
}

void prepareScores(PrepareContext& ctx, const ViewState& st, ViewResult& out) {
    const core::ParamSet& p = ctx.request.params;
    const qint64 n = integer(p, "n", 1);
    const Window wm = windowOf(st.winStart, st.winEnd, n);
    const Window wk = windowOf(st.colWinStart, st.colWinEnd, n);
    auto fp = core::enc::RopeFrequencyParams::from(p);
    if (!fp) {
        out.error = QString::fromStdString(fp.error().message);
        return;
    }
    const auto table = core::enc::ropeFrequencyTable(*fp);
    const double af2 = table.attentionFactor * table.attentionFactor;
    const double pass = static_cast<double>(fp->d - fp->rotaryDim());
    const qint64 side = sideOf(st, ctx.request);
    // Bands of equal length when a divisor of the window is near the plot's size (at least half
    // of it): the matrix of cell means is then Toeplitz itself, one value per diagonal.
    auto bands = [side](qint64 width) {
        if (width <= side) return width;
        for (qint64 b = side; b >= side / 2; --b)
            if (width % b == 0) return b;
        return side;
    };
    const qint64 rows = bands(wm.width()),
                 cols = wm.width() == wk.width() ? rows : bands(wk.width());
    auto a = std::make_shared<const core::Array>(ropeScoreCellMeans(
        table.theta, af2, pass, wm.start, wm.width(), rows, wk.start, wk.width(), cols));
    HeatmapData h;
    h.array = a;
    h.rows = rows;
    h.cols = cols;
    h.rowMap = {wm.start, wm.width(), n, true};
    h.colMap = {wk.start, wk.width(), n, true};
    const core::QuantitySpec* q = ropeQuantity("scores");
    h.rowAxis = axisName(q, 0, 2, ctx.lang);
    h.colAxis = axisName(q, 1, 2, ctx.lang);
    // The cells' own range (the scale of what is drawn) on the map the quantity declares (signed:
    // diverging, centred on 0), whatever the values: it never flips while n or the base change.
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double v : a->f64) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    h.colormap = colormapFor(nullptr, q, ctx.request.colormap);
    setColourRange(h, q, lo, hi);
    const std::vector<double> th = table.theta;
    h.exactRange = [th, af2, pass](qint64 r0, qint64 r1, qint64 c0,
                                   qint64 c1) -> std::pair<double, double> {
        // g(k - m) over the cell: g at every distance from c0 - r1 to c1 - r0.
        const qint64 x0 = c0 - r1, x1 = c1 - r0;
        if (static_cast<double>(x1 - x0 + 1) * static_cast<double>(th.size()) > kScoresCap)
            return {kNaN, kNaN};
        double gmin = std::numeric_limits<double>::infinity(), gmax = -gmin;
        for (qint64 x = x0; x <= x1; ++x) {
            double g = 0;
            for (double t : th)
                g += std::cos(core::numeric::reducedAngle(static_cast<double>(x), t));
            gmin = std::min(gmin, 2 * af2 * g + pass);
            gmax = std::max(gmax, 2 * af2 * g + pass);
        }
        return {gmin, gmax};
    };
    paintBlockMeans(h);
    out.heatmaps << h;
}

// The rotated all-ones input: per pair (a, b) the columns af (cos − sin) and af (sin + cos), whose
// band means are those of cos_mean and sin_mean; unrotated channels stay 1.
void prepareRotated(PrepareContext& ctx, const ViewSpec& view, const ViewState& st,
                    ViewResult& out) {
    const core::ParamSet& p = ctx.request.params;
    const qint64 n = integer(p, "n", 1), offset = integer(p, "offset"), d = integer(p, "d", 2);
    const Window w = windowOf(st.winStart, st.winEnd, n);
    auto fp = core::enc::RopeFrequencyParams::from(p);
    if (!fp) {
        out.error = QString::fromStdString(fp.error().message);
        return;
    }
    const auto table = core::enc::ropeFrequencyTable(*fp);
    const double af = table.attentionFactor;
    const qint64 dr = fp->rotaryDim(), rows = std::min(w.width(), sideOf(st, ctx.request));
    std::shared_ptr<const core::Array> means[2];
    for (int k = 0; k < 2; ++k) {
        SeriesSpec s = view.series[0];
        s.quantity = k == 0 ? QStringLiteral("cos_mean") : QStringLiteral("sin_mean");
        s.set.insert("rows", QString::number(rows));
        s.set.insert("n", QString::number(w.width()));
        s.set.insert("offset", QString::number(offset + w.start));
        const Fetch f = ctx.fetcher.fetch(s, st, true);
        if (ctx.fetcher.cancelled() || fail(f, out)) return;
        means[k] = f.array;
    }
    const std::string pairing = p.has("pairing") ? p.text("pairing") : std::string("interleaved");
    std::vector<qint64> pairOf(static_cast<std::size_t>(d), -1);  // column -> 2 j (+1 for b)
    for (qint64 j = 0; j < dr / 2; ++j) {
        const auto [ia, ib] = core::enc::ropePair(pairing, j, dr);
        pairOf[static_cast<std::size_t>(ia)] = 2 * j;
        pairOf[static_cast<std::size_t>(ib)] = 2 * j + 1;
    }
    auto m = std::make_shared<core::Array>(core::Array::real({rows, d}));
    for (qint64 r = 0; r < rows; ++r)
        for (qint64 c = 0; c < d; ++c) {
            const qint64 pj = pairOf[static_cast<std::size_t>(c)];
            double v = 1;
            if (pj >= 0) {
                const double cm = means[0]->at(r * (dr / 2) + pj / 2);
                const double sm = means[1]->at(r * (dr / 2) + pj / 2);
                v = af * (pj % 2 ? sm + cm : cm - sm);
            }
            m->f64[static_cast<std::size_t>(r * d + c)] = v;
        }
    HeatmapData h = bandPanel(ctx, m, w, n, "rotated");
    h.colormap = ColormapKind::Diverging;
    h.hi = std::max(1.0, af * std::sqrt(2.0));
    h.lo = -h.hi;
    const std::vector<double> th = table.theta;
    // af (cos a − sin a) = af √2 cos(a + π/4), af (sin a + cos a) = af √2 cos(a − π/4).
    auto range = [th, pairOf, af, offset](qint64 r0, qint64 r1, qint64 c0, qint64 c1,
                                          double stopAbove) -> std::pair<double, double> {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (qint64 c = c0; c <= c1 && !(hi - lo > stopAbove); ++c) {
            const qint64 pj = pairOf[static_cast<std::size_t>(c)];
            std::pair<double, double> r{1.0, 1.0};  // unrotated channels stay 1
            if (pj >= 0) {
                const TurnValue v{TurnValue::Cosine, af * std::sqrt(2.0),
                                  pj % 2 ? -0.25 * kPi : 0.25 * kPi};
                r = turnRange(v, offset + r0, offset + r1, th[static_cast<std::size_t>(pj / 2)],
                              stopAbove);
            }
            if (std::isnan(r.first)) return {kNaN, kNaN};
            lo = std::min(lo, r.first);
            hi = std::max(hi, r.second);
        }
        return {lo, hi};
    };
    h.exactRange = [range](qint64 r0, qint64 r1, qint64 c0, qint64 c1) {
        return range(r0, r1, c0, c1, std::numeric_limits<double>::infinity());
    };
    const double half = h.hi;  // half of [−hi, hi]
    h.swings = [range, half](qint64 r0, qint64 r1, qint64 c0, qint64 c1) {
        const auto [lo, hi] = range(r0, r1, c0, c1, half);
        return hi - lo > half;
    };
    paintBlockMeans(h);
    if (anyCellSwings(h)) out.note = swingNote(h.title);
    out.heatmaps << h;
}

}  // namespace

bool prepareHeatmap(PrepareContext& ctx, RopeLodKind kind, const ViewSpec& view,
                    const ViewState& st, ViewResult& out) {
    switch (kind) {
        case RopeLodKind::Angles:
            prepareAngles(ctx, view, st, out);
            return true;
        case RopeLodKind::Scores:
            prepareScores(ctx, st, out);
            return true;
        case RopeLodKind::Rotated:
            prepareRotated(ctx, view, st, out);
            return true;
        case RopeLodKind::Decay:
        case RopeLodKind::Precision:
            break;
    }
    return false;
}

}  // namespace poslab::ui::lod
