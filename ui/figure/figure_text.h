// The typeset lines of a figure (issue 13 item 1): the formula under the panels (TeX, display
// style) and the caption (prose with $...$ maths), painted with ui/math so the screen, PNG, SVG
// and PDF show the same typeset maths. Both shrink to fit their room rather than clip.
#pragma once

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

// The formula centred in a band at the bottom of `body`; returns the height it took (0 when
// `tex` is empty). At most `maxUnits` lines of body size high; narrower figures shrink it.
double paintFormulaLine(QPainter& p, const QRectF& body, const QString& tex,
                        const PaintStyle& style, double maxUnits = 3.2);
// The height paintFormulaLine would take, painting nothing.
double formulaLineHeight(const QRectF& body, const QString& tex, const PaintStyle& style,
                         double maxUnits = 3.2);

// The caption wrapped and centred at the bottom of `body`, at body size or smaller so that it
// takes at most `maxFraction` of the body's height; returns the height it took.
double paintCaptionText(QPainter& p, const QRectF& body, const QString& caption,
                        const PaintStyle& style, double maxFraction = 0.35);
// The height paintCaptionText would take, painting nothing.
double captionTextHeight(const QRectF& body, const QString& caption, const PaintStyle& style,
                         double maxFraction = 0.35);

// One line of prose with $maths$ centred in `box` in `font` (its pixel size), smaller when it
// is wider than the box.
void paintTitleLine(QPainter& p, const QRectF& box, const QString& text, const QFont& font,
                    const QColor& color);

// The footer's font: 0.58 of a body line (metadata, quieter than the ticks), and never under
// kMinTickPt points where the physical size is known (a journal column prints it at 6 pt).
QFont footerFont(const PaintStyle& style);

// A footer ("cover · view · name = value, name = value · PosLab") in at most `maxLines` lines of
// `width`, left to right, broken only after its separators (" · ", ", "), so that no
// "base = 500 000" is split. Where it needs more lines, the last parameters give way to "…"
// (the fewest that must); a piece wider than a whole line is elided.
QStringList footerLines(const QString& footer, const QFont& font, double width, int maxLines);

}  // namespace poslab::ui
