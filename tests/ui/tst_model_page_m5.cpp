// The Model page for every family (issue 24, spec models.md M5), on configs built by hand so that
// each field of the reader's API is tested on its own: the encoding is named first (in English
// and Chinese); NoPE layers and layers without positions (linear attention) are drawn as such in
// the layer map's model; a sliding kind shows its window and the pairs that turn fully inside it,
// counted by brute force; "Explore in ALiBi / T5 / Learned / Shaw" opens that page with the
// config's numbers; the pairing shows its source, MLA its q.k dim, the reader's notes are
// visible; two models compared mark exactly the rows that differ. POSLAB_SHOT_DIR=<folder> saves
// the page in English and Chinese at 1280 x 720 and 1920 x 1080.
#include <QDir>
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>
#include <cmath>
#include <numbers>

#include "core/params/param_spec.h"
#include "tests/ui/ui_test_util.h"
#include "ui/model/layer_map.h"
#include "ui/model/model_chart.h"
#include "ui/model/model_kinds.h"
#include "ui/model/model_page.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
namespace cm = core::models;

namespace {

using Params = std::vector<cm::ParamText>;

// A RoPE kind: theta_j = base^(-2j/d), nothing scaled.
cm::KindInfo ropeKind(const std::string& name, double base, std::int64_t d,
                      std::optional<std::int64_t> window = std::nullopt) {
    cm::KindInfo k;
    k.name = name;
    k.ropeTheta = base;
    k.headDim = k.rotaryDim = d;
    k.window = window;
    for (std::int64_t j = 0; j < d / 2; ++j) {
        k.invFreq.push_back(std::pow(base, -2.0 * static_cast<double>(j) / static_cast<double>(d)));
        k.unscaled.push_back(k.invFreq.back());
        k.pairClass.push_back(cm::kKept);
    }
    k.params.d = d;
    k.params.base = base;
    return k;
}

cm::KindInfo positionsKind(const std::string& name, const std::string& encoding,
                           const Params& params = {}) {
    cm::KindInfo k;
    k.name = name;
    k.rope = false;
    k.encoding = encoding;
    k.attention = encoding != "none";
    k.encodingParams = params;
    k.pairingSource.clear();
    return k;
}

// A model of the given kinds, layer i of kind layers[i].
LoadedModel model(const QString& name, std::vector<cm::KindInfo> kinds,
                  const std::vector<std::string>& layers, const std::string& encoding = "rope",
                  const std::string& summary = "RoPE") {
    LoadedModel m;
    m.name = name;
    m.source = QStringLiteral("built by hand");
    m.text = "{}";
    m.config.kinds = std::move(kinds);
    m.config.layers = layers;
    m.config.numHiddenLayers = static_cast<std::int64_t>(layers.size());
    m.config.maxPositionEmbeddings = 8192;
    m.config.encoding.id = encoding;
    m.config.encoding.summary = summary;
    m.config.encoding.rule = encoding == "rope" ? "rope_theta" : "model_type test";
    for (std::size_t i = 0; i < m.config.kinds.size(); ++i)
        m.config.kindIndex[m.config.kinds[i].name] = i;
    if (!m.config.kinds.empty()) {
        m.config.headDim = m.config.kinds.front().headDim;
        m.config.encoding.params = m.config.kinds.front().encodingParams;
    }
    return m;
}

std::vector<std::string> repeat(const std::string& kind, int n) {
    return std::vector<std::string>(static_cast<std::size_t>(n), kind);
}

// The encodings other than RoPE, each as the reader gives it (other_encodings.cpp's parameters).
LoadedModel otherModel(const QString& encoding) {
    const std::string e = encoding.toStdString();
    if (e == "alibi")
        return model("BLOOM-like",
                     {positionsKind("full_attention", e, {{"heads", "12"}, {"causal", "true"}})},
                     repeat("full_attention", 4), e, "ALiBi, 12 heads (BLOOM rule)");
    if (e == "t5")
        return model("T5-like",
                     {positionsKind("encoder", e,
                                    {{"heads", "6"},
                                     {"num_buckets", "32"},
                                     {"max_distance", "128"},
                                     {"bidirectional", "true"}})},
                     repeat("encoder", 2), e, "T5 relative buckets: 32 buckets, max distance 128");
    if (e == "learned")
        return model("GPT-2-like",
                     {positionsKind("full_attention", e, {{"n", "1024"}, {"d", "64"}})},
                     repeat("full_attention", 3), e, "learned absolute, 1024 positions");
    return model("BERT-relative-like",
                 {positionsKind("full_attention", e, {{"clip", "511"}, {"d", "64"}})},
                 repeat("full_attention", 3), e, "Shaw relative positions (BERT relative_key)");
}

// A SmolLM3 / Qwen3-Next style hybrid: RoPE, NoPE every fourth layer, linear attention between.
LoadedModel hybridModel() {
    std::vector<std::string> layers;
    for (int i = 0; i < 36; ++i)
        layers.push_back(i % 4 == 3   ? "full_attention:nope"
                         : i % 3 == 2 ? "linear_attention"
                                      : "full_attention");
    LoadedModel m =
        model("hybrid",
              {ropeKind("full_attention", 5e6, 128), positionsKind("full_attention:nope", "nope"),
               positionsKind("linear_attention", "none")},
              layers);
    m.config.notes = {"no_rope_layer_interval 4: layers 3, 7, …, 35 are NoPE"};
    return m;
}

QString paramText(const core::ParamSet& p, const char* name) {
    const core::ParamValue* v = p.find(name);
    return v ? QString::fromStdString(core::formatValue(*v)) : QString();
}

}  // namespace

