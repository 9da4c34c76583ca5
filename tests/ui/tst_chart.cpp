// The line chart (issue 3): a dense curve is drawn from a min/max-decimated copy that keeps every
// extreme and only true data points, while the hover readout still uses the full data; a small
// chart chooses few enough ticks that Qt Charts never elides a label.
#include <QLineSeries>
#include <QValueAxis>
#include <QtTest>
#include <cmath>

#include "ui/shell/gui_main.h"
#include "ui/views/chart_widget.h"

using namespace poslab::ui;

namespace {
LinesData denseCurve(int count) {
    LinesData d;
    CurveData c;
    for (int x = 0; x < count; ++x)
        c.points << QPointF(x, 100.0 * std::exp(-x / 900.0) * std::cos(0.7 * x) + 0.01 * (x % 7));
    d.curves << c;
    return d;
}
}  // namespace

class TstChart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    void decimationKeepsExtremes_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("width");
        QTest::newRow("decay 4097 in 800 px") << 4097 << 800;
        QTest::newRow("long 100001 in 1200 px") << 100001 << 1200;
        QTest::newRow("short 300 (kept whole)") << 300 << 800;
    }
    void decimationKeepsExtremes() {
        QFETCH(int, count);
        QFETCH(int, width);
        ChartWidget chart;
        chart.resize(width, 400);
        chart.show();
        const LinesData data = denseCurve(count);
        chart.setData(data, "t", "x", "y");
        const auto series = chart.chart()->series();
        QCOMPARE(series.size(), 1);
        const QList<QPointF> drawn = static_cast<QLineSeries*>(series.front())->points();
        const QList<QPointF>& all = data.curves.front().points;
        if (count <= width)
            QCOMPARE(drawn, all);
        else
            QVERIFY2(drawn.size() <= width + 8 && drawn.size() < all.size(),
                     qPrintable(QString::number(drawn.size())));
        // Only true points, in order, with the first, the last and the extremes among them.
        QCOMPARE(drawn.front(), all.front());
        QCOMPARE(drawn.back(), all.back());
        for (const QPointF& p : drawn) QCOMPARE(p.y(), all[static_cast<int>(p.x())].y());
        auto byY = [](const QPointF& a, const QPointF& b) { return a.y() < b.y(); };
        QCOMPARE(std::min_element(drawn.begin(), drawn.end(), byY)->y(),
                 std::min_element(all.begin(), all.end(), byY)->y());
        QCOMPARE(std::max_element(drawn.begin(), drawn.end(), byY)->y(),
                 std::max_element(all.begin(), all.end(), byY)->y());
        // The widget keeps the full data (the hover readout reads it).
        QCOMPARE(chart.data().curves.front().points.size(), all.size());
    }

    void smallChartsFitTheirLabels_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("overview cell") << QSize(300, 150);
        QTest::newRow("tiny") << QSize(220, 110);
        QTest::newRow("large") << QSize(900, 600);
    }
    void smallChartsFitTheirLabels() {
        QFETCH(QSize, size);
        ChartWidget chart;
        chart.resize(size);
        chart.show();
        chart.setData(denseCurve(4097), "t", "x", "y");
        QTest::qWait(20);
        chart.setData(denseCurve(4097), "t", "x", "y");  // after the first layout
        auto* ay = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Vertical).front());
        QVERIFY(ay);
        const double labels = std::floor((ay->max() - ay->min()) / ay->tickInterval() + 1e-9) + 1;
        const double room =
            chart.chart()->plotArea().height() / (QFontMetricsF(ay->labelsFont()).height() + 10);
        QVERIFY2(labels <= std::max(2.0, room),
                 qPrintable(QStringLiteral("%1 labels, room for %2").arg(labels).arg(room)));
    }
};

QTEST_MAIN(TstChart)
#include "tst_chart.moc"
