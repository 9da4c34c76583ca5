#include "ui/figure/lines_paint.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

#include "ui/figure/axis.h"
#include "ui/figure/envelope.h"
#include "ui/figure/number_format.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace {

QString chartText(const char* text) {
    // The chart widget's words, so the figure and the explorer say the same in both languages.
    return QCoreApplication::translate("poslab::ui::ChartWidget", text);
}

// A vertical marker's legend row: "bound π/(2θₘᵢₙ) = 15 708", a compare side's "A: bound …";
// off the axis with an arrow to its side (`beyond` 1: right, -1: left).
QString markerText(const VMarker& m, int beyond) {
    const QString v = formatNumber(m.x, 6);
    if (!m.label.isEmpty()) {  // a position: written in full ("10 485 760")
        // "L = 8 192", or the label's own words around the position ("∞ from 65 520").
        const QString label = m.label.text();
        const QString t =
            (m.side.isEmpty() ? QString()
                              : m.side + pick(QStringLiteral(": "), QString::fromUtf8("："))) +
            (label.contains(QStringLiteral("%1"))
                 ? label.arg(formatExact(m.x))
                 : label + QStringLiteral(" = ") + formatExact(m.x));
        return beyond > 0 ? t + QStringLiteral(" →") : beyond < 0 ? QStringLiteral("← ") + t : t;
    }
    if (m.side.isEmpty())
        return beyond > 0   ? chartText("bound π/(2θₘᵢₙ) = %1 →").arg(v)
               : beyond < 0 ? chartText("← bound π/(2θₘᵢₙ) = %1").arg(v)
                            : chartText("bound π/(2θₘᵢₙ) = %1").arg(v);
    return beyond > 0   ? chartText("%1: bound π/(2θₘᵢₙ) = %2 →").arg(m.side, v)
           : beyond < 0 ? chartText("← %1: bound π/(2θₘᵢₙ) = %2").arg(m.side, v)
                        : chartText("%1: bound π/(2θₘᵢₙ) = %2").arg(m.side, v);
}

// Grid lines, ticks and tick labels of both axes.
void paintGrid(QPainter& p, const QRectF& plot, const AxisRange& ax, const AxisRange& ay,
               double labelW, const PaintStyle& s) {
    const QFont tickFont = s.numbers(0.75);
    const QFontMetricsF ftick(tickFont);
    const double tick = 0.25 * s.unit;
    auto X = [&](double v) { return ax.map(v, plot.left(), plot.right()); };
    auto Y = [&](double v) { return ay.map(v, plot.bottom(), plot.top()); };
    const double thin = std::max(1.0, s.unit / 16);
    // A log axis's minor ticks: short and unlabelled (axis.h).
    p.setPen(QPen(s.fg, thin));
    for (double v : ax.minorTicks)
        p.drawLine(QPointF(X(v), plot.bottom()), QPointF(X(v), plot.bottom() + 0.6 * tick));
    for (double v : ay.minorTicks)
        p.drawLine(QPointF(plot.left() - 0.6 * tick, Y(v)), QPointF(plot.left(), Y(v)));
    p.setFont(tickFont);
    for (double v : ax.ticks) {
        const double x = X(v);
        p.setPen(QPen(s.grid, thin));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(QPen(s.fg, thin));
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + tick));
        p.drawText(QRectF(x - 4 * s.unit, plot.bottom() + 1.2 * tick, 8 * s.unit, ftick.height()),
                   Qt::AlignHCenter | Qt::AlignTop, ax.label(v));
    }
    for (double v : ay.ticks) {
        const double y = Y(v);
        p.setPen(QPen(s.grid, thin));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(QPen(s.fg, thin));
        p.drawLine(QPointF(plot.left() - tick, y), QPointF(plot.left(), y));
        p.drawText(QRectF(plot.left() - 1.5 * tick - labelW, y - ftick.height() / 2, labelW,
                          ftick.height()),
                   Qt::AlignRight | Qt::AlignVCenter, ay.label(v));
    }
}

