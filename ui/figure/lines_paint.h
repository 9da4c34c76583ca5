// The line painter of figures and of the explorer (ChartWidget): a line chart with linear or log
// axes from niceAxis, markers, the largest value and a legend, in a PaintStyle. One layout
// (layoutLines) serves the painting and the widget's hover and zoom.
#pragma once

#include <QColor>
#include <QRectF>
#include <QString>

#include "ui/compute/compute_types.h"
#include "ui/figure/axis.h"
#include "ui/figure/colormap.h"
#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

// The colour of a curve: curveColor(index, dark) (colormap.h).
// The colour index of a lesson step's ghost (the previous step's curves): curveColor's grey.
inline constexpr int kGhostColor = 9;

struct LinesOptions {
    bool axisTitles = true;  // off: a small chart keeps its plot (the hover names the axes)
    bool legend = true;      // off: no legend box (a chart too short for one)
};

// Where a chart over `area` draws: the plot rectangle and both axes (empty when no point can be
// shown).
struct LinesLayout {
    QRectF plot;
    AxisRange ax, ay;
    double labelW = 0;  // the widest y tick label
    bool empty = true;
};
LinesLayout layoutLines(const QRectF& area, const LinesData& data, const PaintStyle& style,
                        const LinesOptions& options = {});

// A line chart over `area`; empty labels fall back to the data's axis names.
void paintLines(QPainter& p, const QRectF& area, const LinesData& data, const QString& xLabel,
                const QString& yLabel, const PaintStyle& style, const LinesOptions& options = {});

}  // namespace poslab::ui
