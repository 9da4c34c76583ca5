// The colour bar of a heatmap panel (heatmap_paint): the strip of colours (continuous, log with
// its swatch for exact zeros, or categorical), its labels in one number format (number_format.h;
// 4 to 9 of them, and the ends of a linear bar where no tick is near) and its name turned beside
// them. The label column is sized from exactly the labels drawn for the bar's height.
#pragma once

#include <QRectF>
#include <QString>

#include "ui/compute/compute_types.h"
#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

// The room beside a bar `barHeight` device units tall for the labels paintColorbar draws.
double colorbarLabelWidth(const HeatmapData& h, double barHeight, const PaintStyle& s);

// The bar in `bar`, its labels in a column `labelWidth` wide right of it, and `label` (if any)
// turned beside them.
void paintColorbar(QPainter& p, const QRectF& bar, const HeatmapData& h, const QString& label,
                   double labelWidth, const PaintStyle& s);

}  // namespace poslab::ui
