#include "ui/views/heatmap_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "ui/compute/render.h"
#include "ui/figure/ticks.h"

namespace poslab::ui {

namespace {
constexpr int kLeft = 58, kBottom = 44, kTop = 26, kBarWidth = 14, kBarGap = 12, kBarLabels = 64;
}

HeatmapWidget::Margins HeatmapWidget::margins() const {
    // A small panel (small multiples, a crowded overview) drops the axis titles and narrows the
    // margins to what the tick labels need, so that nothing overlaps or is cut.
    const QFontMetrics fm(font());
    if (width() >= 300 && height() >= 220) {
        // Room for the row labels and the rotated axis title, two text lines under the plot, the
        // colour bar's labels: grown with the font (presentation mode enlarges it).
        const int rowDigits =
            fm.horizontalAdvance(QString::number(std::max<qint64>(m_data.rows - 1, 0)));
        return {std::max(kLeft, rowDigits + fm.height() + 14),
                std::max(kBottom, 2 * fm.height() + 10),
                std::max(kTop, fm.height() + 8),
                kBarGap,
                kBarWidth,
                std::max(kBarLabels, fm.horizontalAdvance(QStringLiteral("-0.000")) + 10),
                true};
    }
    const int digits = fm.horizontalAdvance(QString::number(std::max<qint64>(m_data.rows - 1, 0)));
    return {digits + 10,
            fm.height() + 8,
            fm.height() + 6,
            6,
            10,
            fm.horizontalAdvance(QStringLiteral("-0.00")) + 8,
            false};
}

HeatmapWidget::HeatmapWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void HeatmapWidget::setData(HeatmapData data) {
    const bool sameSize = data.rows == m_data.rows && data.cols == m_data.cols;
    m_data = std::move(data);
    if (!sameSize || m_view.isEmpty()) resetZoom();
    update();
    if (m_hoverCell.x() >= 0 && m_data.array) {
        if (m_hoverCell.y() < m_data.rows && m_hoverCell.x() < m_data.cols)
            emit hovered(readout(m_hoverCell.y(), m_hoverCell.x()));
    }
}

void HeatmapWidget::setDark(bool dark) {
    m_dark = dark;
    update();
}

void HeatmapWidget::resetZoom() {
    m_view = QRectF(0, 0, static_cast<double>(std::max<qint64>(1, m_data.cols)),
                    static_cast<double>(std::max<qint64>(1, m_data.rows)));
    update();
}

QRectF HeatmapWidget::plotRect() const {
    const Margins m = margins();
    const int right = m.barGap + m.barWidth + m.barLabels;
    QRectF r(m.left, m.top, std::max(20, width() - m.left - right),
             std::max(20, height() - m.top - m.bottom));
    // Square cells when the matrix is not too elongated (a 32 x 32 map stays square); a long
    // table (512 x 64) fills the area instead.
    if (m_data.rows > 1 && m_data.cols > 1 && !m_view.isEmpty()) {
        const double aspect = m_view.width() / m_view.height();  // columns per row
        if (aspect > 0.25 && aspect < 4.0) {
            if (r.width() / r.height() > aspect)
                r.setWidth(r.height() * aspect);
            else
                r.setHeight(r.width() / aspect);
        }
    }
    return r;
}

QRectF HeatmapWidget::barRect() const {
    const QRectF p = plotRect();
    const Margins m = margins();
    return QRectF(p.right() + m.barGap, p.top(), m.barWidth, p.height());
}

void HeatmapWidget::clampView() {
    const double W = static_cast<double>(std::max<qint64>(1, m_data.cols));
    const double H = static_cast<double>(std::max<qint64>(1, m_data.rows));
    double w = std::clamp(m_view.width(), std::min(W, 2.0), W);
    double h = std::clamp(m_view.height(), std::min(H, 2.0), H);
    double x = std::clamp(m_view.x(), 0.0, W - w);
    double y = std::clamp(m_view.y(), 0.0, H - h);
    m_view = QRectF(x, y, w, h);
}

QPoint HeatmapWidget::cellAt(QPointF pos) const {
    const QRectF p = plotRect();
    if (!m_data.array || !p.contains(pos)) return {-1, -1};
    const double cx = m_view.x() + (pos.x() - p.x()) / p.width() * m_view.width();
    const double cy = m_view.y() + (pos.y() - p.y()) / p.height() * m_view.height();
    const auto col = static_cast<qint64>(std::floor(cx));
    const auto row = static_cast<qint64>(std::floor(cy));
    if (col < 0 || row < 0 || col >= m_data.cols || row >= m_data.rows) return {-1, -1};
    return {static_cast<int>(col), static_cast<int>(row)};
}

double HeatmapWidget::valueAt(qint64 row, qint64 col) const {
    if (!m_data.array) return std::nan("");
    if (m_data.dataRows >= 0 && row >= m_data.dataRows) return std::nan("");
    return m_data.array->at(m_data.sliceOffset + row * m_data.cols + col);
}

QString HeatmapWidget::readout(qint64 row, qint64 col) const {
    const QString rn = m_data.rowAxis.isEmpty() ? tr("row") : m_data.rowAxis;
    const QString cn = m_data.colAxis.isEmpty() ? tr("column") : m_data.colAxis;
    const QString title = m_data.title.text();
    QString s;
    if (m_data.rows > 1) s = QStringLiteral("%1 = %2, ").arg(rn).arg(row);
    if (m_data.dataRows >= 0 && row >= m_data.dataRows) {
        s = QStringLiteral("%1 = %2: %3").arg(rn).arg(row).arg(m_data.blankNote.text());
        return title.isEmpty() ? s : title + " · " + s;
    }
    s += QStringLiteral("%1 = %2: %3").arg(cn).arg(col).arg(exactText(valueAt(row, col)));
    return title.isEmpty() ? s : title + " · " + s;
}

void HeatmapWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QColor bg = m_dark ? QColor(0x20, 0x22, 0x26) : QColor(Qt::white);
    const QColor fg = m_dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x20, 0x20, 0x20);
    const QColor missing = m_dark ? QColor(0x3a, 0x3a, 0x3a) : QColor(0xdd, 0xdd, 0xdd);
    p.fillRect(rect(), bg);
    p.setPen(fg);
    QFont titleFont = font();
    titleFont.setBold(true);
    p.setFont(titleFont);
    const Margins mg = margins();
    p.drawText(QRectF(0, 2, width(), mg.top - 4), Qt::AlignCenter, m_data.title.text());
    p.setFont(font());
    if (!m_data.error.isEmpty() || m_data.image.isNull()) {
        p.drawText(rect().adjusted(8, mg.top, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                   m_data.error.isEmpty() ? tr("computing…") : m_data.error);
        return;
    }
    const QRectF plot = plotRect();
    p.fillRect(plot, missing);  // ±inf / nan cells are transparent: they show this colour
    // Crisp cells: nearest-neighbour sampling of the cell image (no smooth transform).
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    const double s = m_data.step;
    const QRectF src(m_view.x() / s, m_view.y() / s, m_view.width() / s, m_view.height() / s);
    p.drawImage(plot, m_data.image, src);
    p.setRenderHint(QPainter::Antialiasing, true);

    auto rowY = [&](double r) {
        return plot.y() + (r - m_view.y()) / m_view.height() * plot.height();
    };
    // Block structure: a thin line between blocks of rows (when they are far enough apart).
    if (m_data.rowBlock > 0) {
        const double spacing =
            static_cast<double>(m_data.rowBlock) / m_view.height() * plot.height();
        if (spacing >= 4) {
            p.save();
            p.setClipRect(plot);
            p.setPen(QPen(m_dark ? QColor(255, 255, 255, 170) : QColor(0, 0, 0, 150), 1));
            const auto first =
                static_cast<qint64>(std::ceil(m_view.top() / static_cast<double>(m_data.rowBlock)));
            for (qint64 b = std::max<qint64>(1, first); b * m_data.rowBlock < m_view.bottom();
                 ++b) {
                const double y = rowY(static_cast<double>(b * m_data.rowBlock));
                p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
            }
            p.restore();
        }
    }
    // Rows without data: a dashed line where the data end and the note in the blank band.
    if (m_data.dataRows >= 0 && m_data.dataRows < m_view.bottom()) {
        const double y = std::max(plot.top(), rowY(static_cast<double>(m_data.dataRows)));
        p.save();
        p.setClipRect(plot);
        p.setPen(
            QPen(m_dark ? QColor(0xff, 0xd0, 0x60) : QColor(0x80, 0x50, 0x00), 1.5, Qt::DashLine));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(m_dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x30, 0x30, 0x30));
        p.drawText(QRectF(plot.left() + 4, y, plot.width() - 8, plot.bottom() - y),
                   Qt::AlignCenter | Qt::TextWordWrap, m_data.blankNote.text());
        p.restore();
    }

    // Hovered cell outline.
    if (m_hoverCell.x() >= 0) {
        const double cw = plot.width() / m_view.width(), ch = plot.height() / m_view.height();
        const QRectF cell(plot.x() + (m_hoverCell.x() - m_view.x()) * cw,
                          plot.y() + (m_hoverCell.y() - m_view.y()) * ch, cw, ch);
        if (cw >= 3 && ch >= 3) {
            p.setPen(QPen(m_dark ? Qt::white : Qt::black, 1.5));
            p.drawRect(cell.intersected(plot));
        }
    }

    // Axes: ticks at round indices, at cell centres.
    p.setPen(fg);
    const QFontMetrics fm(font());
    const qint64 c0 = static_cast<qint64>(std::ceil(m_view.left() - 0.5));
    const qint64 c1 = static_cast<qint64>(std::floor(m_view.right() - 0.5));
    // As many column ticks as their labels have room for (at least the first).
    const int labelW = fm.horizontalAdvance(QString::number(std::max<qint64>(c1, 0))) + 14;
    for (qint64 c : indexTicks(
             c0, c1,
             std::max(1, static_cast<int>(plot.width() / std::max(labelW, 70 * mg.titles))))) {
        const double x =
            plot.x() + (static_cast<double>(c) + 0.5 - m_view.x()) / m_view.width() * plot.width();
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4));
        p.drawText(QRectF(x - 40, plot.bottom() + 5, 80, fm.height()), Qt::AlignHCenter,
                   QString::number(c));
    }
    if (m_data.rows > 1) {
        const qint64 r0 = static_cast<qint64>(std::ceil(m_view.top() - 0.5));
        const qint64 r1 = static_cast<qint64>(std::floor(m_view.bottom() - 0.5));
        for (qint64 r : indexTicks(
                 r0, r1,
                 std::max(1,
                          static_cast<int>(plot.height() / (mg.titles ? 45 : fm.height() + 10))))) {
            const double y = plot.y() + (static_cast<double>(r) + 0.5 - m_view.y()) /
                                            m_view.height() * plot.height();
            p.drawLine(QPointF(plot.left() - 4, y), QPointF(plot.left(), y));
            p.drawText(QRectF(0, y - fm.height() / 2.0, plot.left() - 6, fm.height()),
                       Qt::AlignRight | Qt::AlignVCenter, QString::number(r));
        }
    }
    p.setPen(QPen(fg, 1));
    p.setRenderHint(QPainter::Antialiasing, false);
    p.drawRect(plot);
    p.setRenderHint(QPainter::Antialiasing, true);
    // Axis titles (not in a compact panel: the hover readout names the axes there).
    if (mg.titles)
        p.drawText(
            QRectF(plot.left(), plot.bottom() + 6 + fm.height(), plot.width(), fm.height() + 2),
            Qt::AlignHCenter, m_data.colAxis);
    if (mg.titles && !m_data.rowAxis.isEmpty()) {
        p.save();
        p.translate(2, plot.center().y());
        p.rotate(-90);
        p.drawText(QRectF(-plot.height() / 2, 0, plot.height(), fm.height() + 2), Qt::AlignHCenter,
                   m_data.rowAxis);
        p.restore();
    }

    // Colour bar with ticks.
    const QRectF bar = barRect();
    const Colormap cmap(m_data.colormap);
    p.setRenderHint(QPainter::Antialiasing, false);
    if (m_data.colormap == ColormapKind::Categorical) {
        const auto lo = static_cast<qint64>(std::llround(m_data.lo));
        const auto hi = static_cast<qint64>(std::llround(m_data.hi));
        const qint64 count = std::max<qint64>(1, hi - lo + 1);
        const double h = bar.height() / static_cast<double>(count);
        for (qint64 k = 0; k < count; ++k)
            p.fillRect(QRectF(bar.x(), bar.bottom() - (k + 1) * h, bar.width(), h + 0.5),
                       QColor::fromRgb(cmap.category(k)));
        p.setPen(fg);
        for (qint64 v : indexTicks(lo, hi, std::max(2, static_cast<int>(bar.height() / 40)))) {
            const double y = bar.bottom() - (static_cast<double>(v - lo) + 0.5) * h;
            p.drawText(QRectF(bar.right() + 6, y - fm.height() / 2.0, mg.barLabels, fm.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, QString::number(v));
        }
    } else {
        QImage strip(1, 256, QImage::Format_ARGB32);
        for (int i = 0; i < 256; ++i) strip.setPixel(0, 255 - i, cmap.table()[i]);
        p.drawImage(bar, strip);
        p.setPen(fg);
        const auto ticks =
            niceTicks(m_data.lo, m_data.hi, std::max(2, static_cast<int>(bar.height() / 40)));
        const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
        for (double v : ticks) {
            const double y =
                bar.bottom() - (v - m_data.lo) / (m_data.hi - m_data.lo) * bar.height();
            p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 3, y));
            p.drawText(QRectF(bar.right() + 6, y - fm.height() / 2.0, mg.barLabels, fm.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, tickLabel(v, step));
        }
    }
    p.setPen(fg);
    p.drawRect(bar);
    if (m_data.step > 1) {
        p.drawText(QRectF(plot.left(), 2, plot.width(), mg.top - 4),
                   Qt::AlignRight | Qt::AlignVCenter, tr("1:%1").arg(m_data.step));
    }
}

