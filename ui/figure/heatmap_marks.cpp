#include "ui/figure/heatmap_marks.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace poslab::ui {

namespace {

// The diagonals i − j = ±w (cell centres: index space, where cell r spans [r, r + 1)), clipped to
// the plot, in the pen set.
void paintBandLines(QPainter& p, const QRectF& plot, double w, const QRectF& view) {
    const double cw = plot.width() / view.width(), ch = plot.height() / view.height();
    auto at = [&](double j, double i) {
        return QPointF(plot.left() + (j - view.left()) * cw, plot.top() + (i - view.top()) * ch);
    };
    const double j0 = view.left() - view.height() - std::abs(w) - 1;
    const double j1 = view.right() + view.height() + std::abs(w) + 1;
    p.save();
    p.setClipRect(plot);
    for (double t : {w, -w}) p.drawLine(at(j0, j0 + t), at(j1, j1 + t));
    p.restore();
}

// A row mark: a dotted line across the plot at its row, its label above the line at the right
// (below it near the top); a row past the window: the label alone at that edge, with an arrow.
void paintRowMark(QPainter& p, const QRectF& plot, const AxisMark& m, const PaintStyle& s,
                  const QRectF& view) {
    const double y = plot.top() + (m.index - view.top()) * plot.height() / view.height();
    const bool above = y<plot.top() - 0.5, below = y> plot.bottom() + 0.5;
    p.setFont(s.sized(0.7));
    const QFontMetricsF fm(p.font());
    const QString t = above   ? m.label.text() + QStringLiteral(" ↑")
                      : below ? m.label.text() + QStringLiteral(" ↓")
                              : m.label.text();
    if (!above && !below) {
        p.setPen(QPen(s.marker, std::max(1.5, s.unit / 12), Qt::DotLine));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    }
    const QSizeF size(fm.horizontalAdvance(t) + 0.4 * s.unit, fm.height() + 0.1 * s.unit);
    const double yy = std::clamp(y, plot.top(), plot.bottom());
    double top = yy - size.height() - 0.1 * s.unit;
    if (top < plot.top()) top = yy + 0.1 * s.unit;
    top = std::clamp(top, plot.top(), std::max(plot.top(), plot.bottom() - size.height()));
    const double left = std::max(plot.left(), plot.right() - size.width() - 0.2 * s.unit);
    const QRectF box(QPointF(left, top), size);
    p.fillRect(box, QColor(s.bg.red(), s.bg.green(), s.bg.blue(), 220));
    p.setPen(s.fg);
    p.drawText(box, Qt::AlignCenter, t);
}

}  // namespace

// The axis marks: a dotted line at the row and at the column of each (a mark past the window is
// left out), its label beside the column's line at the top, on the background, kept inside the
// plot (to the left of the line when it does not fit to the right).
void paintMarks(QPainter& p, const QRectF& plot, const HeatmapData& h, const PaintStyle& s,
                const QRectF& view) {
    if (h.marks.isEmpty()) return;
    const double cw = plot.width() / view.width(), ch = plot.height() / view.height();
    const QPen pen(s.marker, std::max(1.5, s.unit / 12), Qt::DotLine);
    p.setFont(s.sized(0.7));
    const QFontMetricsF fm(p.font());
    double labelTop = plot.top() + 0.2 * s.unit;
    for (const AxisMark& m : h.marks) {
        if (m.lines == MarkLines::Row) {
            paintRowMark(p, plot, m, s, view);
            continue;
        }
        const double x = plot.left() + (m.index - view.left()) * cw;
        const double y = plot.top() + (m.index - view.top()) * ch;
        const bool onX = x >= plot.left() - 0.5 && x <= plot.right() + 0.5;
        const bool onY = y >= plot.top() - 0.5 && y <= plot.bottom() + 0.5;
        p.setPen(pen);
        if (m.lines == MarkLines::Band)
            paintBandLines(p, plot, m.index, view);
        else if (onX)
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        if (onY && m.lines == MarkLines::Both)
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        // Past the window: the label alone, at the edge it lies beyond, with an arrow.
        const bool before = x < plot.left() - 0.5;
        const QString t = onX      ? m.label.text()
                          : before ? QStringLiteral("← ") + m.label.text()
                                   : m.label.text() + QStringLiteral(" →");
        const double at = onX ? x : before ? plot.left() : plot.right();
        const QSizeF size(fm.horizontalAdvance(t) + 0.4 * s.unit, fm.height() + 0.1 * s.unit);
        double left = at + 0.2 * s.unit;
        if (left + size.width() > plot.right()) left = at - 0.2 * s.unit - size.width();
        left = std::clamp(left, plot.left(), std::max(plot.left(), plot.right() - size.width()));
        const QRectF box(QPointF(left, labelTop), size);
        p.fillRect(box, QColor(s.bg.red(), s.bg.green(), s.bg.blue(), 220));
        p.setPen(s.fg);
        p.drawText(box, Qt::AlignCenter, t);
        labelTop += size.height() + 0.1 * s.unit;  // marks close together do not overlap
    }
}

}  // namespace poslab::ui