class TestModelPageM5 : public QObject {
    Q_OBJECT
    test::WindowFixture m_fixture;
    MainWindow* w() const { return m_fixture.window(); }
    ModelPage* page() const { return w()->modelPage(); }

private slots:
    void initTestCase() { QVERIFY(m_fixture.open()); }
    void cleanupTestCase() { m_fixture.close(); }
    void cleanup() { w()->setLanguage(Lang::En); }

    void encodingNamedFirst_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("name");    // in the headline, both languages
        QTest::addColumn<QString>("button");  // "Explore in …" in English
        QTest::newRow("alibi") << "alibi"
                               << "ALiBi"
                               << "Explore in ALiBi";
        QTest::newRow("t5") << "t5"
                            << "T5"
                            << "Explore in T5";
        QTest::newRow("learned") << "learned"
                                 << "1024"
                                 << "Explore in Learned";
        QTest::newRow("shaw") << "shaw"
                              << "Shaw"
                              << "Explore in Shaw";
    }
    void encodingNamedFirst() {
        QFETCH(QString, encoding);
        QFETCH(QString, name);
        QFETCH(QString, button);
        QCOMPARE(page()->setModel(otherModel(encoding)), QString());
        w()->showModelPage();
        QVERIFY2(page()->encodingText().contains(name), qPrintable(page()->encodingText()));
        QVERIFY(page()->encodingText().contains(
            QString::fromStdString(page()->model().config.encoding.summary)));
        QCOMPARE(page()->exploreButton()->text(), button);
        QVERIFY(page()->exploreButton()->isEnabled());
        QCOMPARE(page()->readout("encoding"), encodingName(encoding.toStdString()));
        // No RoPE charts: the page says what gives the positions, and how to explore them.
        QVERIFY(!page()->frequencyChart()->isVisible());
        QVERIFY2(page()->nopeText().contains(button.mid(11)), qPrintable(page()->nopeText()));
        // Chinese: the headline is translated, the encoding's numbers kept.
        w()->setLanguage(Lang::Zh);
        QVERIFY2(test::hasCjk(page()->encodingText()), qPrintable(page()->encodingText()));
        QVERIFY2(test::hasCjk(page()->exploreButton()->text()),
                 qPrintable(page()->exploreButton()->text()));
        const auto& p = page()->model().config.encoding.params;
        QVERIFY(page()->encodingText().contains(QString::fromStdString(p.front().second)));
        QVERIFY(test::hasCjk(page()->nopeText()));
    }

    void ropeAndMropeExploreInRope() {
        cm::KindInfo k = ropeKind("full_attention", 1e6, 128);
        k.encoding = "mrope";
        k.mropeSection = {16, 24, 24};
        QCOMPARE(page()->setModel(model("Qwen2-VL-like", {k}, repeat("full_attention", 2), "mrope",
                                        "M-RoPE, sections [16, 24, 24]")),
                 QString());
        QVERIFY(page()->encodingText().contains(QStringLiteral("M-RoPE")));
        QCOMPARE(page()->exploreButton()->text(), QStringLiteral("Explore in RoPE"));
        w()->setLanguage(Lang::Zh);
        QVERIFY(page()->encodingText().contains(QStringLiteral("16, 24, 24")));
    }

    // NoPE (attention without positions) and linear attention (no attention at all) are two
    // categories of the map's model, distinct from RoPE and from each other, each with its own
    // colour and a legend entry saying what it is.
    void nopeAndLinearDrawnDistinct() {
        cm::KindInfo nope = positionsKind("full_attention:nope", "nope");
        cm::KindInfo linear = positionsKind("linear_attention", "none");
        const LoadedModel m = model("hybrid", {ropeKind("full_attention", 1e4, 64), nope, linear},
                                    {"linear_attention", "linear_attention", "full_attention",
                                     "full_attention:nope", "linear_attention", "full_attention"});
        QCOMPARE(page()->setModel(m), QString());
        w()->showModelPage();
        const LayerMapWidget* map = page()->layerMap();
        QCOMPARE(map->cellCount(), 6);
        QCOMPARE(map->categoryOfCell(0), KindCategory::NoAttention);
        QCOMPARE(map->categoryOfCell(2), KindCategory::Rope);
        QCOMPARE(map->categoryOfCell(3), KindCategory::NoPE);
        QCOMPARE(map->categoryOfCell(4), KindCategory::NoAttention);
        const QColor rope = map->kindColor("full_attention"),
                     none = map->kindColor("full_attention:nope"),
                     lin = map->kindColor("linear_attention");
        QVERIFY(rope != none && rope != lin && none != lin);
        QCOMPARE(map->kinds().size(), 3);
        QVERIFY2(map->legendText("full_attention:nope").contains(QStringLiteral("NoPE")),
                 qPrintable(map->legendText("full_attention:nope")));
        QVERIFY2(map->legendText("linear_attention").contains(QStringLiteral("linear attention")),
                 qPrintable(map->legendText("linear_attention")));
        QVERIFY(map->legendText("linear_attention").contains(QStringLiteral("layers: 3")));
        // The readouts count the layers of each group.
        QCOMPARE(page()->readout("nope_layers"), QStringLiteral("1 of 6"));
        QCOMPARE(page()->readout("linear_layers"), QStringLiteral("3 of 6"));
        // Selecting a linear layer: no RoPE, nothing to explore, and the page says why.
        page()->selectKind(QStringLiteral("linear_attention"));
        QVERIFY(!page()->exploreButton()->isEnabled());
        QVERIFY(page()->nopeText().contains(QStringLiteral("no positions")));
        QVERIFY(!w()->exploreModelKind().isEmpty());
        page()->selectKind(QStringLiteral("full_attention:nope"));
        QVERIFY(page()->nopeText().contains(QStringLiteral("NoPE")));
        QVERIFY(!page()->exploreButton()->isEnabled());
    }

    void windowFullTurns_data() {
        QTest::addColumn<double>("base");
        QTest::addColumn<int>("d");
        QTest::addColumn<int>("window");
        QTest::newRow("gemma local 1e4, d 256, W 1024") << 1e4 << 256 << 1024;
        QTest::newRow("1e4, d 128, W 4096") << 1e4 << 128 << 4096;
        QTest::newRow("1e6, d 128, W 4096") << 1e6 << 128 << 4096;
        QTest::newRow("5e5, d 64, W 128") << 5e5 << 64 << 128;
        QTest::newRow("W 1: nothing turns") << 1e4 << 64 << 1;
        QTest::newRow("W 7: only pair 0 (theta 1)") << 1e4 << 64 << 7;
    }
    void windowFullTurns() {
        QFETCH(double, base);
        QFETCH(int, d);
        QFETCH(int, window);
        const LoadedModel m = model(
            "windowed",
            {ropeKind("sliding_attention", base, d, window), ropeKind("full_attention", 1e6, d)},
            {"sliding_attention", "sliding_attention", "full_attention"});
        QCOMPARE(page()->setModel(m, QStringLiteral("sliding_attention")), QString());
        // Brute force: walk the window position by position; pair j turns fully when its angle
        // p * theta_j reaches 2 pi at some p <= W.
        const cm::KindInfo& k = *page()->currentKind();
        QVector<int> turning;
        for (int j = 0; j < static_cast<int>(k.invFreq.size()); ++j)
            for (int p = 1; p <= window; ++p)
                if (static_cast<double>(p) * k.invFreq[j] >= 2 * std::numbers::pi) {
                    turning << j;
                    break;
                }
        QCOMPARE(page()->readout("window"), QStringLiteral("%1 tokens").arg(window));
        QCOMPARE(page()->readout("full_turn"),
                 QStringLiteral("%1 of %2 pairs").arg(turning.size()).arg(d / 2));
        QCOMPARE(page()->readout("window_layers"), QStringLiteral("2 of 3"));
        QCOMPARE(page()->layerMap()->categoryOfCell(0), KindCategory::Local);
        // The frequency chart: the line 2 pi / W and the turning pairs shaded, exactly them.
        const ModelChartData& f = page()->frequencyChart()->data();
        int lines = 0;
        for (const ModelLine& l : f.hlines)
            if (l.id == QLatin1String("window")) {
                ++lines;
                QCOMPARE(l.y, 2 * std::numbers::pi / window);
            }
        QCOMPARE(lines, 1);
        QVector<int> shaded;
        for (const ModelBand& b : f.bands)
            if (b.id == QLatin1String("full_turn"))
                for (int j = static_cast<int>(std::ceil(b.lo)); j <= b.hi; ++j) shaded << j;
        QCOMPARE(shaded, turning);
        // The full-attention kind has no window: no row of turning pairs, no line.
        page()->selectKind(QStringLiteral("full_attention"));
        QCOMPARE(page()->readout("window"), QStringLiteral("none (full attention)"));
        QVERIFY(page()->readout("full_turn").isEmpty());
        for (const ModelLine& l : page()->frequencyChart()->data().hlines)
            QVERIFY(l.id != QLatin1String("window"));
    }

    void exploreOpensEncoding_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QStringList>("expected");  // name=value as the page's parameters hold
        QTest::newRow("alibi") << "alibi" << QStringList{"heads=12", "causal=true"};
        QTest::newRow("t5") << "t5"
                            << QStringList{"heads=6", "num_buckets=32", "max_distance=128",
                                           "bidirectional=true"};
        QTest::newRow("learned") << "learned" << QStringList{"n=1024", "d=64"};
        QTest::newRow("shaw") << "shaw" << QStringList{"clip=511", "d=64"};
    }
    void exploreOpensEncoding() {
        QFETCH(QString, encoding);
        QFETCH(QStringList, expected);
        QCOMPARE(page()->setModel(otherModel(encoding)), QString());
        w()->showModelPage();
        QTest::mouseClick(page()->exploreButton(), Qt::LeftButton);
        QVERIFY(!w()->modelPageShown());
        QCOMPARE(w()->page()->page()->id, encoding);
        for (const QString& e : expected) {
            const QString name = e.section('=', 0, 0), value = e.section('=', 1);
            QCOMPARE(paramText(w()->page()->params(), qPrintable(name)), value);
        }
        QVERIFY(test::waitIdle(*w()));
    }

    void pairingSourceQkDimAndNotes() {
        cm::KindInfo k = ropeKind("rope", 1e4, 64);
        k.pairing = "interleaved";
        k.pairingSource = "model_type cohere";
        k.qkHeadDim = 192;
        LoadedModel m = model("Cohere-like", {k}, repeat("rope", 2));
        m.config.notes = {"rotary_pct 0.25 of head_dim 64: 16 rotary dims",
                          "dual_chunk_attention_config is not modelled"};
        QCOMPARE(page()->setModel(m), QString());
        w()->showModelPage();
        QCOMPARE(page()->readout("pairing"),
                 QStringLiteral("interleaved — from model_type cohere"));
        QVERIFY(page()->readout("qk_head_dim").startsWith(QStringLiteral("192")));
        QVERIFY(page()->notesText().contains(QStringLiteral("dual_chunk_attention_config")));
        QVERIFY(page()->notesText().contains(QStringLiteral("rotary_pct 0.25")));
        // The default pairing says so.
        QCOMPARE(page()->setModel(model("plain", {ropeKind("rope", 1e4, 64)}, repeat("rope", 2))),
                 QString());
        QCOMPARE(page()->readout("pairing"),
                 QStringLiteral("half (rotate_half) — from the default"));
        QVERIFY(page()->readout("qk_head_dim").isEmpty());
        QVERIFY(page()->notesText().isEmpty());
    }

    void twoModelsDifferencesMarked_data() {
        QTest::addColumn<QStringList>("changes");  // what B changes from A
        QTest::addColumn<QStringList>("differ");   // the rows marked
        QTest::newRow("same") << QStringList{} << QStringList{};
        QTest::newRow("base") << QStringList{"base"} << QStringList{"base"};
        QTest::newRow("pairing") << QStringList{"pairing"} << QStringList{"pairing"};
        QTest::newRow("rotary dim") << QStringList{"d"} << QStringList{"rotary_dim", "kept"};
        QTest::newRow("attention factor")
            << QStringList{"attention"} << QStringList{"attention_factor"};
        QTest::newRow("pairs interpolated")
            << QStringList{"classes"} << QStringList{"kept", "interpolated"};
        QTest::newRow("NoPE layers") << QStringList{"nope"} << QStringList{"nope_layers"};
        QTest::newRow("window") << QStringList{"window"}
                                << QStringList{"window", "full_turn", "window_layers"};
        QTest::newRow("everything") << QStringList{"base", "pairing", "nope", "window"}
                                    << QStringList{"base",      "pairing",     "window",
                                                   "full_turn", "nope_layers", "window_layers"};
    }
    void twoModelsDifferencesMarked() {
        QFETCH(QStringList, changes);
        QFETCH(QStringList, differ);
        const LoadedModel a = model("A", {ropeKind("rope", 1e4, 128)}, repeat("rope", 4));
        cm::KindInfo kb =
            ropeKind("rope", changes.contains("base") ? 5e5 : 1e4, changes.contains("d") ? 64 : 128,
                     changes.contains("window") ? std::optional<std::int64_t>(4096) : std::nullopt);
        if (changes.contains("pairing")) kb.pairing = "interleaved";
        if (changes.contains("attention")) kb.attentionFactor = 1.2;
        if (changes.contains("classes")) kb.pairClass[10] = cm::kInterpolated;
        std::vector<cm::KindInfo> kinds = {kb};
        std::vector<std::string> layers = repeat("rope", 4);
        if (changes.contains("nope")) {
            kinds.push_back(positionsKind("nope", "nope"));
            layers[3] = "nope";
        }
        QCOMPARE(page()->setModel(a), QString());
        QCOMPARE(page()->setCompare(model("B", kinds, layers)), QString());
        w()->showModelPage();
        QStringList got = page()->differences();
        got.sort();
        differ.sort();
        QCOMPARE(got, differ);
        // The table marks exactly those rows, and says how many differ.
        const QTableWidget* t = page()->readoutTable();
        QCOMPARE(t->columnCount(), 3);
        int marked = 0;
        for (int i = 0; i < t->rowCount(); ++i) {
            const bool m = t->item(i, 0)->text().startsWith(QStringLiteral("≠"));
            marked += m ? 1 : 0;
            QCOMPARE(m, differ.contains(t->item(i, 0)->data(Qt::UserRole).toString()));
            QCOMPARE(t->item(i, 1)->font().bold(), m);
        }
        QCOMPARE(marked, differ.size());
        // Both models' layer groups are rows, zero counts included.
        QCOMPARE(page()->readout("nope_layers", 0), QStringLiteral("0 of 4"));
        QCOMPARE(page()->readout("nope_layers", 1),
                 changes.contains("nope") ? QStringLiteral("1 of 4") : QStringLiteral("0 of 4"));
        page()->clearCompare();
        QVERIFY(page()->differences().isEmpty());
    }

    // The page in both languages at the two screen sizes keeps the window on the screen (saved
    // to look at when POSLAB_SHOT_DIR is set): bundled presets, and a hybrid model built by hand
    // compared with a windowed one.
    void screenshots_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("chinese");
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");  // compared with, or empty
        const QList<QPair<QString, QString>> models = {
            {"smollm3-3b", ""},         {"gemma-3n-e4b", ""},           {"bloom-560m", ""},
            {"qwen3-next-80b-a3b", ""}, {"smollm3-3b", "gemma-3n-e4b"}, {"hybrid", "windowed"}};
        for (const QSize s : {QSize(1280, 720), QSize(1920, 1080)})
            for (bool zh : {false, true})
                for (const auto& [a, b] : models)
                    QTest::newRow(qPrintable(QStringLiteral("%1%2-%3x%4-%5")
                                                 .arg(a, b.isEmpty() ? "" : "-vs-" + b)
                                                 .arg(s.width())
                                                 .arg(s.height())
                                                 .arg(zh ? "zh" : "en")))
                        << s << zh << a << b;
    }
    void screenshots() {
        QFETCH(QSize, size);
        QFETCH(bool, chinese);
        QFETCH(QString, first);
        QFETCH(QString, second);
        const QString dir = qEnvironmentVariable("POSLAB_SHOT_DIR");
        const auto load = [](const QString& id) -> core::Expected<LoadedModel> {
            if (id == QLatin1String("hybrid")) return hybridModel();
            if (id == QLatin1String("windowed"))
                return model("windowed",
                             {ropeKind("sliding_attention", 1e4, 256, 1024),
                              ropeKind("full_attention", 1e6, 256)},
                             {"sliding_attention", "sliding_attention", "sliding_attention",
                              "full_attention"});
            return loadModelPreset(id);
        };
        auto a = load(first);
        QVERIFY2(a, qPrintable(first));
        w()->setLanguage(chinese ? Lang::Zh : Lang::En);
        w()->resize(size);
        QCOMPARE(page()->setModel(*a), QString());
        page()->clearCompare();
        if (!second.isEmpty()) {
            auto b = load(second);
            QVERIFY2(b, qPrintable(second));
            QCOMPARE(page()->setCompare(*b), QString());
        }
        w()->showModelPage();
        QTest::qWait(150);
        if (!dir.isEmpty())
            QVERIFY(w()->grab().save(
                QDir(dir).filePath(QStringLiteral("m5-%1.png").arg(QTest::currentDataTag()))));
        // The page fits the screen: the window did not grow past it.
        const QSize got = w()->size();
        page()->clearCompare();
        w()->resize(1400, 900);
        QVERIFY2(got.width() <= size.width() && got.height() <= size.height(),
                 qPrintable(QStringLiteral("window %1 x %2").arg(got.width()).arg(got.height())));
    }
};

QTEST_MAIN(TestModelPageM5)
#include "tst_model_page_m5.moc"