// How much of the drawn curves (their columns, segments and the marker line) a box covers:
// the legend goes where this is least.
int dataUnder(const QRectF& box, const QVector<CurveData>& drawn,
              const std::function<double(double)>& X, const std::function<double(double)>& Y,
              const QVector<double>& markerXs) {
    int hits = 0;
    for (const CurveData& c : drawn) {
        if (c.isBand()) {
            for (qsizetype k = 0; k < c.bandX0.size(); ++k) {
                const double x0 = X(c.bandX0[k]), x1 = X(c.bandX1[k]);
                const double y0 = Y(c.bandHi[k]), y1 = Y(c.bandLo[k]);
                if (std::max(x0, x1) >= box.left() && std::min(x0, x1) <= box.right() &&
                    std::max(y0, y1) >= box.top() && std::min(y0, y1) <= box.bottom())
                    ++hits;
            }
            continue;
        }
        for (qsizetype k = 0; k + 1 < c.points.size(); ++k) {
            const QPointF a(X(c.points[k].x()), Y(c.points[k].y()));
            const QPointF b(X(c.points[k + 1].x()), Y(c.points[k + 1].y()));
            if (!std::isfinite(a.x() + a.y() + b.x() + b.y())) continue;
            if (QRectF(a, b).normalized().adjusted(-1, -1, 1, 1).intersects(box)) ++hits;
        }
    }
    for (double x : markerXs)
        if (x >= box.left() && x <= box.right()) hits += 8;
    return hits;
}

// The largest value (top left) and the legend, on a translucent box, in the corner of the plot
// where it hides the least data (top right on a tie).
void paintLegendBox(QPainter& p, const QRectF& plot, const LinesData& d,
                    const QVector<QPair<QString, QPen>>& legend, const PaintStyle& s,
                    const QVector<CurveData>& drawn, const std::function<double(double)>& X,
                    const std::function<double(double)>& Y, const QVector<double>& markerXs) {
    const double thin = std::max(1.0, s.unit / 16);
    p.setFont(s.sized(0.75));
    const QFontMetricsF fl(p.font());
    if (d.maxValue) {
        const QString t = chartText("max = %1").arg(formatNumber(*d.maxValue));
        const QRectF r(plot.left() + 0.4 * s.unit, plot.top() + 0.3 * s.unit,
                       fl.horizontalAdvance(t) + 0.6 * s.unit, fl.height() + 0.3 * s.unit);
        p.fillRect(r, QColor(s.bg.red(), s.bg.green(), s.bg.blue(), 220));
        p.setPen(s.fg);
        p.drawText(r, Qt::AlignCenter, t);
    }
    if (legend.size() > 1 || (legend.size() == 1 && (!d.vmarkers.isEmpty() || d.hmarker))) {
        double w = 0;
        for (const auto& e : legend) w = std::max(w, fl.horizontalAdvance(e.first));
        const double sample = 1.8 * s.unit, rowH = fl.height() * 1.15;
        const QSizeF size(w + sample + 0.9 * s.unit, rowH * legend.size() + 0.4 * s.unit);
        const double left = plot.left() + 0.4 * s.unit,
                     right = plot.right() - size.width() - 0.3 * s.unit;
        const double top = plot.top() + 0.3 * s.unit,
                     bottom = plot.bottom() - size.height() - 0.3 * s.unit;
        QVector<QPointF> corners = {{right, top}, {left, top}, {right, bottom}, {left, bottom}};
        if (d.maxValue) corners.remove(1);  // the largest value holds the top left
        QRectF box(corners.front(), size);
        int least = dataUnder(box, drawn, X, Y, markerXs);
        for (qsizetype i = 1; i < corners.size() && least > 0; ++i) {
            const QRectF candidate(corners[i], size);
            if (candidate.top() < plot.top()) continue;  // a plot too short for a lower corner
            const int hits = dataUnder(candidate, drawn, X, Y, markerXs);
            if (hits < least) {
                least = hits;
                box = candidate;
            }
        }
        p.fillRect(box, QColor(s.bg.red(), s.bg.green(), s.bg.blue(), 225));
        p.setPen(QPen(s.grid, thin));
        p.drawRect(box);
        p.setRenderHint(QPainter::Antialiasing, true);
        for (int i = 0; i < legend.size(); ++i) {
            const double y = box.top() + 0.2 * s.unit + rowH * (i + 0.5);
            p.setPen(legend[i].second);
            p.drawLine(QPointF(box.left() + 0.3 * s.unit, y),
                       QPointF(box.left() + 0.3 * s.unit + sample - 0.4 * s.unit, y));
            p.setPen(s.fg);
            p.drawText(
                QRectF(box.left() + 0.3 * s.unit + sample, y - rowH / 2, w + 0.3 * s.unit, rowH),
                Qt::AlignLeft | Qt::AlignVCenter, legend[i].first);
        }
        p.setRenderHint(QPainter::Antialiasing, false);
    }
}

