// The marks of a heatmap's position axes (compute_types.h AxisMark): a model's positions on both
// axes, a parameter's row (fire's threshold L) or its band of diagonals (rerope's window w), in
// the figure's marker colour, dotted, labelled inside the plot.
#pragma once

#include <QPainter>
#include <QRectF>

#include "ui/compute/compute_types.h"
#include "ui/figure/paint_style.h"

namespace poslab::ui {

// The marks of h over the plot, which shows `view` (index space: cell r spans [r, r + 1)).
void paintMarks(QPainter& p, const QRectF& plot, const HeatmapData& h, const PaintStyle& s,
                const QRectF& view);

}  // namespace poslab::ui
