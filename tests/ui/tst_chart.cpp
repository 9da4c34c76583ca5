// The line chart (issue 3): a dense curve is drawn from a min/max-decimated copy that keeps every
// extreme and only true data points, while the hover readout still uses the full data; a small
// chart chooses few enough ticks that Qt Charts never elides a label. End to end: a page's curves
// reach the chart whole (the chart is the one decimator) and hover reads core's exact values.
#include <QLineSeries>
#include <QSignalSpy>
#include <QValueAxis>
#include <QtTest>
#include <cmath>

#include "core/compute.h"
#include "tests/ui/ui_test_util.h"
#include "ui/compute/format.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/gui_main.h"
#include "ui/views/chart_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
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

    // The sinusoidal page's waves view (columns of the (n, d) table as curves) at n positions:
    // every curve the chart holds has all n points, each core's value; the chart draws fewer;
    // hovering a point it does not draw reports that point's exact value.
    void pageCurvesReachTheChartWhole_data() {
        QTest::addColumn<int>("n");
        QTest::newRow("n 1500") << 1500;
        QTest::newRow("n 4097") << 4097;
        QTest::newRow("n 20000") << 20000;
    }
    void pageCurvesReachTheChartWhole() {
        QFETCH(int, n);
        const PageSpec* page = Catalog::instance().find("sinusoidal");
        QVERIFY(page);
        int tab = -1;
        for (int i = 0; i < page->views.size(); ++i)
            if (page->views[i].id == "sinusoidal/waves") tab = i + 1;
        QVERIFY(tab > 0);
        MainWindow w(test::noSettings());
        w.resize(1000, 700);
        w.openPage("sinusoidal", tab);
        w.show();
        QVERIFY(test::waitIdle(w));
        QVERIFY(w.paramPanel()->setText("n", QString::number(n)));
        QVERIFY(test::waitIdle(w));
        const auto views = w.page()->viewsOfTab(tab);
        QCOMPARE(views.size(), 1);
        ChartWidget* chart = views[0]->chart();
        QVERIFY(chart);
        const auto table = core::compute("sinusoidal", "table", w.page()->params());
        QVERIFY(table.ok());
        const qint64 d = table->shape[1];
        const LinesData& data = chart->data();
        QVERIFY(!data.curves.isEmpty());
        const auto series = chart->chart()->series();
        QCOMPARE(series.size(), data.curves.size());
        QSignalSpy hovered(chart, &ChartWidget::hovered);
        for (int i = 0; i < data.curves.size(); ++i) {
            const CurveData& c = data.curves[i];
            const int col = c.name.en.section('=', 1).trimmed().toInt();  // "k = 2"
            QVERIFY(col >= 0 && col < d);
            QCOMPARE(c.points.size(), n);  // not cut before the chart
            for (int x = 0; x < n; ++x) {
                QCOMPARE(c.points[x].x(), double(x));
                QCOMPARE(c.points[x].y(), table->at(x * d + col));  // the same double
            }
            auto* line = static_cast<QLineSeries*>(series[i]);
            const QList<QPointF> drawn = line->points();
            QVERIFY2(drawn.size() < n, qPrintable(QString::number(drawn.size())));
            // A point the chart does not draw, hovered a little to its right.
            int hidden = -1;
            for (int x = 1, k = 0; x < n && hidden < 0; ++x) {
                while (k < drawn.size() && drawn[k].x() < x) ++k;
                if (k >= drawn.size() || drawn[k].x() != x) hidden = x;
            }
            QVERIFY(hidden > 0);
            emit line->hovered(QPointF(hidden + 0.3, 0.0), true);
            QVERIFY(!hovered.isEmpty());
            const QString text = hovered.last().at(0).toString();
            const QString expected =
                QStringLiteral(" · x = %1: %2")
                    .arg(exactText(hidden), exactText(table->at(hidden * d + col)));
            QVERIFY2(text.endsWith(expected), qPrintable(text + " / " + expected));
        }
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