// One curve in plot coordinates (X, Y map data to the plot), as envelopeForColumns left it: a
// band of exact per-column envelopes, filled; a line that breaks where an axis cannot show a
// point.
template <class MapX, class MapY>
void paintCurve(QPainter& p, const CurveData& c, const LinesData& d, MapX X, MapY Y,
                const PaintStyle& s) {
    QPen pen(curveColor(c.color, s.dark), std::max(1.5, s.unit / 9));
    pen.setJoinStyle(Qt::RoundJoin);
    if (c.dashed) pen.setStyle(Qt::DashLine);
    if (c.isBand()) {
        // One bar per column from its min to its max, reaching halfway to a neighbour whose range
        // it does not touch (where a line through the points would cross between them). Bars,
        // not a polygon: a polygon whose edges zigzag over the plot costs the rasterizer ~100 ms
        // per frame, the bars well under one.
        const double px = 1.0 / std::max(1e-9, std::abs(p.deviceTransform().m11()));
        const QColor fill = curveColor(c.color, s.dark);  // opaque: the raster engine's fast fill
        p.save();
        p.setRenderHint(QPainter::Antialiasing, false);
        const qsizetype n = c.bandX0.size();
        for (qsizetype k = 0; k < n; ++k) {
            double lo = c.bandLo[k], hi = c.bandHi[k];
            for (qsizetype j : {k - 1, k + 1}) {
                if (j < 0 || j >= n) continue;
                if (c.bandLo[j] > hi) hi = 0.5 * (hi + c.bandLo[j]);
                if (c.bandHi[j] < lo) lo = 0.5 * (lo + c.bandHi[j]);
            }
            const double x0 = X(c.bandX0[k]), x1 = X(c.bandX1[k]);
            const double y0 = std::min(Y(hi), Y(lo)), y1 = std::max(Y(hi), Y(lo));
            p.fillRect(QRectF(std::min(x0, x1) - 0.5 * px, y0 - 0.5 * px, std::abs(x1 - x0) + px,
                              y1 - y0 + px),
                       fill);
        }
        p.restore();
        return;
    }
    QPainterPath path;
    QVector<QPointF> dots;
    bool open = false;
    for (const auto& pt : c.points) {
        const bool ok = std::isfinite(pt.x()) && std::isfinite(pt.y()) && (!d.logX || pt.x() > 0) &&
                        (!d.logY || pt.y() > 0);
        if (!ok) {
            open = false;
            continue;
        }
        const QPointF q(X(pt.x()), Y(pt.y()));
        if (open && c.steps)  // hold the value, then rise: no slanted risers between integers
            path.lineTo(QPointF(q.x(), path.currentPosition().y()));
        if (open)
            path.lineTo(q);
        else
            path.moveTo(q);
        open = true;
        dots << q;
    }
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
    if (c.rangeLo.size() == c.points.size() && c.rangeHi.size() == c.points.size()) {
        // Whiskers: the range at each point, capped, in the curve's colour.
        QPen whisker(curveColor(c.color, s.dark), std::max(1.5, s.unit / 10));
        whisker.setCapStyle(Qt::FlatCap);
        p.setPen(whisker);
        const double cap = std::max(2.5, s.unit / 4);
        for (qsizetype k = 0; k < c.points.size(); ++k) {
            const double x = c.points[k].x(), lo = c.rangeLo[k], hi = c.rangeHi[k];
            if (!std::isfinite(x + lo + hi) || (d.logX && x <= 0) || (d.logY && lo <= 0)) continue;
            const double px = X(x), y0 = Y(lo), y1 = Y(hi);
            p.drawLine(QPointF(px, y0), QPointF(px, y1));
            p.drawLine(QPointF(px - cap, y0), QPointF(px + cap, y0));
            p.drawLine(QPointF(px - cap, y1), QPointF(px + cap, y1));
        }
    }
    if (c.markers) {
        const double r = std::max(2.5, s.unit / 6);
        p.setBrush(curveColor(c.color, s.dark));
        p.setPen(QPen(s.bg, std::max(1.0, s.unit / 24)));
        for (const QPointF& q : dots) p.drawEllipse(q, r, r);
    }
}

}  // namespace

