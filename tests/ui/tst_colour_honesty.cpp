// Honest colour and scale (issue 13, figures review D2–D4, D6, D7): constant panels stay out of
// shared ranges and say "≡ c"; a difference at rounding level is drawn neutral and said in words;
// the panels of a comparison share one map and one range; a view's map comes from the quantity's
// declaration, not from its values; ordinal data get an ordered map; every compare view starts
// with a B that differs from A.
#include <QtTest>
#include <cmath>

#include "core/compute.h"
#include "core/registry.h"
#include "tests/ui/figure_test_util.h"
#include "ui/catalog/view_spec.h"
#include "ui/catalog/view_state_json.h"
#include "ui/compute/prepare_view.h"
#include "ui/figure/colormap.h"
#include "ui/figure/figure.h"

using namespace poslab;
using namespace poslab::ui;

using poslab::ui::test::figureOf;
using poslab::ui::test::pageOf;

namespace {

using Texts = QMap<QString, QString>;

// Finite min and max of a panel's cells (its slice of the array).
std::pair<double, double> dataRange(const HeatmapData& h) {
    double lo = INFINITY, hi = -INFINITY;
    for (qint64 k = 0; k < h.rows * h.cols; ++k) {
        const double v = h.array->at(h.sliceOffset + k);
        if (!std::isfinite(v)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    return {lo, hi};
}

double luminance(QRgb c) {
    return 0.2126 * qRed(c) + 0.7152 * qGreen(c) + 0.0722 * qBlue(c);
}

int colourDistance(QRgb a, QRgb b) {
    return std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                     std::abs(qBlue(a) - qBlue(b))});
}

// The largest distance of any opaque pixel of the panel's image from `colour`.
int farthestFrom(const HeatmapData& h, QRgb colour) {
    int worst = 0;
    for (int y = 0; y < h.image.height(); ++y)
        for (int x = 0; x < h.image.width(); ++x)
            if (qAlpha(h.image.pixel(x, y)) > 0)
                worst = std::max(worst, colourDistance(h.image.pixel(x, y), colour));
    return worst;
}

// Every compare view of the catalog, with its page (encoding and argument pages).
QVector<QPair<const PageSpec*, const ViewSpec*>> compareViews() {
    QVector<QPair<const PageSpec*, const ViewSpec*>> out;
    for (const auto& page : Catalog::instance().pages())
        for (const auto& v : page.views)
            if (v.kind == ViewKind::Compare) out << qMakePair(&page, &v);
    return out;
}

}  // namespace

