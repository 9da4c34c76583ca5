// Issue 25 item 5 (gui-review-2 #6): a view that is constant or the identity at the current
// parameters says what it would show and how to get it, in words and in both languages, instead
// of a lone "1" or a flat line; the same view draws its data, and says nothing, once the
// parameter that makes it interesting changes. Errors at float64's own rounding say "exact to
// rounding" over cells drawn in the colour of "none", never 10⁻¹⁴ noise in full colour.
#include <QLabel>
#include <QtTest>
#include <limits>

#include "core/registry.h"
#include "ui/compute/compute_request.h"
#include "ui/figure/colormap.h"
#include "ui/figure/figure.h"
#include "ui/panels/param_panel.h"
#include "ui/views/chart_widget.h"
#include "ui/views/view_widget.h"
#include "ui_test_util.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

const ViewSpec& ropeView(const QString& id) {
    static const ViewSpec none;
    const PageSpec* page = Catalog::instance().find("rope");
    const ViewSpec* v = page ? page->findView(id) : nullptr;
    return v ? *v : none;
}

// The RoPE page's preset with "key=value" texts over it.
core::ParamSet ropeParams(const QStringList& set) {
    const auto* enc = core::registry().find("rope");
    core::ParamSet p = pagePresetParams(*Catalog::instance().find("rope"));
    for (const QString& kv : set) {
        const std::string key = kv.section('=', 0, 0).toStdString();
        const auto* spec = enc->findParam(key);
        if (!spec) return {};
        auto v = spec->parse(kv.section('=', 1).toStdString());
        if (!v) return {};
        p.set(key, *v);
    }
    return p;
}

ViewResult compute(const QString& viewId, const core::ParamSet& params, Lang lang = Lang::En) {
    ComputeRequest r;
    r.pageId = "rope";
    r.encoding = "rope";
    r.params = params;
    r.views = {ropeView(viewId)};
    r.states = {ViewState{}};
    r.lang = lang;
    ArrayCache cache;
    const ComputeResult res = computeRequest(r, cache, nullptr);
    return res.views.isEmpty() ? ViewResult{} : res.views.front();
}

bool drawsData(const ViewResult& r) {
    return !r.heatmaps.isEmpty() || !r.lines.curves.isEmpty() || !r.value.isEmpty() ||
           !r.rotation.pairs.isEmpty();
}

// Chinese punctuation is full-width: no ASCII colon, comma or parenthesis.
bool fullWidth(const QString& zh) {
    return !zh.contains(':') && !zh.contains(',') && !zh.contains('(') && !zh.contains(')');
}

}  // namespace

