// Where a line chart puts things (issue 13: legends off the data, axes that end at the data):
// the legend goes to the corner of the plot where it hides the least of the curves, an off-scale
// bound goes into it, and a linear x axis runs exactly over the data, never on to a round number
// past the last point (0…4096, not 0…5000), for every line view of the catalogue.
#include <QtTest>
#include <cmath>

#include "tests/ui/figure_test_util.h"
#include "tests/ui/text_recorder.h"
#include "ui/figure/axis.h"
#include "ui/figure/lines_paint.h"
#include "ui/figure/paint_style.h"
#include "ui/shell/gui_main.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::test::RecordingDevice;

namespace {

constexpr QSize kCanvas(960, 540);

// A curve through `samples` points of y = f(x) over x in [0, 100].
CurveData curve(const QString& name, int color, double (*f)(double), int samples = 200) {
    CurveData c;
    c.name = {name, name};
    c.color = color;
    for (int i = 0; i < samples; ++i) {
        const double x = 100.0 * i / (samples - 1);
        c.points << QPointF(x, f(x));
    }
    return c;
}

struct Painted {
    LinesLayout layout;
    QVector<poslab::test::TextBox> texts;
};

Painted paint(const LinesData& d) {
    RecordingDevice device(kCanvas, 96);
    const PaintStyle s = makeFigureStyle(false, kCanvas.height(), false, false);
    const QRectF area(QPointF(0, 0), QSizeF(kCanvas));
    Painted out;
    out.layout = layoutLines(area, d, s);
    QPainter p(&device);
    paintLines(p, area, d, QStringLiteral("x"), QStringLiteral("y"), s);
    p.end();
    out.texts = device.boxes();
    return out;
}

// The device rectangle of the first text holding `needle`.
QRectF textRect(const Painted& painted, const QString& needle) {
    for (const auto& t : painted.texts)
        if (t.text.contains(needle)) return t.rect;
    return {};
}

// Whether `r` covers any segment of the curve as the layout maps it.
bool coversCurve(const QRectF& r, const CurveData& c, const LinesLayout& L) {
    for (qsizetype k = 0; k + 1 < c.points.size(); ++k) {
        auto map = [&](QPointF v) {
            return QPointF(L.ax.map(v.x(), L.plot.left(), L.plot.right()),
                           L.ay.map(v.y(), L.plot.bottom(), L.plot.top()));
        };
        if (QRectF(map(c.points[k]), map(c.points[k + 1])).normalized().intersects(r)) return true;
    }
    return false;
}

double rising(double x) {
    return x;
}
double falling(double x) {
    return 100 - x;
}
double highRight(double x) {
    return x < 50 ? 0 : 100;
}
double valley(double x) {
    return std::abs(x - 50) * 2;
}

}  // namespace

