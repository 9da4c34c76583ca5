// One axis helper and one heatmap painter for the explorer and the figures (issue 10): niceAxis
// gives round ranges that cover the data with no more labels than fit; the data range skips what
// a chart cannot show (non-finite points, and points a log axis cannot place), in the live chart
// as in the figure; the heatmap widget paints each cell where its hover readout says it is, whole
// and zoomed in.
#include <QWheelEvent>
#include <QtTest>
#include <cmath>
#include <limits>

#include "core/array.h"
#include "ui/figure/axis.h"
#include "ui/shell/gui_main.h"
#include "ui/views/chart_widget.h"
#include "ui/views/heatmap_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// 1, 2 or 5 times a power of ten.
bool isRoundStep(double step) {
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (std::abs(mantissa - m) < 1e-6) return true;
    return false;
}

bool isPowerOfTen(double v) {
    const double e = std::log10(v);
    return v > 0 && std::abs(e - std::round(e)) < 1e-9;
}

LinesData curveOf(const QList<QPointF>& points, bool logX, bool logY) {
    LinesData d;
    CurveData c;
    c.points = points;
    d.curves << c;
    d.logX = logX;
    d.logY = logY;
    return d;
}

// A rows x cols integer map whose cells all have different colours.
HeatmapData distinctCells(int rows, int cols) {
    HeatmapData h;
    h.rows = rows;
    h.cols = cols;
    h.array = std::make_shared<const core::Array>(core::Array::real({rows, cols}));
    h.image = QImage(cols, rows, QImage::Format_ARGB32);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            h.image.setPixel(c, r, qRgb(40 + 200 * c / cols, 30 + 200 * r / rows, 140));
    h.lo = 0;
    h.hi = 1;
    return h;
}

}  // namespace