class TestDegenerateViews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    // view, words it says at the preset, parameters that make it draw.
    void constantViewsSayWhy_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("says");
        QTest::addColumn<QStringList>("enabling");
        QTest::newRow("attention factor")
            << "rope/attention_factor"
            << "attention factor a is 1" << QStringList{"scaling=yarn", "factor=4"};
        QTest::newRow("logit multiplier")
            << "rope/logit_multiplier"
            << "multiplied by 1" << QStringList{"scaling=yarn", "factor=4"};
        QTest::newRow("collisions") << "rope/collisions"
                                    << "No collisions" << QStringList{"precision=bfloat16"};
        QTest::newRow("pair class")
            << "rope/pair_class"
            << "every pair is kept" << QStringList{"scaling=yarn", "factor=4"};
        QTest::newRow("query scale")
            << "rope/query_scale"
            << "No query scaling" << QStringList{"query_scale=qwen_logn", "logn_max=64"};
        QTest::newRow("position rounded")
            << "rope/position_rounded"
            << "held exactly" << QStringList{"precision=float16", "n=4096"};
    }
    void constantViewsSayWhy() {
        QFETCH(QString, view);
        QFETCH(QString, says);
        QFETCH(QStringList, enabling);
        QVERIFY(!ropeView(view).id.isEmpty());
        // At the page's preset (no scaling, float64): words, no data, both languages.
        const ViewResult at = compute(view, ropeParams({}));
        QVERIFY2(at.error.isEmpty(), qPrintable(at.error));
        QVERIFY2(at.degenerate.en.contains(says, Qt::CaseInsensitive),
                 qPrintable(at.degenerate.en));
        QVERIFY(at.degenerate.en.contains("Choose"));
        QVERIFY(test::hasCjk(at.degenerate.zh));
        QVERIFY2(fullWidth(at.degenerate.zh), qPrintable(at.degenerate.zh));
        QVERIFY(!drawsData(at));
        // The figure says it too, and draws.
        const Figure f = makeFigure(ropeView(view), at, ropeParams({}));
        QVERIFY(!figureImage(f, FigureOptions{QSize(800, 450), 96}).isNull());
        // The parameter that makes it interesting: data, no words.
        const core::ParamSet on = ropeParams(enabling);
        QVERIFY(on.has("n"));
        const ViewResult drawn = compute(view, on);
        QVERIFY2(drawn.error.isEmpty(), qPrintable(drawn.error));
        QVERIFY2(drawn.degenerate.isEmpty(), qPrintable(drawn.degenerate.en));
        QVERIFY(drawsData(drawn));
    }

    // Errors at float64: "exact to rounding" over cells in the colour of 0 (never saturated);
    // at float32 the errors are data, on their own range, without the words.
    void errorsAtRoundingSayExact_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<qint64>("n");
        QTest::newRow("cos_error") << "rope/cos_error" << qint64(512);
        QTest::newRow("angle_error") << "rope/angle_error" << qint64(512);
        QTest::newRow("cos_error, 100 000 positions") << "rope/cos_error" << qint64(100000);
    }
    void errorsAtRoundingSayExact() {
        QFETCH(QString, view);
        QFETCH(qint64, n);
        const QString count = QStringLiteral("n=%1").arg(n);
        const ViewResult exact = compute(view, ropeParams({count}));
        QVERIFY2(exact.error.isEmpty(), qPrintable(exact.error));
        QVERIFY(exact.degenerate.isEmpty());
        QVERIFY(!exact.heatmaps.isEmpty());
        for (const HeatmapData& h : exact.heatmaps) {
            QVERIFY2(h.annotation.en.contains("exact to rounding", Qt::CaseInsensitive),
                     qPrintable(h.annotation.en));
            QVERIFY(h.annotationShort.en.startsWith("Exact to rounding"));
            QVERIFY(test::hasCjk(h.annotation.zh) && fullWidth(h.annotation.zh));
            QVERIFY(h.hi >= 1e-6);  // a floored range, within what a cos error can be
            QVERIFY(view == "rope/angle_error" || h.hi <= 1e-5);
            const Colormap cmap(h.colormap);
            for (int y = 0; y < h.image.height(); y += 7)
                for (int x = 0; x < h.image.width(); x += 3)
                    QVERIFY(h.image.pixel(x, y) != cmap.at(1.0));
        }
        const ViewResult data = compute(view, ropeParams({count, "precision=float32"}));
        QVERIFY2(data.error.isEmpty(), qPrintable(data.error));
        QVERIFY(!data.heatmaps.isEmpty());
        for (const HeatmapData& h : data.heatmaps) {
            QVERIFY2(h.annotation.isEmpty(), qPrintable(h.annotation.en));
            QVERIFY(h.hi > h.lo);
        }
    }

    // In the explorer: the view shows its words in place of the chart, and its chart as soon as
    // the parameter is set in the panel; Chinese after a language switch.
    void explorerSaysItAndRedraws() {
        MainWindow w(test::noSettings());
        w.resize(1280, 720);
        const PageSpec* page = Catalog::instance().find("rope");
        int tab = -1;
        for (int i = 0; i < page->views.size(); ++i)
            if (page->views[i].id == "rope/query_scale") tab = i + 1;
        QVERIFY(tab > 0);
        w.openPage("rope", tab);
        w.show();
        QVERIFY(test::waitIdle(w));
        ViewWidget* v = w.page()->viewsOfTab(tab).value(0);
        QVERIFY(v);
        QVERIFY(v->degenerateText().contains("No query scaling"));
        auto* label = v->findChild<QLabel*>("viewDegenerate");
        QVERIFY(label && label->isVisible());
        QCOMPARE(label->text(), v->degenerateText());
        QVERIFY(!v->chart()->isVisible());
        w.setLanguage(Lang::Zh);
        QVERIFY(test::waitIdle(w));
        QVERIFY(test::hasCjk(label->text()));
        w.setLanguage(Lang::En);
        QVERIFY(w.paramPanel()->setText("query_scale", "qwen_logn"));
        QVERIFY(w.paramPanel()->setText("logn_max", "64"));
        QVERIFY(test::waitIdle(w));
        QVERIFY(v->degenerateText().isEmpty());
        QVERIFY(!label->isVisible());
        QVERIFY(v->chart()->isVisible() && v->chart()->curveCount() > 0);
    }
};

QTEST_MAIN(TestDegenerateViews)
#include "tst_degenerate_views.moc"
