// The Model page (issue 11): presets load with the right layer map, kinds and readouts; a NoPE
// kind shows its query-scale curve and says it has no frequencies; a bad config changes nothing
// but one line; zero frequencies are drawn, not dropped; Explore in RoPE hands the kind's
// parameters to the RoPE page; a config.json dropped on the window opens; two models compare on
// the same axes. The query-scale functions are checked against values worked out by hand.
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <cmath>

#include "core/models/position_marks.h"
#include "tests/ui/ui_test_util.h"
#include "ui/document/model_presets.h"
#include "ui/figure/number_format.h"
#include "ui/model/layer_map.h"
#include "ui/model/model_chart.h"
#include "ui/model/model_page.h"
#include "ui/model/query_scale.h"
#include "ui/panels/encoding_browser.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size()) return {};
    return path;
}

core::models::QueryScale temperature() {
    core::models::QueryScale q;
    q.kind = "llama4_temperature";
    q.floorScale = 8192;
    q.attnScale = 0.1;
    return q;
}

core::models::QueryScale beta(double b, std::int64_t l) {
    core::models::QueryScale q;
    q.kind = "llama_4_scaling_beta";
    q.beta = b;
    q.originalMax = l;
    return q;
}

int countPoints(const ModelChartData& d, bool zeros) {
    int n = 0;
    for (const ModelCurve& c : d.curves)
        for (const QPointF& p : c.points) n += (zeros ? p.y() == 0 : std::isinf(p.y())) ? 1 : 0;
    return n;
}

}  // namespace

class TestModelPage : public QObject {
    Q_OBJECT
    test::WindowFixture m_fixture;
    MainWindow* w() const { return m_fixture.window(); }
    ModelPage* page() const { return w()->modelPage(); }

private slots:
    void initTestCase() { QVERIFY(m_fixture.open()); }
    void cleanupTestCase() { m_fixture.close(); }

    void queryScale_data() {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<qint64>("p");
        QTest::addColumn<double>("expected");
        // ln(floor((p + 1) / 8192) + 1) * 0.1 + 1, worked out by hand.
        QTest::newRow("temperature p 0") << "t" << qint64(0) << 1.0;
        QTest::newRow("temperature just below the first step") << "t" << qint64(8190) << 1.0;
        QTest::newRow("temperature first step") << "t" << qint64(8191) << 1 + 0.1 * std::log(2.0);
        QTest::newRow("temperature second step") << "t" << qint64(16383) << 1 + 0.1 * std::log(3.0);
        // (1000000 + 1) / 8192 = 122.07 -> ln 123.
        QTest::newRow("temperature 1M") << "t" << qint64(1000000) << 1 + 0.1 * std::log(123.0);
        // 1 + 0.1 ln(1 + floor(p / 16384)).
        QTest::newRow("beta below L") << "b" << qint64(16383) << 1.0;
        QTest::newRow("beta at L") << "b" << qint64(16384) << 1 + 0.1 * std::log(2.0);
        QTest::newRow("beta at 3L") << "b" << qint64(3 * 16384) << 1 + 0.1 * std::log(4.0);
        QTest::newRow("unknown rule") << "x" << qint64(50000) << 1.0;
        // Qwen v1 log-n, L = 8192: log_L(p + 1) once p + 1 > L.
        QTest::newRow("logn p = L - 1") << "q" << qint64(8191) << 1.0;
        QTest::newRow("logn p = L") << "q" << qint64(8192) << std::log(8193.0) / std::log(8192.0);
        QTest::newRow("logn p = 2L - 1") << "q" << qint64(16383) << 14.0 / 13.0;
        QTest::newRow("logn p = 8L - 1") << "q" << qint64(65535) << 16.0 / 13.0;
    }
    void queryScale() {
        QFETCH(QString, rule);
        QFETCH(qint64, p);
        QFETCH(double, expected);
        core::models::QueryScale q = rule == "t" ? temperature() : beta(0.1, 16384);
        if (rule == "x") q.kind = "something else";
        if (rule == "q") {
            q.kind = "qwen_logn";
            q.originalMax = 8192;
        }
        QVERIFY(std::abs(queryScaleAt(q, p) - expected) <= 1e-15 * expected);
        // The sampled positions keep both sides of a step and stay in range.
        const auto pos = queryScalePositions(q, 100000);
        QVERIFY(std::is_sorted(pos.begin(), pos.end()));
        QCOMPARE(pos.front(), std::int64_t(0));
        QVERIFY(pos.back() <= 100000);
        if (rule == "t" || rule == "q") {  // both sides of the corner at p + 1 = 8192
            QVERIFY(std::find(pos.begin(), pos.end(), rule == "t" ? 8190 : 8191) != pos.end());
            QVERIFY(std::find(pos.begin(), pos.end(), rule == "t" ? 8191 : 8192) != pos.end());
        }
    }

