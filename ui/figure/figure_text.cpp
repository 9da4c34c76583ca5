#include "ui/figure/figure_text.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/math/math_formula.h"
#include "ui/math/math_text.h"

namespace poslab::ui {

namespace {

// A piece of a footer and the separator written after it (none after the last).
struct FooterPiece {
    QString text, separator;
    bool parameter = false;  // "name = value": may give way to "…"
};

const QString kSection = QStringLiteral(" · ");
const QString kComma = QStringLiteral(", ");

QVector<FooterPiece> footerPieces(const QString& footer) {
    QVector<FooterPiece> out;
    const QStringList sections = footer.split(kSection);
    for (int i = 0; i < sections.size(); ++i) {
        const bool parameters = sections[i].contains(QStringLiteral(" = "));
        const QStringList items = parameters ? sections[i].split(kComma) : QStringList{sections[i]};
        for (int k = 0; k < items.size(); ++k)
            out << FooterPiece{items[k], k + 1 < items.size() ? kComma : kSection, parameters};
    }
    if (!out.isEmpty()) out.back().separator.clear();
    return out;
}

// The pieces filled greedily into lines of `width`.
QStringList fillLines(const QVector<FooterPiece>& pieces, const QFontMetricsF& fm, double width) {
    QStringList lines;
    QString line;
    for (const FooterPiece& piece : pieces) {
        const double room = width - fm.horizontalAdvance(piece.separator.trimmed());
        const QString text = fm.horizontalAdvance(piece.text) > room
                                 ? fm.elidedText(piece.text, Qt::ElideRight, room)
                                 : piece.text;
        // Measured as drawn: with the comma or dot that would end the line.
        if (!line.isEmpty() &&
            fm.horizontalAdvance((line + text + piece.separator).trimmed()) > width) {
            lines << line.trimmed();
            line.clear();
        }
        line += text + piece.separator;
    }
    if (!line.trimmed().isEmpty()) lines << line.trimmed();
    return lines;
}

}  // namespace

QFont footerFont(const PaintStyle& style) {
    QFont f = style.sized(0.58);
    if (style.pxPerPt > 0)
        f.setPixelSize(std::max(f.pixelSize(),
                                static_cast<int>(std::ceil(kMinTickPt * style.pxPerPt - 1e-6))));
    return f;
}

QStringList footerLines(const QString& footer, const QFont& font, double width, int maxLines) {
    const QFontMetricsF fm(font);
    const QVector<FooterPiece> pieces = footerPieces(footer);
    QStringList lines = fillLines(pieces, fm, width);
    if (lines.size() <= maxLines) return lines;
    // The last k parameters give way to "…", for the smallest k that fits.
    QVector<qsizetype> parameters;
    for (qsizetype i = 0; i < pieces.size(); ++i)
        if (pieces[i].parameter) parameters << i;
    for (qsizetype k = 1; k <= parameters.size(); ++k) {
        QVector<FooterPiece> fewer = pieces;
        const qsizetype first = parameters[parameters.size() - k];
        const QString separator = fewer[parameters.back()].separator;
        for (qsizetype j = parameters.size() - 1; j >= parameters.size() - k; --j)
            fewer.remove(parameters[j]);
        fewer.insert(first, FooterPiece{QStringLiteral("…"), separator, false});
        lines = fillLines(fewer, fm, width);
        if (lines.size() <= maxLines) return lines;
    }
    // Still too long (few parameters, long other pieces): the last line that fits, elided.
    const QStringList rest = lines.mid(maxLines - 1);
    lines = lines.mid(0, std::max(0, maxLines - 1));
    lines << fm.elidedText(rest.join(QLatin1Char(' ')) + QStringLiteral(" …"), Qt::ElideRight,
                           width);
    return lines;
}

namespace {

// The formula's size in a body `width` wide: 1.05 body lines per em, shrunk while it is wider
// than the body or taller than its band.
double formulaPixels(const math::MathFormula& f, double width, const PaintStyle& style,
                     double maxUnits) {
    const double u = style.unit;
    double px = 1.05 * u;
    for (int i = 0; i < 12; ++i) {
        const QSizeF s = f.size(px);
        if (s.width() <= width && s.height() <= maxUnits * u) break;
        px *= std::min(width / std::max(s.width(), 1.0), maxUnits * u / std::max(s.height(), 1.0)) *
              0.98;
    }
    return px;
}

math::MathFormula displayFormula(const QString& tex, const PaintStyle& style) {
    math::MathFormula f(tex, math::MathMode::Display);
    f.setTextFont(style.font);
    return f;
}

// The caption's pixel size and size at the bottom of `body`.
std::pair<double, QSizeF> captionFit(const math::MathText& text, const QRectF& body,
                                     const PaintStyle& style, double maxFraction) {
    const double u = style.unit;
    const double width = body.width() - 2 * u;
    const double room = body.height() * maxFraction;
    double px = 1.0 * u;
    QSizeF s = text.size(px, width);
    for (int i = 0; i < 20 && s.height() > room && px > 0.5 * u; ++i) {
        px *= 0.95;
        s = text.size(px, width);
    }
    return {px, s};
}

}  // namespace

double formulaLineHeight(const QRectF& body, const QString& tex, const PaintStyle& style,
                         double maxUnits) {
    if (tex.trimmed().isEmpty()) return 0;
    const math::MathFormula f = displayFormula(tex, style);
    const double px = formulaPixels(f, body.width(), style, maxUnits);
    return f.ascent(px) + f.descent(px) + 0.4 * style.unit;
}

double paintFormulaLine(QPainter& p, const QRectF& body, const QString& tex,
                        const PaintStyle& style, double maxUnits) {
    if (tex.trimmed().isEmpty()) return 0;
    const double u = style.unit;
    const math::MathFormula f = displayFormula(tex, style);
    const double px = formulaPixels(f, body.width(), style, maxUnits);
    const double ascent = f.ascent(px), descent = f.descent(px);
    const double h = ascent + descent + 0.4 * u;
    const double x = body.center().x() - f.width(px) / 2;
    f.paint(p, QPointF(x, body.bottom() - 0.2 * u - descent), px, style.fg);
    return h;
}

double captionTextHeight(const QRectF& body, const QString& caption, const PaintStyle& style,
                         double maxFraction) {
    if (caption.trimmed().isEmpty()) return 0;
    math::MathText text(caption);
    text.setFont(style.font);
    return captionFit(text, body, style, maxFraction).second.height() + 0.4 * style.unit;
}

double paintCaptionText(QPainter& p, const QRectF& body, const QString& caption,
                        const PaintStyle& style, double maxFraction) {
    if (caption.trimmed().isEmpty()) return 0;
    const double u = style.unit;
    math::MathText text(caption);
    text.setFont(style.font);
    const auto [px, s] = captionFit(text, body, style, maxFraction);
    const double h = s.height() + 0.4 * u;
    text.paint(p, QPointF(body.left() + u, body.bottom() - h + 0.2 * u), px, body.width() - 2 * u,
               style.fg, Qt::AlignHCenter);
    return h;
}

void paintTitleLine(QPainter& p, const QRectF& box, const QString& text, const QFont& font,
                    const QColor& color) {
    if (text.trimmed().isEmpty()) return;
    math::MathText line(text);
    line.setFont(font);
    double px = font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF();
    QSizeF size = line.size(px);
    if (size.width() > box.width() && size.width() > 0) {
        px *= box.width() / size.width();
        size = line.size(px);
    }
    line.paint(p, QPointF(box.left(), box.center().y() - size.height() / 2), px, box.width(), color,
               Qt::AlignHCenter);
}

}  // namespace poslab::ui