class TestColourHonesty : public QObject {
    Q_OBJECT

private slots:
    // D2: a constant panel takes no part in the shared range and says what it is.
    void constantPanelLeavesSharedRange_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<Texts>("texts");
        QTest::addColumn<int>("constantPanel");
        QTest::addColumn<double>("value");
        QTest::newRow("cnn response, circular ≡ 1")
            << "cnn_padding/response" << Texts{} << 1 << 1.0;
        QTest::newRow("cnn deviation, circular ≡ 0")
            << "cnn_padding/deviation" << Texts{} << 1 << 0.0;
        QTest::newRow("cnn deviation, 5 layers")
            << "cnn_padding/deviation" << Texts{{"layers", "5"}} << 2 << 0.0;
        QTest::newRow("bilinear, H = I: absolute part ≡ 0")
            << "bilinear/parts" << Texts{{"h", "identity"}} << 2 << 0.0;
    }
    void constantPanelLeavesSharedRange() {
        QFETCH(QString, view);
        QFETCH(Texts, texts);
        QFETCH(int, constantPanel);
        QFETCH(double, value);
        auto fig = figureOf(view, texts);
        QVERIFY2(fig.ok(), fig.ok() ? "" : fig.error().message.c_str());
        const auto& panels = fig->result.heatmaps;
        QVERIFY(panels.size() > constantPanel);
        const HeatmapData& c = panels[constantPanel];
        QVERIFY(c.constant.has_value());
        QCOMPARE(*c.constant, value);
        QVERIFY2(c.annotation.en.startsWith(QString::fromUtf8("≡")), qPrintable(c.annotation.en));
        QVERIFY(c.annotation.en.contains(QString::number(value)));
        QVERIFY(c.annotation.zh.startsWith(QString::fromUtf8("≡")));
        // The shared range is the union of the other panels' data (symmetric when diverging),
        // nothing more: no ±0.5 around the constant.
        double lo = INFINITY, hi = -INFINITY;
        for (int i = 0; i < panels.size(); ++i) {
            if (panels[i].constant) continue;
            const auto [a, b] = dataRange(panels[i]);
            lo = std::min(lo, a);
            hi = std::max(hi, b);
        }
        QVERIFY(lo < hi);
        const HeatmapData& other = panels[constantPanel == 0 ? 1 : 0];
        if (other.colormap == ColormapKind::Diverging) {
            QCOMPARE(other.hi, std::max(std::abs(lo), std::abs(hi)));
            QCOMPARE(other.lo, -other.hi);
        } else {
            QVERIFY2(other.hi == hi, qPrintable(QStringLiteral("%1 vs %2").arg(other.hi).arg(hi)));
            QVERIFY(other.lo == lo || (other.lo == 0 && lo >= 0));
        }
        for (const auto& p : panels)
            if (!p.constant) QVERIFY(p.annotation.isEmpty());
    }

    // D3: a difference at rounding level is neutral and said in words; a real one is coloured.
    void differenceAtRoundingLevel_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<bool>("rounding");
        QTest::addColumn<QString>("words");
        QTest::newRow("concatenate vs add")
            << "concat/compare" << true << "concatenate = add up to";
        QTest::newRow("FLOATER vs sinusoidal (RK4)")
            << "floater/difference" << false << QString::fromUtf8("max |Δ| = ");
        QTest::newRow("sinusoidal, base 100") << "sinusoidal/compare" << false << QString();
        QTest::newRow("attention, ALiBi") << "attention/compare" << false << QString();
    }
    void differenceAtRoundingLevel() {
        QFETCH(QString, view);
        QFETCH(bool, rounding);
        QFETCH(QString, words);
        auto fig = figureOf(view);
        QVERIFY2(fig.ok(), fig.ok() ? "" : fig.error().message.c_str());
        const auto& panels = fig->result.heatmaps;
        QCOMPARE(panels.size(), qsizetype(3));
        const HeatmapData& d = panels[2];
        QCOMPARE(d.colormap, ColormapKind::Diverging);
        QCOMPARE(d.lo, -d.hi);
        const auto [lo, hi] = dataRange(d);
        const double worst = std::max(std::abs(lo), std::abs(hi));
        const double scale = std::max(std::abs(panels[0].lo), std::abs(panels[0].hi));
        QVERIFY(d.hi >= worst);
        QVERIFY(d.hi >= 1e-6 * scale);  // floored: a tiny difference is never saturated
        if (words.isEmpty()) {
            QVERIFY2(d.annotation.isEmpty(), qPrintable(d.annotation.en));
            QCOMPARE(d.hi, worst);  // a real difference spans its colours
        } else {
            QVERIFY(!d.annotation.zh.isEmpty());
            if (worst == 0) {  // some builds round both ways alike: equal, and said so
                const QString exact = words.section(QStringLiteral(" up to"), 0, 0) + " exactly";
                QVERIFY2(d.annotation.en.startsWith(exact), qPrintable(d.annotation.en));
            } else {
                QVERIFY2(d.annotation.en.startsWith(words), qPrintable(d.annotation.en));
                QVERIFY(d.annotation.en.contains(QString::fromUtf8("10⁻")));  // 2.2 × 10⁻¹⁶
            }
        }
        const Colormap cmap(ColormapKind::Diverging);
        const int far = farthestFrom(d, cmap.at(0.5));
        if (rounding) {
            QVERIFY(worst >= 0 && worst < 1e-12 * scale);          // 0 where a build rounds alike
            QVERIFY2(far <= 2, qPrintable(QString::number(far)));  // neutral
        } else if (words.isEmpty()) {
            QVERIFY2(far > 100, qPrintable(QString::number(far)));  // coloured
        }
    }

    // "A = B exactly" when B is A.
    void identicalOperandsAreSaidEqual() {
        const PageSpec* page = pageOf("sinusoidal/compare");
        QVERIFY(page);
        ViewState st = defaultViewState(*page->findView("sinusoidal/compare"), *page);
        st.cmpParam = QStringLiteral("base");  // B: base := A's base
        st.cmpValue =
            QString::fromStdString(core::formatValue(pagePresetParams(*page).get("base")));
        auto fig = figureOf("sinusoidal/compare", {}, st);
        QVERIFY(fig.ok());
        QCOMPARE(fig->result.heatmaps.size(), qsizetype(3));
        QCOMPARE(fig->result.heatmaps[2].annotation.en, QStringLiteral("A = B exactly"));
    }

    // D4: the operands of every comparison share one map and one range.
    void operandsShareMapAndRange_data() {
        QTest::addColumn<QString>("view");
        for (const auto& [page, v] : compareViews())
            if (page->id == page->encoding) QTest::newRow(qPrintable(v->id)) << v->id;
        QTest::newRow("concat/compare") << "concat/compare";
        QTest::newRow("floater/difference") << "floater/difference";
        QTest::newRow("xpos/decay_compare") << "xpos/decay_compare";
    }
    void operandsShareMapAndRange() {
        QFETCH(QString, view);
        auto fig = figureOf(view);
        QVERIFY2(fig.ok(), fig.ok() ? "" : fig.error().message.c_str());
        const auto& panels = fig->result.heatmaps;
        if (panels.size() < 2) QSKIP("a lines comparison (curves on one axis)");
        QCOMPARE(panels[1].colormap, panels[0].colormap);
        if (!panels[0].constant && !panels[1].constant) {
            QCOMPARE(panels[1].lo, panels[0].lo);
            QCOMPARE(panels[1].hi, panels[0].hi);
        }
        if (panels.size() == 3) QCOMPARE(panels[2].lo, -panels[2].hi);
    }

    // D4: the map follows the quantity's declaration, so it never flips with the parameters.
    void mapDoesNotFollowTheValues_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<Texts>("a");
        QTest::addColumn<Texts>("b");
        QTest::addColumn<int>("kind");
        const int div = static_cast<int>(ColormapKind::Diverging);
        QTest::newRow("rope/scores n 512 vs 4096")
            << "rope/scores" << Texts{{"n", "512"}} << Texts{{"n", "4096"}} << div;
        QTest::newRow("rope/scores base 10000 vs 777")
            << "rope/scores" << Texts{{"base", "10000"}} << Texts{{"base", "777"}} << div;
        QTest::newRow("sinusoidal/similarity n 64 vs 1024")
            << "sinusoidal/similarity" << Texts{{"n", "64"}} << Texts{{"n", "1024"}} << div;
        QTest::newRow("alibi/bias: one-signed, sequential")
            << "alibi/bias" << Texts{} << Texts{{"n", "8"}}
            << static_cast<int>(ColormapKind::Viridis);
    }
    void mapDoesNotFollowTheValues() {
        QFETCH(QString, view);
        QFETCH(Texts, a);
        QFETCH(Texts, b);
        QFETCH(int, kind);
        auto fa = figureOf(view, a), fb = figureOf(view, b);
        QVERIFY(fa.ok() && fb.ok());
        QVERIFY(!fa->result.heatmaps.isEmpty() && !fb->result.heatmaps.isEmpty());
        QCOMPARE(static_cast<int>(fa->result.heatmaps[0].colormap), kind);
        QCOMPARE(static_cast<int>(fb->result.heatmaps[0].colormap), kind);
        if (kind == static_cast<int>(ColormapKind::Diverging)) {
            QCOMPARE(fa->result.heatmaps[0].lo, -fa->result.heatmaps[0].hi);
            QCOMPARE(fb->result.heatmaps[0].lo, -fb->result.heatmaps[0].hi);
        }
    }

    // A quantity declared one-signed has one sign (at its defaults): the declaration the maps
    // rest on holds.
    void oneSignedDeclarationsHold() {
        int checked = 0;
        for (const auto& e : core::registry().encodings())
            for (const auto& q : e.quantities) {
                if (q.isSigned || q.dtype != core::DType::F64) continue;
                auto r = core::compute(e.id, q.id, core::defaultParams(e.params));
                if (!r) continue;  // needs a file or more memory: not this test's concern
                double lo = INFINITY, hi = -INFINITY;
                for (qint64 k = 0; k < r->size(); ++k)
                    if (std::isfinite(r->at(k))) {
                        lo = std::min(lo, r->at(k));
                        hi = std::max(hi, r->at(k));
                    }
                QVERIFY2(!(lo < 0 && hi > 0), (e.id + "/" + q.id).c_str());
                ++checked;
            }
        QVERIFY(checked > 10);
        const auto* bias = core::registry().find("alibi")->findQuantity("bias");
        QVERIFY(bias && !bias->isSigned);
    }

    // Sequential one-signed data that come near 0 start at 0 (attention weights).
    void attentionWeightsFromZero() {
        auto fig = figureOf("attention/softmax");
        QVERIFY(fig.ok());
        const HeatmapData& h = fig->result.heatmaps.front();
        QCOMPARE(h.colormap, ColormapKind::Viridis);
        QCOMPARE(h.lo, 0.0);
        QCOMPARE(h.hi, dataRange(h).second);
    }

    // D6: ALiBi's heads each on their own scale, so the flat ones are not blank.
    void alibiHeadsEachVisible() {
        auto fig = figureOf("alibi/bias_heads");
        QVERIFY(fig.ok());
        const auto& panels = fig->result.heatmaps;
        QVERIFY(panels.size() >= 8);
        for (const auto& h : panels) {
            const auto [lo, hi] = dataRange(h);
            QCOMPARE(h.lo, lo);
            QCOMPARE(h.hi, 0.0);
            QVERIFY(hi == 0);
            // Both ends of the map are used in every head.
            const Colormap cmap(h.colormap);
            QVERIFY(farthestFrom(h, cmap.at(1.0)) > 150);
        }
    }

    // D7: indices and buckets get an ordered map: brighter for larger values, never cycling.
    void ordinalDataHaveAnOrderedMap_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<Texts>("texts");
        QTest::newRow("t5/buckets") << "t5/buckets" << Texts{};
        QTest::newRow("shaw/relative_indices") << "shaw/relative_indices" << Texts{};
        QTest::newRow("shaw/relative_indices clip 40")
            << "shaw/relative_indices" << Texts{{"clip", "40"}, {"n", "96"}};
        QTest::newRow("t5/compare (buckets)") << "t5/compare" << Texts{};
    }
    void ordinalDataHaveAnOrderedMap() {
        QFETCH(QString, view);
        QFETCH(Texts, texts);
        auto fig = figureOf(view, texts);
        QVERIFY2(fig.ok(), fig.ok() ? "" : fig.error().message.c_str());
        const HeatmapData& h = fig->result.heatmaps.front();
        QVERIFY(h.integer);
        QCOMPARE(h.colormap, ColormapKind::Ordinal);
        QVERIFY(h.rowStep == 1 && h.colStep == 1);
        // Luminance rises with the value (viridis): values 20 apart never share a colour.
        QMap<qint64, double> lum;
        for (qint64 r = 0; r < h.rows; ++r)
            for (qint64 c = 0; c < h.cols; ++c)
                lum[static_cast<qint64>(h.array->at(h.sliceOffset + r * h.cols + c))] =
                    luminance(h.image.pixel(static_cast<int>(c), static_cast<int>(r)));
        QVERIFY(lum.size() > 20);
        double last = -1;
        for (auto it = lum.begin(); it != lum.end(); ++it) {
            QVERIFY2(it.value() >= last - 1.0, qPrintable(QString::number(it.key())));
            last = it.value();
        }
        const Colormap cmap(h.colormap);
        const qint64 count = static_cast<qint64>(h.hi - h.lo) + 1;
        QVERIFY(cmap.level(0, count) != cmap.level(20, count));
    }

    // D6: every compare view starts with a B that differs from A.
    void compareDefaultsDifferFromA_data() {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("view");
        const auto views = compareViews();
        QVERIFY(views.size() >= 20);
        for (const auto& [page, v] : views)
            QTest::newRow(qPrintable(page->id + " " + v->id)) << page->id << v->id;
    }
    void compareDefaultsDifferFromA() {
        QFETCH(QString, page);
        QFETCH(QString, view);
        const PageSpec* p = Catalog::instance().find(page);
        QVERIFY(p);
        const ViewSpec* v = p->findView(view);
        QVERIFY(v);
        const ViewState st = defaultViewState(*v, *p);
        const auto* enc = core::registry().find(p->encoding.toStdString());
        const core::ParamSpec* spec = enc->findParam(st.cmpParam.toStdString());
        QVERIFY2(spec, qPrintable("no compare parameter '" + st.cmpParam + "'"));
        const core::ParamSet a = pagePresetParams(*p);
        auto b = spec->parse(st.cmpValue.toStdString());
        QVERIFY2(b, qPrintable(st.cmpParam + " = " + st.cmpValue));
        QVERIFY2(
            !(*b == a.get(spec->name)),
            qPrintable(QStringLiteral("B: %1 = %2 is A's value").arg(st.cmpParam, st.cmpValue)));
        // And the figure shows a difference, its two sides named with their values (D12:
        // "A: base = 10 000", "B: base = 100", never a bare "A").
        auto fig = computeFigure(*p, *v, a, st);
        QVERIFY2(fig.ok(), fig.ok() ? "" : fig.error().message.c_str());
        const auto& r = fig->result;
        const QString aName =
            r.heatmaps.isEmpty() ? r.lines.curves.value(0).name.en : r.heatmaps[0].title.en;
        const QString bName =
            r.heatmaps.size() < 2 ? r.lines.curves.value(1).name.en : r.heatmaps[1].title.en;
        QVERIFY2(aName.startsWith(QStringLiteral("A: %1 = ").arg(st.cmpParam)), qPrintable(aName));
        QVERIFY2(bName.startsWith(QStringLiteral("B: %1 = ").arg(st.cmpParam)), qPrintable(bName));
        QVERIFY2(aName.mid(1) != bName.mid(1), qPrintable(aName + " / " + bName));
        if (r.heatmaps.size() == 3) {
            const auto [lo, hi] = dataRange(r.heatmaps[2]);
            QVERIFY2(std::max(std::abs(lo), std::abs(hi)) > 0, "A − B ≡ 0");
            QVERIFY(!r.heatmaps[2].annotation.en.startsWith(QStringLiteral("A = B")));
        } else if (r.heatmaps.size() == 2) {
            QVERIFY(r.heatmaps[0].array->shape != r.heatmaps[1].array->shape);
        } else {
            QCOMPARE(r.lines.curves.size(), qsizetype(2));
            const auto& c0 = r.lines.curves[0];
            const auto& c1 = r.lines.curves[1];
            QVERIFY(c0.points != c1.points || c0.bandLo != c1.bandLo || c0.bandHi != c1.bandHi);
        }
    }
};

QTEST_MAIN(TestColourHonesty)
#include "tst_colour_honesty.moc"
