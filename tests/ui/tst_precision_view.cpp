// Issue 12 item 4: the Precision view (rope/precision: bfloat16 before PR #29285 beside hf_bf16
// after it, cos_error on one log colour scale) and the level of detail of every angle_error /
// cos_error view. The view's band means, mins and maxes equal brute force over the full arrays;
// its panels say how many positions collide (bfloat16 over 0..16383: 15359, 1025 distinct); it
// opens at 10,485,760 positions with arrays bounded by the plot's pixels; the log colour scale
// spaces powers of ten evenly, draws exact zeros in their own colour and labels decades 10⁻³;
// data that are all exact never show a saturated colour.
#include <QBuffer>
#include <QtTest>
#include <cmath>

#include "core/compute.h"
#include "ui/compute/cell_blocks.h"
#include "ui/compute/compute_request.h"
#include "ui/compute/precision_lod.h"
#include "ui/compute/request_check.h"
#include "ui/compute/rope_lod.h"
#include "ui/figure/figure.h"
#include "ui/figure/log_scale.h"
#include "ui/figure/number_format.h"
#include "ui/panels/param_panel.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/view_widget.h"
#include "ui_test_util.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

ComputeRequest requestFor(const ViewSpec& view, const core::ParamSet& params, ViewState state) {
    ComputeRequest r;
    r.pageId = "rope";
    r.encoding = "rope";
    r.params = params;
    r.views = {view};
    r.states = {state};
    return r;
}

ViewResult compute(const ViewSpec& view, const core::ParamSet& params, ViewState state = {}) {
    ArrayCache cache;
    const ComputeResult res = computeRequest(requestFor(view, params, state), cache, nullptr);
    return res.views.isEmpty() ? ViewResult{} : res.views.front();
}

const ViewSpec& ropeView(const QString& id) {
    static const ViewSpec none;
    const PageSpec* page = Catalog::instance().find("rope");
    const ViewSpec* v = page ? page->findView(id) : nullptr;
    return v ? *v : none;
}

core::ParamSet ropeParams(const std::vector<std::pair<const char*, core::ParamValue>>& set) {
    core::ParamSet p = pagePresetParams(*Catalog::instance().find("rope"));
    for (const auto& [k, v] : set) p.set(k, v);
    return p;
}

bool close(double a, double b) {
    if (std::isinf(a) || std::isinf(b)) return a == b;
    return std::abs(a - b) <= 1e-15 + 1e-12 * std::max(std::abs(a), std::abs(b));
}

}  // namespace

