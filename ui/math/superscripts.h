// Superscript digits in one font (issue 25 item 8). Noto Sans CJK SC, the text font for Chinese
// (and the screen's "Sans Serif" on some machines), has ¹²³ but not ⁰ ⁴–⁹ ⁺ ⁻: in its text
// "10⁻¹⁰" took ¹ from Noto and ⁻ ⁰ from the fallback, two fonts at two heights ("10⁻¹₀"). Text
// that holds such a number draws it (the digits before the superscripts with it) in the font of
// numbers, DejaVu Sans first, as tick labels do (PaintStyle::numbers); the words around it keep
// the text font.
#pragma once

#include <QFont>
#include <QList>
#include <QRectF>
#include <QString>
#include <QStringView>

class QPainter;

namespace poslab::ui::math {

// `font` with DejaVu Sans first (every superscript digit and the minus), then its own families.
QFont numbersFirst(const QFont& font);

// Whether `text` holds a superscript digit, plus or minus.
bool hasSuperscripts(QStringView text);

// `text` cut into runs, in order: those holding superscripts ("10⁻¹⁰", "2⁸") marked `numbers`.
struct TextRun {
    QString text;
    bool numbers = false;
};
QList<TextRun> superscriptRuns(const QString& text);

// The width of one line of `text` drawn as drawLine draws it.
double lineWidth(const QString& text, const QFont& font);

// One line of `text` in `box` as QPainter::drawText(box, flags, text) in the painter's font, each
// run holding superscripts in numbersFirst(font). Text without superscripts, or `flags` with
// Qt::TextWordWrap, is drawn by drawText itself (wrapped text then takes numbersFirst whole).
void drawLine(QPainter& p, const QRectF& box, int flags, const QString& text);

}  // namespace poslab::ui::math
