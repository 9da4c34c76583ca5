// How the shared painters (heatmap_paint, lines_paint) draw: colours, the font family and the
// size unit. A figure's unit comes from its height (a 1920 x 1080 slide and a 4K export look
// alike); the explorer's comes from the widget font (presentation mode grows it), so a view on
// screen is drawn by the same code, in the same proportions, as its exported figure.
#pragma once

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>

class QPainter;

namespace poslab::ui {

struct PaintStyle {
    bool dark = false;
    QColor bg, fg, muted, grid, missing, marker;
    QFont font;             // the family for the language; sizes are set per element
    double unit = 24;       // device units per text line of body size
    double pxPerPt = 0;     // device units per point (1/72 in) where the physical size is known
    double oversample = 1;  // heatmap cell image resolution relative to the device (vector: 2);
                            // 0: draw the cell image as it is (the screen)
    QFont sized(double units, bool bold = false) const;
    // The font of numbers (tick and colour-bar labels): sized(units) with DejaVu Sans first. The
    // text font may resolve to Noto Sans CJK SC (Chinese, and the screen's "Sans Serif" on some
    // machines), whose superscripts stop at ³: "10⁻¹⁰" would take ¹ from Noto and ⁻ and ⁰ from
    // DejaVu, two fonts at two heights. Chinese still comes from the families after it.
    QFont numbers(double units) const;
};

// A figure of `height` device units, in the language's font (vector: SVG or PDF). The body size
// is 1/45 of the height, and where `pxPerPt` (device units per point: dpi / 72) is given, at
// least kMinTickPt / 0.75 points, so that tick labels (0.75 of the body) print at kMinTickPt or
// more whatever the physical size (a journal column as a 4K slide).
inline constexpr double kMinTickPt = 6;
PaintStyle makeFigureStyle(bool dark, double height, bool vector, bool chinese, double pxPerPt = 0);
// The explorer: the widget's font (tick labels at its size) and the explorer's colours.
PaintStyle makeScreenStyle(bool dark, const QFont& widgetFont);

// Text in the middle of `area` (a value view, or an error).
void paintCentredText(QPainter& p, const QRectF& area, const QString& text, double units,
                      const PaintStyle& style);
// One line of text in `box` with `flags`, at `units` (bold or not) or, where it is wider than the
// box, smaller down to 0.8 of that, then elided ("…"): never cut at the box's edges.
void paintFittedLine(QPainter& p, const QRectF& box, int flags, const QString& text, double units,
                     bool bold, const PaintStyle& style);
// Text turned a quarter left, centred on `centre` in a width x height box (before turning);
// text longer than the box is elided ("…"), never clipped.
void paintRotatedText(QPainter& p, QPointF centre, double width, double height,
                      const QString& text);

}  // namespace poslab::ui
