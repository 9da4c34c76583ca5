#include "ui/rotation_widget.h"

#include <QPainter>
#include <QPainterPath>
#include <cmath>
#include <numbers>

#include "ui/chart_widget.h"

namespace poslab::ui {

RotationWidget::RotationWidget(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void RotationWidget::setData(RotationData data) {
    m_data = std::move(data);
    update();
}

void RotationWidget::setDark(bool dark) {
    m_dark = dark;
    update();
}

namespace {
void arrow(QPainter& p, QPointF from, QPointF to, const QColor& color) {
    QPen pen(color, 2.5);
    pen.setCapStyle(Qt::RoundCap);
    p.setPen(pen);
    p.drawLine(from, to);
    const QPointF d = to - from;
    const double len = std::hypot(d.x(), d.y());
    if (len < 1) return;
    const QPointF u = d / len, n(-u.y(), u.x());
    QPainterPath head;
    head.moveTo(to);
    head.lineTo(to - u * 11 + n * 5);
    head.lineTo(to - u * 11 - n * 5);
    head.closeSubpath();
    p.fillPath(head, color);
}
}  // namespace

void RotationWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor bg = m_dark ? QColor(0x20, 0x22, 0x26) : QColor(Qt::white);
    const QColor fg = m_dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x20, 0x20, 0x20);
    p.fillRect(rect(), bg);
    const int count = static_cast<int>(m_data.pairs.size());
    if (count == 0) {
        p.setPen(fg);
        p.drawText(rect(), Qt::AlignCenter, tr("computing…"));
        return;
    }
    const QColor ca = curveColor(0), cb = curveColor(1);
    const QFontMetrics fm(font());
    const double legendH = fm.height() + 8;
    const int cols = count <= 3 ? count : (count + 1) / 2;
    const int rows = (count + cols - 1) / cols;
    const double cellW = width() / static_cast<double>(cols);
    const double cellH = (height() - legendH) / static_cast<double>(rows);
    // Legend.
    p.setPen(fg);
    const QString legend = tr("position m = %1 (blue)   position k = %2 (red)   k − m = %3")
                               .arg(m_data.m).arg(m_data.k).arg(m_data.k - m_data.m);
    p.drawText(QRectF(0, 2, width(), legendH), Qt::AlignCenter, legend);
    for (int i = 0; i < count; ++i) {
        const auto& pr = m_data.pairs[i];
        const QRectF cell((i % cols) * cellW, legendH + (i / cols) * cellH, cellW, cellH);
        const double labelH = 2 * fm.height() + 4;
        const double r = std::max(10.0, std::min(cell.width(), cell.height() - labelH) / 2 - 14);
        const QPointF c(cell.center().x(), cell.top() + 8 + r);
        p.setPen(QPen(m_dark ? QColor(0x70, 0x70, 0x70) : QColor(0xb0, 0xb0, 0xb0), 1));
        p.drawEllipse(c, r, r);
        p.drawLine(QPointF(c.x() - r - 4, c.y()), QPointF(c.x() + r + 4, c.y()));
        p.drawLine(QPointF(c.x(), c.y() - r - 4), QPointF(c.x(), c.y() + r + 4));
        const double na = std::hypot(pr.a.x(), pr.a.y()), nb = std::hypot(pr.b.x(), pr.b.y());
        const double scale = std::max({na, nb, 1e-300});
        auto toScreen = [&](QPointF v) { return QPointF(c.x() + v.x() / scale * r, c.y() - v.y() / scale * r); };
        arrow(p, c, toScreen(pr.a), ca);
        arrow(p, c, toScreen(pr.b), cb);
        // The angle from a to b, wrapped to (-180°, 180°]: it depends on k - m only.
        const double ang = std::atan2(pr.a.x() * pr.b.y() - pr.a.y() * pr.b.x(),
                                      pr.a.x() * pr.b.x() + pr.a.y() * pr.b.y());
        p.setPen(fg);
        p.drawText(QRectF(cell.left(), c.y() + r + 6, cell.width(), fm.height()), Qt::AlignHCenter,
                   tr("pair j = %1").arg(pr.pair));
        p.drawText(QRectF(cell.left(), c.y() + r + 6 + fm.height(), cell.width(), fm.height()),
                   Qt::AlignHCenter,
                   tr("angle = %1°").arg(QString::number(ang * 180.0 / std::numbers::pi, 'f', 3)));
    }
}

}  // namespace poslab::ui
