// Long-context views that cannot mislead (issue 25 item 4, gui-review-2 #5): cells whose mean
// hides a swing are hatched exactly where the true per-cell range is wide, with a line saying
// so; titles and formulas name what is drawn; the hover never says NaN; y ranges fit the data;
// the heatmap's row-axis title sits beside its tick labels.
#include <QPainter>
#include <QtTest>
#include <cmath>

#include "figure_test_util.h"
#include "ui/figure/axis.h"
#include "ui/figure/lines_paint.h"
#include "ui/figure/swing_hatch.h"
#include "ui/shell/gui_main.h"
#include "ui/views/heatmap_widget.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::ui::test::figureOf;
using poslab::ui::test::pageOf;

namespace {

Figure anglesFigure(const QString& n, const QString& show) {
    const PageSpec* page = pageOf("rope/angles");
    ViewState st = defaultViewState(*page->findView("rope/angles"), *page);
    st.show = show;
    auto f = figureOf("rope/angles", {{"n", n}}, st);
    if (!f) qFatal("%s", f.error().message.c_str());
    return *f;
}

// The pixels where two images differ, and their bounding box.
int differing(const QImage& a, const QImage& b, QRect* box) {
    int count = 0;
    QRegion where;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            if (a.pixel(x, y) != b.pixel(x, y)) {
                ++count;
                *box = box->isNull() ? QRect(x, y, 1, 1) : box->united(QRect(x, y, 1, 1));
            }
    return count;
}

}  // namespace

