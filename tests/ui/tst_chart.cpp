// The line chart (issues 3, 12): a curve with more points than pixel columns is drawn as its
// exact per-column min/max envelope (a band: every point inside its column, every extreme kept),
// never a decimated polyline, while the widget keeps the full data; a small chart chooses few
// enough ticks that no two labels overlap. End to end: a page's long curves arrive as their
// envelope (each column's min and max equal to core's values) and hovering a column (the mouse
// over the widget) reports its range.
#include <QMouseEvent>
#include <QSignalSpy>
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

    void envelopeKeepsEveryPoint_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("width");
        QTest::newRow("decay 4097 in 800 px") << 4097 << 800;
        QTest::newRow("long 100001 in 1200 px") << 100001 << 1200;
        QTest::newRow("short 300 (kept whole)") << 300 << 800;
    }
    void envelopeKeepsEveryPoint() {
        QFETCH(int, count);
        QFETCH(int, width);
        ChartWidget chart;
        chart.resize(width, 400);
        chart.show();
        const LinesData data = denseCurve(count);
        chart.setData(data, "t", "x", "y");
        chart.setData(data, "t", "x", "y");  // with the laid-out plot area
        QCOMPARE(chart.drawn().curves.size(), 1);
        const QList<QPointF>& all = data.curves.front().points;
        const CurveData& drawn = chart.drawn().curves.front();
        const int columns = static_cast<int>(chart.layout().plot.width());
        QVERIFY(columns > 100 && columns < width);
        if (count <= columns) {
            QVERIFY(!drawn.isBand());
            QCOMPARE(drawn.points, all);
            return;
        }
        QVERIFY(drawn.isBand());
        QVERIFY2(drawn.bandX0.size() <= columns, qPrintable(QString::number(drawn.bandX0.size())));
        // Every point lies in exactly one column, within its min and max; each column's min and
        // max are points of it (exact, not interpolated).
        qsizetype k = 0;
        for (const QPointF& p : all) {
            while (k < drawn.bandX0.size() && drawn.bandX1[k] < p.x()) ++k;
            QVERIFY(k < drawn.bandX0.size() && drawn.bandX0[k] <= p.x());
            QVERIFY(p.y() >= drawn.bandLo[k] && p.y() <= drawn.bandHi[k]);
        }
        for (qsizetype c = 0; c < drawn.bandX0.size(); ++c) {
            double lo = 1e300, hi = -1e300;
            for (int x = int(drawn.bandX0[c]); x <= int(drawn.bandX1[c]); ++x) {
                lo = std::min(lo, all[x].y());
                hi = std::max(hi, all[x].y());
            }
            QCOMPARE(drawn.bandLo[c], lo);
            QCOMPARE(drawn.bandHi[c], hi);
        }
        // The widget keeps the full data.
        QCOMPARE(chart.data().curves.front().points.size(), all.size());
    }

    // The sinusoidal page's waves view (columns of the (n, d) table as curves) at n positions:
    // a curve that fits the plot arrives whole; a longer one as its envelope, each column's min
    // and max those of core's values; hovering a column reports its range.
    void pageCurvesReachTheChartWhole_data() {
        QTest::addColumn<int>("n");
        QTest::newRow("n 500") << 500;
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
        const LinesData& data = chart->drawn();
        QVERIFY(!data.curves.isEmpty());
        QSignalSpy hovered(chart, &ChartWidget::hovered);
        for (int i = 0; i < data.curves.size(); ++i) {
            const CurveData& c = data.curves[i];
            const int col = c.name.en.section('=', 1).trimmed().toInt();  // "k = 2"
            QVERIFY(col >= 0 && col < d);
            if (!c.isBand()) {
                QCOMPARE(c.points.size(), n);
                for (int x = 0; x < n; ++x) QCOMPARE(c.points[x].y(), table->at(x * d + col));
                continue;
            }
            QVERIFY(n > 1000);
            qint64 covered = 0;
            for (qsizetype k = 0; k < c.bandX0.size(); ++k) {
                double lo = 1e300, hi = -1e300;
                for (auto x = qint64(c.bandX0[k]); x <= qint64(c.bandX1[k]); ++x) {
                    lo = std::min(lo, table->at(x * d + col));
                    hi = std::max(hi, table->at(x * d + col));
                }
                QCOMPARE(c.bandLo[k], lo);
                QCOMPARE(c.bandHi[k], hi);
                covered += qint64(c.bandX1[k] - c.bandX0[k]) + 1;
            }
            QCOMPARE(covered, qint64(n));  // every position in one column
            // The mouse over the middle column, inside its band.
            const qsizetype mid = c.bandX0.size() / 2;
            const LinesLayout& L = chart->layout();
            const QPointF at(
                L.ax.map(0.5 * (c.bandX0[mid] + c.bandX1[mid]), L.plot.left(), L.plot.right()),
                L.ay.map(0.5 * (c.bandLo[mid] + c.bandHi[mid]), L.plot.bottom(), L.plot.top()));
            QMouseEvent move(QEvent::MouseMove, at, chart->mapToGlobal(at), Qt::NoButton,
                             Qt::NoButton, Qt::NoModifier);
            QCoreApplication::sendEvent(chart, &move);
            QVERIFY(!hovered.isEmpty());
            const QString text = hovered.last().at(0).toString();
            QVERIFY2(text.contains(QStringLiteral("x = %1–%2")
                                       .arg(qint64(c.bandX0[mid]))
                                       .arg(qint64(c.bandX1[mid]))),
                     qPrintable(text));
            // Outside the plot: nothing.
            QVERIFY(chart->hoverTextAt(QPointF(1, 1)).isEmpty());
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
        // Consecutive y tick labels at least a line of tick text apart; x labels no closer
        // than the widest of them.
        const LinesLayout& L = chart.layout();
        QVERIFY(!L.empty && L.ay.ticks.size() >= 2);
        const QFontMetricsF fm(chart.font());
        for (qsizetype i = 1; i < L.ay.ticks.size(); ++i) {
            const double gap = std::abs(L.ay.map(L.ay.ticks[i], L.plot.bottom(), L.plot.top()) -
                                        L.ay.map(L.ay.ticks[i - 1], L.plot.bottom(), L.plot.top()));
            QVERIFY2(gap >= fm.height(),
                     qPrintable(QStringLiteral("y labels %1 px apart").arg(gap)));
        }
        for (qsizetype i = 1; i < L.ax.ticks.size(); ++i) {
            const double gap = L.ax.map(L.ax.ticks[i], L.plot.left(), L.plot.right()) -
                               L.ax.map(L.ax.ticks[i - 1], L.plot.left(), L.plot.right());
            const double widest = std::max(fm.horizontalAdvance(L.ax.label(L.ax.ticks[i])),
                                           fm.horizontalAdvance(L.ax.label(L.ax.ticks[i - 1])));
            QVERIFY2(gap >= widest, qPrintable(QStringLiteral("x labels %1 px apart").arg(gap)));
        }
    }
};

QTEST_MAIN(TstChart)
#include "tst_chart.moc"
