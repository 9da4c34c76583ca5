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

// A formula in print is never set under this many points (a journal column): where one line
// would be smaller, it is set in two or more, cut at its top-level spaces (\quad, \qquad).
inline constexpr double kMinFormulaPt = 6;

// How a formula is set in a body `width` wide: its lines (TeX, top to bottom, one size), that
// size in pixels and the band's height (0 and no lines for an empty formula).
struct FormulaLayout {
    QStringList lines;
    double pixels = 0, height = 0;
};
FormulaLayout layOutFormula(const QString& tex, double width, const PaintStyle& style,
                            double maxUnits = 3.2);

// The formula centred in a band at the bottom of `body`; returns the height it took (0 when
// `tex` is empty). At most `maxUnits` lines of body size high; narrower figures shrink it, down
// to kMinFormulaPt in print, then it takes more lines (layOutFormula).
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

// A figure's title from the encoding's name and the view's title, with the part they share said
// once (case aside): the name alone where the view's title is the name or a phrase of it ("P H
// Pᵀ" of "Bilinear similarity P H Pᵀ"); the view's title alone where it starts with the name
// ("Learned table" of "Learned"), or with most of it (可学习位置表 of 可学习位置编码); one phrase
// where the name ends as the view's title begins
// ("… P H Pᵀ" and "P H Pᵀ: relative part" make "… P H Pᵀ: relative part"); otherwise
// "name — view title". Phrases end at word boundaries (any CJK character is one).
QString composeTitle(const QString& encodingName, const QString& viewTitle);
// Whether `part` is a phrase of `whole` (case aside, between word boundaries, two letters or
// more).
bool holdsPhrase(const QString& whole, const QString& part);

// A title in one line or two: at `font`, or down to 0.8 of its size, on one line; where that is
// too wide, in two lines, broken at " — " (the encoding's name above the view's title) where
// both halves fit, else at the word boundary (any CJK character is one) that leaves the longer
// line shortest; elided only where even two lines at 0.8 of the size do not fit.
struct TitleLayout {
    QStringList lines;
    QFont font;
    double lineStep = 0;  // the distance between the lines' centres
};
TitleLayout fitTitle(const QString& title, const QFont& font, double width);
// The lines centred in `box` (as high as they need: lines * lineStep, or more), top to bottom.
void paintTitleLayout(QPainter& p, const QRectF& box, const TitleLayout& title);

// The footer's font: 0.58 of a body line (metadata, quieter than the ticks), and never under
// kMinTickPt points where the physical size is known (a journal column prints it at 6 pt).
QFont footerFont(const PaintStyle& style);

// A footer ("cover · view · name = value, name = value · PosLab") in at most `maxLines` lines of
// `width`, left to right, broken only after its separators (" · ", ", "), so that no
// "base = 500 000" is split. Where it needs more lines, the last parameters give way to "…"
// (the fewest that must); a piece wider than a whole line is elided.
QStringList footerLines(const QString& footer, const QFont& font, double width, int maxLines);

}  // namespace poslab::ui
