#include "ui/model/model_chart.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QTextLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/figure/axis.h"
#include "ui/figure/lines_paint.h"

namespace poslab::ui {

namespace {

struct Range {
    double xlo = std::numeric_limits<double>::infinity(), xhi = -xlo, ylo = xlo, yhi = -xlo;
    bool empty() const { return !(xlo <= xhi) || !(ylo <= yhi); }
};

bool drawable(double v, bool log) {
    return std::isfinite(v) && (!log || v > 0);
}

Range dataRange(const ModelChartData& d) {
    Range r;
    for (const ModelCurve& c : d.curves)
        for (const QPointF& pt : c.points) {
            if (!drawable(pt.x(), d.logX) || !drawable(pt.y(), d.logY)) continue;
            r.xlo = std::min(r.xlo, pt.x());
            r.xhi = std::max(r.xhi, pt.x());
            r.ylo = std::min(r.ylo, pt.y());
            r.yhi = std::max(r.yhi, pt.y());
        }
    if (!r.empty())
        for (const ModelLine& l : d.hlines)
            if (drawable(l.y, d.logY)) r.ylo = std::min(r.ylo, l.y), r.yhi = std::max(r.yhi, l.y);
    if (!r.empty())
        for (const ModelBand& b : d.bands)
            if (!b.alongX && drawable(b.lo, d.logY) && drawable(b.hi, d.logY))
                r.ylo = std::min(r.ylo, b.lo), r.yhi = std::max(r.yhi, b.hi);
    return r;
}

QColor bandColor(const ModelBand& b, int alpha, bool dark) {
    QColor c = b.color >= 0 ? curveColor(b.color, dark) : pairClassColor(1);
    c.setAlpha(alpha);
    return c;
}

double curveWidth(const ModelCurve& c, const PaintStyle& s) {
    const double w = std::max(1.5, s.unit / 9);
    return c.emphasized ? 2.2 * w : w;
}

QPen lineMarkerPen(const ModelLine& l, const PaintStyle& s) {
    return QPen(l.color >= 0 ? curveColor(l.color, s.dark) : s.marker, std::max(1.5, s.unit / 12),
                l.strong ? Qt::SolidLine : Qt::DotLine);
}

// One legend entry: a line sample (pen), a dot (brush colour) or a shaded swatch.
struct LegendItem {
    QString text;
    QPen pen;
    QColor dot, swatch;
};

QVector<LegendItem> legendItems(const ModelChartData& d, const PaintStyle& s) {
    QVector<LegendItem> out;
    const double w = std::max(1.5, s.unit / 9);
    bool classes[3] = {false, false, false};
    for (const ModelCurve& c : d.curves) {
        if (!c.name.isEmpty()) {
            QPen pen(curveColor(c.color, s.dark), curveWidth(c, s),
                     c.dashed ? Qt::DashLine : Qt::SolidLine);
            out.append({c.name, pen, {}, {}});
        }
        if (c.classDots)
            for (int k : c.classes)
                if (k >= 0 && k < 3) classes[k] = true;
    }
    if (!d.dashedLegend.isEmpty())
        out.append({d.dashedLegend, QPen(s.muted, w, Qt::DashLine), {}, {}});
    for (int k = 0; k < 3; ++k)
        if (classes[k]) out.append({pairClassName(k), Qt::NoPen, pairClassColor(k), {}});
    for (const ModelBand& b : d.bands)
        if (!b.label.isEmpty()) out.append({b.label, Qt::NoPen, {}, bandColor(b, 90, s.dark)});
    for (const ModelLine& l : d.hlines) out.append({l.label, lineMarkerPen(l, s), {}, {}});
    return out;
}

// The width of the legend as one column (one entry a row).
double legendColumnWidth(const QVector<LegendItem>& items, const PaintStyle& s) {
    const QFontMetricsF fm(s.sized(0.75));
    double w = 0;
    for (const LegendItem& it : items) w = std::max(w, fm.horizontalAdvance(it.text));
    return items.isEmpty() ? 0 : 1.9 * s.unit + w + 1;
}

// Lays the legend out in rows under the plot, or one entry a row (`column`, beside the plot); a
// text wider than the area is elided. Returns its height (draws when `draw`).
double layoutLegend(QPainter* p, const QRectF& area, const QVector<LegendItem>& items,
                    const PaintStyle& s, bool column = false) {
    if (items.isEmpty()) return 0;
    const QFont font = s.sized(0.75);
    if (p) p->setFont(font);
    const QFontMetricsF fm(font);
    const double sample = 1.6 * s.unit, gap = 0.9 * s.unit;
    const double rowH = fm.height() * (column ? 1.1 : 1.2);
    double x = area.left(), y = area.top();
    for (const LegendItem& it : items) {
        const double textW = std::min(fm.horizontalAdvance(it.text),
                                      std::max(0.0, area.width() - sample - 0.3 * s.unit));
        const QString text = fm.elidedText(it.text, Qt::ElideRight, textW + 1);
        const double w = sample + 0.3 * s.unit + textW;
        if (x > area.left() && (column || x + w > area.right())) {
            x = area.left();
            y += rowH;
        }
        if (p) {
            const double cy = y + rowH / 2;
            p->setRenderHint(QPainter::Antialiasing, true);
            if (it.swatch.isValid()) {
                p->fillRect(QRectF(x, cy - 0.3 * s.unit, sample, 0.6 * s.unit), it.swatch);
            } else if (it.dot.isValid()) {
                p->setPen(Qt::NoPen);
                p->setBrush(it.dot);
                p->drawEllipse(QPointF(x + sample / 2, cy), 0.22 * s.unit, 0.22 * s.unit);
                p->setBrush(Qt::NoBrush);
            } else {
                p->setPen(it.pen);
                p->drawLine(QPointF(x, cy), QPointF(x + sample, cy));
            }
            p->setRenderHint(QPainter::Antialiasing, false);
            p->setPen(s.fg);
            p->drawText(QRectF(x + sample + 0.3 * s.unit, y, textW + 2, rowH),
                        Qt::AlignLeft | Qt::AlignVCenter, text);
        }
        x += w + gap;
    }
    return y + rowH - area.top();
}

void paintAxes(QPainter& p, const QRectF& plot, const AxisRange& ax, const AxisRange& ay,
               double labelW, const PaintStyle& s) {
    const QFontMetricsF ft(s.numbers(0.75));
    const double tick = 0.25 * s.unit, thin = std::max(1.0, s.unit / 16);
    p.setFont(s.numbers(0.75));
    for (double v : ax.ticks) {
        const double x = ax.map(v, plot.left(), plot.right());
        p.setPen(QPen(s.grid, thin));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(QPen(s.fg, thin));
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + tick));
        p.drawText(QRectF(x - 4 * s.unit, plot.bottom() + 1.2 * tick, 8 * s.unit, ft.height()),
                   Qt::AlignHCenter | Qt::AlignTop, ax.label(v));
    }
    for (double v : ay.ticks) {
        const double y = ay.map(v, plot.bottom(), plot.top());
        p.setPen(QPen(s.grid, thin));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(QPen(s.fg, thin));
        p.drawLine(QPointF(plot.left() - tick, y), QPointF(plot.left(), y));
        p.drawText(
            QRectF(plot.left() - 1.5 * tick - labelW, y - ft.height() / 2, labelW, ft.height()),
            Qt::AlignRight | Qt::AlignVCenter, ay.label(v));
    }
}

