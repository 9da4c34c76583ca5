#include "ui/views/heatmap_widget.h"

#include <QFontInfo>

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "ui/compute/cell_blocks.h"
#include "ui/compute/format.h"
#include "ui/figure/number_format.h"
#include "ui/views/hover_tip.h"
#include "ui/views/zoom_controls.h"

namespace poslab::ui {

namespace {

// An index as people read it ("193", "13 603").
QString indexText(qint64 i) {
    return formatExact(static_cast<double>(i));
}

QString indexRange(qint64 a, qint64 z) {
    return a == z ? indexText(a) : QStringLiteral("%1–%2").arg(indexText(a), indexText(z));
}

// Wider panels show the zoom buttons; in a small one they would take too much of the plot (the
// wheel, drag and double-click still work there).
constexpr int kZoomButtonsFrom = 240;

}  // namespace

HeatmapWidget::HeatmapWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_zoom = new ZoomControls(this);
    connect(m_zoom, &ZoomControls::zoomInClicked, this, [this] { zoomBy(0.5); });
    connect(m_zoom, &ZoomControls::zoomOutClicked, this, [this] { zoomBy(2.0); });
    connect(m_zoom, &ZoomControls::resetClicked, this, &HeatmapWidget::resetZoom);
    connect(m_zoom, &ZoomControls::entered, this, &HeatmapWidget::endHover);
}

