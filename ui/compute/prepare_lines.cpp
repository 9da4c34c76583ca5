// Lines views: curves of 1-D arrays and of rows or columns of tables, a sweep's error curve (one
// point per swept value: max |A(value) − reference|, computed by core), and the markers. A curve
// with more points than the plot has pixel columns becomes its exact per-column min/max
// envelope (a band), as does an envelope quantity (rope decay_envelope) at level of detail.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

#include "core/analysis/compare.h"
#include "ui/catalog/all_rows.h"
#include "ui/compute/prepare_view.h"
#include "ui/compute/rope_lod.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

using core::Array;

namespace {

constexpr int kReferenceColor = 9;  // curveColor's grey (colormap.h)

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
    qint64 columns;  // pixel columns: a curve with more points is drawn as its envelope
    double best = -std::numeric_limits<double>::infinity();
    // The window of x a plain lines view asks for (its state's, inclusive; last -1: to the end),
    // and what the curves need said: the whole count of x, and the first x from which a curve
    // is infinite (or undefined) to its end, where it overflowed.
    qint64 winFirst = 0, winLast = -1;
    qint64 whole = 0;
    std::optional<qint64> overflowAt = std::nullopt;

    CurveData start(const SeriesSpec& s, LocalText name) const {
        CurveData c;
        c.name = std::move(name);
        c.dashed = s.dashed;
        c.steps = s.draw == QLatin1String("steps");
        c.markers = s.draw == QLatin1String("markers");
        c.color = s.color >= 0 ? s.color : static_cast<int>(lines.curves.size());
        return c;
    }

    // y = valueAt(x) for x in [0, count); non-finite values (and y <= 0 on a log axis) are gaps.
    // More points than pixel columns (on a linear x axis): per column the exact min and max
    // over every point in it, drawn as a band (never a decimated polyline).
    template <typename ValueAt>
    void add(const SeriesSpec& s, LocalText name, qint64 count, ValueAt valueAt) {
        CurveData c = start(s, std::move(name));
        auto value = [&](qint64 x) {
            double y = valueAt(x);
            if (s.transform == "wavelength") y = 2.0 * std::numbers::pi / y;
            return y;
        };
        auto drawable = [&](double y) { return std::isfinite(y) && !(lines.logY && y <= 0); };
        // An overflowed curve ends at its last finite x (a band column never reaches past it).
        const std::optional<qint64> over = noteOverflow(count, value);
        const qint64 from = std::clamp<qint64>(winFirst, 0, count);
        const qint64 to = winLast < 0 ? count : std::clamp<qint64>(winLast + 1, from, count);
        const qint64 span = to - from;
        if (columns > 0 && span > columns && !lines.logX) {
            for (qint64 col = 0; col < columns; ++col) {
                const qint64 x0 = from + (col * span + columns - 1) / columns;
                const qint64 x1 =
                    std::min(over.value_or(to), from + ((col + 1) * span + columns - 1) / columns);
                if (x1 <= x0) continue;
                double lo = std::numeric_limits<double>::infinity(), hi = -lo;
                for (qint64 x = x0; x < x1; ++x) {
                    const double y = value(x);
                    if (!drawable(y)) continue;
                    lo = std::min(lo, y);
                    hi = std::max(hi, y);
                }
                if (!(lo <= hi)) continue;
                appendColumn(c, static_cast<double>(x0), static_cast<double>(x1 - 1), lo, hi);
            }
            lines.curves << c;
            return;
        }
        c.points.reserve(static_cast<int>(span));
        for (qint64 x = from; x < to; ++x) {
            const double y = value(x);
            if (!drawable(y)) continue;
            best = std::max(best, y);
            c.points.append(QPointF(static_cast<double>(x), y));
        }
        lines.curves << c;
    }

    // A curve that is infinite from some x to its end (a float16 position from 65 520 on): the
    // first such x. The trailing run of non-finite values is read backwards; NaN alone is no
    // overflow.
    template <typename Value>
    std::optional<qint64> noteOverflow(qint64 count, Value value) {
        whole = std::max(whole, count);
        std::optional<qint64> at;
        for (qint64 x = count - 1; x >= 0; --x) {
            const double y = value(x);
            if (std::isfinite(y)) break;
            if (std::isinf(y)) at = x;
        }
        if (!at || *at == 0) return std::nullopt;
        if (!overflowAt || *at < *overflowAt) overflowAt = at;
        return at;
    }

    void appendColumn(CurveData& c, double x0, double x1, double lo, double hi) {
        c.bandX0 << x0;
        c.bandX1 << x1;
        c.bandLo << lo;
        c.bandHi << hi;
        best = std::max(best, hi);
    }

