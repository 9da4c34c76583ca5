// What a line chart states beside its data (issue 13, honest figures): a compare of a quantity
// with a marker (rope's decay and its bound π/(2θₘᵢₙ)) draws the bound of each side, computed
// with that side's parameters, in that side's curve colour and named by its side in the legend
// (off-scale with an arrow where it lies beyond the axis), in English and Chinese; a series'
// "reference": {"slope": s} adds a dashed power law of that slope on a log-log view, over the
// data's x range and through its centre in log space (floater/rk4_error's s⁻⁴); the catalogue
// refuses a reference that is no number or that sits on a view without log-log axes.
#include <QtTest>
#include <cmath>
#include <numbers>

#include "core/encodings/rope.h"
#include "core/registry.h"
#include "tests/ui/figure_test_util.h"
#include "tests/ui/painted_text.h"
#include "tests/ui/text_recorder.h"
#include "ui/figure/figure.h"
#include "ui/figure/lines_paint.h"
#include "ui/figure/number_format.h"
#include "ui/figure/paint_style.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::ui::test::figureOf;
using poslab::ui::test::paintedFigureText;

namespace {

// π/(2θₘᵢₙ) of rope at the page preset with `texts` on top, from core's frequencies.
double ropeBound(const QMap<QString, QString>& texts) {
    const PageSpec* page = Catalog::instance().find("rope");
    const auto* enc = core::registry().find("rope");
    auto params = paramsFromTexts(*enc, pagePresetParams(*page), texts);
    if (!params) return std::nan("");
    const auto theta = core::enc::ropeFrequencies(*params);
    if (!theta) return std::nan("");
    double least = std::numeric_limits<double>::infinity();
    for (double t : *theta)
        if (t > 0) least = std::min(least, t);
    return std::numbers::pi / (2 * least);
}

// Every text the figure paints, in painting order, as one string (a font fallback splits a
// legend row into runs painted one after another).

// The legend row of a bound: its side, its value as the figure writes it, an arrow off-scale.
QString boundRow(Lang lang, const QString& side, double x, int beyond) {
    const QString word = lang == Lang::Zh ? QString::fromUtf8("界限") : QStringLiteral("bound");
    QString row = word + QString::fromUtf8(" π/(2θₘᵢₙ) = ") + formatNumber(x, 6);
    if (!side.isEmpty()) row = side + (lang == Lang::Zh ? QString::fromUtf8("：") : ": ") + row;
    if (beyond > 0) row += QString::fromUtf8(" →");
    if (beyond < 0) row = QString::fromUtf8("← ") + row;
    return row;
}

// Pixel rows of a dotted vertical line at plot x `x` painted in `color` (within three pixel
// columns of it, allowing antialiasing).
int rowsInColour(const QImage& image, const QRectF& plot, double x, const QColor& color) {
    int rows = 0;
    for (int y = static_cast<int>(plot.top()) + 2; y < static_cast<int>(plot.bottom()) - 2; ++y) {
        for (int dx = -1; dx <= 1; ++dx) {
            const QColor c = image.pixelColor(static_cast<int>(std::lround(x)) + dx, y);
            const int d = std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) +
                          std::abs(c.blue() - color.blue());
            if (d < 90) {
                ++rows;
                break;
            }
        }
    }
    return rows;
}

// A catalogue of floater with one view: `extra` JSON keys of the view and `reference` as the
// series' "reference" (empty: none).
Catalog floaterCatalog(const QString& extra, const QString& reference) {
    const QString series = QStringLiteral(R"({"q": "table", "set": {"dynamics": "rotation"},
                "sweep": {"param": "steps_per_unit", "values": [1, 2, 4, 8, 16]},
                "against": {"encoding": "sinusoidal", "q": "table"}, "draw": "markers")") +
                           (reference.isEmpty() ? QString() : ", \"reference\": " + reference) +
                           "}";
    const QString json =
        QStringLiteral(R"({"encodings": {"floater": {"views": [{"id": "err", "kind": "lines")") +
        extra + ", \"series\": [" + series + "]}]}}}";
    return Catalog::fromJson(json.toUtf8(), "{}");
}

// Slope of a two-point line in log-log space.
double logSlope(const CurveData& c) {
    const QPointF a = c.points.front(), b = c.points.back();
    return (std::log(b.y()) - std::log(a.y())) / (std::log(b.x()) - std::log(a.x()));
}

}  // namespace

