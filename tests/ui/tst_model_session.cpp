// Sessions and lessons with a model (issue 11). A session keeps the Model page's model by
// content (the config text), so it opens anywhere; a format-1 file without "model" means no
// model; a corrupt embedded config refuses the whole file with one line and changes nothing.
// A lesson step may name a model preset and a kind: its parameters follow the model, and the
// window shows the Model page.
#include "tests/ui/session_test_util.h"
#include "ui/document/lesson.h"
#include "ui/document/lesson_player.h"
#include "ui/document/model_presets.h"
#include "ui/model/layer_map.h"
#include "ui/model/model_page.h"

using namespace poslab;
using namespace poslab::ui;
using namespace poslab::ui::sessiontest;

namespace {

QString preset(const char* id) {
    return QString::fromStdString(modelPresetText(QString::fromLatin1(id)));
}

SessionModel gemmaVsQwen() {
    SessionModel m;
    m.name = QStringLiteral("Gemma 3 27B");
    m.config = preset("gemma-3-27b");
    m.kind = QStringLiteral("full_attention");
    m.shown = true;
    m.compareName = QStringLiteral("Qwen2.5 7B Instruct, YaRN x4");
    m.compareConfig = preset("qwen2.5-7b-yarn");
    m.compareKind = QStringLiteral("full_attention");
    return m;
}

QByteArray lessonWith(const QString& step) {
    return QStringLiteral(R"({"format": 1, "id": "t", "title": {"en": "T", "zh": "题"},
        "steps": [%1]})")
        .arg(step)
        .toUtf8();
}

QString modelStep(const QString& extra) {
    return QStringLiteral(R"({"view": "rope/wavelength", %1
        "title": {"en": "S", "zh": "步"}, "caption": {"en": "C", "zh": "说明"}})")
        .arg(extra);
}

QString paramText(const core::ParamSet& p, const char* name) {
    const core::ParamValue* v = p.find(name);
    return v ? QString::fromStdString(core::formatValue(*v)) : QString();
}

}  // namespace

class TestModelSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    void jsonRoundTrip() {
        QJsonObject o = validSession();
        SessionState s;
        QString error;
        QVERIFY2(sessionFromJson(QJsonDocument(o).toJson(), Catalog::instance(), &s, &error),
                 qPrintable(error));
        QVERIFY(!s.model);  // a format-1 file without "model": no model
        s.model = gemmaVsQwen();
        const QByteArray json = sessionToJson(s);
        QCOMPARE(QJsonDocument::fromJson(json).object().value("format").toInt(), 1);
        SessionState back;
        QVERIFY2(sessionFromJson(json, Catalog::instance(), &back, &error), qPrintable(error));
        QVERIFY(back.model);
        QCOMPARE(*back.model, *s.model);
        QCOMPARE(back, s);
    }

    void corruptModelRefused_data() {
        QTest::addColumn<QJsonValue>("model");
        QTest::addColumn<QString>("mentions");
        auto entry = [](const QString& config, const QString& kind = {}) {
            return QJsonObject{{"name", "x"}, {"config", config}, {"kind", kind}};
        };
        QTest::newRow("not an object") << QJsonValue(7) << "\"model\" must be an object";
        QTest::newRow("config not json") << QJsonValue(entry("{\"head_dim\": ")) << "model";
        QTest::newRow("config refused by the reader")
            << QJsonValue(entry(R"({"head_dim": 64, "rope_scaling": {"rope_type": "warp"}})"))
            << "rope_type";
        QTest::newRow("no config") << QJsonValue(QJsonObject{{"name", "x"}}) << "config";
        QTest::newRow("config not a string") << QJsonValue(QJsonObject{{"config", 3}}) << "config";
        QTest::newRow("unknown kind")
            << QJsonValue(entry(preset("llama-3.1-8b"), "sliding_attention"))
            << "sliding_attention";
        QJsonObject badCompare = entry(preset("llama-3.1-8b"));
        badCompare["compare"] = entry(R"({"head_dim": 63})");
        QTest::newRow("compared config refused") << QJsonValue(badCompare) << "model.compare";
        QJsonObject badShown = entry(preset("llama-3.1-8b"));
        badShown["shown"] = "yes";
        QTest::newRow("shown not a boolean") << QJsonValue(badShown) << "shown";
        QJsonObject badSeq = entry(preset("phi-3.5-mini"));
        badSeq["seq_len"] = 0;
        QTest::newRow("seq_len out of range") << QJsonValue(badSeq) << "seq_len";
    }
    void corruptModelRefused() {
        QFETCH(QJsonValue, model);
        QFETCH(QString, mentions);
        QJsonObject o = validSession();
        o["model"] = model;
        SessionState s;
        s.page = QStringLiteral("untouched");
        QString error;
        QVERIFY(!sessionFromJson(QJsonDocument(o).toJson(), Catalog::instance(), &s, &error));
        QVERIFY2(error.contains(mentions), qPrintable(error));
        QVERIFY(!error.contains('\n'));
        QCOMPARE(s.page, QStringLiteral("untouched"));

        // Opening such a file in a window changes nothing there.
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.poslab");
        QVERIFY(writeFile(path, QJsonDocument(o).toJson()));
        MainWindow w(options());
        QCOMPARE(w.modelPage()->openPreset("llama-3.1-8b"), QString());
        const QString shownError = w.openSession(path);
        QVERIFY(shownError.contains(mentions));
        QCOMPARE(w.modelPage()->model().name, QStringLiteral("Llama 3.1 8B"));
        QVERIFY(!w.modelPage()->hasCompare());
    }

    void windowRoundTrip() {
        QTemporaryDir dir;
        const QString path = dir.filePath("model.poslab");
        {
            MainWindow w(options());
            QCOMPARE(w.modelPage()->openPreset("gemma-3-27b", "full_attention"), QString());
            QCOMPARE(w.modelPage()->openComparePreset("qwen2.5-7b-yarn"), QString());
            w.showModelPage();
            QCOMPARE(w.saveSession(path), QString());
        }
        // The file holds the config itself, not a path.
        const QJsonObject saved = QJsonDocument::fromJson(fileBytes(path)).object();
        QCOMPARE(saved.value("model").toObject().value("config").toString(), preset("gemma-3-27b"));
        MainWindow w(options());
        QVERIFY(!w.modelPage()->hasModel());
        QCOMPARE(w.openSession(path), QString());
        QVERIFY(w.modelPageShown());
        QCOMPARE(w.modelPage()->model().name, QStringLiteral("Gemma 3 27B"));
        QCOMPARE(w.modelPage()->selectedKind(), QStringLiteral("full_attention"));
        QCOMPARE(w.modelPage()->layerMap()->cellCount(), 62);
        QVERIFY(w.modelPage()->hasCompare());
        QCOMPARE(w.modelPage()->readout("attention_factor", 1), QStringLiteral("1.13862943611"));
        QVERIFY(!w.isWindowModified());  // what was opened is what is shown

        // A session without a model clears the one the window had.
        SessionState plain = w.sessionState();
        plain.model.reset();
        const QString plainPath = dir.filePath("plain.poslab");
        QCOMPARE(saveSession(plainPath, plain), QString());
        QCOMPARE(w.openSession(plainPath), QString());
        QVERIFY(!w.modelPage()->hasModel());
        QVERIFY(!w.modelPageShown());
    }

    void lessonModelStep() {
        Lesson lesson;
        QString error;
        QVERIFY2(parseLesson(lessonWith(modelStep(R"("model": "llama-3.1-8b",)")),
                             Catalog::instance(), &lesson, &error),
                 qPrintable(error));
        const LessonStep& s = lesson.steps[0];
        QCOMPARE(s.model, QStringLiteral("llama-3.1-8b"));
        auto params = stepParams(s, Catalog::instance());
        QVERIFY(params);
        QCOMPARE(paramText(*params, "scaling"), QStringLiteral("llama3"));
        QCOMPARE(paramText(*params, "base").toDouble(), 500000.0);
        // The step's own params apply over the model's.
        QVERIFY(parseLesson(
            lessonWith(modelStep(R"("model": "llama-3.1-8b", "params": {"base": "1000000"},)")),
            Catalog::instance(), &lesson, &error));
        QCOMPARE(paramText(*stepParams(lesson.steps[0], Catalog::instance()), "base").toDouble(),
                 1e6);
        QVERIFY(parseLesson(
            lessonWith(modelStep(R"("model": "gemma-3-27b", "kind": "full_attention",)")),
            Catalog::instance(), &lesson, &error));
        QCOMPARE(paramText(*stepParams(lesson.steps[0], Catalog::instance()), "scaling"),
                 QStringLiteral("linear"));
    }

    void lessonModelStepRefused_data() {
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown preset")
            << modelStep(R"("model": "llama-9",)") << "not a bundled preset";
        QTest::newRow("unknown kind")
            << modelStep(R"("model": "llama-3.1-8b", "kind": "local",)") << "no layer kind";
        QTest::newRow("kind without model")
            << modelStep(R"("kind": "full_attention",)") << "needs a \"model\"";
        QTest::newRow("NoPE kind")
            << modelStep(R"("model": "llama-4-scout", "kind": "nope",)") << "has no RoPE";
        QTest::newRow("not a rope view")
            << QStringLiteral(R"({"view": "alibi/slopes", "model": "llama-3.1-8b",
                 "title": {"en": "S", "zh": "步"}, "caption": {"en": "C", "zh": "说明"}})")
            << "rope encoding";
        QTest::newRow("model not a string") << modelStep(R"("model": 3,)") << "model";
    }
    void lessonModelStepRefused() {
        QFETCH(QString, step);
        QFETCH(QString, mentions);
        Lesson lesson;
        lesson.id = QStringLiteral("untouched");
        QString error;
        QVERIFY(!parseLesson(lessonWith(step), Catalog::instance(), &lesson, &error));
        QVERIFY2(error.startsWith(QStringLiteral("step 1: ")) && error.contains(mentions),
                 qPrintable(error));
        QCOMPARE(lesson.id, QStringLiteral("untouched"));
    }

    void lessonShowsModelPage() {
        Lesson lesson;
        QString error;
        QVERIFY(parseLesson(
            lessonWith(modelStep(R"("model": "gemma-3-27b", "kind": "full_attention",)") +
                       QStringLiteral(",") +
                       QStringLiteral(R"({"view": "rope/decay", "title": {"en": "S", "zh": "步"},
                           "caption": {"en": "C", "zh": "说明"}})")),
            Catalog::instance(), &lesson, &error));
        MainWindow w(options());
        QCOMPARE(w.startLesson(lesson), QString());
        QVERIFY(w.modelPageShown());
        QCOMPARE(w.modelPage()->model().name, QStringLiteral("Gemma 3 27B"));
        QCOMPARE(w.modelPage()->selectedKind(), QStringLiteral("full_attention"));
        // The RoPE page follows the model too, and the next step leaves the Model page.
        QCOMPARE(paramText(w.page()->params(), "scaling"), QStringLiteral("linear"));
        w.lessonPlayer()->next();
        QVERIFY(!w.modelPageShown());
        QCOMPARE(w.page()->page()->id, QStringLiteral("rope"));
    }

    // LongRoPE's switch: a step's seq_len reaches the Model page, and a session keeps it.
    void lessonSeqLenReachesModel() {
        Lesson lesson;
        QString error;
        QVERIFY2(
            parseLesson(
                lessonWith(modelStep(R"("model": "phi-3.5-mini", "params": {"seq_len": "4097"},)")),
                Catalog::instance(), &lesson, &error),
            qPrintable(error));
        MainWindow w(options());
        QCOMPARE(w.startLesson(lesson), QString());
        QVERIFY(w.modelPageShown());
        QCOMPARE(w.modelPage()->readout("seq_len"), QStringLiteral("4097"));
        auto shortTable = loadModelPreset("phi-3.5-mini");
        auto longTable = loadModelPreset("phi-3.5-mini", 4097);
        QVERIFY(shortTable && longTable);
        const auto& shown = w.modelPage()->currentKind()->invFreq;
        QCOMPARE(shown, longTable->config.kinds.front().invFreq);
        QVERIFY(shown != shortTable->config.kinds.front().invFreq);

        QTemporaryDir dir;
        const QString path = dir.filePath("phi.poslab");
        QCOMPARE(w.saveSession(path), QString());
        MainWindow other(options());
        QCOMPARE(other.openSession(path), QString());
        QCOMPARE(other.modelPage()->model().seqLen, std::optional<std::int64_t>(4097));
        QCOMPARE(other.modelPage()->currentKind()->invFreq, shown);
    }
};

QTEST_MAIN(TestModelSession)
#include "tst_model_session.moc"