    // An envelope array (columns, 2) of indices [s.bandFirst, + s.bandSpan): its columns, on
    // the previous curve when the series continues it.
    void addEnvelope(const SeriesSpec& s, LocalText name, const Array& a) {
        const qint64 cols = a.shape[0], span = s.bandSpan;
        if (!s.bandContinues || lines.curves.isEmpty()) lines.curves << start(s, std::move(name));
        CurveData& c = lines.curves.back();
        for (qint64 col = 0; col < cols; ++col) {
            const double lo = a.at(2 * col), hi = a.at(2 * col + 1);
            if (!std::isfinite(lo) || !std::isfinite(hi)) continue;
            const qint64 x0 = s.bandFirst + (col * span + cols - 1) / cols;
            const qint64 x1 = s.bandFirst + ((col + 1) * span + cols - 1) / cols - 1;
            if (lines.logX && x1 <= 0) continue;
            appendColumn(c, static_cast<double>(std::max<qint64>(x0, lines.logX ? 1 : x0)),
                         static_cast<double>(x1), lo, hi);
        }
    }
};

// A band on a log x axis: columns joined into `pixels` log-spaced bins (each bin the union of
// whole columns: its min and max stay exact over the integers it names).
void mergeLogBins(CurveData& c, qint64 pixels) {
    const qsizetype n = c.bandX0.size();
    if (n == 0 || pixels <= 0) return;
    const double l0 = std::log(std::max(1.0, c.bandX0.front()));
    const double l1 = std::log(std::max(2.0, c.bandX1.back() + 1));
    CurveData m;
    qint64 last = -1;
    for (qsizetype i = 0; i < n; ++i) {
        const double centre = 0.5 * (c.bandX0[i] + c.bandX1[i]);
        const auto bin = static_cast<qint64>((std::log(std::max(1.0, centre)) - l0) / (l1 - l0) *
                                             static_cast<double>(pixels));
        if (bin == last && !m.bandX0.isEmpty()) {
            m.bandX1.back() = c.bandX1[i];
            m.bandLo.back() = std::min(m.bandLo.back(), c.bandLo[i]);
            m.bandHi.back() = std::max(m.bandHi.back(), c.bandHi[i]);
            continue;
        }
        last = bin;
        m.bandX0 << c.bandX0[i];
        m.bandX1 << c.bandX1[i];
        m.bandLo << c.bandLo[i];
        m.bandHi << c.bandHi[i];
    }
    c.bandX0 = m.bandX0;
    c.bandX1 = m.bandX1;
    c.bandLo = m.bandLo;
    c.bandHi = m.bandHi;
}

// A band whose every column is one index is the exact curve: drawn as its points.
void bandToPointsWhenExact(CurveData& c) {
    for (qsizetype i = 0; i < c.bandX0.size(); ++i)
        if (c.bandX0[i] != c.bandX1[i]) return;
    for (qsizetype i = 0; i < c.bandX0.size(); ++i) c.points << QPointF(c.bandX0[i], c.bandLo[i]);
    c.bandX0.clear();
    c.bandX1.clear();
    c.bandLo.clear();
    c.bandHi.clear();
}

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
    if (s.bandFirst >= 0 && rank == 2 && a.shape[1] == 2) {
        cb.addEnvelope(s, name, a);
    } else if (rank == 1) {
        cb.add(s, name, a.shape[0], [&](qint64 x) { return a.at(x); });
    } else if (rank == 2 && s.columnsFromDims) {
        const qint64 rows = a.shape[0], cols = a.shape[1];
        const QVector<int> dims = in.state.dims.isEmpty() ? defaultDims(cols) : in.state.dims;
        for (int c : dims) {
            if (c < 0 || c >= cols) continue;
            const QString t = QStringLiteral("k = %1").arg(c);
            cb.add(s, {t, t}, rows, [&](qint64 x) { return a.at(x * cols + c); });
        }
    } else if (rank == 2 && s.row == kAllRows) {  // one curve per head (the first kMaxMultiples)
        const qint64 cols = a.shape[1];
        for (qint64 r = 0; r < std::min<qint64>(a.shape[0], kMaxMultiples); ++r) {
            const QString t = QStringLiteral("h = %1").arg(r);
            cb.add(s, {t, t}, cols, [&](qint64 x) { return a.at(r * cols + x); });
        }
        xDim = 1;
    } else if (rank == 2 && s.col >= 0) {
        const qint64 rows = a.shape[0], cols = a.shape[1];
        const qint64 cc = std::clamp<qint64>(s.col, 0, cols - 1);
        cb.add(s, name, rows, [&](qint64 x) { return a.at(x * cols + cc); });
    } else if (rank == 2) {
        if (s.row >= a.shape[0]) return;  // a row past the array (head 7 of 4 heads): no curve
        const qint64 cols = a.shape[1];
        const qint64 r = s.row == kLastRow
                             ? a.shape[0] - 1
                             : std::clamp<qint64>(s.row < 0 ? 0 : s.row, 0, a.shape[0] - 1);
        cb.add(s, name, cols, [&](qint64 x) { return a.at(r * cols + x); });
        xDim = 1;
    } else {
        out.error = QStringLiteral("cannot draw a %1-D array as curves").arg(rank);
        return;
    }
    if (L.xAxis.isEmpty()) L.xAxis = axisName(q, xDim, rank, ctx.lang);
}