// The shaded spans under the curves.
void paintBands(QPainter& p, const QRectF& plot, const ModelChartData& d, const AxisRange& ax,
                const AxisRange& ay, const PaintStyle& s) {
    for (const ModelBand& b : d.bands) {
        const double lo = b.alongX ? ax.map(b.lo, plot.left(), plot.right())
                                   : ay.map(b.lo, plot.bottom(), plot.top());
        const double hi = b.alongX ? ax.map(b.hi, plot.left(), plot.right())
                                   : ay.map(b.hi, plot.bottom(), plot.top());
        if (!std::isfinite(lo) || !std::isfinite(hi)) continue;
        const QRectF area = b.alongX ? QRectF(QPointF(std::min(lo, hi), plot.top()),
                                              QPointF(std::max(lo, hi), plot.bottom()))
                                     : QRectF(QPointF(plot.left(), std::min(lo, hi)),
                                              QPointF(plot.right(), std::max(lo, hi)));
        p.fillRect(area.intersected(plot), bandColor(b, s.dark ? 60 : 45, s.dark));
    }
}

void paintCurves(QPainter& p, const QRectF& plot, const ModelChartData& d, const AxisRange& ax,
                 const AxisRange& ay, const PaintStyle& s) {
    auto X = [&](double v) { return ax.map(v, plot.left(), plot.right()); };
    auto Y = [&](double v) { return ay.map(v, plot.bottom(), plot.top()); };
    const double r = 0.2 * s.unit;
    p.save();
    p.setClipRect(plot.adjusted(-r - 2, -r - 2, r + 2, r + 2));
    paintBands(p, plot, d, ax, ay, s);
    p.setRenderHint(QPainter::Antialiasing, true);
    for (const ModelCurve& c : d.curves) {
        QPainterPath path;
        bool open = false;
        QVector<QPair<QPointF, int>> dots, crosses;
        for (int i = 0; i < c.points.size(); ++i) {
            const QPointF pt = c.points[i];
            const int cls = c.classDots && i < c.classes.size() ? c.classes[i] : -1;
            if (!drawable(pt.x(), d.logX)) continue;
            if (!drawable(pt.y(), d.logY)) {
                // 0 on a log axis sits on the bottom edge, infinity on the top edge.
                if (pt.y() == 0 || std::isinf(pt.y()))
                    crosses.append(
                        {QPointF(X(pt.x()), pt.y() == 0 ? plot.bottom() : plot.top()), cls});
                open = false;
                continue;
            }
            const QPointF q(X(pt.x()), Y(pt.y()));
            open ? path.lineTo(q) : path.moveTo(q);
            open = true;
            if (cls >= 0) dots.append({q, cls});
        }
        QPen pen(curveColor(c.color, s.dark), curveWidth(c, s));
        pen.setJoinStyle(Qt::RoundJoin);
        if (c.dashed) pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        for (const auto& [q, cls] : dots) {
            p.setPen(QPen(s.bg, std::max(1.0, s.unit / 20)));
            p.setBrush(pairClassColor(cls));
            p.drawEllipse(q, r, r);
        }
        for (const auto& [q, cls] : crosses) {
            p.setPen(QPen(cls >= 0 ? pairClassColor(cls) : curveColor(c.color, s.dark),
                          std::max(1.5, s.unit / 10)));
            p.drawLine(q + QPointF(-r, -r), q + QPointF(r, r));
            p.drawLine(q + QPointF(-r, r), q + QPointF(r, -r));
        }
    }
    for (const ModelLine& l : d.hlines) {
        if (!drawable(l.y, d.logY)) continue;
        p.setPen(lineMarkerPen(l, s));
        const double y = Y(l.y);
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    }
    p.restore();
}

