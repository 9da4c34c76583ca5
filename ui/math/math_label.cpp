#include "ui/math/math_label.h"

#include <QEvent>
#include <QFontInfo>
#include <QPainter>
#include <cmath>

namespace poslab::ui::math {

MathLabel::MathLabel(QWidget* parent) : QWidget(parent) {
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    m_text.setFont(font());
}

void MathLabel::setText(const QString& text) {
    if (text == m_text.source()) return;
    m_text = MathText(text);
    m_text.setFont(font());
    updateGeometry();
    update();
}

void MathLabel::setFormula(const QString& tex) {
    setText(tex.trimmed().isEmpty() ? QString() : "$$" + tex + "$$");
}

QString MathLabel::formula() const {
    const QString t = text();
    return t.startsWith(QLatin1String("$$")) && t.endsWith(QLatin1String("$$")) && t.size() >= 4
               ? t.mid(2, t.size() - 4)
               : QString();
}

void MathLabel::setAlignment(Qt::Alignment alignment) {
    m_alignment = alignment;
    update();
}

double MathLabel::pixelSize() const {
    const QFont f = font();
    if (f.pixelSize() > 0) return f.pixelSize();
    return f.pointSizeF() * logicalDpiY() / 72.0;
}

double MathLabel::fittedPixelSize(int width) const {
    // What cannot wrap (a display formula, a long word) is drawn smaller until it fits the
    // width, down to half size, rather than cut at the label's edge.
    const double full = pixelSize();
    if (width <= 0) return full;
    double px = full;
    // Text widths are not quite proportional to the size (hinting): a few rounds, each a
    // little under the proportional guess.
    for (int round = 0; round < 6; ++round) {
        const double wide = m_text.size(px, width).width();
        if (wide <= width) return px;
        px = std::max(0.5 * full, px * 0.98 * width / wide);
    }
    return px;
}

int MathLabel::heightForWidth(int width) const {
    if (m_text.source().isEmpty()) return 0;
    return static_cast<int>(std::ceil(m_text.size(fittedPixelSize(width), width).height()));
}

QSize MathLabel::sizeHint() const {
    if (m_text.source().isEmpty()) return {0, 0};
    // As wide as one line up to about 40 ems; its height at that width.
    const double px = pixelSize();
    const QSizeF line = m_text.size(px);
    const int w = static_cast<int>(std::ceil(std::min(line.width(), 40 * px)));
    return {w, heightForWidth(w)};
}

QSize MathLabel::minimumSizeHint() const {
    return {0, 0};
}

void MathLabel::paintEvent(QPaintEvent*) {
    if (m_text.source().isEmpty()) return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    m_text.paint(p, QPointF(0, 0), fittedPixelSize(width()), width(),
                 palette().color(foregroundRole()), m_alignment);
}

void MathLabel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange) {
        m_text.setFont(font());
        updateGeometry();
        update();
    } else if (event->type() == QEvent::PaletteChange) {
        update();
    }
    QWidget::changeEvent(event);
}

}  // namespace poslab::ui::math