// The vertical markers: the view's own (one, in the marker colour), or in a compare view whose
// quantity has one (compareMarkers) one per side, computed with that side's parameters and drawn
// in its curve's colour. A marker that cannot be computed is left out (the curves still stand).
void addMarkers(PrepareContext& ctx, const ViewInput& in, LinesData& L) {
    const ViewSpec& view = in.view;
    const bool compare = view.kind == ViewKind::Compare;
    const QString quantity = !compare ? view.vmarker
                             : in.series.isEmpty()
                                 ? QString()
                                 : view.compareMarkers.value(in.series[0].quantity);
    if (quantity.isEmpty()) return;
    if (quantity.startsWith('$')) {  // a parameter's value (fire: the threshold), from the series'
        const auto p =
            in.series.isEmpty() ? std::nullopt : ctx.fetcher.paramsOf(in.series[0], in.state);
        const std::string name = quantity.mid(1).toStdString();
        if (p && p->has(name)) L.vmarkers << VMarker{p->real(name), {}, -1, view.vmarkerLabel};
        return;
    }
    if (!compare) {     // one marker per curve from a vector as long as the curves, in their
        SeriesSpec ms;  // colours and named by them (biases: each family's receptive field)
        ms.quantity = quantity;
        const Fetch f = ctx.fetcher.fetch(ms, in.state);
        if (f.array && f.array->shape.size() == 1 && f.array->size() > 1 &&
            f.array->size() == L.curves.size()) {
            for (qsizetype i = 0; i < L.curves.size(); ++i)
                L.vmarkers << VMarker{f.array->at(i), L.curves[i].name.text(), L.curves[i].color,
                                      view.vmarkerLabel};
            return;
        }
    }
    const qsizetype sides = compare ? in.series.size() : 1;
    for (qsizetype i = 0; i < sides; ++i) {
        SeriesSpec ms;
        if (compare) ms = in.series[i];  // the side's parameters (B: the compared one changed)
        ms.quantity = quantity;
        const Fetch f = ctx.fetcher.fetch(ms, in.state);
        // An infinite marker (p-RoPE with p = 0: decay_bound +inf, the decay never starts) has
        // no place on the axis.
        if (!f.array || f.array->size() < 1 || !std::isfinite(f.array->at(0))) continue;
        VMarker m{f.array->at(0), {}, -1, {}};
        if (compare) {
            m.side = i == 0 ? QStringLiteral("A") : QStringLiteral("B");
            m.color = L.curves.size() == sides ? L.curves[i].color : static_cast<int>(i);
        }
        L.vmarkers << m;
    }
}

// A plain view's window on the x axis (and its whole range, to zoom out to); where a curve
// overflows, the axis runs on to the last x, past the last finite value, and a labelled mark
// stands where the values become infinite ("float16 overflows: ∞ from 65 520").
void frameWindowAndOverflow(PrepareContext& ctx, const ViewInput& in, const CurveBuilder& cb) {
    LinesData& L = cb.lines;
    if (cb.whole <= 0 || L.logX) return;
    const qint64 last = cb.whole - 1;
    const qint64 from = std::clamp<qint64>(cb.winFirst, 0, last);
    const qint64 to = cb.winLast < 0 ? last : std::clamp<qint64>(cb.winLast, from, last);
    if (from > 0 || to < last) {
        L.xFrom = static_cast<double>(from);
        L.xTo = static_cast<double>(to);
        L.xWholeTo = static_cast<double>(last);
    }
    if (!cb.overflowAt) return;
    if (!L.xTo) {
        L.xFrom = 0.0;
        L.xTo = static_cast<double>(last);
    }
    QString format;
    if (!in.series.isEmpty())
        if (const auto p = ctx.fetcher.paramsOf(in.series[0], in.state); p && p->has("precision"))
            format = QString::fromStdString(p->text("precision"));
    const LocalText label =
        format.isEmpty()
            ? LocalText{QString::fromUtf8("overflow: ∞ from %1"),
                        QString::fromUtf8("溢出：从 %1 起为 ∞")}
            : LocalText{
                  QString::fromUtf8("%1 overflows: ∞ from %2").arg(format, QStringLiteral("%1")),
                  QString::fromUtf8("%1 溢出：从 %2 起为 ∞").arg(format, QStringLiteral("%1"))};
    L.vmarkers << VMarker{static_cast<double>(*cb.overflowAt), {}, -1, label};
}

