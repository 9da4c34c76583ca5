// The pieces of a figure, painted with a plain QPainter at any resolution: heatmap panels with
// axes and colour bars, line charts with linear or log axes, markers and a legend. Sizes are in
// "units" derived from the figure's height, so a 1920 x 1080 slide and a 4K export look alike.
#pragma once

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QVector>

#include "ui/compute/compute_types.h"

class QPainter;

namespace poslab::ui::detail {

struct FigureStyle {
    bool dark = false;
    QColor bg, fg, muted, grid, missing, marker;
    QFont font;             // the family for the language; sizes are set per element
    double unit = 24;       // device units per text line of body size
    double oversample = 1;  // heatmap cell image resolution relative to the device (vector: 2)
    QFont sized(double units, bool bold = false) const;
};

FigureStyle makeFigureStyle(bool dark, double height, bool vector, bool chinese);

// Panels of heatmaps in a grid over `area`; a single panel's colour bar is labelled with its
// title, or `valueName` when it has none.
void paintHeatmaps(QPainter& p, const QRectF& area, const QVector<HeatmapData>& panels,
                   const FigureStyle& style, const QString& valueName);

// A line chart over `area`.
void paintLines(QPainter& p, const QRectF& area, const LinesData& data, const QString& xLabel,
                const QString& yLabel, const FigureStyle& style);

// Text in the middle of `area` (a value view, or an error).
void paintCentredText(QPainter& p, const QRectF& area, const QString& text, double units,
                      const FigureStyle& style);

}  // namespace poslab::ui::detail
