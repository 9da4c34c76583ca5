// A line chart of prepared curves (Qt Charts): optional log axes, a vertical marker with its
// value (RoPE's decay bound), a horizontal marker (the original context length), the largest value
// printed, and a hover readout of the exact point. It receives the full data and draws a per-pixel
// min/max copy (the one decimator); hover reads the full data. Axis ranges and ticks come from
// niceAxis, as in the exported figure.
#pragma once

#include <QPointer>
#include <QtCharts/QChartView>

#include "ui/compute/compute_types.h"
#include "ui/figure/lines_paint.h"  // curveColor

QT_BEGIN_NAMESPACE
class QLineSeries;
class QAbstractAxis;
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

    QSize sizeHint() const override { return {480, 320}; }

signals:
    void hovered(const QString& text);

protected:
    void resizeEvent(QResizeEvent* e) override;

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

    LinesData m_data;
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
