#include "ui/views/rotation_widget.h"

#include <QPainter>
#include <QPainterPath>
#include <cmath>
#include <numbers>

#include "ui/figure/colormap.h"
#include "ui/figure/paint_style.h"
#include "ui/views/chart_widget.h"

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
void arrow(QPainter& p, QPointF from, QPointF to, const QColor& color, double scale) {
    QPen pen(color, 2.5 * scale);
    pen.setCapStyle(Qt::RoundCap);
    p.setPen(pen);
    p.drawLine(from, to);
    const QPointF d = to - from;
    const double len = std::hypot(d.x(), d.y());
    if (len < 1) return;
    const QPointF u = d / len, n(-u.y(), u.x());
    QPainterPath head;
    head.moveTo(to);
    head.lineTo(to - u * 11 * scale + n * 5 * scale);
    head.lineTo(to - u * 11 * scale - n * 5 * scale);
    head.closeSubpath();
    p.fillPath(head, color);
}
}  // namespace

void RotationWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    // The background of the other views on screen (a figure paints its own behind paintData).
    p.fillRect(rect(), makeScreenStyle(m_dark, font()).bg);
    paintData(p, QRectF(rect()), m_data, m_dark, font());
}

void RotationWidget::paintData(QPainter& p, const QRectF& area, const RotationData& data, bool dark,
                               const QFont& font) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setFont(font);
    // No background of its own: the surroundings' shows through (no box around the circles).
    const QColor fg = dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x20, 0x20, 0x20);
    const int count = static_cast<int>(data.pairs.size());
    if (count == 0) {
        p.setPen(fg);
        p.drawText(area, Qt::AlignCenter, tr("computing…"));
        p.restore();
        return;
    }
    const QColor ca = curveColor(0, dark), cb = curveColor(1, dark);
    const QFontMetricsF fm(font);
    // Line widths and arrow heads grow with the font (a 24-px figure font draws thicker arrows).
    const double scale = std::max(1.0, fm.height() / 16.0);
    const double legendH = fm.height() + 8 * scale;
    const int cols = count <= 3 ? count : (count + 1) / 2;
    const int rows = (count + cols - 1) / cols;
    const double cellW = area.width() / static_cast<double>(cols);
    const double cellH = (area.height() - legendH) / static_cast<double>(rows);
    // Legend.
    p.setPen(fg);
    const QString legend = tr("position m = %1 (blue)   position k = %2 (red)   k − m = %3")
                               .arg(data.m)
                               .arg(data.k)
                               .arg(data.k - data.m);
    p.drawText(QRectF(area.left(), area.top() + 2, area.width(), legendH), Qt::AlignCenter, legend);
    for (int i = 0; i < count; ++i) {
        const auto& pr = data.pairs[i];
        const QRectF cell(area.left() + (i % cols) * cellW,
                          area.top() + legendH + (i / cols) * cellH, cellW, cellH);
        const double labelH = 2 * fm.height() + 4 * scale;
        const double r =
            std::max(10.0, std::min(cell.width(), cell.height() - labelH) / 2 - 14 * scale);
        const QPointF c(cell.center().x(), cell.top() + 8 * scale + r);
        p.setPen(QPen(dark ? QColor(0x70, 0x70, 0x70) : QColor(0xb0, 0xb0, 0xb0), scale));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(c, r, r);
        p.drawLine(QPointF(c.x() - r - 4 * scale, c.y()), QPointF(c.x() + r + 4 * scale, c.y()));
        p.drawLine(QPointF(c.x(), c.y() - r - 4 * scale), QPointF(c.x(), c.y() + r + 4 * scale));
        const double na = std::hypot(pr.a.x(), pr.a.y()), nb = std::hypot(pr.b.x(), pr.b.y());
        const double norm = std::max({na, nb, 1e-300});
        auto toScreen = [&](QPointF v) {
            return QPointF(c.x() + v.x() / norm * r, c.y() - v.y() / norm * r);
        };
        arrow(p, c, toScreen(pr.a), ca, scale);
        arrow(p, c, toScreen(pr.b), cb, scale);
        // The angle from a to b, wrapped to (-180°, 180°]: it depends on k - m only.
        const double ang = std::atan2(pr.a.x() * pr.b.y() - pr.a.y() * pr.b.x(),
                                      pr.a.x() * pr.b.x() + pr.a.y() * pr.b.y());
        p.setPen(fg);
        p.drawText(QRectF(cell.left(), c.y() + r + 6 * scale, cell.width(), fm.height()),
                   Qt::AlignHCenter, tr("pair j = %1").arg(pr.pair));
        p.drawText(
            QRectF(cell.left(), c.y() + r + 6 * scale + fm.height(), cell.width(), fm.height()),
            Qt::AlignHCenter,
            tr("angle = %1°").arg(QString::number(ang * 180.0 / std::numbers::pi, 'f', 3)));
    }
    p.restore();
}

}  // namespace poslab::ui
