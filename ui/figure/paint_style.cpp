#include "ui/figure/paint_style.h"

#include <QFontInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/math/superscripts.h"

namespace poslab::ui {

QFont PaintStyle::sized(double units, bool bold) const {
    QFont f = font;
    f.setPixelSize(std::max(1, static_cast<int>(std::lround(units * unit))));
    f.setBold(bold);
    return f;
}

PaintStyle makeFigureStyle(bool dark, double height, bool vector, bool chinese, double pxPerPt) {
    PaintStyle s;
    s.dark = dark;
    s.bg = dark ? QColor(0x1c, 0x1e, 0x22) : QColor(Qt::white);
    s.fg = dark ? QColor(0xec, 0xec, 0xec) : QColor(0x1a, 0x1a, 0x1a);
    s.muted = dark ? QColor(0xa0, 0xa4, 0xaa) : QColor(0x60, 0x60, 0x60);
    s.grid = dark ? QColor(0x3a, 0x3d, 0x44) : QColor(0xe2, 0xe2, 0xe2);
    s.missing = dark ? QColor(0x3a, 0x3a, 0x3a) : QColor(0xdd, 0xdd, 0xdd);
    s.marker = dark ? QColor(0xff, 0xd0, 0x60) : QColor(0x8a, 0x55, 0x00);
    // A body line is 1/45 of the height: 24 px on a 1080-px slide, readable from the back row.
    s.unit = std::max(9.0, height / 45.0);
    s.pxPerPt = pxPerPt;
    if (pxPerPt > 0) {
        // Tick labels are sized lround(0.75 * unit) pixels: at least the whole pixels of
        // kMinTickPt.
        const double tickPx = std::ceil(kMinTickPt * pxPerPt - 1e-6);
        s.unit = std::max(s.unit, (tickPx + 0.01) / 0.75);
    }
    s.oversample = vector ? 2.0 : 1.0;
    // Explicit families, so that a figure looks the same on every machine: Noto Sans CJK SC for
    // Chinese (Qt would otherwise pick the JP glyphs), DejaVu Sans (wide symbol coverage) else.
    // DejaVu Sans also backs Noto Sans CJK SC for what it lacks (the superscript digits of 10⁻⁵
    // and the narrow space of 500 000), so that numbers look the same in both languages.
    s.font = QFont(chinese ? QStringLiteral("Noto Sans CJK SC") : QStringLiteral("DejaVu Sans"));
    if (chinese)
        s.font.setFamilies({QStringLiteral("Noto Sans CJK SC"), QStringLiteral("DejaVu Sans")});
    return s;
}

QFont PaintStyle::numbers(double units) const {
    return math::numbersFirst(sized(units));
}

PaintStyle makeScreenStyle(bool dark, const QFont& widgetFont) {
    PaintStyle s;
    s.dark = dark;
    s.bg = dark ? QColor(0x20, 0x22, 0x26) : QColor(Qt::white);
    s.fg = dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x20, 0x20, 0x20);
    s.muted = dark ? QColor(0xa0, 0xa4, 0xaa) : QColor(0x60, 0x60, 0x60);
    s.grid = dark ? QColor(0x3a, 0x3d, 0x44) : QColor(0xe2, 0xe2, 0xe2);
    s.missing = dark ? QColor(0x3a, 0x3a, 0x3a) : QColor(0xdd, 0xdd, 0xdd);
    s.marker = dark ? QColor(0xff, 0xd0, 0x60) : QColor(0x80, 0x50, 0x00);
    // Tick labels (0.75 units) at the widget font's size; the rest in proportion.
    s.unit = std::max(8.0, QFontInfo(widgetFont).pixelSize() / 0.75);
    s.oversample = 0;
    s.font = widgetFont;
    return s;
}

void paintCentredText(QPainter& p, const QRectF& area, const QString& text, double units,
                      const PaintStyle& s) {
    p.setFont(s.sized(units));
    p.setPen(s.fg);
    math::drawLine(p, area, Qt::AlignCenter | Qt::TextWordWrap, text);
}

void paintFittedLine(QPainter& p, const QRectF& box, int flags, const QString& text, double units,
                     bool bold, const PaintStyle& s) {
    QFont f = s.sized(units, bold);
    const double wide = QFontMetricsF(f).horizontalAdvance(text);
    if (wide > box.width() && wide > 0) {
        f = s.sized(units * std::max(0.8, box.width() / wide * 0.98), bold);
        // Pixel sizes are whole: the rounded size may still be a little too wide (the words
        // would be elided where one pixel less fits them whole).
        const int least = s.sized(units * 0.8, bold).pixelSize();
        while (f.pixelSize() > least && QFontMetricsF(f).horizontalAdvance(text) > box.width())
            f.setPixelSize(f.pixelSize() - 1);
    }
    p.setFont(f);
    // Fitted across; a line taller than the box (a CJK font's leading) may pass its edges.
    math::drawLine(p, box, flags | Qt::TextDontClip,
                   QFontMetricsF(f).elidedText(text, Qt::ElideRight, box.width()));
}

void paintRotatedText(QPainter& p, QPointF centre, double width, double height,
                      const QString& text) {
    p.save();
    // An axis title longer than its side (a short panel at journal size) is set smaller, down to
    // 70 %, before it would be cut.
    QFont f = p.font();
    if (f.pixelSize() > 0) {
        const int least = std::max(1, static_cast<int>(std::floor(f.pixelSize() * 0.7)));
        while (f.pixelSize() > least && QFontMetricsF(f).horizontalAdvance(text) > width)
            f.setPixelSize(f.pixelSize() - 1);
        p.setFont(f);
    }
    p.translate(centre);
    p.rotate(-90);
    p.drawText(QRectF(-width / 2, -height / 2, width, height), Qt::AlignCenter,
               QFontMetricsF(p.font()).elidedText(text, Qt::ElideRight, width));
    p.restore();
}

}  // namespace poslab::ui
