// The figure's line painter: a line chart with linear or log axes from niceAxis, markers, the
// largest value and a legend, in a PaintStyle. The explorer draws the same data with Qt Charts
// (ChartWidget), whose axes come from the same niceAxis and whose colours from curveColor.
#pragma once

#include <QColor>
#include <QRectF>
#include <QString>

#include "ui/compute/compute_types.h"
#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

// The colour of curve `index` (a ten-colour cycle), on screen and in figures.
QColor curveColor(int index);

// A line chart over `area`; empty labels fall back to the data's axis names.
void paintLines(QPainter& p, const QRectF& area, const LinesData& data, const QString& xLabel,
                const QString& yLabel, const PaintStyle& style);

}  // namespace poslab::ui
