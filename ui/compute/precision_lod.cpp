#include "ui/compute/precision_lod.h"

#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/encodings/rope_precision_bands.h"
#include "core/encodings/rope_scaling.h"
#include "core/registry.h"
#include "ui/compute/cell_blocks.h"
#include "ui/compute/rope_lod.h"
#include "ui/figure/log_scale.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

namespace {

using core::enc::PrecisionError;

bool isErrorQuantity(const QString& q) {
    return q == QLatin1String("angle_error") || q == QLatin1String("cos_error");
}

const core::QuantitySpec* ropeQuantity(const QString& id) {
    const auto* enc = core::registry().find("rope");
    return enc ? enc->findQuantity(id.toStdString()) : nullptr;
}

// Counts in the house format ("16 384"), as every other number on the figure.
QString thousands(qint64 v) {
    return formatExact(static_cast<double>(v));
}

struct Panel {
    HeatmapData heat;
    core::enc::PositionCollisions collisions;
    QString precision;
};

// The array of a panel: (3, rows, pairs), the bands' mean, min and max.
core::Expected<core::Array> bandArray(const core::enc::PrecisionBandRequest& r,
                                      const core::ComputeContext& c) {
    auto b = core::enc::precisionErrorBands(r, c);
    if (!b) return b.error();
    const std::size_t cells = b->mean.f64.size();
    core::Array a = core::Array::real({3, r.rows, static_cast<std::int64_t>(r.theta.size())});
    std::copy(b->mean.f64.begin(), b->mean.f64.end(), a.f64.begin());
    std::copy(b->min.f64.begin(), b->min.f64.end(), a.f64.begin() + static_cast<qint64>(cells));
    std::copy(b->max.f64.begin(), b->max.f64.end(), a.f64.begin() + 2 * static_cast<qint64>(cells));
    return a;
}

// One panel: the bands of the window for series s. False with `error` empty: cancelled.
bool preparePanel(PrepareContext& ctx, const SeriesSpec& s, const ViewState& st,
                  const lod::Window& w, qint64 n, qint64 rows, Panel* panel, QString* error) {
    auto params = seriesParams(*ctx.fetcher.encoding(), ctx.request.params, s, st);
    if (!params) {
        *error = QString::fromStdString(params.error().message);
        return false;
    }
    auto fp = core::enc::RopeFrequencyParams::from(*params);
    if (!fp) {
        *error = QString::fromStdString(fp.error().message);
        return false;
    }
    core::enc::PrecisionBandRequest r;
    r.precision = params->text("precision");
    r.which =
        s.quantity == QLatin1String("cos_error") ? PrecisionError::Cos : PrecisionError::Angle;
    r.theta = core::enc::ropeFrequencies(*fp);
    r.offset = params->integer("offset");
    r.first = w.start;
    r.span = w.width();
    r.rows = rows;
    if (const double bytes = core::enc::precisionBandsBytes(r); bytes > ctx.request.memoryBudget) {
        *error =
            QString::fromStdString("the bands of " + s.quantity.toStdString() + " need " +
                                   core::formatBytes(bytes) + ", more than the memory budget of " +
                                   core::formatBytes(ctx.request.memoryBudget) + "; reduce d");
        return false;
    }
    const std::string key = "lod:" + cacheKey("rope", s.quantity.toStdString(), *params) + ":" +
                            std::to_string(w.start) + ":" + std::to_string(w.width()) + ":" +
                            std::to_string(rows);
    const Fetch f = ctx.fetcher.computeOwn(
        key, [&r](const core::ComputeContext& c) { return bandArray(r, c); });
    if (f.cancelled) return false;
    if (!f.error.isEmpty() || !f.array) {
        *error = f.error.isEmpty() ? QStringLiteral("nothing to draw") : f.error;
        return false;
    }
    const auto pairs = static_cast<qint64>(r.theta.size());
    HeatmapData& h = panel->heat;
    h.array = f.array;
    h.rows = rows;
    h.cols = pairs;
    h.rowMap = {w.start, w.width(), n, true};
    h.rowStep = blockStep(h.rows, ctx.request.maxImageSide);
    h.colStep = blockStep(h.cols, ctx.request.maxImageSide);
    const core::QuantitySpec* q = ropeQuantity(s.quantity);
    h.rowAxis = axisName(q, 0, 2, ctx.lang);
    h.colAxis = axisName(q, 1, 2, ctx.lang);
    h.title = s.label;
    // Hover over several bands: the exact min and max of their positions, from the bands' own.
    const qint64 first = w.start, span = w.width();
    h.exactRange = [a = f.array, rows, pairs, first, span](qint64 r0, qint64 r1, qint64 c0,
                                                           qint64 c1) {
        auto band = [&](qint64 x) {
            return std::clamp<qint64>((x - first) * rows / span, 0, rows - 1);
        };
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (qint64 b = band(r0); b <= band(r1); ++b)
            for (qint64 c = std::max<qint64>(c0, 0); c <= std::min(c1, pairs - 1); ++c) {
                lo = std::min(lo, a->at((rows + b) * pairs + c));
                hi = std::max(hi, a->at((2 * rows + b) * pairs + c));
            }
        return std::pair<double, double>{lo, hi};
    };
    panel->collisions = core::enc::positionCollisions(r.precision, r.offset + w.start, w.width());
    panel->precision = QString::fromStdString(r.precision);
    return true;
}

// One colour range: the state's fixed log scale (a lesson's steps share one), a log scale over
// the panels' positive means (view.logColor), else each panel's (or the shared) linear range of
// its means.
void colourPanels(const PrepareContext& ctx, const ViewSpec& view, const ViewState& st,
                  QVector<Panel>& panels) {
    const double inf = std::numeric_limits<double>::infinity();
    if (st.logColorHi > st.logColorLo && st.logColorLo > 0) {
        for (Panel& p : panels) {
            p.heat.logColor = true;
            p.heat.colormap = ColormapKind::Viridis;
            p.heat.lo = st.logColorLo;
            p.heat.hi = st.logColorHi;
        }
        return;
    }
    if (view.logColor) {
        double mn = inf, mx = 0;
        for (const Panel& p : panels)
            for (qint64 k = 0; k < p.heat.rows * p.heat.cols; ++k) {
                const double v = p.heat.array->at(k);
                if (v > 0 && v < inf) {
                    mn = std::min(mn, v);
                    mx = std::max(mx, v);
                }
            }
        const auto [lo, hi] = logColorRange(mn, mx);
        for (Panel& p : panels) {
            p.heat.logColor = true;
            p.heat.colormap = ColormapKind::Viridis;
            p.heat.lo = lo;
            p.heat.hi = hi;
        }
        return;
    }
    const bool diverging = ctx.request.colormap == ColormapChoice::Diverging;
    double sharedLo = inf, sharedHi = -inf;
    for (Panel& p : panels) {
        double lo = inf, hi = -inf;
        for (qint64 k = 0; k < p.heat.rows * p.heat.cols; ++k) {
            const double v = p.heat.array->at(k);
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
        if (!(lo <= hi)) lo = hi = 0;
        if (diverging) lo = -(hi = std::max(std::abs(lo), std::abs(hi)));
        if (lo == hi) {  // a constant (all exact): a visible range, never a saturated colour
            lo -= 0.5;
            hi += 0.5;
        }
        p.heat.colormap = diverging ? ColormapKind::Diverging : ColormapKind::Viridis;
        p.heat.lo = lo;
        p.heat.hi = hi;
        sharedLo = std::min(sharedLo, lo);
        sharedHi = std::max(sharedHi, hi);
    }
    if (view.sharedScale)
        for (Panel& p : panels) {
            p.heat.lo = sharedLo;
            p.heat.hi = sharedHi;
        }
}

// "Positions 0 … 16 383 — bfloat16: 15 359 of 16 384 positions collide (1 025 distinct)".
LocalText collisionNote(const QVector<Panel>& panels, qint64 from, qint64 to) {
    QStringList en, zh;
    for (const Panel& p : panels) {
        const QString count = thousands(p.collisions.collisions + p.collisions.distinct);
        const bool hf = p.precision == QLatin1String("hf_bf16");
        const QString name = p.precision + (hf ? QStringLiteral(" (float32 positions)") : "");
        const QString nameZh = p.precision + (hf ? QString::fromUtf8("（float32 位置）") : "");
        en << QStringLiteral("%1: %2 of %3 positions collide (%4 distinct)")
                  .arg(name, thousands(p.collisions.collisions), count,
                       thousands(p.collisions.distinct));
        zh << QString::fromUtf8("%1：%3 个位置中有 %2 个重合（%4 个不同值）")
                  .arg(nameZh, thousands(p.collisions.collisions), count,
                       thousands(p.collisions.distinct));
    }
    const QString range = thousands(from) + QString::fromUtf8(" … ") + thousands(to);
    return {QString::fromUtf8("Positions %1 — %2.").arg(range, en.join(QStringLiteral("; "))),
            QString::fromUtf8("位置 %1 — %2。").arg(range, zh.join(QString::fromUtf8(";")))};
}

}  // namespace

bool isPrecisionView(const ViewSpec& view) {
    if (view.encoding != QLatin1String("rope") || view.kind != ViewKind::Heatmap ||
        view.series.isEmpty() || view.smallMultiples || view.difference)
        return false;
    for (const SeriesSpec& s : view.series) {
        if (!isErrorQuantity(s.quantity) || !s.encoding.isEmpty() || !s.sweepParam.isEmpty())
            return false;
        for (auto it = s.set.begin(); it != s.set.end(); ++it)
            if (it.key() != QLatin1String("precision")) return false;
    }
    return true;
}

void preparePrecisionLod(PrepareContext& ctx, const ViewSpec& view, const ViewState& st,
                         ViewResult& out) {
    out.viewId = view.id;
    const core::ParamSet& p = ctx.request.params;
    const qint64 n = lod::integer(p, "n", 1), offset = lod::integer(p, "offset");
    const lod::Window w = lod::windowOf(st.winStart, st.winEnd, n);
    const qint64 rows = std::min(w.width(), lod::sideOf(st, ctx.request));
    QVector<Panel> panels;
    for (const SeriesSpec& s : view.series) {
        Panel panel;
        QString error;
        if (!preparePanel(ctx, s, st, w, n, rows, &panel, &error)) {
            out.error = error;  // empty when cancelled: the result is dropped
            return;
        }
        panels << panel;
    }
    colourPanels(ctx, view, st, panels);
    for (Panel& panel : panels) {
        paintBlockMeans(panel.heat);
        out.heatmaps << panel.heat;
    }
    out.note = collisionNote(panels, offset + w.start, offset + w.end);
}

}  // namespace poslab::ui
