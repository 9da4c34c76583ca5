// The one heatmap painter: crisp cells, row-block lines, the blank band of rows without data,
// index ticks on cell centres, axis names and the colour bar (continuous or categorical). The
// explorer's HeatmapWidget calls it with a screen style and its zoom window; figures call it with
// a figure style and the whole matrix. Plain QPainter, so it also runs off the GUI thread.
#pragma once

#include <QPoint>
#include <QRectF>
#include <QString>
#include <QStringList>
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
    bool cover = true;       // what a drawn cell covers, over the plot (figures may say it below)
    // Label columns of these widths where >= 0 (a figure's panels share the widest of theirs,
    // so that their plots are of one size); the colour bar's grows where its labels need more.
    double rowLabelWidth = -1, barLabelWidth = -1;
    int titleLines = 1;  // the title in this many lines, whole (panel_title.h)
};

struct HeatmapLayout {
    QRectF plot;  // the cells of the view window
    QRectF bar;   // the colour bar
    double rowLabelWidth = 0, barLabelWidth = 0;
    double contentBottom = 0;  // the bottom of the column labels and the column axis's name
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

// How a figure arranges its panels: `cols` x `rows` cells over `block`. Up to three panels
// sit in one row, more in the grid that suits the area's shape.
struct HeatmapGrid {
    int cols = 1, rows = 1;
    QRectF block;
    double rowLabelWidth = -1, barLabelWidth = -1;  // the panels' shared label columns
    int titleLines = 1;                             // the panels' titles' lines (shared)
};

// Panel i of a figure's grid: its options (titled where there are several, sharing the grid's
// label columns) and its area (its cell less a small margin).
HeatmapPanelOptions figurePanelOptions(const HeatmapGrid& grid, const QVector<HeatmapData>& panels,
                                       qsizetype i, const QString& valueName);
QRectF gridPanelArea(const HeatmapGrid& grid, qsizetype i, const PaintStyle& style);

// The grid of `panels` in `area`. Its block is the whole area, or, where square cells leave the
// panels shorter than their share of it (three square panels across a slide), a band at the
// area's top as high as the panels' titles, plots and axis labels need: the caller places it
// (figures centre it between the title and the footer, with the formula right under it). All
// panels get the widest row-label and colour-bar label columns of any, so that panels of one
// shape have plots of one size whatever their numbers ("0.889" beside "8.28 × 10⁻⁸").
HeatmapGrid heatmapGrid(const QRectF& area, const QVector<HeatmapData>& panels,
                        const PaintStyle& style, const QString& valueName);

// The plot of each panel in `grid` as paintHeatmaps draws it (with `covers` as there).
QVector<QRectF> heatmapGridPlots(const HeatmapGrid& grid, const QVector<HeatmapData>& panels,
                                 const PaintStyle& style, const QString& valueName, bool covers);

// What a drawn cell of the panels in `grid` covers, where a cell is more than one element
// ("each cell: 12 positions × 1 dimension"), once each, with the panels laid out with those
// words over their plots or without; and whether each fits whole over its plot. Where one does
// not (narrow panels), figures say them in the footer instead.
struct HeatmapCovers {
    QStringList texts;
    bool fit = true;
};
HeatmapCovers heatmapCovers(QPainter& p, const HeatmapGrid& grid,
                            const QVector<HeatmapData>& panels, const PaintStyle& style,
                            const QString& valueName, bool overPlots);

// A figure's panels in `grid`; a single panel's colour bar is labelled with its title, or
// `valueName` when it has none. With `covers`, each panel says over its plot what a drawn cell
// covers (without, the caller says it: heatmapCovers).
void paintHeatmaps(QPainter& p, const HeatmapGrid& grid, const QVector<HeatmapData>& panels,
                   const PaintStyle& style, const QString& valueName, bool covers = true);

}  // namespace poslab::ui