// The note broken into lines of `width`, at most `most`, the last elided when the text goes on.
QStringList noteLines(const QString& note, const QFont& font, double width, int most) {
    QTextLayout layout(note, font);
    layout.beginLayout();
    QStringList lines;
    int lastStart = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        if (lines.size() == most) {
            lines.back() = QFontMetricsF(font).elidedText(note.mid(lastStart).simplified(),
                                                          Qt::ElideRight, width);
            break;
        }
        lastStart = line.textStart();
        lines << note.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    return lines;
}

}  // namespace

QColor pairClassColor(int pairClass) {
    static const QRgb kColors[] = {0x2ca02c, 0xff7f0e, 0x9467bd};
    return QColor::fromRgb(kColors[std::clamp(pairClass, 0, 2)]);
}

QString pairClassName(int pairClass) {
    switch (pairClass) {
        case 0:
            return ModelChartText::tr("kept");
        case 1:
            return ModelChartText::tr("blended");
        default:
            return ModelChartText::tr("interpolated");
    }
}

namespace {

// Where everything of a chart goes in `area`: computed once, for painting and for plotFits (so
// that the query and the picture never disagree).
struct ChartLayout {
    double titleH = 0;
    QStringList note;  // the note's lines as drawn
    double noteLineH = 0;
    QRectF body;        // under the title and the note
    bool text = false;  // d.empty or no drawable data: a text instead of a plot
    QVector<LegendItem> legend;
    bool aside = false;
    QRectF legendArea;  // left and width; its top follows the plot
    double legendH = 0;
    AxisRange ay;
    double labelW = 0;
    QRectF plot;
    bool fits = true;  // the plot is at least 4 x 3 units (else "(too small to draw)")
};

ChartLayout layoutChart(const QRectF& area, const ModelChartData& d, const PaintStyle& s,
                        int noteMost);

// The note takes up to three lines and a fifth of the chart, and gives lines back to the plot
// where the plot would not fit otherwise (the tooltip has it whole).
ChartLayout layoutChart(const QRectF& area, const ModelChartData& d, const PaintStyle& s) {
    const double line = QFontMetricsF(s.sized(0.75)).height();
    int most = std::clamp(static_cast<int>(0.2 * area.height() / line), 1, 3);
    ChartLayout L = layoutChart(area, d, s, most);
    while (!L.fits && most > 1 && L.note.size() > 1) L = layoutChart(area, d, s, --most);
    return L;
}

ChartLayout layoutChart(const QRectF& area, const ModelChartData& d, const PaintStyle& s,
                        int noteMost) {
    ChartLayout L;
    double top = area.top() + 0.2 * s.unit;
    L.titleH = QFontMetricsF(s.sized(0.85, true)).height();
    top += L.titleH;
    if (!d.note.isEmpty()) {
        // Whole lines only, at most noteMost; the last one elided (the widget's tooltip holds
        // the whole note).
        const QFont font = s.sized(0.75);
        L.noteLineH = QFontMetricsF(font).height();
        L.note = noteLines(d.note, font, area.width() - 0.8 * s.unit, noteMost);
        top += L.noteLineH * L.note.size();
    }
    L.body = QRectF(area.left(), top, area.width(), area.bottom() - top);
    const Range range = dataRange(d);
    if (!d.empty.isEmpty() || range.empty()) {
        L.text = true;
        return L;
    }
    const QFontMetricsF ft(s.numbers(0.75));
    const double tick = 0.25 * s.unit, below = 0.5 * s.unit + ft.height() + 1.9 * s.unit;
    // The legend beside the plot where the data asks and a column fits (half the width, the
    // height from the plot's top down); under it otherwise.
    L.legend = legendItems(d, s);
    const double columnW = d.legendAside ? legendColumnWidth(L.legend, s) : 0;
    L.aside = columnW > 0 && columnW <= 0.5 * area.width() &&
              layoutLegend(nullptr, QRectF(0, 0, columnW, 0), L.legend, s, true) <=
                  L.body.height() - 0.6 * s.unit;
    L.legendArea = L.aside ? QRectF(area.right() - 0.4 * s.unit - columnW, 0, columnW, 0)
                           : QRectF(area.left() + 1.6 * s.unit, 0, area.width() - 2.0 * s.unit, 0);
    L.legendH = layoutLegend(nullptr, L.legendArea, L.legend, s, L.aside);
    const double asideW = L.aside ? columnW + 0.6 * s.unit : 0;
    const double plotH = L.body.height() - below - (L.aside ? 0 : L.legendH);
    L.ay =
        niceAxis(range.ylo, range.yhi, d.logY, std::max(2, static_cast<int>(plotH / ft.height())),
                 std::max(3, static_cast<int>(plotH / (2.5 * s.unit))));
    for (double v : L.ay.ticks) L.labelW = std::max(L.labelW, ft.horizontalAdvance(L.ay.label(v)));
    L.plot =
        QRectF(area.left() + 1.6 * s.unit + L.labelW + 1.5 * tick, L.body.top() + 0.5 * s.unit,
               area.width() - 1.6 * s.unit - L.labelW - 1.5 * tick - 1.0 * s.unit - asideW, plotH);
    L.fits = L.plot.width() >= 4 * s.unit && L.plot.height() >= 3 * s.unit;
    return L;
}

AxisRange xAxisOf(const QRectF& plot, const ModelChartData& d, const PaintStyle& s) {
    const Range range = dataRange(d);
    AxisRange ax =
        niceAxis(range.xlo, range.xhi, d.logX, static_cast<int>(plot.width() / (2.5 * s.unit)),
                 std::max(3, static_cast<int>(plot.width() / (5 * s.unit))));
    if (!d.logX && range.xhi > range.xlo) {  // pairs: the axis ends at the last pair
        ax.lo = range.xlo;
        ax.hi = d.pairAxis == PairAxis::Normalised ? std::max(range.xhi, 1.0) : range.xhi;
        ax.ticks.removeIf([&](double v) { return v < ax.lo || v > ax.hi; });
    }
    return ax;
}

}  // namespace

