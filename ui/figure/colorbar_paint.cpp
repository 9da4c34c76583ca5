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

// The labels of a bar, and the power of ten they share ("× 10⁻¹⁴", written once above the
// bar, from its left edge) with `room`, the height kept for it at the top of the bar; empty and 0
// unless shared.
struct BarLabels {
    QVector<BarTick> ticks;
    QString multiplier;
    double room = 0;
};

// The labels of a linear bar `barHeight` tall: ticks, one number format, and the ends far from
// every tick. With `room` > 0, labels written m × 10ⁿ become mantissas of one power of ten,
// written in the top `room` of the bar: the same ticks (chosen for the whole bar, so that both
// ways are compared on one set) on the rest, where they must stay a line apart.
BarLabels linearLabels(const HeatmapData& h, double barHeight, const PaintStyle& s, double room) {
    const QFontMetricsF fm(s.numbers(0.75));
    const int most = std::clamp(static_cast<int>(barHeight / (1.5 * fm.height())) + 1, 2, 9);
    BarLabels out;
    const QVector<double> ticks = ticksAtMost(h.lo, h.hi, most);
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : h.hi - h.lo;
    const double scaleHeight = barHeight - room;
    AxisNumberFormat format(ticks, step, false);
    if (room > 0) {
        const double apart = step / (h.hi - h.lo) * scaleHeight;
        if (ticks.size() < 2 || apart < 1.1 * fm.height() || !format.shareMultiplier())
            return out;  // no multiplier
        out.multiplier = format.multiplier();
        out.room = room;
    }
    for (double v : ticks) out.ticks << BarTick{(v - h.lo) / (h.hi - h.lo), format.text(v)};
    // The ends, where no tick is within a fifth of a step and a label fits beside the nearest.
    const double fits = 1.2 * fm.height() / std::max(1.0, scaleHeight);
    const double scale = std::pow(10.0, format.sharedExponent());
    for (const double end : {0.0, 1.0}) {
        double nearest = 1;
        for (const BarTick& b : out.ticks) nearest = std::min(nearest, std::abs(b.t - end));
        if (nearest * (h.hi - h.lo) > 0.2 * step && nearest > fits)
            out.ticks << BarTick{end, formatNumber((end == 0 ? h.lo : h.hi) / scale, 3)};
    }
    return out;
}

// The label column these need; a multiplier starts over the bar, so it may reach that far left.
double widestLabel(const BarLabels& labels, const QFontMetricsF& fm, const PaintStyle& s) {
    double widest = 0;
    if (!labels.multiplier.isEmpty())
        widest = fm.horizontalAdvance(labels.multiplier) - (kColorbarWidth + 0.375) * s.unit;
    for (const BarTick& b : labels.ticks) widest = std::max(widest, fm.horizontalAdvance(b.text));
    return widest;
}

// The labels of a colour bar `barHeight` device units tall, in one format (number_format.h):
// 4 to 9 of them (matplotlib's density), at least a label and a half apart; an end of a linear
// bar far from every tick is labelled with its value, so the range reads at a glance. Labels
// that would each be written m × 10ⁿ share the power of ten instead where that makes the column
// narrower (a long "−1.5 × 10⁻¹⁴" beside a narrow difference panel); the bar then gives its top
// line to the multiplier. The label column is sized from exactly these (figures
// review D5: sized from coarser ticks than were drawn, the labels were clipped).
BarLabels barLabels(const HeatmapData& h, double barHeight, const PaintStyle& s) {
    const QFontMetricsF fm(s.numbers(0.75));
    const int most = std::clamp(static_cast<int>(barHeight / (1.5 * fm.height())) + 1, 2, 9);
    BarLabels out;
    if (h.logColor) {
        for (int e : logTickExponents(h.lo, h.hi, most))
            out.ticks << BarTick{logColorPosition(std::pow(10.0, e), h.lo, h.hi),
                                 powerOfTenText(e)};
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
            out.ticks << BarTick{(values[i] - static_cast<double>(lo) + 0.5) / count, text[i]};
        return out;
    }
    if (!(h.hi > h.lo)) {
        if (std::isfinite(h.lo)) out.ticks << BarTick{0.5, formatNumber(h.lo)};
        return out;
    }
    const BarLabels full = linearLabels(h, barHeight, s, 0);
    // The multiplier's line: its ink clear of a label centred on the top of the colours.
    const BarLabels shared = linearLabels(h, barHeight, s, 1.25 * fm.height());
    if (!shared.multiplier.isEmpty() && widestLabel(shared, fm, s) < widestLabel(full, fm, s))
        return shared;
    return full;
}

}  // namespace

ColorbarText colorbarText(const HeatmapData& h, double barHeight, const PaintStyle& s) {
    const BarLabels labels = barLabels(h, barHeight, s);
    ColorbarText out{{}, labels.multiplier};
    for (const BarTick& b : labels.ticks) out.labels << b.text;
    return out;
}

// The room beside the bar for its labels: the widest of those barLabels draws.
double colorbarLabelWidth(const HeatmapData& h, double barHeight, const PaintStyle& s) {
    const QFontMetricsF fm(s.numbers(0.75));
    const double widest = widestLabel(barLabels(h, barHeight, s), fm, s);
    const double zero =
        h.logColor ? QFontMetricsF(s.sized(0.75)).horizontalAdvance(zeroLegend()) : 0.0;
    return std::max(widest, zero) + 0.3 * s.unit;
}

void paintColorbar(QPainter& p, const QRectF& whole, const HeatmapData& h, const QString& label,
                   double labelWidth, const PaintStyle& s) {
    const Colormap cmap(h.colormap, s.dark);  // the theme's table
    const QFont tickFont = s.numbers(0.75);
    const QFontMetricsF fm(tickFont);
    p.setFont(tickFont);
    const double tick = 0.25 * s.unit;
    const BarLabels labels = barLabels(h, whole.height(), s);
    // A shared power of ten sits above the label column, where the bar gives up its top.
    const QRectF bar = whole.adjusted(0, labels.room, 0, 0);
    if (!labels.multiplier.isEmpty()) {
        p.setPen(s.fg);
        p.drawText(QRectF(bar.left(), whole.top(),
                          bar.right() + 1.5 * tick + labelWidth - bar.left(), fm.height()),
                   Qt::AlignLeft | Qt::AlignTop, labels.multiplier);
    }
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
        p.fillRect(zero, QColor::fromRgb(zeroColor(s.dark)));
        p.setBrush(Qt::NoBrush);
        p.drawRect(zero);
        // Words ("0 = 精确"): the text font, whose Chinese the numbers' box would cut.
        const QFont words = s.sized(0.75);
        const double wordsH = QFontMetricsF(words).height();
        p.setFont(words);
        p.drawText(QRectF(zero.right() + 0.3 * s.unit, zero.center().y() - wordsH / 2,
                          labelWidth + 2 * tick, wordsH),
                   Qt::AlignLeft | Qt::AlignVCenter, zeroLegend());
        p.setFont(tickFont);
    }
    for (const BarTick& b : labels.ticks) {
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
            p, QPointF(bar.right() + 1.5 * tick + labelWidth + 0.7 * s.unit, whole.center().y()),
            whole.height(), 1.3 * s.unit, label);
    }
}

}  // namespace poslab::ui
