// The typeset lines of a figure (issue 13 item 1): the formula under the panels (TeX, display
// style) and the caption (prose with $...$ maths), painted with ui/math so the screen, PNG, SVG
// and PDF show the same typeset maths. Both shrink to fit their room rather than clip.
#pragma once

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>

#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

// The formula centred in a band at the bottom of `body`; returns the height it took (0 when
// `tex` is empty). At most `maxUnits` lines of body size high; narrower figures shrink it.
double paintFormulaLine(QPainter& p, const QRectF& body, const QString& tex,
                        const PaintStyle& style, double maxUnits = 3.2);

// The caption wrapped and centred at the bottom of `body`, at body size or smaller so that it
// takes at most `maxFraction` of the body's height; returns the height it took.
double paintCaptionText(QPainter& p, const QRectF& body, const QString& caption,
                        const PaintStyle& style, double maxFraction = 0.35);

// One line of prose with $maths$ centred in `box` in `font` (its pixel size), smaller when it
// is wider than the box.
void paintTitleLine(QPainter& p, const QRectF& box, const QString& text, const QFont& font,
                    const QColor& color);

}  // namespace poslab::ui