ModelChartFrame modelChartFrame(const QRectF& area, const ModelChartData& data,
                                const PaintStyle& style) {
    const ChartLayout L = layoutChart(area, data, style);
    ModelChartFrame f;
    if (L.text || !L.fits) return f;
    f.plot = L.plot;
    f.ax = xAxisOf(L.plot, data, style);
    f.ay = L.ay;
    return f;
}

bool modelChartPlotFits(const QRectF& area, const ModelChartData& data, const PaintStyle& style) {
    return layoutChart(area, data, style).fits;
}

void paintModelChart(QPainter& p, const QRectF& area, const ModelChartData& d,
                     const PaintStyle& s) {
    const ChartLayout L = layoutChart(area, d, s);
    p.fillRect(area, s.bg);
    double top = area.top() + 0.2 * s.unit;
    p.setPen(s.fg);
    p.setFont(s.sized(0.85, true));
    // A title wider than a narrow chart is elided, never cut mid-letter (the whole one is the
    // widget's tooltip).
    const QRectF titleBox(area.left() + 0.4 * s.unit, top, area.width() - 0.8 * s.unit, L.titleH);
    p.drawText(titleBox, Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(p.font()).elidedText(d.title, Qt::ElideRight, titleBox.width()));
    top += L.titleH;
    p.setFont(s.sized(0.75));
    p.setPen(s.muted);
    for (const QString& line : L.note) {
        p.drawText(
            QRectF(area.left() + 0.4 * s.unit, top, area.width() - 0.8 * s.unit, L.noteLineH),
            Qt::AlignLeft | Qt::AlignVCenter, line);
        top += L.noteLineH;
    }
    if (L.text) {
        paintCentredText(p, L.body, d.empty.isEmpty() ? QStringLiteral("—") : d.empty, 0.9, s);
        return;
    }
    if (!L.fits) {
        paintCentredText(p, L.body, ModelChartText::tr("(too small to draw)"), 0.8, s);
        return;
    }
    const QRectF& plot = L.plot;
    const QFontMetricsF ft(s.sized(0.75));
    const double tick = 0.25 * s.unit;
    const AxisRange ax = xAxisOf(plot, d, s);
    paintAxes(p, plot, ax, L.ay, L.labelW, s);
    p.setFont(s.sized(0.8));
    p.setPen(s.fg);
    p.drawText(QRectF(plot.left(), plot.bottom() + tick + ft.height() + 0.2 * s.unit, plot.width(),
                      1.3 * s.unit),
               Qt::AlignHCenter | Qt::AlignTop, d.xLabel);
    // The y label may run past the plot's ends (not above the body), elided where even that is
    // too short: a cut word is never shown.
    const double yRoom =
        2 * std::min(plot.center().y() - L.body.top(), area.bottom() - plot.center().y());
    paintRotatedText(p, QPointF(area.left() + 0.65 * s.unit, plot.center().y()), yRoom,
                     1.3 * s.unit,
                     QFontMetricsF(p.font()).elidedText(d.yLabel, Qt::ElideRight, yRoom));
    paintCurves(p, plot, d, ax, L.ay, s);
    p.setPen(QPen(s.fg, std::max(1.0, s.unit / 16)));
    p.setBrush(Qt::NoBrush);
    p.drawRect(plot);
    const QRectF legendAt(L.legendArea.left(),
                          L.aside ? plot.top() : plot.bottom() + tick + ft.height() + 1.6 * s.unit,
                          L.legendArea.width(), L.legendH);
    layoutLegend(&p, legendAt, L.legend, s, L.aside);
}

}  // namespace poslab::ui