class TstChartReferences : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() { applyLanguage(Lang::En); }

    // rope/compare of the decay: a bound per side at π/(2θₘᵢₙ) of that side's base, in its
    // curve's colour, named "A: …" and "B: …" in the legend (with an arrow when off the axis).
    void compareDrawsBothBounds_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("baseA");
        QTest::addColumn<QString>("baseB");
        QTest::addColumn<QString>("maxDistance");
        for (const char* lang : {"en", "zh"}) {
            QTest::addRow("%s 10000 vs 500000, A in range", lang) << lang << "10000"
                                                                  << "500000"
                                                                  << "20000";
            QTest::addRow("%s 500000 vs 10000, B in range", lang) << lang << "500000"
                                                                  << "10000"
                                                                  << "20000";
            QTest::addRow("%s 10000 vs 20000, both in range", lang) << lang << "10000"
                                                                    << "20000"
                                                                    << "40000";
            QTest::addRow("%s 10000 vs 500000, both beyond", lang) << lang << "10000"
                                                                   << "500000"
                                                                   << "4096";
        }
    }
    void compareDrawsBothBounds() {
        QFETCH(QString, lang);
        QFETCH(QString, baseA);
        QFETCH(QString, baseB);
        QFETCH(QString, maxDistance);
        const Lang language = lang == "zh" ? Lang::Zh : Lang::En;
        applyLanguage(language);
        const QMap<QString, QString> texts{{"base", baseA}, {"max_distance", maxDistance}};
        ViewState st;
        st.cmpQuantity = "decay";
        st.cmpParam = "base";
        st.cmpValue = baseB;
        auto f = figureOf("rope/compare", texts, st);
        QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
        const LinesData& d = f->result.lines;
        QCOMPARE(d.curves.size(), 2);
        QCOMPARE(d.vmarkers.size(), 2);
        const double bounds[2] = {ropeBound(texts), ropeBound({{"base", baseB}})};
        const double end = maxDistance.toDouble();
        const QString all = paintedFigureText(*f);
        for (int i = 0; i < 2; ++i) {
            const VMarker& m = d.vmarkers[i];
            QCOMPARE(m.side, QString(i == 0 ? "A" : "B"));
            QVERIFY2(std::abs(m.x - bounds[i]) <= 1e-9 * bounds[i],
                     qPrintable(QStringLiteral("%1 vs %2").arg(m.x).arg(bounds[i])));
            QCOMPARE(m.color, d.curves[i].color);
            const QString row = boundRow(language, m.side, m.x, m.x > end ? 1 : 0);
            QVERIFY2(all.contains(row), qPrintable(row + " not in: " + all));
        }
        QVERIFY(d.curves[0].color != d.curves[1].color);
        QVERIFY(d.vmarkers[0].x != d.vmarkers[1].x);
    }

    // Drawn where the axis shows it, as a dotted line in the side's curve colour (not the grey
    // of the single view's marker); off the axis, no line.
    void compareBoundsInCurveColours() {
        ViewState st;
        st.cmpQuantity = "decay";
        st.cmpParam = "base";
        st.cmpValue = "20000";
        auto f = figureOf("rope/compare", {{"base", "10000"}, {"max_distance", "40000"}}, st);
        QVERIFY(f.ok());
        const LinesData& d = f->result.lines;
        QCOMPARE(d.vmarkers.size(), 2);
        const PaintStyle s = makeFigureStyle(false, 540, false, false);
        const QRectF area(0, 0, 960, 540);
        auto image = [&](const LinesData& data) {
            QImage out(QSize(960, 540), QImage::Format_RGB32);
            out.fill(Qt::white);
            QPainter p(&out);
            paintLines(p, area, data, "x", "y", s);
            return out;
        };
        LinesData bare = d;  // the same chart without the bounds: what they add
        bare.vmarkers.clear();
        const QImage with = image(d), without = image(bare);
        const LinesLayout L = layoutLines(area, d, s);
        for (const VMarker& m : d.vmarkers) {
            const double x = L.ax.map(m.x, L.plot.left(), L.plot.right());
            auto added = [&](const QColor& c) {
                return rowsInColour(with, L.plot, x, c) - rowsInColour(without, L.plot, x, c);
            };
            const int own = added(curveColor(m.color, false));
            const int other = added(curveColor(m.color == 0 ? 1 : 0, false));
            const int grey = added(s.marker);
            QVERIFY2(own > L.plot.height() / 4, qPrintable(QString::number(own)));
            QVERIFY2(other <= 0 && grey <= 0,
                     qPrintable(QStringLiteral("%1 %2").arg(other).arg(grey)));
        }
    }

    // The single decay view keeps its one marker: no side, the marker colour, "bound …".
    // A compared quantity without a marker gets none.
    void singleViewAndUnmarkedCompare() {
        auto f = figureOf("rope/decay", {{"max_distance", "20000"}});
        QVERIFY(f.ok());
        QCOMPARE(f->result.lines.vmarkers.size(), 1);
        const VMarker& m = f->result.lines.vmarkers[0];
        QVERIFY(m.side.isEmpty());
        QCOMPARE(m.color, -1);
        QVERIFY(std::abs(m.x - ropeBound({})) <= 1e-9 * m.x);
        const QString all = paintedFigureText(*f);
        QVERIFY2(all.contains(boundRow(Lang::En, {}, m.x, 0)), qPrintable(all));
        QVERIFY(!all.contains("A: bound"));
        ViewState st;
        st.cmpQuantity = "frequencies";
        st.cmpParam = "base";
        st.cmpValue = "500000";
        auto g = figureOf("rope/compare", {}, st);
        QVERIFY(g.ok());
        QCOMPARE(g->result.lines.curves.size(), 2);
        QVERIFY(g->result.lines.vmarkers.isEmpty());
    }

    // floater/rk4_error: a dashed grey line of slope −4 in log-log space over the data's x
    // range, through the data's centre in log space, named in both languages; the data
    // themselves fall with about that slope (the claim the reference illustrates).
    void rk4ReferenceSlope() {
        auto f = figureOf("floater/rk4_error");
        QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
        const LinesData& d = f->result.lines;
        QCOMPARE(d.curves.size(), 2);
        const CurveData& data = d.curves[0];
        const CurveData& ref = d.curves[1];
        QVERIFY(data.points.size() >= 5);
        QVERIFY(ref.dashed);
        QCOMPARE(ref.color, kGhostColor);  // curveColor's grey
        QCOMPARE(ref.name.en, QString::fromUtf8("slope −4 reference"));
        QCOMPARE(ref.name.zh, QString::fromUtf8("参考斜率 −4"));
        QCOMPARE(ref.points.size(), 2);
        QVERIFY(std::abs(logSlope(ref) + 4) < 1e-9);
        double lx = 0, ly = 0, lo = 1e300, hi = 0;
        for (const QPointF& pt : data.points) {
            lx += std::log(pt.x());
            ly += std::log(pt.y());
            lo = std::min(lo, pt.x());
            hi = std::max(hi, pt.x());
        }
        lx /= data.points.size();
        ly /= data.points.size();
        QCOMPARE(ref.points.front().x(), lo);
        QCOMPARE(ref.points.back().x(), hi);
        // Through the anchor: the line's log y at the mean log x is the mean log y.
        const double at = std::log(ref.points.front().y()) - 4 * (lx - std::log(lo));
        QVERIFY2(std::abs(at - ly) < 1e-9, qPrintable(QStringLiteral("%1 vs %2").arg(at).arg(ly)));
        // The data's own least-squares slope is close to −4.
        double sxy = 0, sxx = 0;
        for (const QPointF& pt : data.points) {
            sxy += (std::log(pt.x()) - lx) * (std::log(pt.y()) - ly);
            sxx += (std::log(pt.x()) - lx) * (std::log(pt.x()) - lx);
        }
        QVERIFY2(std::abs(sxy / sxx + 4) < 0.5, qPrintable(QString::number(sxy / sxx)));
        for (const Lang lang : {Lang::En, Lang::Zh}) {
            applyLanguage(lang);
            auto g = figureOf("floater/rk4_error");
            QVERIFY(g.ok());
            const QString all = paintedFigureText(*g);
            const QString name = lang == Lang::Zh ? ref.name.zh : ref.name.en;
            QVERIFY2(all.contains(name), qPrintable(all));
        }
    }

    // Any slope: the reference has it in log-log space and passes through the data's centre.
    void referenceFollowsTheSlope_data() {
        QTest::addColumn<double>("slope");
        QTest::newRow("-4") << -4.0;
        QTest::newRow("-2") << -2.0;
        QTest::newRow("0.5") << 0.5;
        QTest::newRow("1") << 1.0;
    }
    void referenceFollowsTheSlope() {
        QFETCH(double, slope);
        const Catalog cat = floaterCatalog(R"(, "logX": true, "logY": true)",
                                           QStringLiteral(R"({"slope": %1})").arg(slope));
        QVERIFY2(cat.warnings().isEmpty(), qPrintable(cat.warnings().join('\n')));
        const PageSpec* page = cat.find("floater");
        QVERIFY(page);
        const ViewSpec* v = page->findView("floater/err");
        QVERIFY(v);
        QCOMPARE(*v->series[0].referenceSlope, slope);
        auto f = computeFigure(*page, *v, pagePresetParams(*page), ViewState{});
        QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
        const LinesData& d = f->result.lines;
        QCOMPARE(d.curves.size(), 2);
        QVERIFY(std::abs(logSlope(d.curves[1]) - slope) < 1e-9);
        double lx = 0, ly = 0;
        for (const QPointF& pt : d.curves[0].points) {
            lx += std::log(pt.x());
            ly += std::log(pt.y());
        }
        lx /= d.curves[0].points.size();
        ly /= d.curves[0].points.size();
        const QPointF a = d.curves[1].points.front();
        QVERIFY(std::abs(std::log(a.y()) + slope * (lx - std::log(a.x())) - ly) < 1e-9);
        QCOMPARE(d.curves[1].name.en, "slope " + formatNumber(slope) + " reference");
    }

    // The catalogue refuses a reference that is no number, or one on a view that is not
    // log-log: the view is dropped with one line naming the problem.
    void catalogueRefusesBadReferences_data() {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("reference");
        QTest::addColumn<QString>("problem");  // empty: accepted
        const QString logLog = R"(, "logX": true, "logY": true)";
        const QString number = R"("reference" needs {"slope": a number})";
        const QString axes = R"("reference" needs a line view with "logX" and "logY")";
        QTest::newRow("slope a number") << logLog << R"({"slope": -4})" << QString();
        QTest::newRow("slope a word") << logLog << R"({"slope": "x"})" << number;
        QTest::newRow("slope missing") << logLog << R"({})" << number;
        QTest::newRow("a bare number") << logLog << R"(-4)" << number;
        QTest::newRow("slope null") << logLog << R"({"slope": null})" << number;
        QTest::newRow("linear axes") << QString() << R"({"slope": -4})" << axes;
        QTest::newRow("log x only") << R"(, "logX": true)"
                                    << R"({"slope": -4})" << axes;
        QTest::newRow("log y only") << R"(, "logY": true)"
                                    << R"({"slope": -4})" << axes;
    }
    void catalogueRefusesBadReferences() {
        QFETCH(QString, extra);
        QFETCH(QString, reference);
        QFETCH(QString, problem);
        const Catalog cat = floaterCatalog(extra, reference);
        const PageSpec* page = cat.find("floater");
        QVERIFY(page);
        if (problem.isEmpty()) {
            QVERIFY2(cat.warnings().isEmpty(), qPrintable(cat.warnings().join('\n')));
            QVERIFY(page->findView("floater/err"));
            return;
        }
        QVERIFY(!page->findView("floater/err"));
        QCOMPARE(cat.warnings().size(), 1);
        QVERIFY2(cat.warnings()[0].contains("floater/err") && cat.warnings()[0].contains(problem),
                 qPrintable(cat.warnings()[0]));
    }

    // The shipped catalogue: rk4_error carries its reference, rope's compare knows the decay's
    // marker.
    void shippedCatalogue() {
        const ViewSpec* rk4 = Catalog::instance().find("floater")->findView("floater/rk4_error");
        QVERIFY(rk4);
        QVERIFY(rk4->series[0].referenceSlope);
        QCOMPARE(*rk4->series[0].referenceSlope, -4.0);
        const ViewSpec* cmp = Catalog::instance().find("rope")->findView("rope/compare");
        QVERIFY(cmp);
        QCOMPARE(cmp->compareMarkers.value("decay"), QString("decay_bound"));
    }
};

QTEST_MAIN(TstChartReferences)
#include "tst_chart_references.moc"