class TstPrecisionView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    // The curated view: on the rope page (not the overview), two cos_error panels (bfloat16,
    // hf_bf16) on a log scale; the generic angle_error and cos_error views stay (lesson 07).
    void catalogHasTheView() {
        QVERIFY(Catalog::instance().warnings().isEmpty());
        const PageSpec* page = Catalog::instance().find("rope");
        const ViewSpec& v = ropeView("rope/precision");
        QCOMPARE(v.id, QString("rope/precision"));
        QVERIFY(v.logColor);
        QCOMPARE(v.series.size(), 2);
        QCOMPARE(v.series[0].set.value("precision"), QString("bfloat16"));
        QCOMPARE(v.series[1].set.value("precision"), QString("hf_bf16"));
        QVERIFY(!v.title.zh.isEmpty() && !v.text.zh.isEmpty() && !v.series[1].label.zh.isEmpty());
        QVERIFY(!page->overview.contains("rope/precision"));
        QVERIFY(page->findView("rope/angle_error") && page->findView("rope/cos_error"));
        for (const char* id : {"rope/precision", "rope/angle_error", "rope/cos_error"})
            QVERIFY(ropeLodKind(ropeView(id)) == RopeLodKind::Precision);
        QVERIFY(!isPrecisionView(ropeView("rope/angles")));
    }

    // The spec's example: bfloat16 over 0..16383 keeps 1025 values, 15359 positions collide;
    // float32 positions (hf_bf16) keep all. One log colour range for both panels.
    void countsOfThePanels() {
        const ViewResult r =
            compute(ropeView("rope/precision"),
                    ropeParams({{"n", std::int64_t(16384)}, {"d", std::int64_t(64)}}));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.heatmaps.size(), 2);
        QVERIFY2(r.note.en.contains(QString::fromUtf8(
                     "bfloat16: 15\u202F359 of 16\u202F384 positions collide (1025 distinct)")),
                 qPrintable(r.note.en));
        QVERIFY2(
            r.note.en.contains(QString::fromUtf8("hf_bf16 (float32 positions): 0 of 16\u202F384 "
                                                 "positions collide (16\u202F384 distinct)")),
            qPrintable(r.note.en));
        QVERIFY(r.note.zh.contains(QString::fromUtf8("16\u202F384 个位置中有 15\u202F359 个重合")));
        QCOMPARE(r.heatmaps[0].title.en, QString("Before PR #29285: all bfloat16"));
        for (const HeatmapData& h : r.heatmaps) {
            QVERIFY(h.logColor);
            QCOMPARE(h.lo, r.heatmaps[0].lo);
            QCOMPARE(h.hi, r.heatmaps[0].hi);
            QCOMPARE(h.cols, qint64(32));
        }
        // Powers of ten, spanning the errors: bfloat16 reaches ~1, hf_bf16 stays near 2^-9.
        const double lo = std::log10(r.heatmaps[0].lo), hi = std::log10(r.heatmaps[0].hi);
        QCOMPARE(lo, std::round(lo));
        QCOMPARE(hi, std::round(hi));
        QVERIFY(hi >= 0 && lo <= -3);
        double worstAfter = 0, worstBefore = 0;
        for (qint64 k = 0; k < r.heatmaps[1].rows * 32; ++k) {
            worstAfter = std::max(worstAfter, r.heatmaps[1].array->at(k));
            worstBefore = std::max(worstBefore, r.heatmaps[0].array->at(k));
        }
        QVERIFY(worstAfter < 0.005 && worstBefore > 0.3);
    }

    // Band means, hover min / max of several bands: brute force over the full quantity arrays
    // (every precision, windows past 65,520 and 2^24, uneven bands).
    void bandsEqualBruteForce_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("winStart");
        QTest::addColumn<qint64>("winEnd");
        QTest::newRow("cos float16 past 65520")
            << "rope/cos_error"
            << "float16" << qint64(64000) << qint64(3000) << qint64(100) << qint64(2900);
        QTest::newRow("angle bfloat16 uneven")
            << "rope/angle_error"
            << "bfloat16" << qint64(15000) << qint64(2345) << qint64(0) << qint64(-1);
        QTest::newRow("cos float32 past 2^24")
            << "rope/cos_error"
            << "float32" << qint64(16776900) << qint64(4000) << qint64(10) << qint64(3333);
        QTest::newRow("angle float64")
            << "rope/angle_error"
            << "float64" << qint64(0) << qint64(1500) << qint64(0) << qint64(-1);
        QTest::newRow("precision view hf_bf16")
            << "rope/precision"
            << "" << qint64(15900) << qint64(2500) << qint64(0) << qint64(-1);
    }
    void bandsEqualBruteForce() {
        QFETCH(QString, view);
        QFETCH(QString, precision);
        QFETCH(qint64, offset);
        QFETCH(qint64, n);
        QFETCH(qint64, winStart);
        QFETCH(qint64, winEnd);
        const qint64 d = 16, P = d / 2;
        std::vector<std::pair<const char*, core::ParamValue>> set = {
            {"n", std::int64_t(n)}, {"d", std::int64_t(d)}, {"offset", std::int64_t(offset)}};
        if (!precision.isEmpty()) set.push_back({"precision", precision.toStdString()});
        ViewState st;
        st.pixels = 96;  // fewer rows than positions: bands of uneven length
        st.winStart = winStart;
        st.winEnd = winEnd;
        const ViewResult r = compute(ropeView(view), ropeParams(set), st);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        const ViewSpec& spec = ropeView(view);
        QCOMPARE(r.heatmaps.size(), spec.series.size());
        for (int i = 0; i < r.heatmaps.size(); ++i) {
            const HeatmapData& h = r.heatmaps[i];
            const QString prec = spec.series[i].set.value("precision", precision);
            auto full = core::compute("rope", spec.series[i].quantity.toStdString(),
                                      core::paramsFor("rope", {{"n", std::int64_t(n)},
                                                               {"d", std::int64_t(d)},
                                                               {"offset", std::int64_t(offset)},
                                                               {"precision", prec.toStdString()}}));
            QVERIFY(static_cast<bool>(full));
            const qint64 end = winEnd < 0 ? n - 1 : winEnd;
            QCOMPARE(h.rowMap.first, winStart);
            QCOMPARE(h.rowMap.spanOr(h.rows), end - winStart + 1);
            QCOMPARE(h.rows, qint64(96));
            for (qint64 b = 0; b < h.rows; ++b) {
                const qint64 a = h.rowMap.start(b, h.rows), z = h.rowMap.start(b + 1, h.rows);
                for (qint64 j = 0; j < P; ++j) {
                    double sum = 0;
                    for (qint64 x = a; x < z; ++x) sum += full->at(x * P + j);
                    const double want = sum / static_cast<double>(z - a);
                    QVERIFY2(close(h.array->at(b * P + j), want),
                             qPrintable(QString("%1 band %2 pair %3: %4 vs %5")
                                            .arg(prec)
                                            .arg(b)
                                            .arg(j)
                                            .arg(h.array->at(b * P + j), 0, 'g', 17)
                                            .arg(want, 0, 'g', 17)));
                }
            }
            // Hover over bands 3..7 and pairs 1..4: the exact min and max of their positions.
            QVERIFY(h.exactRange);
            const qint64 r0 = h.rowMap.start(3, h.rows), r1 = h.rowMap.start(8, h.rows) - 1;
            const auto [mn, mx] = h.exactRange(r0, r1, 1, 4);
            double lo = INFINITY, hi = -INFINITY;
            for (qint64 x = r0; x <= r1; ++x)
                for (qint64 j = 1; j <= 4; ++j) {
                    lo = std::min(lo, full->at(x * P + j));
                    hi = std::max(hi, full->at(x * P + j));
                }
            QVERIFY2(
                close(mn, lo) && close(mx, hi),
                qPrintable(QString("min %1 vs %2, max %3 vs %4").arg(mn).arg(lo).arg(mx).arg(hi)));
        }
    }

    // n = 10,485,760 (and offsets past 2^24): no refusal by the budget check, arrays bounded by
    // the plot's pixels, counts from the closed form.
    void opensAtTenMillion_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("precision view") << "rope/precision"
                                        << "" << qint64(0);
        QTest::newRow("cos_error float16") << "rope/cos_error"
                                           << "float16" << qint64(0);
        QTest::newRow("angle_error float32 past 2^24") << "rope/angle_error"
                                                       << "float32" << qint64(16777216);
    }
    void opensAtTenMillion() {
        QFETCH(QString, view);
        QFETCH(QString, precision);
        QFETCH(qint64, offset);
        std::vector<std::pair<const char*, core::ParamValue>> set = {
            {"n", std::int64_t(10485760)}, {"offset", std::int64_t(offset)}};
        if (!precision.isEmpty()) set.push_back({"precision", precision.toStdString()});
        ViewState st;
        st.pixels = 512;
        ComputeRequest req = requestFor(ropeView(view), ropeParams(set), st);
        req.memoryBudget = 64.0 * 1024 * 1024;  // the full arrays would be 5.4 GB
        const core::Status check = checkRequest(req);
        QVERIFY2(check, check ? "" : check.error().message.c_str());
        ArrayCache cache;
        const ComputeResult res = computeRequest(req, cache, nullptr);
        QCOMPARE(res.views.size(), 1);
        const ViewResult& r = res.views[0];
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        for (const HeatmapData& h : r.heatmaps) {
            QCOMPARE(h.rows, qint64(512));
            QCOMPARE(h.cols, qint64(64));
            QVERIFY(h.array->size() <= 3 * 512 * 64);
        }
        // Each panel's counts over the 10,485,760 positions: the collisions quantity's.
        const ViewSpec& spec = ropeView(view);
        for (const SeriesSpec& s : spec.series) {
            const QString prec = s.set.value("precision", precision);
            const auto c =
                core::compute("rope", "collisions",
                              core::paramsFor("rope", {{"n", std::int64_t(10485760)},
                                                       {"offset", std::int64_t(offset)},
                                                       {"precision", prec.toStdString()}}));
            QVERIFY(static_cast<bool>(c));
            const QString name = prec + (prec == "hf_bf16" ? " (float32 positions)" : "");
            const QString want =
                QString::fromUtf8("%1: %2 of 10\u202F485\u202F760 positions collide")
                    .arg(name, formatExact(c->at(0)));
            QVERIFY2(r.note.en.contains(want), qPrintable(r.note.en + " lacks " + want));
        }
        if (precision == "float16") {  // past 65 520 the positions overflow: the errors are inf
            const HeatmapData& h = r.heatmaps[0];
            QVERIFY(std::isinf(h.array->at(511 * 64)));
            QVERIFY(std::isfinite(h.array->at(0)));
        }
    }

    // Powers of ten are evenly spaced colours; an exact zero has its own colour; positive noise
    // below the floor takes the bottom colour; decades are written 10⁻³.
    void logColourScale() {
        QCOMPARE(logColorRange(0.00123, 0.5), std::make_pair(1e-3, 1.0));
        QCOMPARE(logColorRange(1e-3, 1e-3), std::make_pair(1e-3, 1e-2));
        QCOMPARE(logColorRange(1e-30, 2.0), std::make_pair(kLogColorFloor, 10.0));
        QCOMPARE(logColorRange(0, 0), std::make_pair(kLogColorFloor, 10 * kLogColorFloor));
        QCOMPARE(logTickExponents(1e-6, 1, 12), (QVector<int>{-6, -5, -4, -3, -2, -1, 0}));
        QCOMPARE(logTickExponents(1e-17, 10, 6), (QVector<int>{-15, -10, -5, 0}));
        HeatmapData h;
        auto a = std::make_shared<core::Array>(core::Array::real({1, 8}));
        a->f64 = {1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 0.0, 1e-20, 1.0};
        h.array = a;
        h.rows = 1;
        h.cols = 8;
        h.lo = 1e-6;
        h.hi = 1e-2;
        h.logColor = true;
        paintBlockMeans(h);
        const Colormap cmap(h.colormap);
        for (int k = 0; k <= 4; ++k) QCOMPARE(h.image.pixel(k, 0), cmap.at(k / 4.0));
        QCOMPARE(h.image.pixel(5, 0), zeroColor());
        QVERIFY(zeroColor() != cmap.at(0) && !cmap.table().contains(zeroColor()));
        QCOMPARE(h.image.pixel(6, 0), cmap.at(0));  // below the floor: bottom, never "exact"
        QCOMPARE(h.image.pixel(7, 0), cmap.at(1));  // above the range: top
    }

    // All exact (float64 with theta = 1: p * 1 is exact): no saturated colour, on the linear
    // scale of the generic view or the log scale of a precision view.
    void exactDataShowNoSaturatedColour() {
        const auto params = ropeParams({{"n", std::int64_t(512)},
                                        {"d", std::int64_t(2)},
                                        {"precision", std::string("float64")}});
        const ViewResult generic = compute(ropeView("rope/angle_error"), params);
        QVERIFY2(generic.error.isEmpty(), qPrintable(generic.error));
        ViewSpec exact = ropeView("rope/precision");
        for (SeriesSpec& s : exact.series) {
            s.quantity = "angle_error";
            s.set["precision"] = "float64";
        }
        const ViewResult logView = compute(exact, params);
        QVERIFY2(logView.error.isEmpty(), qPrintable(logView.error));
        for (const ViewResult* r : {&generic, &logView}) {
            const HeatmapData& h = r->heatmaps.at(0);
            for (qint64 k = 0; k < h.rows * h.cols; ++k) QCOMPARE(h.array->at(k), 0.0);
            const Colormap cmap(h.colormap);
            for (int y = 0; y < h.image.height(); ++y) {
                QVERIFY(h.image.pixel(0, y) != cmap.at(1.0));
                if (h.logColor) QCOMPARE(h.image.pixel(0, y), zeroColor());
            }
        }
    }

    // Zooming one panel zooms the other, and the request asks both for the window.
    void zoomIsLinked() {
        MainWindow w(test::noSettings());
        w.resize(1400, 900);
        const PageSpec* page = Catalog::instance().find("rope");
        int tab = 0;
        for (int i = 0; i < page->views.size(); ++i)
            if (page->views[i].id == "rope/precision") tab = i + 1;
        w.openPage("rope", tab);
        w.show();
        QVERIFY(test::waitIdle(w));
        QVERIFY(w.paramPanel()->setText("n", "16384"));
        QVERIFY(test::waitIdle(w, 60000));
        const auto views = w.page()->viewsOfTab();
        QCOMPARE(views.size(), 1);
        const auto panels = views[0]->findChildren<HeatmapWidget*>();
        QCOMPARE(panels.size(), 2);
        panels[0]->setView(QRectF(0, 15000, 64, 1000));
        QCOMPARE(panels[1]->view(), panels[0]->view());
        QCOMPARE(views[0]->state().winStart, qint64(15000));
        QCOMPARE(views[0]->state().winEnd, qint64(15999));
        QVERIFY(test::waitIdle(w, 60000));
        QCOMPARE(panels[1]->view(), panels[0]->view());
        QVERIFY(views[0]->noteText().contains(
            QString::fromUtf8("Positions 15\u202F000 … 15\u202F999")));
    }

    // Screenshots for review (only with POSLAB_PRECISION_SHOTS=<folder>): the page's preset,
    // n 16384 with d 64 (the PR's example), and n 10,485,760, in English and Chinese, at
    // 1920x1080 and 1280x720.
    void screenshots_data() {
        QTest::addColumn<QString>("params");
        QTest::newRow("preset") << "";
        QTest::newRow("16384") << "n=16384,d=64";
        QTest::newRow("10M") << "n=10485760";
    }
    void screenshots() {
        const QString dir = qEnvironmentVariable("POSLAB_PRECISION_SHOTS");
        if (dir.isEmpty()) QSKIP("screenshots only with POSLAB_PRECISION_SHOTS=<folder>");
        QFETCH(QString, params);
        const PageSpec* page = Catalog::instance().find("rope");
        int tab = 0;
        for (int i = 0; i < page->views.size(); ++i)
            if (page->views[i].id == "rope/precision") tab = i + 1;
        for (const QString lang : {"en", "zh"})
            for (const QSize size : {QSize(1920, 1080), QSize(1280, 720)}) {
                MainWindow w(test::noSettings());
                w.setLanguage(lang == "zh" ? Lang::Zh : Lang::En);
                w.resize(size);
                w.openPage("rope", tab);
                w.show();
                QVERIFY(test::waitIdle(w));
                for (const QString& kv : params.split(',', Qt::SkipEmptyParts))
                    QVERIFY(w.paramPanel()->setText(kv.section('=', 0, 0), kv.section('=', 1)));
                QTest::qWait(300);  // the plot's size reaches the request
                QVERIFY(test::waitIdle(w, 120000));
                QTest::qWait(200);
                QVERIFY(test::waitIdle(w, 120000));
                const QString path = QString("%1/precision_%2_%3_%4x%5.png")
                                         .arg(dir, QTest::currentDataTag(), lang)
                                         .arg(size.width())
                                         .arg(size.height());
                QVERIFY(w.grab().save(path));
            }
    }

    // The exported figure: both panels, the counts as its caption, and no "precision = ..." in
    // the footer (every panel sets its own).
    void figure() {
        const PageSpec* page = Catalog::instance().find("rope");
        const ViewSpec& v = ropeView("rope/precision");
        const auto params =
            ropeParams({{"n", std::int64_t(16384)}, {"precision", std::string("float16")}});
        auto f = computeFigure(*page, v, params, ViewState{}, ColormapChoice::Auto, 2e9);
        QVERIFY2(static_cast<bool>(f), f ? "" : f.error().message.c_str());
        QCOMPARE(f->result.heatmaps.size(), 2);
        QVERIFY(f->caption.contains(QString::fromUtf8("15\u202F359 of 16\u202F384")));
        QVERIFY2(!f->footer.contains("precision ="), qPrintable(f->footer));
        FigureOptions o;
        const QImage image = figureImage(*f, o);
        QCOMPARE(image.size(), o.pixels);
        // The colour bar in the SVG: decades written 10ⁿ with superscript digits (never "1e-03"),
        // and the legend of exact zeros.
        QBuffer svg;
        svg.open(QIODevice::WriteOnly);
        QVERIFY(writeSvg(&svg, *f, o));
        const QString text = QString::fromUtf8(svg.data());
        QVERIFY2(text.contains(QString::fromUtf8("10⁻³<")), "a decade written 10⁻³");
        QVERIFY(text.contains("0 = exact"));
        QVERIFY(!text.contains("e-0"));
    }
};

QTEST_MAIN(TstPrecisionView)
#include "tst_precision_view.moc"
