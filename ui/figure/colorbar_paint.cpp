#include "ui/figure/colorbar_paint.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/figure/colormap.h"
#include "ui/figure/log_scale.h"
#include "ui/figure/number_format.h"
#include "ui/figure/ticks.h"

namespace poslab::ui {

namespace {

// The legend of the exact zeros of a log colour scale, beside their swatch under the bar.
QString zeroLegend() {
    return QCoreApplication::translate("poslab::ui::HeatmapPaint", "0 = exact");
}

// A colour-bar label: where it sits (0 at the bottom of the bar, 1 at the top) and its text.
struct BarTick {
    double t = 0;
    QString text;
};

// The labels of a colour bar `barHeight` device units tall, in one format (number_format.h):
// 4 to 9 of them (matplotlib's density), at least a label and a half apart; an end of a linear
// bar far from every tick is labelled with its value, so the range reads at a glance. The label
// column is sized from exactly these (figures review D5: sized from coarser ticks than were
// drawn, the labels were clipped).
QVector<BarTick> barTicks(const HeatmapData& h, double barHeight, const PaintStyle& s) {
    const QFontMetricsF fm(s.sized(0.75));
    const int most = std::clamp(static_cast<int>(barHeight / (1.5 * fm.height())) + 1, 2, 9);
    QVector<BarTick> out;
    if (h.logColor) {
        for (int e : logTickExponents(h.lo, h.hi, most))
            out << BarTick{logColorPosition(std::pow(10.0, e), h.lo, h.hi), powerOfTenText(e)};
        return out;
    }
    if (h.colormap == ColormapKind::Ordinal) {  // integer ticks on the levels' centres
        const auto lo = static_cast<qint64>(std::llround(h.lo));
        const auto hi = static_cast<qint64>(std::llround(h.hi));
        const double count = static_cast<double>(std::max<qint64>(1, hi - lo + 1));
        QVector<double> values;
        for (qint64 v : indexTicksAtMost(lo, hi, most)) values << static_cast<double>(v);
        const double step = values.size() > 1 ? values[1] - values[0] : 1;
        const QStringList text = formatTicks(values, step);
        for (int i = 0; i < values.size(); ++i)
            out << BarTick{(values[i] - static_cast<double>(lo) + 0.5) / count, text[i]};
        return out;
    }
    if (!(h.hi > h.lo)) {
        if (std::isfinite(h.lo)) out << BarTick{0.5, formatNumber(h.lo)};
        return out;
    }
    const QVector<double> ticks = ticksAtMost(h.lo, h.hi, most);
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : h.hi - h.lo;
    const QStringList text = formatTicks(ticks, step);
    for (int i = 0; i < ticks.size(); ++i)
        out << BarTick{(ticks[i] - h.lo) / (h.hi - h.lo), text[i]};
    // The ends, where no tick is within a fifth of a step and a label fits beside the nearest.
    const double room = 1.2 * fm.height() / std::max(1.0, barHeight);
    for (const double end : {0.0, 1.0}) {
        double nearest = 1;
        for (const BarTick& b : out) nearest = std::min(nearest, std::abs(b.t - end));
        if (nearest * (h.hi - h.lo) > 0.2 * step && nearest > room)
            out << BarTick{end, formatNumber(end == 0 ? h.lo : h.hi, 3)};
    }
    return out;
}

}  // namespace

// The room beside the bar for its labels: the widest of those barTicks draws.
double colorbarLabelWidth(const HeatmapData& h, double barHeight, const PaintStyle& s) {
    const QFontMetricsF fm(s.sized(0.75));
    double widest = h.logColor ? fm.horizontalAdvance(zeroLegend()) : 0.0;
    for (const BarTick& b : barTicks(h, barHeight, s))
        widest = std::max(widest, fm.horizontalAdvance(b.text));
    return widest + 0.3 * s.unit;
}

void paintColorbar(QPainter& p, const QRectF& bar, const HeatmapData& h, const QString& label,
                   double labelWidth, const PaintStyle& s) {
    const Colormap cmap(h.colormap);
    const QFont tickFont = s.sized(0.75);
    const QFontMetricsF fm(tickFont);
    p.setFont(tickFont);
    const double tick = 0.25 * s.unit;
    if (h.colormap == ColormapKind::Ordinal) {  // one swatch per level
        const auto lo = static_cast<qint64>(std::llround(h.lo));
        const auto hi = static_cast<qint64>(std::llround(h.hi));
        const qint64 count = std::max<qint64>(1, hi - lo + 1);
        const double step = bar.height() / static_cast<double>(count);
        for (qint64 k = 0; k < count; ++k)
            p.fillRect(QRectF(bar.x(), bar.bottom() - (k + 1) * step, bar.width(), step),
                       QColor::fromRgb(cmap.level(k, count)));
    } else {
        // 256 colours drawn as a strip of rectangles (crisp and exact in vector output).
        const auto& table = cmap.table();
        const double step = bar.height() / static_cast<double>(table.size());
        for (int i = 0; i < table.size(); ++i)
            p.fillRect(QRectF(bar.x(), bar.bottom() - (i + 1) * step, bar.width(), step + 0.6),
                       QColor::fromRgb(table[i]));
    }
    p.setPen(QPen(s.fg, std::max(1.0, s.unit / 16)));
    if (h.logColor) {
        const QRectF zero(bar.x(), bar.bottom() + 0.45 * s.unit, bar.width(), 0.6 * s.unit);
        p.fillRect(zero, QColor::fromRgb(zeroColor()));
        p.setBrush(Qt::NoBrush);
        p.drawRect(zero);
        p.drawText(QRectF(zero.right() + 0.3 * s.unit, zero.center().y() - fm.height() / 2,
                          labelWidth + 2 * tick, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, zeroLegend());
    }
    for (const BarTick& b : barTicks(h, bar.height(), s)) {
        const double y = bar.bottom() - b.t * bar.height();
        if (h.colormap != ColormapKind::Ordinal)
            p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + tick, y));
        p.drawText(QRectF(bar.right() + 1.5 * tick, y - fm.height() / 2, labelWidth, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, b.text);
    }
    p.setPen(QPen(s.fg, std::max(1.0, s.unit / 16)));
    p.setBrush(Qt::NoBrush);
    p.drawRect(bar);
    if (!label.isEmpty()) {
        p.setFont(s.sized(0.8));
        paintRotatedText(
            p, QPointF(bar.right() + 1.5 * tick + labelWidth + 0.7 * s.unit, bar.center().y()),
            bar.height(), 1.3 * s.unit, label);
    }
}

}  // namespace poslab::ui
