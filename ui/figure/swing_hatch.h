// Cells that hide a swing (gui-review-2 #5a): a level-of-detail heatmap draws the mean of each
// cell, and where the values inside a cell swing across more than half the colour range (a pair
// that turns many times inside the cell: its mean is near 0 while cos runs from −1 to 1) the
// mean misleads. Those cells are hatched on the figure itself (dark lines on a light halo,
// readable in grey scale, on a projector and in print), and one line under the figure says what
// the hatching means. Whether a block swings comes from HeatmapData::swings (exact extremes).
#pragma once

#include <QRectF>
#include <QVector>

#include "ui/compute/compute_types.h"
#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

// Whether any cell of h (each of its own cells, one block per cell) swings.
bool anyCellSwings(const HeatmapData& h);

// The line that explains the hatching, naming what is drawn (`quantity`, e.g. "cos(m·θⱼ)";
// empty: "the value").
LocalText swingNote(const LocalText& quantity);

// Per block of `drawn` (its rowStep x colStep cells, row-major, as its image pixels): whether the
// block swings. Cached (a few entries): painting the panel again costs nothing.
QVector<bool> swingMask(const HeatmapData& drawn);

// Hatches the blocks of `drawn` that swing, within the view window `view` of `plot`.
void paintSwingHatch(QPainter& p, const QRectF& plot, const HeatmapData& drawn,
                     const PaintStyle& style, const QRectF& view);

}  // namespace poslab::ui