class TstChartPlacement : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { setUpApplication(); }

    // Two named curves of one shape: wherever the shape leaves a corner free, the legend is in
    // it and covers no segment of either curve.
    void legendAvoidsTheCurves_data() {
        QTest::addColumn<int>("shape");
        QTest::newRow("rising (top right taken)") << 0;
        QTest::newRow("falling (top left taken)") << 1;
        QTest::newRow("high on the right") << 2;
        QTest::newRow("valley (bottom free)") << 3;
    }
    void legendAvoidsTheCurves() {
        QFETCH(int, shape);
        double (*const shapes[])(double) = {rising, falling, highRight, valley};
        LinesData d;
        d.curves << curve(QStringLiteral("first curve"), 0, shapes[shape])
                 << curve(QStringLiteral("second curve"), 1, shapes[shape]);
        const Painted painted = paint(d);
        for (const QString& name :
             {QStringLiteral("first curve"), QStringLiteral("second curve")}) {
            const QRectF r = textRect(painted, name);
            QVERIFY2(!r.isEmpty(), qPrintable(name));
            QVERIFY(painted.layout.plot.contains(r));
            QVERIFY2(!coversCurve(r, d.curves[0], painted.layout),
                     qPrintable(QStringLiteral("%1 at %2,%3 covers the curve")
                                    .arg(name)
                                    .arg(r.x())
                                    .arg(r.y())));
        }
    }

    // With the data in no corner's way, the legend keeps its usual place: top right.
    void legendTopRightWhenFree() {
        LinesData d;
        d.curves << curve(QStringLiteral("first curve"), 0, falling)
                 << curve(QStringLiteral("second curve"), 1, falling);
        const Painted painted = paint(d);
        const QRectF r = textRect(painted, QStringLiteral("first curve"));
        QVERIFY(r.center().x() > painted.layout.plot.center().x());
        QVERIFY(r.center().y() < painted.layout.plot.center().y());
    }

    // A bound beyond the axis is a legend row with its arrow and value, off the data too.
    void offScaleBoundInTheLegend() {
        LinesData d;
        d.curves << curve(QStringLiteral("g(x)"), 0, highRight);
        d.vmarkers = {{639799, {}, -1, {}}};
        const Painted painted = paint(d);
        const QRectF r = textRect(painted, QStringLiteral("→"));
        QVERIFY2(!r.isEmpty(), "no off-scale arrow");
        QVERIFY(painted.layout.plot.contains(r));
        QVERIFY(!coversCurve(r, d.curves[0], painted.layout));
        QVERIFY(painted.layout.ax.hi < 639799);
    }

    // A staircase holds each value to the next point (no slanted riser between integers); a
    // marked curve has a dot at every point. Checked on the pixels: between x = 2 and 3 the
    // staircase stays at y = 4, where a line would pass y = 7; a dot shows above a flat line.
    void stepsAndMarkers() {
        for (const bool steps : {false, true}) {
            LinesData d;
            CurveData c;
            c.points = {{0, 0}, {1, 4}, {2, 4}, {3, 10}, {4, 10}, {5, 14}};
            c.steps = steps;
            c.markers = !steps;
            d.curves << c;
            QImage image(kCanvas, QImage::Format_RGB32);
            image.fill(Qt::white);
            const PaintStyle st = makeFigureStyle(false, kCanvas.height(), false, false);
            const QRectF area(QPointF(0, 0), QSizeF(kCanvas));
            const LinesLayout L = layoutLines(area, d, st);
            {
                QPainter p(&image);
                paintLines(p, area, d, QStringLiteral("x"), QStringLiteral("y"), st);
            }
            auto X = [&](double v) { return L.ax.map(v, L.plot.left(), L.plot.right()); };
            auto Y = [&](double v) { return L.ay.map(v, L.plot.bottom(), L.plot.top()); };
            auto inked = [&](double x, double y) {
                const QColor px = image.pixelColor(qRound(x), qRound(y));
                return px.blue() > px.red() + 60;  // the curve's blue
            };
            const double x = X(2.5);
            QCOMPARE(inked(x, Y(7)), !steps);  // a line crosses the middle, a step does not
            if (steps) QVERIFY(inked(x, Y(4)));
            // A dot at (4, 10) reaches above the flat line there; a plain line does not.
            const double r = std::max(2.5, st.unit / 6);
            QCOMPARE(inked(X(4) - 0.5, Y(10) - r + 1), !steps);
        }
    }

    // Every line view of the catalogue, at its preset: a linear x axis ends at the data's (or
    // the window's) ends, with every tick inside; log axes keep whole decades.
    void xAxisEndsAtTheData_data() {
        QTest::addColumn<QString>("view");
        for (const auto& page : Catalog::instance().pages()) {
            if (page.id != page.encoding) continue;
            for (const auto& v : page.views)
                if (v.kind == ViewKind::Lines) QTest::newRow(qPrintable(v.id)) << v.id;
        }
    }
    void xAxisEndsAtTheData() {
        QFETCH(QString, view);
        auto figure = ui::test::figureOf(view);
        QVERIFY2(figure.ok(), figure.ok() ? "" : figure.error().message.c_str());
        // Constant at the preset, these views draw a sentence (tst_degenerate_views): their
        // axes are checked where they draw data.
        static const QMap<QString, QMap<QString, QString>> kDrawing{
            {"rope/pair_class", {{"scaling", "yarn"}, {"factor", "4"}}},
            {"rope/query_scale", {{"query_scale", "qwen_logn"}, {"logn_max", "64"}}},
            {"rope/position_rounded", {{"precision", "float16"}, {"n", "4096"}}}};
        if (!figure->result.degenerate.en.isEmpty()) {
            QVERIFY2(kDrawing.contains(view), "a sentence at the preset: name where it draws");
            figure = ui::test::figureOf(view, kDrawing[view]);
            QVERIFY(figure.ok() && figure->result.degenerate.en.isEmpty());
        }
        const LinesData& d = figure->result.lines;
        const DataRange range = lineDataRange(d);
        QVERIFY2(!range.empty(), "no line data at the preset");
        const Painted painted = paint(d);
        const auto inData = std::count_if(
            painted.layout.ax.ticks.begin(), painted.layout.ax.ticks.end(),
            [&](double t) { return t >= range.xlo * (1 - 1e-9) && t <= range.xhi * (1 + 1e-9); });
        if (d.logX && inData < 2) return;  // under two decades of data: whole decades
        const AxisRange& ax = painted.layout.ax;
        const double tol = 1e-9 * std::max(1.0, std::abs(range.xhi - range.xlo));
        QVERIFY2(std::abs(ax.lo - range.xlo) <= tol && std::abs(ax.hi - range.xhi) <= tol,
                 qPrintable(QStringLiteral("axis %1…%2, data %3…%4")
                                .arg(ax.lo)
                                .arg(ax.hi)
                                .arg(range.xlo)
                                .arg(range.xhi)));
        QVERIFY(ax.ticks.size() >= 2);
        for (double t : ax.ticks) QVERIFY(t >= ax.lo - tol && t <= ax.hi + tol);
    }
};

QTEST_MAIN(TstChartPlacement)
#include "tst_chart_placement.moc"