// A series' reference power law y = c·x^slope (log-log views): over the x range of its points,
// with c fitted in log space. With the slope fixed the least-squares c makes the line pass
// through the centroid of the points in log space, (mean log x, mean log y): the geometric
// middle of the data. Band columns count as their centre and the geometric mean of min and max.
// None with fewer than two points or a single x.
std::optional<CurveData> referenceCurve(double slope, const QVector<CurveData>& curves) {
    double sumX = 0, sumY = 0, lo = std::numeric_limits<double>::infinity(), hi = -lo;
    int n = 0;
    auto take = [&](double x, double y) {
        if (!(x > 0) || !(y > 0) || !std::isfinite(x) || !std::isfinite(y)) return;
        sumX += std::log(x);
        sumY += std::log(y);
        lo = std::min(lo, x);
        hi = std::max(hi, x);
        ++n;
    };
    for (const CurveData& c : curves) {
        for (const QPointF& pt : c.points) take(pt.x(), pt.y());
        for (qsizetype k = 0; k < c.bandX0.size(); ++k)
            take(0.5 * (c.bandX0[k] + c.bandX1[k]), std::sqrt(c.bandLo[k] * c.bandHi[k]));
    }
    if (n < 2 || !(lo < hi)) return std::nullopt;
    const double logC = (sumY - slope * sumX) / n;
    const QString v = formatNumber(slope);
    CurveData ref;
    ref.name = {QStringLiteral("slope %1 reference").arg(v),
                QString::fromUtf8("参考斜率 %1").arg(v)};
    ref.dashed = true;
    ref.color = kReferenceColor;
    for (double x : {lo, hi}) ref.points << QPointF(x, std::exp(logC + slope * std::log(x)));
    return ref;
}

}  // namespace

void prepareLines(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const ViewSpec& view = in.view;
    LinesData& L = out.lines;
    L.logY = view.logY;
    L.logX = view.logX || in.state.logX;
    CurveBuilder cb{L, in.state.pixels > 0 ? in.state.pixels : kFigureColumns};
    // A plain lines view draws the window its state names (level-of-detail views ask core for
    // theirs and come here with it drawn).
    const bool plain = !ropeLodKind(view).has_value();
    if (plain) {
        cb.winFirst = in.state.winStart;
        cb.winLast = in.state.winEnd;
    }
    QVector<qsizetype> firstCurve;  // per series, the index of its first curve
    for (int i = 0; i < in.series.size(); ++i) {
        firstCurve << L.curves.size();
        if (!in.series[i].sweepParam.isEmpty()) {
            if (!addSweep(ctx, in, in.series[i], cb, out)) break;
            continue;
        }
        addSeriesCurves(ctx, in, i, cb, out);
    }
    for (auto& c : L.curves) {
        if (L.logX) mergeLogBins(c, cb.columns);
        bandToPointsWhenExact(c);
    }
    addMarkers(ctx, in, L);
    if (plain) frameWindowAndOverflow(ctx, in, cb);
    // References last, each fitted to its own series' curves only.
    const qsizetype drawn = L.curves.size();
    for (qsizetype i = 0; i < firstCurve.size(); ++i) {
        if (!in.series[i].referenceSlope || !L.logX || !L.logY) continue;
        const qsizetype end = i + 1 < firstCurve.size() ? firstCurve[i + 1] : drawn;
        if (auto ref = referenceCurve(*in.series[i].referenceSlope,
                                      L.curves.mid(firstCurve[i], end - firstCurve[i])))
            L.curves << *ref;
    }
    const core::ParamSet& params = ctx.request.params;
    if (!view.hmarkerParam.isEmpty() && params.has(view.hmarkerParam.toStdString()))
        L.hmarker = params.real(view.hmarkerParam.toStdString());
    if (view.showMax && std::isfinite(cb.best)) L.maxValue = cb.best;
}

}  // namespace poslab::ui
