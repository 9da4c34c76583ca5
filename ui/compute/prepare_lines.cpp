// Lines views: curves of 1-D arrays and of rows or columns of tables, a sweep's error curve (one
// point per swept value: max |A(value) − reference|, computed by core), and the markers. Curves
// keep every point: the chart decimates per pixel column itself and hovers on the full data.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/analysis/compare.h"
#include "ui/compute/prepare_view.h"

namespace poslab::ui {

using core::Array;

namespace {

// Columns drawn of a (rows, cols) table when the state names none.
QVector<int> defaultDims(qint64 cols) {
    QVector<int> out;
    for (qint64 c : {qint64(0), qint64(2), cols / 4, cols / 2})
        if (c < cols && !out.contains(static_cast<int>(c))) out << static_cast<int>(c);
    return out;
}

// Collects the curves of one view and the largest value drawn (for the "max" label).
struct CurveBuilder {
    LinesData& lines;
    double best = -std::numeric_limits<double>::infinity();

    CurveData start(const SeriesSpec& s, LocalText name) const {
        CurveData c;
        c.name = std::move(name);
        c.dashed = s.dashed;
        c.color = s.color >= 0 ? s.color : static_cast<int>(lines.curves.size());
        return c;
    }

    // y = valueAt(x) for x in [0, count); non-finite values (and y <= 0 on a log axis) are gaps.
    template <typename ValueAt>
    void add(const SeriesSpec& s, LocalText name, qint64 count, ValueAt valueAt) {
        CurveData c = start(s, std::move(name));
        c.points.reserve(static_cast<int>(count));
        for (qint64 x = 0; x < count; ++x) {
            double y = valueAt(x);
            if (s.transform == "wavelength") y = 2.0 * std::numbers::pi / y;
            if (!std::isfinite(y) || (lines.logY && y <= 0)) continue;
            best = std::max(best, y);
            c.points.append(QPointF(static_cast<double>(x), y));
        }
        lines.curves << c;
    }
};

// A sweep: one point per value of s.sweepParam, the largest distance of A(value) from the
// reference array. False when the view cannot be drawn (error set) or the request is cancelled.
bool addSweep(PrepareContext& ctx, const ViewInput& in, const SeriesSpec& s, CurveBuilder& cb,
              ViewResult& out) {
    SeriesSpec ref;
    ref.encoding = s.againstEncoding;
    ref.quantity = s.againstQuantity;
    const Fetch b = ctx.fetcher.fetch(ref, in.state);
    if (ctx.fetcher.cancelled()) return false;
    if (!b.error.isEmpty()) {
        out.error = b.error;
        return false;
    }
    LinesData& L = cb.lines;
    CurveData c = cb.start(s, s.label);
    for (const QString& v : s.sweepValues) {
        SeriesSpec one = s;
        one.sweepParam.clear();
        one.set.insert(s.sweepParam, v);
        const Fetch f = ctx.fetcher.fetch(one, in.state);
        if (ctx.fetcher.cancelled()) return false;
        if (!f.error.isEmpty()) {
            out.error = f.error;
            return false;
        }
        const auto err = core::maxAbsDifference(*f.array, *b.array);
        if (!err) {
            out.error = QString::fromStdString(err.error().message);
            return false;
        }
        const double x = v.toDouble();
        if (std::isfinite(*err) && (!L.logY || *err > 0) && (!L.logX || x > 0)) {
            c.points.append(QPointF(x, *err));
            cb.best = std::max(cb.best, *err);
        }
    }
    L.curves << c;
    if (L.xAxis.isEmpty()) L.xAxis = s.sweepParam;
    return true;
}

// The curves of one series' array: the whole of a 1-D array, chosen columns of a table (its
// state's dims or the defaults), one column, or one row.
void addSeriesCurves(PrepareContext& ctx, const ViewInput& in, int i, CurveBuilder& cb,
                     ViewResult& out) {
    const SeriesSpec& s = in.series[i];
    const Array& a = *in.fetched[i].array;
    const core::QuantitySpec* q = ctx.fetcher.quantity(s);
    const std::size_t rank = a.shape.size();
    LinesData& L = cb.lines;
    const LocalText name = s.label.isEmpty()
                               ? LocalText{q ? QString::fromStdString(q->titleEn) : s.quantity,
                                           q ? QString::fromStdString(q->titleZh) : s.quantity}
                               : s.label;
    std::size_t xDim = 0;  // the axis along which the curves run
    if (rank == 1) {
        cb.add(s, name, a.shape[0], [&](qint64 x) { return a.at(x); });
    } else if (rank == 2 && s.columnsFromDims) {
        const qint64 rows = a.shape[0], cols = a.shape[1];
        const QVector<int> dims = in.state.dims.isEmpty() ? defaultDims(cols) : in.state.dims;
        for (int c : dims) {
            if (c < 0 || c >= cols) continue;
            const QString t = QStringLiteral("k = %1").arg(c);
            cb.add(s, {t, t}, rows, [&](qint64 x) { return a.at(x * cols + c); });
        }
    } else if (rank == 2 && s.col >= 0) {
        const qint64 rows = a.shape[0], cols = a.shape[1];
        const qint64 cc = std::clamp<qint64>(s.col, 0, cols - 1);
        cb.add(s, name, rows, [&](qint64 x) { return a.at(x * cols + cc); });
    } else if (rank == 2) {
        const qint64 cols = a.shape[1];
        const qint64 r = std::clamp<qint64>(s.row < 0 ? 0 : s.row, 0, a.shape[0] - 1);
        cb.add(s, name, cols, [&](qint64 x) { return a.at(r * cols + x); });
        xDim = 1;
    } else {
        out.error = QStringLiteral("cannot draw a %1-D array as curves").arg(rank);
        return;
    }
    if (L.xAxis.isEmpty()) L.xAxis = axisName(q, xDim, rank, ctx.lang);
}

}  // namespace

void prepareLines(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const ViewSpec& view = in.view;
    LinesData& L = out.lines;
    L.logY = view.logY;
    L.logX = view.logX;
    CurveBuilder cb{L};
    for (int i = 0; i < in.series.size(); ++i) {
        if (!in.series[i].sweepParam.isEmpty()) {
            if (!addSweep(ctx, in, in.series[i], cb, out)) break;
            continue;
        }
        addSeriesCurves(ctx, in, i, cb, out);
    }
    if (!view.vmarker.isEmpty()) {
        SeriesSpec ms;
        ms.quantity = view.vmarker;
        Fetch f = ctx.fetcher.fetch(ms, in.state);
        if (f.array && f.array->size() >= 1) L.vmarker = f.array->at(0);
    }
    const core::ParamSet& params = ctx.request.params;
    if (!view.hmarkerParam.isEmpty() && params.has(view.hmarkerParam.toStdString()))
        L.hmarker = params.real(view.hmarkerParam.toStdString());
    if (view.showMax && std::isfinite(cb.best)) L.maxValue = cb.best;
}

}  // namespace poslab::ui
