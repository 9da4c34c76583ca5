// A line chart of prepared curves, painted by the figure's line painter (lines_paint.h), so the
// explorer and an exported figure draw the same picture: log axes, a vertical marker with its
// value (RoPE's decay bound; beyond the axis an arrow with its value), a horizontal marker (the
// original context length), the largest value, a legend. A curve with more points than pixel
// columns is drawn as its exact per-column min/max envelope (envelope.h: the filled band between
// the columns' maxima and minima). Hover reads the full data at the cursor (a band: the column's
// range) for the status bar, and shows the value rounded for reading in a tooltip at the cursor,
// with a crosshair and a marker on the point read; a windowed view zooms and pans on x (wheel,
// drag, double-click resets; also visible buttons in a column at the right edge).
#pragma once

#include <QPair>
#include <QStringList>
#include <QWidget>
#include <optional>

#include "ui/compute/compute_types.h"
#include "ui/figure/lines_paint.h"

namespace poslab::ui {

class HoverTip;
class ZoomControls;

class ChartWidget : public QWidget {
    Q_OBJECT
public:
    explicit ChartWidget(QWidget* parent = nullptr);

    void setData(const LinesData& data, const QString& title, const QString& xLabel,
                 const QString& yLabel);
    void setDark(bool dark);
    // Curves drawn under the view's own (a lesson step's ghost, styled by ghostCurves()).
    void setGhost(const QVector<CurveData>& curves);
    const QVector<CurveData>& ghost() const { return m_ghost; }
    static constexpr int kGhostColor = ui::kGhostColor;
    // The curves of the last data (without a ghost).
    const QVector<CurveData>& curves() const { return m_data.curves; }
    const LinesData& data() const { return m_data; }
    QString yLabel() const { return m_yLabel; }
    int curveCount() const { return static_cast<int>(m_data.curves.size()); }
    // The curves as drawn: each a line, or its exact per-pixel-column envelope (a band).
    const LinesData& drawn() const { return m_drawn; }
    // Where the chart draws now: the plot rectangle (widget pixels) and both axes.
    const LinesLayout& layout() const { return m_layout; }
    // Zoom and pan on x (wheel, drag, double-click resets, the zoom buttons) that ask for the
    // visible window.
    void setZoomable(bool on);
    bool zoomable() const { return m_zoomable; }
    // Zooms x by `factor` (< 1: in) about `anchor`, a point of the plot in fractions of its width
    // (the wheel: the cursor; the buttons: the middle).
    void zoomBy(double factor, double anchor = 0.5);
    // Shows the whole x range again (double-click).
    void resetZoom();
    // The chart shows less than the whole x range.
    bool zoomed() const;
    // The x range zooming out reaches (the whole axis of a windowed view).
    void setFullXRange(double lo, double hi);
    // Shows x in [lo, hi] at once and announces it (windowChanged).
    void setXWindow(double lo, double hi);
    // What hovering at `pos` (widget pixels) reads: the curve nearest the cursor at that x, its
    // exact value (a band: the column's x range, min and max); empty outside the plot.
    QString hoverTextAt(QPointF pos) const;
    // The tooltip's lines for the same point: its value to 5 significant digits ("59.582",
    // "2.2204 × 10⁻¹⁶"; a band: its min and max), then the curve's name and x.
    QStringList hoverTipAt(QPointF pos) const;

    QSize sizeHint() const override { return {480, 320}; }
    // Room for a plot of 6 x 4 units of the font (a unit: the pixel size / 0.75) besides the
    // ticks, axis names and legend: a chart in the Overview's scroll area is never squeezed flat.
    QSize minimumSizeHint() const override;

signals:
    void hovered(const QString& text);
    // The visible x window after a zoom or pan (lo = hi = -1: everything).
    void windowChanged(double lo, double hi);

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    void leaveEvent(QEvent* e) override;
    void hideEvent(QHideEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    // The point hovering reads: the curve nearest the cursor at its x (index into m_drawn).
    struct Hit {
        int curve = -1;
        bool band = false;
        double x0 = 0, x1 = 0;         // x (a band: the column's range)
        double y = 0, lo = 0, hi = 0;  // y (a band: the column's min and max)
        QPointF at;                    // the point in widget pixels (a band: its middle)
        double top = 0, bottom = 0;    // a band: its extent in pixels
    };
    std::optional<Hit> hitAt(QPointF pos) const;
    void hoverAt(QPointF pos);
    void endHover();
    void paintHover(QPainter& p, const PaintStyle& s) const;
    // Where the figure is painted: the widget less the zoom buttons' column.
    QRectF figureArea() const;
    void updateZoomControls();

    QVector<CurveData> m_ghost;
    // The layout and the drawn curves from m_data, the window and the size; then a repaint.
    void rebuild();
    PaintStyle style() const;
    LinesOptions options() const;
    LinesData shown() const;  // m_data with the zoom window, if any
    double dataX(double px) const;

    LinesData m_data;
    LinesData m_drawn;
    LinesLayout m_layout;
    bool m_zoomable = false;
    std::optional<QPair<double, double>> m_viewX, m_fullX;
    bool m_dragging = false;
    double m_dragFrom = 0;
    QPair<double, double> m_dragWindow;
    QString m_title, m_xLabel, m_yLabel;
    bool m_dark = false;
    ZoomControls* m_zoom = nullptr;
    HoverTip* m_tip = nullptr;        // made on the first hover
    std::optional<QPointF> m_cursor;  // the mouse over the widget
    std::optional<Hit> m_hit;
};

}  // namespace poslab::ui
