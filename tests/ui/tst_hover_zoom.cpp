// Hover and zoom made discoverable and readable (issue 13, GUI review item 13): hovering a heatmap
// cell or a chart curve shows a tooltip at the cursor with the value rounded for reading (at most
// 5 significant digits, in the human number convention) and the coordinates, while the status
// bar keeps the exact value; a chart reads the curve nearest the cursor, which need not touch the
// line, and marks the point; zoomable figures carry visible "+", "−" and "show everything"
// buttons beside the plot that zoom like the wheel and reset like a double-click.
#include <QAbstractButton>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QtTest>
#include <cmath>

#include "core/array.h"
#include "tests/ui/ui_test_util.h"
#include "ui/compute/cell_blocks.h"
#include "ui/compute/format.h"
#include "ui/figure/number_format.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/language.h"
#include "ui/views/chart_widget.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/hover_tip.h"
#include "ui/views/view_widget.h"
#include "ui/views/zoom_controls.h"

using namespace poslab;
using namespace poslab::ui;
using test::cellCentre;

namespace {

// A rows x cols heatmap of zeros with `value` at (row, col).
HeatmapData oneValue(qint64 rows, qint64 cols, qint64 row, qint64 col, double value) {
    auto a = std::make_shared<core::Array>(core::Array::real({rows, cols}));
    a->f64[static_cast<std::size_t>(row * cols + col)] = value;
    HeatmapData h;
    h.array = a;
    h.rows = rows;
    h.cols = cols;
    h.lo = std::min(0.0, value);
    h.hi = std::max(0.0, value) > h.lo ? std::max(0.0, value) : h.lo + 1;
    h.rowAxis = QStringLiteral("query position m");
    h.colAxis = QStringLiteral("key position k");
    paintBlockMeans(h);
    return h;
}

void moveMouse(QWidget& w, QPointF at) {
    QMouseEvent move(QEvent::MouseMove, at, w.mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(&w, &move);
}

void leave(QWidget& w) {
    QEvent e(QEvent::Leave);
    QApplication::sendEvent(&w, &e);
}

// Significant digits of a number written in the convention ("2.2204 × 10⁻¹⁶": 5, "500 000": 1).
int significantDigits(const QString& text) {
    QString mantissa = text.section(QStringLiteral(" × "), 0, 0);
    mantissa.remove(QChar(0x202F)).remove(QChar(0x2212)).remove(QLatin1Char('.'));
    while (mantissa.startsWith(QLatin1Char('0'))) mantissa.remove(0, 1);
    if (!text.contains(QLatin1Char('.')))
        while (mantissa.endsWith(QLatin1Char('0'))) mantissa.chop(1);
    return static_cast<int>(mantissa.size());
}

HoverTip* tipOf(QWidget& w) {
    return w.findChild<HoverTip*>(QStringLiteral("hoverTip"));
}

// Two curves far apart: "low" = 20 + 10 sin(x / 10) and "high" = 80 + x / 10, x = 0 … 200.
LinesData twoCurves() {
    LinesData d;
    CurveData low, high;
    low.name = LocalText{QStringLiteral("low"), QStringLiteral("low")};
    high.name = LocalText{QStringLiteral("high"), QStringLiteral("high")};
    high.color = 1;
    for (int x = 0; x <= 200; ++x) {
        low.points << QPointF(x, 20 + 10 * std::sin(x / 10.0));
        high.points << QPointF(x, 80 + x / 10.0);
    }
    d.curves << low << high;
    return d;
}

LinesData longCurve(int count) {
    LinesData d;
    CurveData c;
    c.name = LocalText{QStringLiteral("g(x)"), QStringLiteral("g(x)")};
    for (int x = 0; x < count; ++x) c.points << QPointF(x, 50 + 40 * std::cos(x / 50.0));
    d.curves << c;
    return d;
}

}  // namespace

class TstHoverZoom : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    // The value to at most 5 significant digits in the human convention; the coordinates named;
    // the status bar's readout exact; leaving hides the tooltip.
    void heatmapTipIsRounded_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("shown");
        QTest::newRow("score") << 59.58173594501535 << QStringLiteral("59.582");
        QTest::newRow("rounding residue")
            << 2.220446049250313e-16 << QStringLiteral("2.2204 × 10⁻¹⁶");
        QTest::newRow("negative") << -1234.56789 << QStringLiteral("−1234.6");
        QTest::newRow("large, grouped") << 500000.123 << QStringLiteral("500\u202F000");
        QTest::newRow("short stays short") << 0.1 << QStringLiteral("0.1");
    }
    void heatmapTipIsRounded() {
        QFETCH(double, value);
        QFETCH(QString, shown);
        HeatmapWidget w;
        w.resize(480, 400);
        w.setData(oneValue(4, 5, 2, 1, value));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QPointF at = cellCentre(w, 2, 1);
        QVERIFY(at.x() >= 0);
        QSignalSpy hovered(&w, &HeatmapWidget::hovered);
        moveMouse(w, at);
        HoverTip* tip = tipOf(w);
        QVERIFY(tip && tip->isVisible());
        const QStringList lines = tip->lines();
        QCOMPARE(lines.value(0), shown);
        QVERIFY(significantDigits(lines.value(0)) <= 5);
        QCOMPARE(lines.value(1), QStringLiteral("query position m = 2, key position k = 1"));
        QCOMPARE(w.hoverTipAt(at), lines);
        // The tooltip sits at the cursor, not over it.
        const QPoint cursor = w.mapToGlobal(at.toPoint());
        QVERIFY(!tip->geometry().contains(cursor));
        QVERIFY((tip->geometry().center() - cursor).manhattanLength() < 6 * tip->height());
        // The status readout keeps every digit.
        QVERIFY(!hovered.isEmpty());
        QVERIFY2(hovered.last().at(0).toString().endsWith(exactText(value)),
                 qPrintable(hovered.last().at(0).toString()));
        leave(w);
        QVERIFY(!tip->isVisible());
        QVERIFY(tip->lines().isEmpty());
        QCOMPARE(hovered.last().at(0).toString(), QString());
    }

    // The tooltip is in the figure's font: a larger font (presentation mode) makes it larger.
    void tipFollowsTheFigureFont() {
        HeatmapWidget w;
        w.resize(480, 400);
        w.setData(oneValue(4, 5, 2, 1, 59.58173594501535));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QPointF at = cellCentre(w, 2, 1);
        moveMouse(w, at);
        HoverTip* tip = tipOf(w);
        QVERIFY(tip && tip->isVisible());
        const QSize normal = tip->size();
        QFont big = w.font();
        big.setPointSizeF(big.pointSizeF() * 1.6);
        w.setFont(big);
        moveMouse(w, cellCentre(w, 2, 1));
        QVERIFY(tip->isVisible());
        QCOMPARE(tip->font().pointSizeF(), big.pointSizeF());
        QVERIFY2(tip->height() > normal.height() * 1.3,
                 qPrintable(QStringLiteral("%1 -> %2").arg(normal.height()).arg(tip->height())));
    }

    // The curve nearest the cursor at its x is read although the cursor is off the line, and a
    // marker shows the point read.
    void chartReadsNearestCurve_data() {
        QTest::addColumn<QString>("curve");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("offset");  // pixels below (+) or above (-) the line
        QTest::newRow("on low") << "low" << 50.0 << 0.0;
        QTest::newRow("6 px below low") << "low" << 50.0 << 6.0;
        QTest::newRow("9 px above low") << "low" << 120.0 << -9.0;
        QTest::newRow("12 px below high") << "high" << 73.0 << 12.0;
        QTest::newRow("5 px above high") << "high" << 150.0 << -5.0;
    }
    void chartReadsNearestCurve() {
        QFETCH(QString, curve);
        QFETCH(double, x);
        QFETCH(double, offset);
        ChartWidget chart;
        chart.resize(640, 420);
        const LinesData data = twoCurves();
        chart.setData(data, "t", "x", "y");
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const int index = curve == "low" ? 0 : 1;
        const double y = data.curves[index].points[int(x)].y();
        const LinesLayout& L = chart.layout();
        const QPointF onLine(L.ax.map(x, L.plot.left(), L.plot.right()),
                             L.ay.map(y, L.plot.bottom(), L.plot.top()));
        const QPointF at = onLine + QPointF(0, offset);
        const QImage before = chart.grab().toImage();
        QSignalSpy hovered(&chart, &ChartWidget::hovered);
        moveMouse(chart, at);
        HoverTip* tip = tipOf(chart);
        QVERIFY(tip && tip->isVisible());
        const QStringList lines = tip->lines();
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[1], QStringLiteral("%1 · x = %2").arg(curve).arg(x));
        // The value rounded: at most 5 significant digits, within half a unit of the last one.
        QVERIFY(significantDigits(lines[0]) <= 5);
        bool ok = false;
        const double read = plainNumberText(lines[0]).toDouble(&ok);
        QVERIFY2(ok, qPrintable(lines[0]));
        QVERIFY(std::abs(read - y) <= 0.5e-4 * std::pow(10.0, std::floor(std::log10(y)) + 1));
        // The status bar: the same point, exact.
        QCOMPARE(hovered.last().at(0).toString(),
                 QStringLiteral("%1 · x = %2: %3").arg(curve, exactText(x), exactText(y)));
        // The marker: the picture changed at the point read.
        const QImage after = chart.grab().toImage();
        const double dpr = after.devicePixelRatio();
        const QPoint p = (onLine * dpr).toPoint();
        QVERIFY(before.pixel(p) != after.pixel(p) ||
                before.pixel(p + QPoint(3, 0)) != after.pixel(p + QPoint(3, 0)));
        leave(chart);
        QVERIFY(!tip->isVisible());
        const QImage gone = chart.grab().toImage();
        QCOMPARE(gone, before);
    }

    // A band (more points than pixel columns) reads its column's min and max, rounded.
    void chartBandTip() {
        ChartWidget chart;
        chart.resize(500, 360);
        chart.setData(longCurve(20000), "t", "x", "y");
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const CurveData& band = chart.drawn().curves.front();
        QVERIFY(band.isBand());
        const qsizetype k = band.bandX0.size() / 3;
        const LinesLayout& L = chart.layout();
        const QPointF at(
            L.ax.map(0.5 * (band.bandX0[k] + band.bandX1[k]), L.plot.left(), L.plot.right()),
            L.plot.top() + 3);
        const QStringList lines = chart.hoverTipAt(at);
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].startsWith("min ") && lines[0].contains(", max "), qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith("g(x) · x = ") && lines[1].contains(QChar(0x2013)),
                 qPrintable(lines[1]));
        for (const QString& n : lines[0].mid(4).split(", max "))
            QVERIFY2(significantDigits(n) <= 5, qPrintable(n));
    }

    // The buttons: on every heatmap with data and on a zoomable chart, beside the plot (never
    // over a cell or the plot), "show everything" disabled until zoomed; none on a chart that
    // does not zoom.
    void buttonsWhereZoomable_data() {
        QTest::addColumn<int>("kind");  // 0 heatmap, 1 zoomable chart, 2 chart without zoom
        QTest::addColumn<bool>("buttons");
        QTest::newRow("heatmap") << 0 << true;
        QTest::newRow("zoomable chart") << 1 << true;
        QTest::newRow("chart without zoom") << 2 << false;
    }
    void buttonsWhereZoomable() {
        QFETCH(int, kind);
        QFETCH(bool, buttons);
        HeatmapWidget heat;
        ChartWidget chart;
        QWidget* w = kind == 0 ? static_cast<QWidget*>(&heat) : &chart;
        w->resize(600, 420);
        if (kind == 0) heat.setData(oneValue(30, 40, 3, 4, 1.0));
        if (kind == 1) chart.setZoomable(true);
        if (kind > 0) chart.setData(twoCurves(), "t", "x", "y");
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        auto* in = w->findChild<QAbstractButton*>("zoomIn");
        auto* out = w->findChild<QAbstractButton*>("zoomOut");
        auto* reset = w->findChild<QAbstractButton*>("zoomReset");
        QVERIFY(in && out && reset);
        for (QAbstractButton* b : {in, out, reset}) {
            QCOMPARE(b->isVisible(), buttons);
            if (!buttons) continue;
            QVERIFY(!b->toolTip().isEmpty());
            const QRect r(b->mapTo(w, QPoint(0, 0)), b->size());
            QVERIFY(w->rect().contains(r));
            if (kind == 0) {
                for (QPoint p :
                     {r.topLeft(), r.topRight(), r.bottomLeft(), r.bottomRight(), r.center()})
                    QCOMPARE(heat.cellAt(p), QPoint(-1, -1));
            } else {
                QVERIFY(!chart.layout().plot.intersects(QRectF(r)));
            }
        }
        if (!buttons) return;
        QVERIFY(in->toolTip().contains("wheel"));
        QVERIFY(reset->toolTip().contains("double-click"));
        QVERIFY(in->isEnabled());
        QVERIFY(!reset->isEnabled());
        QVERIFY(!out->isEnabled());
    }

    // "+" narrows the window like the wheel (a window announced), "−" widens it, "show
    // everything" restores the whole range; the reset button is live only while zoomed.
    void chartButtonsZoom() {
        ChartWidget chart;
        chart.resize(640, 420);
        chart.setZoomable(true);
        chart.setData(longCurve(1001), "t", "x", "y");
        chart.setFullXRange(0, 1000);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        auto* in = chart.findChild<QAbstractButton*>("zoomIn");
        auto* out = chart.findChild<QAbstractButton*>("zoomOut");
        auto* reset = chart.findChild<QAbstractButton*>("zoomReset");
        QVERIFY(in && out && reset && in->isVisible());
        QSignalSpy window(&chart, &ChartWidget::windowChanged);
        QTest::mouseClick(in, Qt::LeftButton);
        QCOMPARE(window.size(), 1);
        const double lo = window.last().at(0).toDouble(), hi = window.last().at(1).toDouble();
        QVERIFY2(lo >= 0 && hi > lo && hi - lo < 0.6 * 1000,
                 qPrintable(QStringLiteral("%1 – %2").arg(lo).arg(hi)));
        QVERIFY(lo < 500 && hi > 500);  // about the middle
        QVERIFY(chart.zoomed());
        QVERIFY(reset->isEnabled() && out->isEnabled());
        QTest::mouseClick(in, Qt::LeftButton);
        const double lo2 = window.last().at(0).toDouble(), hi2 = window.last().at(1).toDouble();
        QVERIFY(hi2 - lo2 < hi - lo);
        QTest::mouseClick(out, Qt::LeftButton);
        QVERIFY(window.last().at(1).toDouble() - window.last().at(0).toDouble() > hi2 - lo2);
        QTest::mouseClick(reset, Qt::LeftButton);
        QCOMPARE(window.last().at(0).toDouble(), -1.0);
        QCOMPARE(window.last().at(1).toDouble(), -1.0);
        QVERIFY(!chart.zoomed());
        QVERIFY(!reset->isEnabled());
    }

    // The same on a heatmap: the view narrows about its middle, widens, and comes back whole.
    void heatmapButtonsZoom() {
        HeatmapWidget w;
        w.resize(600, 480);
        w.setData(oneValue(64, 64, 3, 4, 1.0));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* in = w.findChild<QAbstractButton*>("zoomIn");
        auto* out = w.findChild<QAbstractButton*>("zoomOut");
        auto* reset = w.findChild<QAbstractButton*>("zoomReset");
        QVERIFY(in && out && reset && in->isVisible());
        const QRectF all = w.view();
        QTest::mouseClick(in, Qt::LeftButton);
        const QRectF zoomedIn = w.view();
        QVERIFY(zoomedIn.width() < 0.6 * all.width() && zoomedIn.height() < 0.6 * all.height());
        QVERIFY(zoomedIn.contains(all.center()));
        QVERIFY(w.zoomed() && reset->isEnabled());
        QTest::mouseClick(out, Qt::LeftButton);
        QVERIFY(w.view().width() > zoomedIn.width());
        QTest::mouseClick(in, Qt::LeftButton);
        QTest::mouseClick(in, Qt::LeftButton);
        QTest::mouseClick(reset, Qt::LeftButton);
        QCOMPARE(w.view(), all);
        QVERIFY(!w.zoomed() && !reset->isEnabled());
        // Zoomed in as far as it goes, "+" turns off.
        for (int i = 0; i < 12; ++i) QTest::mouseClick(in, Qt::LeftButton);
        QVERIFY(!in->isEnabled());
    }

    // End to end on RoPE's scores over 4096 positions (a windowed view): "+" asks for a smaller
    // window, which the page computes; "show everything" asks for the whole again.
    void pageScoresZoomButtons() {
        MainWindow w(test::noSettings());
        w.resize(1400, 900);
        w.openPage(test::mainPage(), 2);
        w.show();
        QVERIFY(test::waitIdle(w));
        QVERIFY(w.paramPanel()->setText("n", "4096"));
        QVERIFY(test::waitIdle(w));
        const auto views = w.page()->viewsOfTab(2);
        QVERIFY(!views.isEmpty() && !views[0]->heatmaps().isEmpty());
        HeatmapWidget* heat = views[0]->heatmaps().front();
        QVERIFY(heat->windowed());
        auto* in = heat->findChild<QAbstractButton*>("zoomIn");
        auto* reset = heat->findChild<QAbstractButton*>("zoomReset");
        QVERIFY(in && reset && in->isVisible() && !reset->isEnabled());
        const QRectF all = heat->view();
        QSignalSpy window(heat, &HeatmapWidget::windowChanged);
        QTest::mouseClick(in, Qt::LeftButton);
        QCOMPARE(window.size(), 1);
        const QRectF asked = window.last().at(0).toRectF();
        QVERIFY(!asked.isEmpty() && asked.width() < all.width() && asked.height() < all.height());
        QVERIFY(test::waitIdle(w));
        QVERIFY(heat->zoomed() && reset->isEnabled());
        QTest::mouseClick(reset, Qt::LeftButton);
        QVERIFY(window.last().at(0).toRectF().isEmpty());  // everything
        QVERIFY(test::waitIdle(w));
        QCOMPARE(heat->view(), all);
        QVERIFY(!reset->isEnabled());
        // The buttons' tooltips in Chinese after a language switch, and back.
        const QString english = in->toolTip();
        w.setLanguage(languageFromCode("zh"));
        QVERIFY2(test::hasCjk(in->toolTip()) && test::hasCjk(reset->toolTip()),
                 qPrintable(in->toolTip()));
        w.setLanguage(languageFromCode("en"));
        QCOMPARE(in->toolTip(), english);
    }
};

QTEST_MAIN(TstHoverZoom)
#include "tst_hover_zoom.moc"
