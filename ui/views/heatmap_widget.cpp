#include "ui/views/heatmap_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "ui/compute/cell_blocks.h"
#include "ui/compute/format.h"

namespace poslab::ui {

HeatmapWidget::HeatmapWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void HeatmapWidget::setData(HeatmapData data) {
    // The same axes keep the zoom (a windowed view's data covers the window it asked for).
    const bool sameAxes = allCells(data) == allCells(m_data) && data.rows > 0;
    m_data = std::move(data);
    if (!sameAxes || m_view.isEmpty()) resetZoom();
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
    m_view = allCells(m_data);
    update();
    announceWindow();
}

bool HeatmapWidget::windowed() const {
    return m_data.rowMap.windowed || m_data.colMap.windowed;
}

void HeatmapWidget::announceWindow() {
    if (!windowed()) return;
    // Whole indices covering the view; the data already covering exactly this asks nothing.
    const QRectF all = allCells(m_data);
    const QRectF v(QPointF(std::floor(m_view.left()), std::floor(m_view.top())),
                   QPointF(std::ceil(m_view.right()), std::ceil(m_view.bottom())));
    const QRectF want = v.intersected(all);
    if (want == dataCells(m_data) || want == m_announced) return;
    m_announced = want;
    emit windowChanged(want == all ? QRectF() : want);
}

void HeatmapWidget::setView(const QRectF& indexWindow) {
    m_view = indexWindow.isEmpty() ? allCells(m_data) : indexWindow;
    clampView();
    update();
    announceWindow();
}

PaintStyle HeatmapWidget::style() const {
    return makeScreenStyle(m_dark, font());
}

HeatmapPanelOptions HeatmapWidget::panelOptions() const {
    HeatmapPanelOptions o;
    // A small panel (small multiples, a crowded overview) drops the axis titles: the hover
    // readout names the axes there.
    o.axisTitles = width() >= 300 && height() >= 220;
    o.pendingText = tr("computing…");
    return o;
}

QRectF HeatmapWidget::plotRect() const {
    return heatmapLayout(QRectF(rect()), m_data, style(), m_view, panelOptions()).plot;
}

void HeatmapWidget::clampView() {
    const QRectF all = allCells(m_data);
    const double W = all.width(), H = all.height();
    double w = std::clamp(m_view.width(), std::min(W, 2.0), W);
    double h = std::clamp(m_view.height(), std::min(H, 2.0), H);
    double x = std::clamp(m_view.x(), 0.0, W - w);
    double y = std::clamp(m_view.y(), 0.0, H - h);
    m_view = QRectF(x, y, w, h);
}

QPoint HeatmapWidget::cellAt(QPointF pos) const {
    const QRectF p = plotRect();
    if (!m_data.array || !p.contains(pos)) return {-1, -1};
    const double ix = m_view.x() + (pos.x() - p.x()) / p.width() * m_view.width();
    const double iy = m_view.y() + (pos.y() - p.y()) / p.height() * m_view.height();
    const QPointF c = cellCoordinates(m_data, QPointF(ix, iy));
    const auto col = static_cast<qint64>(std::floor(c.x()));
    const auto row = static_cast<qint64>(std::floor(c.y()));
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
    if (m_data.dataRows >= 0 && row >= m_data.dataRows) {
        s = QStringLiteral("%1 = %2: %3").arg(rn).arg(row).arg(m_data.blankNote.text());
        return title.isEmpty() ? s : title + " · " + s;
    }
    // The block as drawn (an image larger than the plot is drawn in coarser blocks).
    HeatmapData drawn = m_data;
    const auto [kr, kc] =
        drawnBlockFactors(plotRect().size() * devicePixelRatioF(), m_data, m_view);
    drawn.rowStep = std::max<qint64>(1, m_data.rowStep) * kr;
    drawn.colStep = std::max<qint64>(1, m_data.colStep) * kc;
    const qint64 rs = drawn.rowStep, cs = drawn.colStep;
    const BlockStats b = blockStats(drawn, row / rs, col / cs);
    auto range = [](qint64 a, qint64 z) {
        return a == z ? QString::number(a) : QStringLiteral("%1–%2").arg(a).arg(z);
    };
    if (m_data.rows > 1) s = QStringLiteral("%1 = %2, ").arg(rn, range(b.rowFrom, b.rowTo));
    s += QStringLiteral("%1 = %2: ").arg(cn, range(b.colFrom, b.colTo));
    if (b.count <= 1 && b.rowFrom == b.rowTo && b.colFrom == b.colTo) {
        s += exactText(valueAt(row, col));
    } else {
        auto num = [](double v) { return QString::number(v, 'g', 6).replace('-', QChar(0x2212)); };
        s += b.exact ? tr("mean %1 (min %2, max %3 over %4 values)")
                           .arg(num(b.mean), num(b.min), num(b.max))
                           .arg(b.count)
                     : tr("mean %1 (cell means from %2 to %3, over %4 values)")
                           .arg(num(b.mean), num(b.min), num(b.max))
                           .arg(b.count);
    }
    return title.isEmpty() ? s : title + " · " + s;
}

void HeatmapWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const PaintStyle s = style();
    p.fillRect(rect(), s.bg);
    paintHeatmapPanel(p, QRectF(rect()), m_data, s, m_view, m_hoverCell, panelOptions());
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
    announceWindow();
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
    if (m_dragging) announceWindow();
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