    void presets_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("kinds");
        QTest::addColumn<int>("layersOfKind");
        QTest::addColumn<QString>("ropeType");
        QTest::addColumn<QVector<int>>("pairs");  // kept, blended, interpolated
        QTest::addColumn<QString>("attention");
        QTest::newRow("llama-3.1-8b")
            << "llama-3.1-8b"
            << "" << 32 << 1 << 32 << "llama3" << QVector<int>{29, 6, 29} << "1";
        QTest::newRow("qwen2.5-7b-yarn")
            << "qwen2.5-7b-yarn"
            << "" << 28 << 1 << 28 << "yarn" << QVector<int>{24, 16, 24} << "1.13862943611";
        QTest::newRow("gemma-3-27b sliding")
            << "gemma-3-27b"
            << "" << 62 << 2 << 52 << "default" << QVector<int>{64, 0, 0} << "1";
        QTest::newRow("gemma-3-27b full")
            << "gemma-3-27b"
            << "full_attention" << 62 << 2 << 10 << "linear" << QVector<int>{0, 0, 64} << "1";
    }
    void presets() {
        QFETCH(QString, id);
        QFETCH(QString, kind);
        QFETCH(int, layers);
        QFETCH(int, kinds);
        QFETCH(int, layersOfKind);
        QFETCH(QString, ropeType);
        QFETCH(QVector<int>, pairs);
        QFETCH(QString, attention);
        QCOMPARE(page()->openPreset(id, kind), QString());
        w()->showModelPage();
        QVERIFY(w()->modelPageShown());
        QVERIFY(w()->windowTitle().contains(page()->model().name));
        LayerMapWidget* map = page()->layerMap();
        QCOMPARE(map->cellCount(), layers);
        QCOMPARE(map->kinds().size(), kinds);
        int cells = 0;
        for (int i = 0; i < map->cellCount(); ++i)
            cells += map->kindOfCell(i) == page()->selectedKind() ? 1 : 0;
        QCOMPARE(cells, layersOfKind);
        QCOMPARE(page()->readout("rope_type"), ropeType);
        QCOMPARE(page()->readout("kept"), QString::number(pairs[0]));
        QCOMPARE(page()->readout("blended"), QString::number(pairs[1]));
        QCOMPARE(page()->readout("interpolated"), QString::number(pairs[2]));
        QCOMPARE(page()->readout("attention_factor"), attention);
        QCOMPARE(page()->readout("rotary_dim"), QStringLiteral("128 of head dim 128"));
        // Numbers in the house format, as in figures: "131 072" (a narrow space), not "131072".
        // The extended context: max_position_embeddings, or factor × L where larger (Qwen2.5's
        // YaRN ×4), the one number the wavelength chart draws too (tst_model_figure).
        const auto ext =
            core::models::extendedContext(page()->model().config, *page()->currentKind());
        QVERIFY(ext && ext->positions >= 10000);
        QVERIFY(
            page()->readout("max").startsWith(formatExact(static_cast<double>(ext->positions))));
        QCOMPARE(page()->readout("max").contains("factor × L"), ext->fromFactor);
        QVERIFY(page()->readout("max").contains(QChar(0x202F)));
        QCOMPARE(page()->readout("base"), formatExact(page()->currentKind()->ropeTheta));
        QVERIFY(page()->nopeText().isEmpty());
        QVERIFY(page()->frequencyChart()->isVisible());
        // One dot per pair on the scaled curve, classed as the readouts count them.
        const ModelChartData& f = page()->frequencyChart()->data();
        QVector<int> counted(3, 0);
        for (const ModelCurve& c : f.curves)
            for (int cls : c.classes) ++counted[cls];
        QCOMPARE(counted, pairs);
        // The wavelength chart marks the extended context, and L where the config has one.
        const ModelChartData& wl = page()->wavelengthChart()->data();
        const bool hasL = page()->readout("original") != QStringLiteral("—");
        int contexts = 0;  // a sliding kind's window is a line of its own (tst_model_page_m5)
        for (const ModelLine& l : wl.hlines) contexts += l.id != QLatin1String("window") ? 1 : 0;
        QCOMPARE(contexts, hasL ? 2 : 1);
        QVERIFY(!page()->queryChart()->isVisible());
        QVERIFY(page()->exploreButton()->isEnabled());
    }

    void clickSelectsKind() {
        QCOMPARE(page()->openPreset(QStringLiteral("gemma-3-27b")), QString());
        w()->showModelPage();
        QCOMPARE(page()->selectedKind(), QStringLiteral("sliding_attention"));
        LayerMapWidget* map = page()->layerMap();
        QCOMPARE(map->kindOfCell(5), QStringLiteral("full_attention"));  // (5 + 1) % 6 == 0
        QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect(5).center());
        QCOMPARE(page()->selectedKind(), QStringLiteral("full_attention"));
        QCOMPARE(page()->readout("rope_type"), QStringLiteral("linear"));
        QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect(0).center());
        QCOMPARE(page()->selectedKind(), QStringLiteral("sliding_attention"));
    }

    void nopeShowsQueryScale() {
        QCOMPARE(page()->openPreset(QStringLiteral("llama-4-scout"), QStringLiteral("nope")),
                 QString());
        w()->showModelPage();
        QCOMPARE(page()->layerMap()->cellCount(), 48);
        QCOMPARE(page()->layerMap()->kindOfCell(3), QStringLiteral("nope"));
        QVERIFY(page()->nopeText().contains(QStringLiteral("NoPE")));
        QVERIFY(!page()->frequencyChart()->isVisible());
        QVERIFY(!page()->wavelengthChart()->isVisible());
        QVERIFY(page()->queryChart()->isVisible());
        QVERIFY(!page()->exploreButton()->isEnabled());
        const ModelChartData& q = page()->queryChart()->data();
        QCOMPARE(q.curves.size(), 1);
        QVERIFY(q.logX);
        // Up to max_position_embeddings, and the curve is the temperature rule.
        QCOMPARE(q.curves[0].points.back().x(), 10485760.0);
        for (const QPointF& pt : q.curves[0].points)
            QCOMPARE(pt.y(), queryScaleAt(temperature(), static_cast<std::int64_t>(pt.x())));
        QVERIFY(page()->readout("query_scale").contains(QStringLiteral("8192")));
        QVERIFY(!w()->exploreModelKind().isEmpty());  // refused with a line, nothing opened
        QVERIFY(w()->modelPageShown());
    }

    void zeroFrequenciesShown() {
        // A Gemma 4 style proportional set: p 0.25 of head dim 512 -> 64 of 256 pairs rotate.
        const std::string text =
            R"({"head_dim": 512, "num_hidden_layers": 2, "max_position_embeddings": 8192,
                "rope_parameters": {"rope_type": "proportional", "rope_theta": 1000000,
                                    "partial_rotary_factor": 0.25}})";
        auto model = loadModelText(text, QStringLiteral("proportional"));
        QVERIFY2(model, model ? "" : model.error().message.c_str());
        QCOMPARE(page()->setModel(*model), QString());
        const ModelChartData& f = page()->frequencyChart()->data();
        QCOMPARE(f.curves.back().points.size(), 256);
        QCOMPARE(countPoints(f, true), 192);
        QVERIFY(f.note.contains(QStringLiteral("192")));
        QCOMPARE(countPoints(page()->wavelengthChart()->data(), false), 192);
        QVERIFY(page()->readout("rotary_dim").contains(QStringLiteral("64 of 256")));
    }

    void badConfigChangesNothing_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("not json") << QByteArray("{\"head_dim\": ") << "config.json";
        QTest::newRow("unknown rope_type")
            << QByteArray(R"({"head_dim": 64, "rope_scaling": {"rope_type": "warp"}})")
            << "rope_type";
        QTest::newRow("factor below 1")
            << QByteArray(
                   R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear", "factor": 0.5}})")
            << "factor";
        QTest::newRow("missing file") << QByteArray() << "cannot read";
    }
    void badConfigChangesNothing() {
        QFETCH(QByteArray, text);
        QFETCH(QString, mentions);
        QCOMPARE(page()->openPreset(QStringLiteral("llama-3.1-8b")), QString());
        QTemporaryDir dir;
        const QString path = text.isEmpty() ? dir.filePath(QStringLiteral("gone.json"))
                                            : writeFile(dir, QStringLiteral("config.json"), text);
        QVERIFY(!path.isEmpty());
        const QString error = w()->openModelFile(path);
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains(mentions), qPrintable(error));
        QVERIFY(!error.contains('\n'));
        QCOMPARE(page()->errorText(), error);
        QCOMPARE(page()->model().name, QStringLiteral("Llama 3.1 8B"));
        QCOMPARE(page()->layerMap()->cellCount(), 32);
        QCOMPARE(page()->readout("kept"), QStringLiteral("29"));
        // The next good model clears the line.
        QCOMPARE(page()->openPreset(QStringLiteral("qwen2.5-7b-yarn")), QString());
        QVERIFY(page()->errorText().isEmpty());
    }

    void exploreModelKind() {
        QCOMPARE(page()->openPreset(QStringLiteral("llama-3.1-8b")), QString());
        w()->showModelPage();
        QCOMPARE(w()->exploreModelKind(), QString());
        QVERIFY(!w()->modelPageShown());
        QCOMPARE(w()->page()->page()->id, QStringLiteral("rope"));
        const core::ParamSet& p = w()->page()->params();
        auto text = [&](const char* name) {
            const core::ParamValue* v = p.find(name);
            return v ? QString::fromStdString(core::formatValue(*v)) : QString();
        };
        QCOMPARE(text("base").toDouble(), 500000.0);
        QCOMPARE(text("scaling"), QStringLiteral("llama3"));
        QCOMPARE(text("factor").toDouble(), 8.0);
        QCOMPARE(text("d").toDouble(), 128.0);
        QVERIFY(test::waitIdle(*w()));
        // One undo step returns to what the page showed before.
        QVERIFY(w()->undoStack()->canUndo());
    }

    void dropOpensConfig() {
        QTemporaryDir dir;
        const QString path =
            writeFile(dir, QStringLiteral("config.json"),
                      QByteArray::fromStdString(modelPresetText("qwen2.5-7b-yarn")));
        w()->openPage(QStringLiteral("rope"));
        QVERIFY(!w()->modelPageShown());
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        const QPoint at = w()->rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(w(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(w(), &drop);
        QVERIFY(w()->modelPageShown());
        QCOMPARE(page()->model().source, QFileInfo(path).absoluteFilePath());
        QCOMPARE(page()->readout("rope_type"), QStringLiteral("yarn"));
        // Anything but one local .json file is not taken.
        QMimeData other;
        other.setUrls({QUrl::fromLocalFile(dir.filePath(QStringLiteral("notes.txt")))});
        QDragEnterEvent refused(at, Qt::CopyAction, &other, Qt::LeftButton, {});
        refused.setAccepted(false);
        QApplication::sendEvent(w(), &refused);
        QVERIFY(!refused.isAccepted());
    }

    void compareTwoModels() {
        QCOMPARE(page()->openPreset(QStringLiteral("llama-3.1-8b")), QString());
        QCOMPARE(page()->openComparePreset(QStringLiteral("qwen2.5-7b-yarn")), QString());
        w()->showModelPage();
        QVERIFY(page()->hasCompare());
        QVERIFY(page()->compareMap()->isVisible());
        QCOMPARE(page()->compareMap()->cellCount(), 28);
        QCOMPARE(page()->readout("attention_factor", 0), QStringLiteral("1"));
        QCOMPARE(page()->readout("attention_factor", 1), QStringLiteral("1.13862943611"));
        QCOMPARE(page()->readout("blended", 1), QStringLiteral("16"));
        // Both models on the same axes: before and after for each, and each one's contexts.
        QCOMPARE(page()->frequencyChart()->data().curves.size(), 4);
        QCOMPARE(page()->wavelengthChart()->data().hlines.size(), 4);
        QCOMPARE(page()->compareChoice()->currentText(), page()->compare().name);
        page()->clearCompare();
        QVERIFY(!page()->hasCompare());
        QCOMPARE(page()->frequencyChart()->data().curves.size(), 2);
    }

    void browserOpensModelPage() {
        w()->openPage(QStringLiteral("rope"));
        QVERIFY(!w()->modelPageShown());
        emit w()->browser()->pageSelected(kModelPageId);
        QVERIFY(w()->modelPageShown());
        w()->openPage(QStringLiteral("rope"));
        QVERIFY(!w()->modelPageShown());
    }
};

QTEST_MAIN(TestModelPage)
#include "tst_model_page.moc"