LinesLayout layoutLines(const QRectF& area, const LinesData& d, const PaintStyle& s,
                        const LinesOptions& o) {
    LinesLayout L;
    const DataRange range = lineDataRange(d);
    if (range.empty()) return L;
    L.empty = false;
    const QFontMetricsF ftick(s.numbers(0.75));
    // About one tick per three text lines, at most 9 (matplotlib's 5 to 9); never more labels
    // than lines of tick text fit.
    L.ay = niceAxis(range.ylo, range.yhi, d.logY,
                    std::min(9, static_cast<int>(area.height() / ftick.height())),
                    std::clamp(static_cast<int>(area.height() / (3 * s.unit)), 3, 6));
    trimAxisEnds(L.ay, range.ylo, range.yhi);  // no empty band of most of a step
    for (double v : L.ay.ticks)
        L.labelW = std::max(L.labelW, ftick.horizontalAdvance(L.ay.label(v)));
    const double tick = 0.25 * s.unit;
    const double left = (o.axisTitles ? 1.6 : 0.4) * s.unit + L.labelW + 1.5 * tick;
    const double bottom = ftick.height() + (o.axisTitles ? 2.0 : 0.6) * s.unit;
    // Tags along the top (xTags) get a line of their own above the plot.
    const double top =
        0.6 * s.unit + (d.xTags.isEmpty() ? 0.0 : QFontMetricsF(s.numbers(0.7)).height());
    L.plot = QRectF(area.left() + left, area.top() + top,
                    std::max(1.0, area.width() - left - 1.2 * s.unit),
                    std::max(1.0, area.height() - top - bottom));
    // At most 9 x labels, and no more than fit side by side with a text line between them.
    int xMax = std::min(9, static_cast<int>(L.plot.width() / (2 * s.unit)));
    for (int attempt = 0; attempt < 8; ++attempt) {
        L.ax = niceAxis(range.xlo, range.xhi, d.logX, xMax,
                        std::clamp(static_cast<int>(L.plot.width() / (5 * s.unit)), 3, 6));
        // The axis ends where the data (or the window) ends: no blank strip to a round number
        // past the last point (0…4096, not 0…5000; 1…256, not 1…1000).
        fitAxisTo(L.ax, range.xlo, range.xhi);
        double widest = 0;
        for (double v : L.ax.ticks)
            widest = std::max(widest, ftick.horizontalAdvance(L.ax.label(v)));
        const int fit = static_cast<int>(L.plot.width() / (widest + s.unit)) + 1;
        if (L.ax.ticks.size() <= fit || xMax <= 2) break;
        xMax = std::max(2, std::min(xMax - 1, fit));
    }
    return L;
}

