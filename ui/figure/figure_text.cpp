#include "ui/figure/figure_text.h"

#include <QPainter>
#include <algorithm>

#include "ui/math/math_formula.h"
#include "ui/math/math_text.h"

namespace poslab::ui {

double paintFormulaLine(QPainter& p, const QRectF& body, const QString& tex,
                        const PaintStyle& style, double maxUnits) {
    if (tex.trimmed().isEmpty()) return 0;
    const double u = style.unit;
    math::MathFormula f(tex, math::MathMode::Display);
    f.setTextFont(style.font);
    // 1.05 body lines per em, shrunk while it is wider than the body or taller than its band.
    double px = 1.05 * u;
    for (int i = 0; i < 12; ++i) {
        const QSizeF s = f.size(px);
        if (s.width() <= body.width() && s.height() <= maxUnits * u) break;
        px *= std::min(body.width() / std::max(s.width(), 1.0),
                       maxUnits * u / std::max(s.height(), 1.0)) *
              0.98;
    }
    const double ascent = f.ascent(px), descent = f.descent(px);
    const double h = ascent + descent + 0.4 * u;
    const double x = body.center().x() - f.width(px) / 2;
    f.paint(p, QPointF(x, body.bottom() - 0.2 * u - descent), px, style.fg);
    return h;
}

double paintCaptionText(QPainter& p, const QRectF& body, const QString& caption,
                        const PaintStyle& style, double maxFraction) {
    if (caption.trimmed().isEmpty()) return 0;
    const double u = style.unit;
    math::MathText text(caption);
    text.setFont(style.font);
    const double width = body.width() - 2 * u;
    const double room = body.height() * maxFraction;
    double px = 1.0 * u;
    QSizeF s = text.size(px, width);
    for (int i = 0; i < 20 && s.height() > room && px > 0.5 * u; ++i) {
        px *= 0.95;
        s = text.size(px, width);
    }
    const double h = s.height() + 0.4 * u;
    text.paint(p, QPointF(body.left() + u, body.bottom() - h + 0.2 * u), px, width, style.fg,
               Qt::AlignHCenter);
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