void HeatmapWidget::setData(HeatmapData data) {
    // The same axes keep the zoom (a windowed view's data covers the window it asked for).
    const bool sameAxes = allCells(data) == allCells(m_data) && data.rows > 0;
    m_data = std::move(data);
    if (!sameAxes || m_view.isEmpty()) resetZoom();
    update();
    updateZoomControls();
    if (m_hoverCell.x() >= 0 && m_data.array) {
        if (m_hoverCell.y() < m_data.rows && m_hoverCell.x() < m_data.cols) {
            emit hovered(readout(m_hoverCell.y(), m_hoverCell.x()));
            m_tipLines = tipLines(m_hoverCell.y(), m_hoverCell.x());
            if (m_tip && m_tip->isVisible()) m_tip->showNear(m_tip->anchor(), m_tipLines);
        }
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
    updateZoomControls();
}

void HeatmapWidget::zoomBy(double factor, QPointF anchor) {
    if (!m_data.array || !(factor > 0)) return;
    const double fx = std::clamp(anchor.x(), 0.0, 1.0), fy = std::clamp(anchor.y(), 0.0, 1.0);
    const double cx = m_view.x() + fx * m_view.width();
    const double cy = m_view.y() + fy * m_view.height();
    const double w = m_view.width() * factor, h = m_view.height() * factor;
    m_view = QRectF(cx - fx * w, cy - fy * h, w, h);
    clampView();
    update();
    announceWindow();
    updateZoomControls();
}

bool HeatmapWidget::zoomed() const {
    return m_data.array && m_view != allCells(m_data);
}

bool HeatmapWidget::canZoomIn() const {
    const QRectF all = allCells(m_data);
    // clampView's closest zoom: two indices a side (or the whole of a shorter axis).
    return m_data.array && (m_view.width() > std::min(all.width(), 2.0) + 1e-9 ||
                            m_view.height() > std::min(all.height(), 2.0) + 1e-9);
}

void HeatmapWidget::updateZoomControls() {
    if (!m_data.array || width() < kZoomButtonsFrom) {
        if (!m_zoom->isHidden()) update();  // the figure takes the column back
        m_zoom->hide();
        return;
    }
    m_zoom->setState(canZoomIn(), zoomed());
    m_zoom->show();  // the figure gives up the column
    // Beside the colour bar's labels (a wide panel centres its square cells, leaving the column
    // far away).
    const PaintStyle s = style();
    const HeatmapPanelOptions o = panelOptions();
    const HeatmapLayout l = heatmapLayout(figureArea(), m_data, s, m_view, o);
    const double drawnRight = l.bar.right() + 0.4 * s.unit + l.barLabelWidth +
                              (o.barLabel.isEmpty() ? 0.2 : 1.4) * s.unit;
    m_zoom->place(static_cast<int>(l.plot.top()), static_cast<int>(std::ceil(drawnRight)));
    update();
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
    updateZoomControls();
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

QRectF HeatmapWidget::figureArea() const {
    QRectF area(rect());
    if (!m_zoom->isHidden()) area.setRight(area.right() - m_zoom->columnWidth());
    return area;
}

QSize HeatmapWidget::minimumSizeHint() const {
    const double u = std::max(8.0, QFontInfo(font()).pixelSize() / 0.75);
    return {static_cast<int>(std::ceil(12 * u)), static_cast<int>(std::ceil(9 * u))};
}

QRectF HeatmapWidget::plotRect() const {
    return heatmapLayout(figureArea(), m_data, style(), m_view, panelOptions()).plot;
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
    const BlockStats b = drawnBlock(row, col);
    auto range = [](qint64 a, qint64 z) {
        return a == z ? QString::number(a) : QStringLiteral("%1–%2").arg(a).arg(z);
    };
    if (m_data.rows > 1) s = QStringLiteral("%1 = %2, ").arg(rn, range(b.rowFrom, b.rowTo));
    s += QStringLiteral("%1 = %2: ").arg(cn, range(b.colFrom, b.colTo));
    if (b.count <= 1 && b.rowFrom == b.rowTo && b.colFrom == b.colTo) {
        s += exactText(valueAt(row, col));
    } else {
        auto num = [](double v) { return QString::number(v, 'g', 6).replace('-', QChar(0x2212)); };
        if (!std::isfinite(b.min) || !std::isfinite(b.max))  // too many to check: no NaN
            s += tr("mean %1 (min and max not computed: %2 values, too many to check exactly)")
                     .arg(num(b.mean), indexText(b.count));
        else
            s += b.exact ? tr("mean %1 (min %2, max %3 over %4 values)")
                               .arg(num(b.mean), num(b.min), num(b.max))
                               .arg(b.count)
                         : tr("mean %1 (cell means from %2 to %3, over %4 values)")
                               .arg(num(b.mean), num(b.min), num(b.max))
                               .arg(b.count);
    }
    return title.isEmpty() ? s : title + " · " + s;
}

BlockStats HeatmapWidget::drawnBlock(qint64 row, qint64 col) const {
    // The block as drawn (an image larger than the plot is drawn in coarser blocks).
    HeatmapData drawn = m_data;
    const auto [kr, kc] =
        drawnBlockFactors(plotRect().size() * devicePixelRatioF(), m_data, m_view);
    drawn.rowStep = std::max<qint64>(1, m_data.rowStep) * kr;
    drawn.colStep = std::max<qint64>(1, m_data.colStep) * kc;
    return blockStats(drawn, row / drawn.rowStep, col / drawn.colStep);
}

QStringList HeatmapWidget::tipLines(qint64 row, qint64 col) const {
    if (!m_data.array || row < 0 || col < 0 || row >= m_data.rows || col >= m_data.cols) return {};
    const QString rn = m_data.rowAxis.isEmpty() ? tr("row") : m_data.rowAxis;
    const QString cn = m_data.colAxis.isEmpty() ? tr("column") : m_data.colAxis;
    QStringList lines;
    if (m_data.dataRows >= 0 && row >= m_data.dataRows) {
        lines << m_data.blankNote.text() << QStringLiteral("%1 = %2").arg(rn, indexText(row));
    } else {
        const BlockStats b = drawnBlock(row, col);
        QString where;
        if (m_data.rows > 1)
            where = QStringLiteral("%1 = %2, ").arg(rn, indexRange(b.rowFrom, b.rowTo));
        where += QStringLiteral("%1 = %2").arg(cn, indexRange(b.colFrom, b.colTo));
        if (b.count <= 1 && b.rowFrom == b.rowTo && b.colFrom == b.colTo) {
            lines << formatNumber(valueAt(row, col), 5) << where;
        } else {
            const QString lo = formatNumber(b.min, 5), hi = formatNumber(b.max, 5);
            lines << tr("mean %1").arg(formatNumber(b.mean, 5));
            if (!std::isfinite(b.min) || !std::isfinite(b.max))  // too many to check: no NaN
                lines << tr("min and max not computed: %1 values, too many to check exactly")
                             .arg(indexText(b.count));
            else
                lines << (b.exact ? tr("min %1, max %2 over %3 values")
                                  : tr("cell means from %1 to %2 over %3 values"))
                             .arg(lo, hi, indexText(b.count));
            lines << where;
        }
    }
    if (!m_data.title.isEmpty()) lines << m_data.title.text();
    return lines;
}

QStringList HeatmapWidget::hoverTipAt(QPointF pos) const {
    const QPoint cell = cellAt(pos);
    return cell.x() >= 0 ? tipLines(cell.y(), cell.x()) : QStringList();
}

void HeatmapWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const PaintStyle s = style();
    p.fillRect(rect(), s.bg);
    paintHeatmapPanel(p, figureArea(), m_data, s, m_view, m_hoverCell, panelOptions());
}

void HeatmapWidget::wheelEvent(QWheelEvent* e) {
    const QRectF plot = plotRect();
    if (!m_data.array || !plot.contains(e->position())) return;
    zoomBy(std::pow(0.85, e->angleDelta().y() / 120.0),
           QPointF((e->position().x() - plot.x()) / plot.width(),
                   (e->position().y() - plot.y()) / plot.height()));
    hoverAt(e->position());  // another cell lies under the cursor now
    e->accept();
}

void HeatmapWidget::mousePressEvent(QMouseEvent* e) {
    if (e->button() == Qt::LeftButton) {
        m_dragging = true;
        m_dragStart = e->position();
        m_dragView = m_view;
        setCursor(Qt::ClosedHandCursor);
        if (m_tip) m_tip->hide();
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
        updateZoomControls();
    }
    hoverAt(e->position());
}

void HeatmapWidget::hoverAt(QPointF pos) {
    const QPoint cell = cellAt(pos);
    // Read again when the cell changes, or the zoom (which changes the block a pixel covers);
    // a block's statistics may cost a pass over many values, not to be repeated per move.
    if (cell != m_hoverCell || m_view != m_hoverView) {
        m_hoverCell = cell;
        m_hoverView = m_view;
        update();
        emit hovered(cell.x() >= 0 ? readout(cell.y(), cell.x()) : QString());
        m_tipLines = cell.x() >= 0 ? tipLines(cell.y(), cell.x()) : QStringList();
    }
    if (cell.x() < 0 || m_dragging) {
        if (m_tip) m_tip->hide();
        return;
    }
    if (!m_tip) m_tip = new HoverTip(this);
    m_tip->showNear(mapToGlobal(pos.toPoint()), m_tipLines);
}

void HeatmapWidget::endHover() {
    if (m_tip) m_tip->hide();
    if (m_hoverCell.x() < 0) return;
    m_hoverCell = {-1, -1};
    update();
    emit hovered(QString());
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent* e) {
    const bool click = m_dragging && (e->position() - m_dragStart).manhattanLength() < 4;
    if (click) {  // the few pixels it moved are undone: a click does not pan
        m_view = m_dragView;
        update();
    } else if (m_dragging) {
        announceWindow();
    }
    m_dragging = false;
    unsetCursor();
    if (const QPoint cell = cellAt(e->position()); click && cell.x() >= 0)
        emit cellClicked(cell.y(), cell.x());
}

void HeatmapWidget::mouseDoubleClickEvent(QMouseEvent*) {
    resetZoom();
}

void HeatmapWidget::leaveEvent(QEvent*) {
    if (m_tip) m_tip->hide();
    m_hoverCell = {-1, -1};
    update();
    emit hovered(QString());
}

void HeatmapWidget::hideEvent(QHideEvent* e) {
    QWidget::hideEvent(e);
    if (m_tip) m_tip->hide();
}

void HeatmapWidget::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    updateZoomControls();
}

void HeatmapWidget::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    // A larger font (presentation mode) makes larger buttons and a wider column.
    if (e->type() == QEvent::FontChange) updateZoomControls();
}

}  // namespace poslab::ui