void paintLines(QPainter& p, const QRectF& area, const LinesData& d, const QString& xLabel,
                const QString& yLabel, const PaintStyle& s, const LinesOptions& o) {
    const LinesLayout L = layoutLines(area, d, s, o);
    if (L.empty) {
        paintCentredText(p, area, QStringLiteral("—"), 1, s);
        return;
    }
    const QRectF& plot = L.plot;
    const AxisRange &ax = L.ax, &ay = L.ay;
    const double labelW = L.labelW;
    const QFontMetricsF ftick(s.numbers(0.75));
    const double tick = 0.25 * s.unit;
    auto X = [&](double v) { return ax.map(v, plot.left(), plot.right()); };
    auto Y = [&](double v) { return ay.map(v, plot.bottom(), plot.top()); };

    paintGrid(p, plot, ax, ay, labelW, s);
    const double thin = std::max(1.0, s.unit / 16);
    if (o.axisTitles) {
        paintFittedLine(p,
                        QRectF(plot.left(), plot.bottom() + tick + ftick.height() + 0.3 * s.unit,
                               plot.width(), 1.3 * s.unit),
                        Qt::AlignHCenter | Qt::AlignTop, xLabel.isEmpty() ? d.xAxis : xLabel, 0.8,
                        false, s);
        p.setFont(s.sized(0.8));
        paintRotatedText(p, QPointF(area.left() + 0.65 * s.unit, plot.center().y()), plot.height(),
                         1.3 * s.unit, yLabel.isEmpty() ? d.yAxis : yLabel);
    }

    // Curves, clipped to the plot; a point that a log axis cannot show breaks the line.
    p.save();
    p.setClipRect(plot.adjusted(-thin, -thin, thin, thin));
    const QColor shade = s.dark ? QColor(255, 255, 255, 28) : QColor(0, 0, 0, 20);
    if (d.xShade) {  // behind the curves
        const double x0 = X(d.xShade->first), x1 = X(d.xShade->second);
        p.fillRect(
            QRectF(QPointF(std::min(x0, x1), plot.top()), QPointF(std::max(x0, x1), plot.bottom())),
            shade);
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    const int columns = std::max(16, static_cast<int>(p.deviceTransform().mapRect(plot).width()));
    QVector<CurveData> drawn;
    drawn.reserve(d.curves.size());
    for (const auto& raw : d.curves) {
        drawn << envelopeForColumns(raw, columns, ax.lo, ax.hi, d.logX, d.logY);
        paintCurve(p, drawn.back(), d, X, Y, s);
    }
    QVector<QPair<QString, QPen>> legend;
    for (const auto& c : d.curves) {
        if (c.name.text().isEmpty()) continue;
        QPen pen(curveColor(c.color, s.dark), std::max(1.5, s.unit / 9));
        if (c.dashed) pen.setStyle(Qt::DashLine);
        legend.append({c.name.text(), pen});
    }
    if (d.xShade && !d.xShadeLabel.isEmpty()) {  // a thick stroke of the shade's colour
        QPen pen(shade, 0.6 * s.unit);
        pen.setCapStyle(Qt::FlatCap);
        legend.append({d.xShadeLabel.text(), pen});
    }
    const QPen markerPen(s.marker, std::max(1.5, s.unit / 12), Qt::DotLine);
    // Vertical markers: a dotted line (the view's own in the marker colour, a compare side's in
    // its curve's colour) and a legend row; beyond the axis (which fits the data) only a legend
    // row with an arrow and its value, so that it goes where the legend hides no data.
    // A marker named after a curve (biases: "ALiBi", its receptive field) says so on that curve's
    // own row ("ALiBi: receptive field = 74"), so six curves do not need twelve rows.
    const qsizetype curveRows = legend.size();
    auto addRow = [&](const VMarker& m, const QString& text, const QPen& pen) {
        for (qsizetype r = 0; r < curveRows && !m.side.isEmpty(); ++r)
            if (legend[r].first == m.side) {
                legend[r].first = text;
                return;
            }
        legend.append({text, pen});
    };
    QVector<QPair<QString, QPen>> offScale;
    QVector<double> markerXs;
    for (const VMarker& m : d.vmarkers) {
        const QPen pen = m.color < 0 ? markerPen
                                     : QPen(curveColor(m.color, s.dark), std::max(1.5, s.unit / 10),
                                            Qt::DotLine);
        if (m.x >= ax.lo && m.x <= ax.hi) {
            const double x = X(m.x);
            markerXs << x;
            p.setPen(pen);
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
            addRow(m, markerText(m, 0), pen);
        } else {
            offScale.append({markerText(m, m.x > ax.hi ? 1 : -1), pen});
            addRow(m, offScale.back().first, pen);
        }
    }
    if (d.hmarker) {
        const double y = Y(*d.hmarker);
        p.setPen(markerPen);
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        // Two parameters draw it: rope's original length (>= 2) and the receptive-field
        // threshold of the distance biases (kerple, sandwich; < 0 by its range).
        const char* label = *d.hmarker < 0 ? "threshold = %1" : "original length L = %1";
        legend.append({chartText(label).arg(formatNumber(*d.hmarker, 6)), markerPen});
    }
    p.restore();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(s.fg, thin));
    p.setBrush(Qt::NoBrush);
    p.drawRect(plot);
    if (!d.xTags.isEmpty()) {  // on their line above the plot, each over its x
        p.setFont(s.numbers(0.7));
        p.setPen(s.fg);
        const QFontMetricsF ft(p.font());
        for (const auto& [x, tag] : d.xTags) {
            if (x < ax.lo || x > ax.hi) continue;
            const double w = ft.horizontalAdvance(tag) + 0.2 * s.unit;
            p.drawText(QRectF(X(x) - w / 2, plot.top() - ft.height(), w, ft.height()),
                       Qt::AlignHCenter | Qt::AlignBottom, tag);
        }
    }

    if (!o.legend) {  // the largest value and an off-scale bound stay
        legend = offScale;
    }
    paintLegendBox(p, plot, d, legend, s, drawn, X, Y, markerXs);
}

}  // namespace poslab::ui
