// The colour bar of a heatmap panel (heatmap_paint): the strip of colours (continuous, log with
// its swatch for exact zeros, or categorical), its labels in one number format (number_format.h;
// 4 to 9 of them, and the ends of a linear bar where no tick is near) and its name turned beside
// them. Labels that would each read m × 10ⁿ share one power of ten where that narrows the column:
// mantissas on the ticks and "× 10ⁿ" once above them (matplotlib's offset text). The label column
// is sized from exactly the labels drawn for the bar's height.
#pragma once

#include <QRectF>
#include <QString>
#include <QStringList>

#include "ui/compute/compute_types.h"
#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

// The width of a colour bar in body lines (PaintStyle::unit): heatmap_paint lays it out so, and
// a shared multiplier starting over the bar may use it.
inline constexpr double kColorbarWidth = 0.8;

// What paintColorbar writes beside a bar `barHeight` device units tall: its labels (the ticks',
// then any end's) and the power of ten they share, "× 10⁻¹⁴" (empty when each is written whole).
struct ColorbarText {
    QStringList labels;
    QString multiplier;
};
ColorbarText colorbarText(const HeatmapData& h, double barHeight, const PaintStyle& s);

// The room beside a bar `barHeight` device units tall for the labels paintColorbar draws.
double colorbarLabelWidth(const HeatmapData& h, double barHeight, const PaintStyle& s);

// The bar in `bar`, its labels in a column `labelWidth` wide right of it, and `label` (if any)
// turned beside them. A shared multiplier takes the top of `bar` (the colours start below it).
void paintColorbar(QPainter& p, const QRectF& bar, const HeatmapData& h, const QString& label,
                   double labelWidth, const PaintStyle& s);

}  // namespace poslab::ui
