// A line chart of prepared curves (Qt Charts): optional log y axis, a vertical marker with its
// value (RoPE's decay bound), a horizontal marker (the original context length), the largest value
// printed, and a hover readout of the exact point. Points arrive ready; series->replace() swaps
// them.
#pragma once

#include <QPointer>
#include <QtCharts/QChartView>

#include "ui/compute/compute_types.h"

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
    QString markerText() const { return m_markerText; }

    QSize sizeHint() const override { return {480, 320}; }

signals:
    void hovered(const QString& text);

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    void applyTheme();

    LinesData m_data;
    QString m_title, m_xLabel, m_yLabel, m_markerText;
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

QColor curveColor(int index);

}  // namespace poslab::ui