class TestLongContextMarks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    // (a) The hatching marks exactly the cells whose true range (every position, brute force
    // here) spans more than half the colour range, and the figure says what it means; none at a
    // small n (one position per cell) nor for the angle itself (it only rises across a cell).
    void marksWhereCellsSwing_data() {
        QTest::addColumn<QString>("n");
        QTest::addColumn<QString>("show");
        QTest::addColumn<bool>("marked");
        QTest::newRow("10M cos (auto)") << "10485760"
                                        << "" << true;
        QTest::newRow("10M sin") << "10485760"
                                 << "sin" << true;
        QTest::newRow("10M mod 2π") << "10485760"
                                    << "mod" << true;
        QTest::newRow("10M angle") << "10485760"
                                   << "angle" << false;
        QTest::newRow("512 cos") << "512"
                                 << "cos" << false;
    }
    void marksWhereCellsSwing() {
        QFETCH(QString, n);
        QFETCH(QString, show);
        QFETCH(bool, marked);
        Figure f = anglesFigure(n, show);
        QCOMPARE(f.result.heatmaps.size(), 1);
        const HeatmapData& h = f.result.heatmaps.front();
        QCOMPARE(anyCellSwings(h), marked);
        QCOMPARE(f.caption.contains(QStringLiteral("Hatched")), marked);
        if (marked) {
            // Sampled rows, every pair: the mark agrees with the brute-force range.
            const double half = 0.5 * (h.hi - h.lo);
            const QString s = show.isEmpty() ? QStringLiteral("cos") : show;
            int swinging = 0;
            for (qint64 r : {qint64(0), h.rows / 3, h.rows - 1})
                for (qint64 j = 0; j < h.cols; ++j) {
                    const qint64 x0 = h.rowMap.start(r, h.rows),
                                 x1 = h.rowMap.start(r + 1, h.rows) - 1;
                    const double t = std::pow(10000.0, -2.0 * static_cast<double>(j) / 128.0);
                    double lo = 1e300, hi = -1e300;
                    for (qint64 x = x0; x <= x1; ++x) {
                        const double a = std::fmod(static_cast<double>(x) * t, 2 * M_PI);
                        const double v = s == "cos" ? std::cos(a) : s == "sin" ? std::sin(a) : a;
                        lo = std::min(lo, v);
                        hi = std::max(hi, v);
                    }
                    if (std::abs(hi - lo - half) < 1e-6) continue;  // on the edge: rounding
                    QVERIFY2(
                        h.swings(x0, x1, j, j) == (hi - lo > half),
                        qPrintable(
                            QStringLiteral("row %1 pair %2: range %3").arg(r).arg(j).arg(hi - lo)));
                    swinging += hi - lo > half;
                }
            QVERIFY(swinging > 0);
        }
        // The image: the hatching changes pixels inside the plot only, and only where marked.
        FigureOptions o;
        o.pixels = {960, 540};
        const QImage with = figureImage(f, o);
        Figure plain = f;
        plain.result.heatmaps.front().swings = nullptr;
        const QImage without = figureImage(plain, o);
        QRect box;
        const int changed = differing(with, without, &box);
        QCOMPARE(changed > 0, marked);
        if (marked) {
            QImage probe(o.pixels, QImage::Format_ARGB32);
            QPainter p(&probe);
            const QRectF plot =
                figureHeatmapPlots(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), f, o).front();
            QVERIFY2(plot.adjusted(-1, -1, 1, 1).contains(QRectF(box)),
                     qPrintable(QStringLiteral("changed pixels outside the plot")));
        }
    }

    // (b) The title and the formula name what is drawn, in both languages.
    void titlesNameWhatIsDrawn_data() {
        QTest::addColumn<QString>("show");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("formula");
        QTest::newRow("cos") << "cos"
                             << "cos(m·θⱼ)"
                             << "\\cos(m\\theta_j)";
        QTest::newRow("sin") << "sin"
                             << "sin(m·θⱼ)"
                             << "\\sin(m\\theta_j)";
        QTest::newRow("mod") << "mod"
                             << "mod 2π"
                             << "\\mathrm{mod}";
        QTest::newRow("angle") << "angle"
                               << "Rotation angles m·θⱼ"
                               << "m\\theta_j";
    }
    void titlesNameWhatIsDrawn() {
        QFETCH(QString, show);
        QFETCH(QString, title);
        QFETCH(QString, formula);
        const Figure f = anglesFigure("10485760", show);
        QVERIFY2(f.title.contains(title), qPrintable(f.title));
        QVERIFY2(f.formula.contains(formula), qPrintable(f.formula));
        if (show != "angle") QVERIFY(!f.formula.contains("\\mathrm{angle}"));
        QVERIFY(f.result.title.zh.contains(QString::fromUtf8("旋转角")) || show == "angle");
    }

    // (c) Hover over the 10M scores: min and max, or that they were not computed; never NaN.
    void hoverHasNoNaN_data() {
        QTest::addColumn<int>("side");
        QTest::newRow("400 px") << 400;
        QTest::newRow("160 px (blocks too large to check)") << 160;
    }
    void hoverHasNoNaN() {
        QFETCH(int, side);
        auto f = figureOf("rope/scores", {{"n", "10485760"}});
        QVERIFY(static_cast<bool>(f));
        HeatmapWidget w;
        w.resize(side, side);
        w.setData(f->result.heatmaps.front());
        const HeatmapData& h = w.data();
        bool notComputed = false;
        for (qint64 r = 0; r < h.rows; r += std::max<qint64>(1, h.rows / 5))
            for (qint64 c = 0; c < h.cols; c += std::max<qint64>(1, h.cols / 5)) {
                const QString text = w.tipLines(r, c).join('\n') + w.readout(r, c);
                QVERIFY2(!text.contains("nan", Qt::CaseInsensitive), qPrintable(text));
                notComputed = notComputed || text.contains("not computed");
            }
        QCOMPARE(notComputed, side < 200);
    }

    // (d) A y axis wastes at most half a step (or a 5 % margin) past the data on each side.
    void yRangeFitsTheData_data() {
        QTest::addColumn<QString>("maxDistance");
        QTest::newRow("10M") << "10485760";
        QTest::newRow("4096") << "4096";
    }
    void yRangeFitsTheData() {
        QFETCH(QString, maxDistance);
        auto f = figureOf("rope/decay", {{"max_distance", maxDistance}});
        QVERIFY(static_cast<bool>(f));
        const LinesData& d = f->result.lines;
        const PaintStyle s = makeFigureStyle(false, 1080, false, false);
        const LinesLayout L = layoutLines(QRectF(0, 0, 1800, 800), d, s, {});
        const DataRange r = lineDataRange(d);
        const double slack = std::max(0.5 * L.ay.step, 0.05 * (r.yhi - r.ylo)) + 1e-9;
        QVERIFY(L.ay.lo <= r.ylo && L.ay.hi >= r.yhi);
        QVERIFY2(r.ylo - L.ay.lo <= slack && L.ay.hi - r.yhi <= slack,
                 qPrintable(QStringLiteral("axis %1…%2, data %3…%4")
                                .arg(L.ay.lo)
                                .arg(L.ay.hi)
                                .arg(r.ylo)
                                .arg(r.yhi)));
        QVERIFY(L.ay.ticks.size() >= 2);
    }

    // (e) The row-axis title sits beside the widest tick label drawn: the blank columns between
    // the title's ink and the labels' ink are fewer than a text line.
    void rowAxisTitleNextToLabels_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("n");
        QTest::newRow("scores 1M") << "rope/scores"
                                   << "1048576";
        QTest::newRow("scores 10M") << "rope/scores"
                                    << "10485760";
        QTest::newRow("angles 10M") << "rope/angles"
                                    << "10485760";
    }
    void rowAxisTitleNextToLabels() {
        QFETCH(QString, view);
        QFETCH(QString, n);
        auto f = figureOf(view, {{"n", n}});
        QVERIFY(static_cast<bool>(f));
        FigureOptions o;  // 1920 x 1080: a text line is 24 px
        const QImage img = figureImage(*f, o).convertToFormat(QImage::Format_RGB32);
        QPainter probe;
        QImage scratch(o.pixels, QImage::Format_ARGB32);
        probe.begin(&scratch);
        const QRectF plot =
            figureHeatmapPlots(probe, QRectF(QPointF(0, 0), QSizeF(o.pixels)), *f, o).front();
        probe.end();
        // Columns left of the plot with ink in the plot's rows.
        QVector<bool> ink;
        for (int x = 0; x < static_cast<int>(plot.left()) - 2; ++x) {
            bool any = false;
            for (int y = static_cast<int>(plot.top()); y < static_cast<int>(plot.bottom()) && !any;
                 ++y)
                any = qGray(img.pixel(x, y)) < 128;
            ink << any;
        }
        // The first run of ink is the title; the gap after it ends at the labels.
        int x = 0;
        while (x < ink.size() && !ink[x]) ++x;
        while (x < ink.size() && ink[x]) ++x;
        const int gapStart = x;
        while (x < ink.size() && !ink[x]) ++x;
        QVERIFY2(x < ink.size(), "no tick labels left of the plot");
        QVERIFY2(x - gapStart < 24, qPrintable(QStringLiteral("gap %1 px").arg(x - gapStart)));
    }
};

QTEST_MAIN(TestLongContextMarks)
#include "tst_long_context_marks.moc"
