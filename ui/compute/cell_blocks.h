// Truthful downsampling of heatmaps (issue 12): a matrix larger than the image is drawn in blocks
// of cells, each axis strided on its own, each image pixel the mean of the finite values of its
// block; the hover readout reports a block's index range, min, max and mean; the figure says in
// words how many indices a cell covers.
#pragma once

#include "ui/compute/compute_types.h"

namespace poslab::ui {

// Cells per image pixel along an axis of `cells` cells drawn in at most `side` pixels.
qint64 blockStep(qint64 cells, int side);

// The image of h (size ceil(cols / colStep) x ceil(rows / rowStep)): each pixel the mean of the
// finite values of its block, transparent when it has none (or lies in the blank rows). lo, hi
// and colormap must be set.
void paintBlockMeans(HeatmapData& h);

// The block of image pixel (imageRow, imageCol): its index ranges and min / max / mean. The cells
// are read from the array; when h.exactRange is set (cells that are means themselves), min and
// max come from it.
BlockStats blockStats(const HeatmapData& h, qint64 imageRow, qint64 imageCol);

// How many indices one image pixel covers along an axis (fractional when bands are uneven).
double indicesPerPixel(const CellAxis& map, qint64 cells, qint64 step);

// "each cell: 4 positions × 1 pair" (and in Chinese), or empty when every pixel is one element.
LocalText cellCoverText(const HeatmapData& h);

}  // namespace poslab::ui

namespace poslab::ui {

// The image of h drawn with coarser blocks (rowStep * kRows x colStep * kCols cells per pixel),
// so that an image larger than the device area it covers is reduced by means of the values,
// never by sampling pixels. Cached (a few entries, keyed by the array and the steps): painting
// the same panel again costs nothing.
QImage coarserBlockImage(const HeatmapData& h, qint64 kRows, qint64 kCols);

}  // namespace poslab::ui
