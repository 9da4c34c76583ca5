// The grid of a figure's heatmap panels (heatmap_paint.h): its shape, its rows' heights and the
// label columns its panels share.
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/figure/heatmap_paint.h"
#include "ui/figure/panel_title.h"

namespace poslab::ui {

namespace {

// The height a row of the grid needs for its tallest panel, laid out in the grid's rows: the
// row's own height where a panel fills it (or shows an error).
double rowNeed(const HeatmapGrid& g, const QVector<HeatmapData>& panels, const PaintStyle& s,
               const QString& valueName) {
    const double rowHeight = g.block.height() / g.rows;
    double most = 0;
    for (qsizetype i = 0; i < panels.size(); ++i) {
        const HeatmapData& h = panels[i];
        if (!h.error.isEmpty() || h.image.isNull()) return rowHeight;
        const QRectF area = gridPanelArea(g, i, s);
        const HeatmapLayout l =
            heatmapLayout(area, h, s, allCells(h), figurePanelOptions(g, panels, i, valueName));
        most = std::max(most, l.contentBottom - area.top() + 0.4 * s.unit);
    }
    return most;
}

// The widest label columns of the panels laid out on their own in `g`, shared by all; wider
// where a panel, laid out with them, needs more for its own bar.
void shareLabelColumns(HeatmapGrid& g, const QVector<HeatmapData>& panels, const PaintStyle& s,
                       const QString& valueName) {
    g.rowLabelWidth = g.barLabelWidth = -1;
    if (panels.size() < 2) return;
    double rowLabels = 0, barLabels = 0;
    for (int pass = 0; pass < 4; ++pass) {
        for (qsizetype i = 0; i < panels.size(); ++i) {
            if (!panels[i].error.isEmpty() || panels[i].image.isNull()) continue;
            const HeatmapLayout l =
                heatmapLayout(gridPanelArea(g, i, s), panels[i], s, allCells(panels[i]),
                              figurePanelOptions(g, panels, i, valueName));
            rowLabels = std::max(rowLabels, l.rowLabelWidth);
            barLabels = std::max(barLabels, l.barLabelWidth);
        }
        if (rowLabels <= g.rowLabelWidth && barLabels <= g.barLabelWidth) return;
        g.rowLabelWidth = rowLabels;
        g.barLabelWidth = barLabels;
    }
}

}  // namespace

HeatmapGrid heatmapGrid(const QRectF& area, const QVector<HeatmapData>& panels, const PaintStyle& s,
                        const QString& valueName) {
    HeatmapGrid g;
    g.block = area;
    const auto n = static_cast<int>(panels.size());
    if (n == 0) return g;
    // Up to three in a row; more in the columns that give the largest square plot (a wide, low
    // area such as the Training lab's takes its four heads in one row, a slide two rows of four).
    if (n <= 3) {
        g.cols = n;
    } else {
        double best = 0;
        for (int cols = 1; cols <= n; ++cols) {
            const int rows = (n + cols - 1) / cols;
            // A panel's plot: its cell less the colour bar and labels beside it (about a third
            // of its width) and the title and tick labels under and over it (a fifth).
            const double side = std::min(0.65 * area.width() / cols, 0.8 * area.height() / rows);
            if (side > best * 1.02) {  // a clearly larger cell; ties keep fewer columns
                best = side;
                g.cols = cols;
            }
        }
    }
    g.cols = std::clamp(g.cols, 1, n);
    g.rows = (n + g.cols - 1) / g.cols;
    // Titles whole: in two lines where one does not fit a panel's width (the same for all).
    if (n > 1) {
        QStringList titles;
        for (const HeatmapData& h : panels) titles << h.title.text();
        g.titleLines = panelTitleLines(titles, s, gridPanelArea(g, 0, s).width());
    }
    // Square cells may leave the panels shorter than their rows: the rows shrink to what the
    // panels need, checked laid out at that height (the colour bar's labels depend on it).
    shareLabelColumns(g, panels, s, valueName);
    double row = std::min(area.height() / g.rows, rowNeed(g, panels, s, valueName));
    for (int pass = 0; pass < 3 && row < area.height() / g.rows - 0.5; ++pass) {
        HeatmapGrid tight = g;
        tight.block.setHeight(row * g.rows);
        shareLabelColumns(tight, panels, s, valueName);
        const double need = rowNeed(tight, panels, s, valueName);
        if (need <= row + 0.5) return tight;
        row = need;
    }
    return g;
}

QVector<QRectF> heatmapGridPlots(const HeatmapGrid& grid, const QVector<HeatmapData>& panels,
                                 const PaintStyle& s, const QString& valueName, bool covers) {
    QVector<QRectF> plots;
    for (qsizetype i = 0; i < panels.size(); ++i) {
        HeatmapPanelOptions o = figurePanelOptions(grid, panels, i, valueName);
        o.cover = covers;
        plots
            << heatmapLayout(gridPanelArea(grid, i, s), panels[i], s, allCells(panels[i]), o).plot;
    }
    return plots;
}

void paintHeatmaps(QPainter& p, const HeatmapGrid& grid, const QVector<HeatmapData>& panels,
                   const PaintStyle& s, const QString& valueName, bool covers) {
    for (qsizetype i = 0; i < panels.size(); ++i) {
        HeatmapPanelOptions o = figurePanelOptions(grid, panels, i, valueName);
        o.cover = covers;
        paintHeatmapPanel(p, gridPanelArea(grid, i, s), panels[i], s, allCells(panels[i]),
                          QPoint(-1, -1), o);
    }
}

}  // namespace poslab::ui
