// One prepared heatmap on screen: wheel zoom, drag pan (a windowed view asks for the visible
// window), and a hover readout of the indices and exact value (of a block: range, min, max, mean).
// The drawing (crisp cells, ticks, colour bar) is the figure's heatmap painter
// (ui/figure/heatmap_paint) in a screen style; the cell image is made off the GUI thread.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QWidget>

#include "ui/compute/compute_types.h"
#include "ui/figure/heatmap_paint.h"

namespace poslab::ui {

class HeatmapWidget : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapWidget(QWidget* parent = nullptr);

    void setData(HeatmapData data);
    const HeatmapData& data() const { return m_data; }
    void setDark(bool dark);
    void resetZoom();
    // The view window in the axes' indices (empty: everything); a windowed view asks for it.
    QRectF view() const { return m_view; }
    void setView(const QRectF& indexWindow);
    // Zooming asks the scheduler for the visible window (level of detail) rather than
    // stretching the cells it has.
    bool windowed() const;

    // The readout for cell (row, col): "position m = 37, position n = 52: 41.27"; for a block
    // of cells (one image pixel) its index ranges and mean, min and max.
    QString readout(qint64 row, qint64 col) const;
    double valueAt(qint64 row, qint64 col) const;
    // The cell under a widget point, or (-1, -1).
    QPoint cellAt(QPointF pos) const;

    QSize sizeHint() const override { return {420, 360}; }
    QSize minimumSizeHint() const override { return {160, 140}; }

signals:
    void hovered(const QString& text);
    // A windowed view's visible window changed (indices; empty: the whole axes).
    void windowChanged(const QRectF& indexWindow);

protected:
    void paintEvent(QPaintEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void leaveEvent(QEvent*) override;

private:
    PaintStyle style() const;
    HeatmapPanelOptions panelOptions() const;
    QRectF plotRect() const;
    void clampView();
    void announceWindow();

    HeatmapData m_data;
    QRectF m_view;  // in cells
    bool m_dark = false;
    bool m_dragging = false;
    QPointF m_dragStart;
    QRectF m_dragView;
    QPoint m_hoverCell{-1, -1};
    QRectF m_announced;
};

}  // namespace poslab::ui
