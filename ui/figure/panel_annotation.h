// A heatmap panel's own words over its cells (HeatmapData::annotation): "≡ 0" on a constant
// panel, "A = B up to 2.2 × 10⁻¹⁶" on a difference at rounding level. Drawn by the shared panel
// painter, so the explorer and every exported figure show them alike.
#pragma once

#include <QRectF>

#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

struct HeatmapData;

// In a box of the background colour in the middle of `plot`, wrapped to its width in the largest
// size (0.9 to 0.75 of the body, the tick size) that fits in the plot, measured on the painter's
// device; the short words (annotationShort) when the full ones do not fit. Nothing when the panel
// has no annotation or the plot is too small for any words (they would hide it).
void paintAnnotation(QPainter& p, const QRectF& plot, const HeatmapData& h, const PaintStyle& s);

}  // namespace poslab::ui