class TstAxis : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    void linearAxisIsRoundAndFits_data() {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<int>("maxLabels");
        QTest::newRow("unit") << 0.0 << 1.0 << 10;
        QTest::newRow("across zero") << -3.7 << 12.2 << 8;
        QTest::newRow("small values") << 0.001 << 0.0042 << 6;
        QTest::newRow("far from zero") << 1e6 << 1e6 + 3 << 4;
        QTest::newRow("one value") << 5.0 << 5.0 << 6;
        QTest::newRow("few labels") << 0.0 << 4096.0 << 3;
        QTest::newRow("two labels") << -1.0 << 1.0 << 2;
        QTest::newRow("negative") << -2e-5 << -1e-5 << 5;
    }
    void linearAxisIsRoundAndFits() {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(int, maxLabels);
        const AxisRange a = niceAxis(lo, hi, false, maxLabels);
        QVERIFY(!a.log);
        const double need = hi > lo ? 0 : 0.5;  // an empty range is widened by half a unit
        // (The ends snap to multiples of the step within a billionth of a step.)
        QVERIFY2(a.lo <= lo - need + 1e-9 * a.step && a.hi >= hi + need - 1e-9 * a.step,
                 qPrintable(QStringLiteral("[%1, %2]").arg(a.lo).arg(a.hi)));
        // A round step, unless a single step spans the range: then its ends are the two ticks.
        const bool oneStep = a.ticks.size() == 2 && a.ticks.front() == a.lo &&
                             a.ticks.back() == a.hi && a.step == a.hi - a.lo;
        QVERIFY2(isRoundStep(a.step) || oneStep, qPrintable(QString::number(a.step)));
        QVERIFY(!a.ticks.isEmpty());
        QVERIFY2(a.ticks.size() <= std::max(2, maxLabels),
                 qPrintable(QStringLiteral("%1 ticks").arg(a.ticks.size())));
        for (int i = 0; i < a.ticks.size(); ++i) {
            QVERIFY(a.ticks[i] >= a.lo - 1e-9 * a.step && a.ticks[i] <= a.hi + 1e-9 * a.step);
            const double k = a.ticks[i] / a.step;
            QVERIFY2(std::abs(k - std::round(k)) < 1e-6, qPrintable(QString::number(a.ticks[i])));
            if (i > 0) QVERIFY(std::abs(a.ticks[i] - a.ticks[i - 1] - a.step) < 1e-9 * a.step);
        }
        if (a.lo < 0 && a.hi > 0) {
            QVERIFY(a.ticks.contains(0.0));
            QCOMPARE(a.label(0.0), QStringLiteral("0"));
        }
        QCOMPARE(a.map(a.lo, 10, 110), 10.0);
        QCOMPARE(a.map(a.hi, 10, 110), 110.0);
    }

    void logAxisSpansDecades_data() {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<int>("maxLabels");
        QTest::newRow("five decades") << 3e-4 << 57.0 << 10;
        QTest::newRow("one value") << 1.0 << 1.0 << 6;
        QTest::newRow("no positive low") << 0.0 << 100.0 << 6;
        QTest::newRow("forty decades, few labels") << 1e-30 << 1e10 << 5;
    }
    void logAxisSpansDecades() {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(int, maxLabels);
        const AxisRange a = niceAxis(lo, hi, true, maxLabels);
        QVERIFY(a.log);
        QVERIFY(isPowerOfTen(a.lo) && isPowerOfTen(a.hi) && a.hi > a.lo);
        if (lo > 0) QVERIFY(a.lo <= lo);
        QVERIFY(a.hi >= hi);
        QVERIFY(!a.ticks.isEmpty() && a.ticks.size() <= maxLabels);
        for (double t : a.ticks) QVERIFY2(isPowerOfTen(t), qPrintable(QString::number(t)));
        QCOMPARE(a.map(a.lo, 0, 1), 0.0);
        QCOMPARE(a.map(a.hi, 0, 1), 1.0);
    }

    // Log axes (issue 13 item 3): every decade labelled where the labels fit (the review found
    // 10⁻⁴, the bottom of rope/frequencies, unlabelled); the decades left unlabelled still get a
    // tick, and an axis of at most six decades gets minor ticks at 2..9 × 10ⁿ, none on a label.
    void logAxisMinorTicks_data() {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<int>("maxLabels");
        QTest::addColumn<int>("target");
        QTest::addColumn<int>("labels");  // expected labelled decades
        QTest::addColumn<bool>("subs");   // 2..9 × 10ⁿ expected
        QTest::newRow("frequencies 1e-4..1, target 3") << 1.2e-4 << 1.0 << 9 << 3 << 5 << true;
        QTest::newRow("wavelengths 1..1e5") << 6.0 << 5e4 << 9 << 6 << 6 << true;
        QTest::newRow("one decade") << 2.0 << 9.0 << 9 << 6 << 2 << true;
        QTest::newRow("six decades") << 1e-6 << 1.0 << 9 << 6 << 7 << true;
        QTest::newRow("rk4 error, ten decades") << 3e-10 << 0.9 << 9 << 4 << 6 << false;
        QTest::newRow("forty decades") << 1e-30 << 1e10 << 5 << 6 << 5 << false;
    }
    void logAxisMinorTicks() {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(int, maxLabels);
        QFETCH(int, target);
        QFETCH(int, labels);
        QFETCH(bool, subs);
        const AxisRange a = niceAxis(lo, hi, true, maxLabels, target);
        QCOMPARE(a.ticks.size(), labels);
        const int decades = static_cast<int>(std::lround(std::log10(a.hi / a.lo)));
        int sub = 0, unlabelledDecades = 0;
        for (double m : a.minorTicks) {
            QVERIFY2(m >= a.lo * (1 - 1e-12) && m <= a.hi * (1 + 1e-12),
                     qPrintable(QString::number(m)));
            for (double t : a.ticks)
                QVERIFY2(std::abs(m / t - 1) > 1e-9, qPrintable(QString::number(m)));
            if (isPowerOfTen(m))
                ++unlabelledDecades;
            else
                ++sub;
        }
        // Every decade has a tick, labelled or not.
        QCOMPARE(unlabelledDecades + static_cast<int>(a.ticks.size()), decades + 1);
        QCOMPARE(sub, subs ? 8 * decades : 0);
        if (labels == decades + 1)  // every decade labelled: the ends too
            QVERIFY(a.ticks.front() == a.lo && a.ticks.back() == a.hi);
    }

    void dataRangeSkipsWhatCannotBeDrawn_data() {
        QTest::addColumn<bool>("logY");
        QTest::addColumn<QRectF>("expected");  // x: xlo..xhi, y: ylo..yhi
        QTest::newRow("linear") << false << QRectF(QPointF(0, -1), QPointF(5, 100));
        QTest::newRow("log y") << true << QRectF(QPointF(2, 1e-3), QPointF(5, 100));
    }
    void dataRangeSkipsWhatCannotBeDrawn() {
        QFETCH(bool, logY);
        QFETCH(QRectF, expected);
        const LinesData d = curveOf(
            {{0, 0}, {1, -1}, {2, 1e-3}, {3, kNaN}, {4, kInf}, {5, 100}, {kInf, 7}, {kNaN, 7}},
            false, logY);
        const DataRange r = lineDataRange(d);
        QVERIFY(!r.empty());
        QCOMPARE(QRectF(QPointF(r.xlo, r.ylo), QPointF(r.xhi, r.yhi)), expected);
        LinesData marked = d;
        marked.hmarker = 1000;
        marked.vmarkers = {{-4, {}, -1, {}}};
        const DataRange m = lineDataRange(marked);
        QCOMPARE(m.yhi, 1000.0);
        // A vertical marker beyond the data never stretches the x range (issue 12: it is drawn
        // off-scale with its value).
        QCOMPARE(m.xlo, r.xlo);
        QCOMPARE(m.xhi, r.xhi);
        QVERIFY(lineDataRange(curveOf({{1, kNaN}, {kInf, 2}}, false, false)).empty());
        QVERIFY(lineDataRange(curveOf({{1, 0}, {2, -3}}, false, true)).empty());
    }

    // The live chart takes its ranges from the same scan and niceAxis as the figure: a zero or a
    // negative value on a log axis no longer drags the range to a tenth of the maximum.
    void chartAxesComeFromNiceAxis_data() {
        QTest::addColumn<bool>("logY");
        QTest::newRow("linear") << false;
        QTest::newRow("log y with zeros") << true;
    }
    void chartAxesComeFromNiceAxis() {
        QFETCH(bool, logY);
        QList<QPointF> pts;
        for (int x = 0; x <= 400; ++x)
            pts << QPointF(x, x % 50 == 0 ? 0.0 : 2e-3 * std::exp(x / 40.0) * (x % 3 ? 1 : -1));
        if (logY)
            for (auto& p : pts) p.setY(std::abs(p.y()));
        const LinesData d = curveOf(pts, false, logY);
        ChartWidget chart;
        chart.resize(640, 420);
        chart.show();
        chart.setData(d, "t", "x", "y");
        QTest::qWait(20);
        chart.setData(d, "t", "x", "y");
        const DataRange r = lineDataRange(d);
        const AxisRange& ax = chart.layout().ax;
        // x runs exactly over the data (no blank strip to a round end); its ticks stay round.
        QVERIFY(!ax.log && ax.lo == r.xlo && ax.hi == r.xhi && isRoundStep(ax.step));
        QVERIFY(ax.ticks.size() >= 2);
        for (double t : ax.ticks) QVERIFY(std::abs(t / ax.step - std::round(t / ax.step)) < 1e-9);
        const AxisRange& ay = chart.layout().ay;
        QCOMPARE(ay.log, logY);
        if (logY) {
            const AxisRange expected = niceAxis(r.ylo, r.yhi, true, 10);
            QCOMPARE(ay.lo, expected.lo);
            QCOMPARE(ay.hi, expected.hi);
            QCOMPARE(ay.lo, 1e-3);  // the decade of the smallest positive value
        } else {
            QVERIFY(ay.lo <= r.ylo && ay.hi >= r.yhi && isRoundStep(ay.step));
        }
    }

    // Every cell is painted where cellAt (the hover readout) finds it: the painter and the hit
    // test share one layout, whole and zoomed in.
    void heatmapCellsWhereHoverSaysSo_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("zoomSteps");
        QTest::newRow("whole, roomy") << QSize(460, 380) << 0;
        QTest::newRow("whole, compact") << QSize(240, 180) << 0;
        QTest::newRow("zoomed in") << QSize(460, 380) << 4;
    }
    void heatmapCellsWhereHoverSaysSo() {
        QFETCH(QSize, size);
        QFETCH(int, zoomSteps);
        const HeatmapData data = distinctCells(6, 8);
        HeatmapWidget w;
        w.resize(size);
        w.show();
        w.setData(data);
        const QPointF centre(size.width() / 2.0, size.height() / 2.0);
        QVERIFY(w.cellAt(centre).x() >= 0);
        for (int i = 0; i < zoomSteps; ++i) {
            QWheelEvent e(centre, w.mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(&w, &e);
        }
        const QImage shot = w.grab().toImage();
        QSet<QPoint> seen;
        int checked = 0;
        for (int y = 2; y < shot.height() - 2; y += 3)
            for (int x = 2; x < shot.width() - 2; x += 3) {
                const QPoint c = w.cellAt(QPointF(x + 0.5, y + 0.5));
                if (c.x() < 0) continue;
                // Well inside the cell: its neighbours three pixels away are in it too.
                bool inside = true;
                for (QPoint d : {QPoint(-3, -3), QPoint(3, 3), QPoint(-3, 3), QPoint(3, -3)})
                    inside = inside && w.cellAt(QPointF(x + d.x() + 0.5, y + d.y() + 0.5)) == c;
                if (!inside) continue;
                QCOMPARE(QColor(shot.pixel(x, y)), QColor(data.image.pixel(c.x(), c.y())));
                seen.insert(c);
                ++checked;
            }
        QVERIFY2(checked > 50, qPrintable(QString::number(checked)));
        if (zoomSteps == 0)
            QCOMPARE(seen.size(), 6 * 8);
        else
            QVERIFY2(seen.size() < 6 * 8 && !seen.isEmpty(),
                     qPrintable(QString::number(seen.size())));
    }
};

QTEST_MAIN(TstAxis)
#include "tst_axis.moc"
