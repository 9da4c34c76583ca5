// One prepared heatmap on screen: wheel zoom, drag pan (a windowed view asks for the visible
// window), also by visible buttons ("+", "−", show everything) just right of the colour bar,
// and a hover readout of the indices and exact value (of a block: range, min, max, mean) for the
// status bar, with the value rounded for reading in a tooltip at the cursor.
// The drawing (crisp cells, ticks, colour bar) is the figure's heatmap painter
// (ui/figure/heatmap_paint) in a screen style; the cell image is made off the GUI thread.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QStringList>
#include <QWidget>

#include "ui/compute/compute_types.h"
#include "ui/figure/heatmap_paint.h"

namespace poslab::ui {

class HoverTip;
class ZoomControls;

class HeatmapWidget : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapWidget(QWidget* parent = nullptr);

    void setData(HeatmapData data);
    const HeatmapData& data() const { return m_data; }
    void setDark(bool dark);
    void resetZoom();
    // Zooms the view by `factor` (< 1: in) about `anchor`, a point of the plot in fractions of
    // its width and height (the wheel: the cursor; the buttons: the middle).
    void zoomBy(double factor, QPointF anchor = {0.5, 0.5});
    // The view shows less than everything.
    bool zoomed() const;
    // The view can show fewer cells (not yet at the closest zoom).
    bool canZoomIn() const;
    // The view window in the axes' indices (empty: everything); a windowed view asks for it.
    QRectF view() const { return m_view; }
    void setView(const QRectF& indexWindow);
    // Zooming asks the scheduler for the visible window (level of detail) rather than
    // stretching the cells it has.
    bool windowed() const;

    // The readout for cell (row, col): "position m = 37, position n = 52: 41.27"; for a block
    // of cells (one image pixel) its index ranges and mean, min and max.
    QString readout(qint64 row, qint64 col) const;
    // The tooltip's lines for cell (row, col): the value to 5 significant digits ("59.582",
    // "2.2204 × 10⁻¹⁶"; a block: its mean, then min and max), the indices, the panel's title.
    QStringList tipLines(qint64 row, qint64 col) const;
    // The tooltip's lines at a widget point (empty outside the cells).
    QStringList hoverTipAt(QPointF pos) const;
    double valueAt(qint64 row, qint64 col) const;
    // The cell under a widget point, or (-1, -1).
    QPoint cellAt(QPointF pos) const;

    QSize sizeHint() const override { return {420, 360}; }
    // Room for a plot of 4 x 4 units of the font (a unit: the pixel size / 0.75) besides the
    // ticks, colour bar and titles: 208 x 156 px at the normal font, larger in presentation mode.
    QSize minimumSizeHint() const override;
    // Where the cells are drawn now (widget pixels).
    QRectF plotRect() const;

signals:
    void hovered(const QString& text);
    // A windowed view's visible window changed (indices; empty: the whole axes).
    void windowChanged(const QRectF& indexWindow);
    // A click on a cell: pressed and released without dragging the view.
    void cellClicked(qint64 row, qint64 col);

protected:
    void paintEvent(QPaintEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void leaveEvent(QEvent*) override;
    void hideEvent(QHideEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void changeEvent(QEvent*) override;

private:
    PaintStyle style() const;
    HeatmapPanelOptions panelOptions() const;
    // Where the figure is painted: the widget less the zoom buttons' column.
    QRectF figureArea() const;
    BlockStats drawnBlock(qint64 row, qint64 col) const;
    // The hover (status readout, outline, tooltip) for the mouse at `pos` (widget pixels).
    void hoverAt(QPointF pos);
    void endHover();
    // Shows, places and enables the zoom buttons (a panel too small for them has none).
    void updateZoomControls();
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
    ZoomControls* m_zoom = nullptr;
    HoverTip* m_tip = nullptr;  // made on the first hover
    QStringList m_tipLines;     // of m_hoverCell in m_hoverView
    QRectF m_hoverView;
};

}  // namespace poslab::ui
