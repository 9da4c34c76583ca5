// The one heatmap painter: crisp cells, row-block lines, the blank band of rows without data,
// index ticks on cell centres, axis names and the colour bar (continuous or categorical). The
// explorer's HeatmapWidget calls it with a screen style and its zoom window; figures call it with
// a figure style and the whole matrix. Plain QPainter, so it also runs off the GUI thread.
#pragma once

#include <QPoint>
#include <QRectF>
#include <QString>
#include <QVector>

#include "ui/compute/compute_types.h"
#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

struct HeatmapPanelOptions {
    bool title = true;       // the panel's title above it
    bool axisTitles = true;  // axis names (a small panel leaves them to the hover readout)
    QString barLabel;        // the colour bar's name, turned beside its labels; or none
    QString pendingText;     // shown while there is no image and no error
};

struct HeatmapLayout {
    QRectF plot;  // the cells of the view window
    QRectF bar;   // the colour bar
    double rowLabelWidth = 0, barLabelWidth = 0;
};

// View windows are in the axes' index coordinates (positions, pairs; see CellAxis): index x
// spans [x, x + 1). For a matrix of one index per cell these are the cells.
// The whole axes as a view window (x: columns, y: rows): the zoom-out limit.
QRectF allCells(const HeatmapData& data);
// The indices the data's cells cover (a windowed view's data covers its window).
QRectF dataCells(const HeatmapData& data);
// An index point in fractional cells of the array (x: column, y: row).
QPointF cellCoordinates(const HeatmapData& data, QPointF index);

// How many times coarser than the data's blocks the cells are drawn in a plot of `device`
// pixels showing `viewCells` (rows, columns): an image larger than the plot is reduced by the
// mean of the values, never by sampling its pixels.
std::pair<qint64, qint64> drawnBlockFactors(QSizeF device, const HeatmapData& data,
                                            const QRectF& viewCells);

// Where paintHeatmapPanel puts the plot and the colour bar in `area` (for hit tests).
HeatmapLayout heatmapLayout(const QRectF& area, const HeatmapData& data, const PaintStyle& style,
                            const QRectF& viewCells, const HeatmapPanelOptions& options);

// One panel: the indices of `viewCells` (a zoom window, or allCells), with the block of image
// pixel holding cell `hoverCell` (x: column, y: row; (-1, -1) for none) outlined.
void paintHeatmapPanel(QPainter& p, const QRectF& area, const HeatmapData& data,
                       const PaintStyle& style, const QRectF& viewCells, QPoint hoverCell,
                       const HeatmapPanelOptions& options);

// A figure's panels in a grid over `area`; a single panel's colour bar is labelled with its
// title, or `valueName` when it has none. `cover` (optional): what a drawn cell of the first
// panel covers, in words (empty when each is one element).
void paintHeatmaps(QPainter& p, const QRectF& area, const QVector<HeatmapData>& panels,
                   const PaintStyle& style, const QString& valueName, LocalText* cover = nullptr);

}  // namespace poslab::ui