void HeatmapWidget::wheelEvent(QWheelEvent* e) {
    const QRectF plot = plotRect();
    if (!m_data.array || !plot.contains(e->position())) return;
    const double factor = std::pow(0.85, e->angleDelta().y() / 120.0);
    const double fx = (e->position().x() - plot.x()) / plot.width();
    const double fy = (e->position().y() - plot.y()) / plot.height();
    const double cx = m_view.x() + fx * m_view.width();
    const double cy = m_view.y() + fy * m_view.height();
    const double w = m_view.width() * factor, h = m_view.height() * factor;
    m_view = QRectF(cx - fx * w, cy - fy * h, w, h);
    clampView();
    update();
    e->accept();
}

void HeatmapWidget::mousePressEvent(QMouseEvent* e) {
    if (e->button() == Qt::LeftButton) {
        m_dragging = true;
        m_dragStart = e->position();
        m_dragView = m_view;
        setCursor(Qt::ClosedHandCursor);
    }
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent* e) {
    const QRectF plot = plotRect();
    if (m_dragging) {
        const QPointF d = e->position() - m_dragStart;
        m_view = m_dragView.translated(-d.x() / plot.width() * m_view.width(),
                                       -d.y() / plot.height() * m_view.height());
        clampView();
        update();
    }
    const QPoint cell = cellAt(e->position());
    if (cell != m_hoverCell) {
        m_hoverCell = cell;
        update();
        emit hovered(cell.x() >= 0 ? readout(cell.y(), cell.x()) : QString());
    }
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent*) {
    m_dragging = false;
    unsetCursor();
}

void HeatmapWidget::mouseDoubleClickEvent(QMouseEvent*) {
    resetZoom();
}

void HeatmapWidget::leaveEvent(QEvent*) {
    m_hoverCell = {-1, -1};
    update();
    emit hovered(QString());
}

}  // namespace poslab::ui
