// A line chart of prepared curves (Qt Charts): optional log axes, a vertical marker with its
// value (RoPE's decay bound; beyond the axis an arrow with its value), a horizontal marker (the
// original context length), the largest value printed, and a hover readout of the exact point.
// A curve with more points than pixel columns is drawn as its exact per-column min/max envelope
// (envelope.h: a stroke per pixel column from min to max, a filled band); hover reads the full
// data, or a band column's range. Axis ranges and ticks come from niceAxis, as in the exported
// figure.
#pragma once

#include <QPair>
#include <QPointer>
#include <QtCharts/QChartView>
#include <optional>

#include "ui/compute/compute_types.h"
#include "ui/figure/lines_paint.h"  // curveColor

QT_BEGIN_NAMESPACE
class QLineSeries;
class QAbstractAxis;
class QGraphicsSimpleTextItem;
QT_END_NAMESPACE

namespace poslab::ui {

class ChartWidget : public QChartView {
    Q_OBJECT
public:
    explicit ChartWidget(QWidget* parent = nullptr);

    void setData(const LinesData& data, const QString& title, const QString& xLabel,
                 const QString& yLabel);
    void setDark(bool dark);
    const LinesData& data() const { return m_data; }
    int curveCount() const { return static_cast<int>(m_curves.size()); }
    // The curves as drawn: each a line, or its exact per-pixel-column envelope (a band).
    const LinesData& drawn() const { return m_drawn; }
    // Zoom and pan on x (wheel, drag, double-click resets) that ask for the visible window.
    void setZoomable(bool on) { m_zoomable = on; }
    // The x range zooming out reaches (the whole axis of a windowed view).
    void setFullXRange(double lo, double hi);
    // Shows x in [lo, hi] at once and announces it (windowChanged).
    void setXWindow(double lo, double hi);

    QSize sizeHint() const override { return {480, 320}; }

signals:
    void hovered(const QString& text);
    // The visible x window after a zoom or pan (lo = hi = -1: everything).
    void windowChanged(double lo, double hi);

protected:
    void resizeEvent(QResizeEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;

private:
    // Everything from m_data: a new set of series and axes when their number or kind changed,
    // then the points, the axis ranges, the markers, the title and the legend.
    void rebuild();
    void rebuildLayout();
    void rebuildSeries();
    QRectF updateRanges();  // the axes' ranges: left..right = x lo..hi, top..bottom = y lo..hi
    void updateMarkers(const QRectF& range);
    void updateTitleAndLegend();
    void applyTheme();
    void hoverBand(QLineSeries* series, int curve, const QPointF& pt, bool on);
    int plotColumns() const;

    LinesData m_data;
    LinesData m_drawn;
    bool m_zoomable = false;
    std::optional<QPair<double, double>> m_viewX, m_fullX;
    bool m_dragging = false;
    double m_dragFrom = 0;
    QPair<double, double> m_dragWindow;
    QVector<bool> m_isBand;  // per curve: drawn as its envelope (a band)
    QGraphicsSimpleTextItem* m_offScale = nullptr;
    QString m_title, m_xLabel, m_yLabel;
    bool m_dark = false;
    bool m_logY = false;
    bool m_logX = false;
    int m_sizeClass = -1;
    QVector<QLineSeries*> m_curves;
    QLineSeries* m_vmarker = nullptr;
    QLineSeries* m_hmarker = nullptr;
    QAbstractAxis* m_axisX = nullptr;
    QAbstractAxis* m_axisY = nullptr;
};

}  // namespace poslab::ui
