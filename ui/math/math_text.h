// Mixed prose and maths for captions, explanation text and figure formula lines:
// "the score is $g(x) = 2\sum_j \cos(x\theta_j)$ at distance $x$". Prose is drawn in the UI font
// (so Chinese prose works; a number with superscripts, "10⁻¹⁰", in the font of numbers, see
// superscripts.h), each $...$ as a MathFormula (inline style) at the prose's pixel size;
// $$...$$ is a formula in display style. "\$" is a literal dollar sign. Lines wrap at the break
// opportunities of the prose (Unicode line breaking, so between CJK characters too); a formula
// is never broken.
#pragma once

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QSizeF>
#include <QString>
#include <QStringView>
#include <memory>
#include <vector>

#include "ui/math/math_formula.h"

class QPainter;

namespace poslab::ui::math {

class MathText {
public:
    MathText();
    explicit MathText(const QString& text);

    QString source() const { return source_; }
    // False when a $...$ is unclosed or a formula does not parse; error() names the formula and
    // the position in `text` (the invalid part is still painted, as its source text).
    bool isValid() const { return error_.isEmpty(); }
    QString error() const { return error_; }
    int formulaCount() const;

    // The prose font (family, weight, style); its size is ignored: every size here is a pixel
    // size passed in. Default QFont().
    void setFont(const QFont& font);
    QFont font() const { return font_; }

    // The size of the text at `pixelSize`, wrapped to `maxWidth` (<= 0: one line).
    QSizeF size(double pixelSize, double maxWidth = 0) const;
    // The first line's baseline below the top (to align with other text).
    double firstBaseline(double pixelSize, double maxWidth = 0) const;
    // Paints with the top-left corner at `topLeft`, each line aligned in `maxWidth` by
    // `alignment` (Qt::AlignLeft, Qt::AlignHCenter, Qt::AlignRight).
    void paint(QPainter& painter, QPointF topLeft, double pixelSize, double maxWidth,
               const QColor& color, Qt::Alignment alignment = Qt::AlignLeft) const;

private:
    struct Piece {
        QString prose;         // a prose unit (ends at a break opportunity), or
        int formula = -1;      // an index into formulas_
        bool space = false;    // the prose unit is only white space
        bool numbers = false;  // a number with superscripts, in numbersFirst(font) (superscripts.h)
        bool glued = false;    // the rest of the unit before it: no line break between them
    };
    struct Line;
    QString source_;
    QString error_;
    QFont font_;
    std::vector<Piece> pieces_;
    std::vector<MathFormula> formulas_;

    std::vector<Line> layout(double pixelSize, double maxWidth) const;
};

// True when `text` holds TeX source outside $...$ — any of `_{`, `^{`, `^(`, `\frac`, `sqrt(` —
// i.e. maths written as raw text (the bar test runs it on every SVG's text).
bool hasRawTex(QStringView text);

// The text for places that cannot typeset (tooltips, search): prose as it is, each $...$ with
// its symbols as characters and its grouping dropped ("$\theta_j = \mathrm{base}^{-t}$" gives
// "θ_j = base^−t").
QString plainOf(QStringView text);

}  // namespace poslab::ui::math
