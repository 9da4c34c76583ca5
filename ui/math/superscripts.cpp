#include "ui/math/superscripts.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QRegularExpression>

namespace poslab::ui::math {

namespace {

const QString kDejaVu = QStringLiteral("DejaVu Sans");

// A number written with superscripts: the digits (and a point) before them, then the run.
const QRegularExpression& numberWithSuperscripts() {
    static const QRegularExpression re(QStringLiteral("[0-9.]*[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻]+"));
    return re;
}

}  // namespace

QFont numbersFirst(const QFont& font) {
    QFont f = font;
    QStringList families = f.families();
    if (families.isEmpty()) families << f.family();
    if (families.front() == kDejaVu) return f;
    families.removeAll(kDejaVu);
    families.prepend(kDejaVu);
    f.setFamilies(families);
    return f;
}

bool hasSuperscripts(QStringView text) {
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u == 0x00B9 || u == 0x00B2 || u == 0x00B3 || (u >= 0x2070 && u <= 0x207B)) return true;
    }
    return false;
}

QList<TextRun> superscriptRuns(const QString& text) {
    QList<TextRun> runs;
    qsizetype at = 0;
    for (auto it = numberWithSuperscripts().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (m.capturedStart() > at) runs.append({text.mid(at, m.capturedStart() - at), false});
        runs.append({m.captured(), true});
        at = m.capturedEnd();
    }
    if (at < text.size()) runs.append({text.mid(at), false});
    return runs;
}

double lineWidth(const QString& text, const QFont& font) {
    if (!hasSuperscripts(text)) return QFontMetricsF(font).horizontalAdvance(text);
    const QFontMetricsF words(font), numbers(numbersFirst(font));
    double w = 0;
    for (const TextRun& r : superscriptRuns(text))
        w += (r.numbers ? numbers : words).horizontalAdvance(r.text);
    return w;
}

void drawLine(QPainter& p, const QRectF& box, int flags, const QString& text) {
    if (!hasSuperscripts(text)) return p.drawText(box, flags, text);
    const QFont font = p.font();
    if (flags & Qt::TextWordWrap) {
        p.setFont(numbersFirst(font));
        p.drawText(box, flags, text);
        return p.setFont(font);
    }
    // Left to right from where the whole line starts under `flags`; each run on one baseline.
    const double width = lineWidth(text, font);
    double x = box.left();
    if (flags & Qt::AlignHCenter) x = box.center().x() - width / 2;
    if (flags & Qt::AlignRight) x = box.right() - width;
    const QFontMetricsF fm(font);
    double baseline = box.top() + fm.ascent();
    if (flags & Qt::AlignVCenter) baseline = box.center().y() - fm.height() / 2 + fm.ascent();
    if (flags & Qt::AlignBottom) baseline = box.bottom() - fm.descent();
    const QFont numbers = numbersFirst(font);
    for (const TextRun& r : superscriptRuns(text)) {
        p.setFont(r.numbers ? numbers : font);
        p.drawText(QPointF(x, baseline), r.text);
        x += QFontMetricsF(p.font()).horizontalAdvance(r.text);
    }
    p.setFont(font);
}

}  // namespace poslab::ui::math
