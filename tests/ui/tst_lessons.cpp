// The lesson files (issue 5): every built-in lesson is embedded, parses, validates against the
// catalog and the registry, is written in both languages, and every step's view computes through
// the real compute path. Broken lessons are rejected with a one-line message naming the step.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/compute/compute_request.h"
#include "ui/document/lesson.h"
#include "ui/document/lesson_train.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

QStringList lessonFiles(const QString& dir) {
    return QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

QString sourceLessonDir() {
    const QString root = qEnvironmentVariable("POSLAB_SOURCE_DIR");
    return root.isEmpty() ? QString() : root + QStringLiteral("/resources/lessons");
}

const QString kEmbedded = QStringLiteral(":/poslab/lessons");

bool hasCjk(const QString& s) {
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return han.match(s).hasMatch();
}

// A lesson around the given steps (JSON texts), the rest valid.
QByteArray lessonJson(const QStringList& steps,
                      const QString& head = QStringLiteral("\"format\": 1")) {
    return QStringLiteral(
               "{%1, \"id\": \"t\", \"title\": {\"en\": \"T\", \"zh\": \"测试\"}, \"steps\": [%2]}")
        .arg(head, steps.join(QStringLiteral(", ")))
        .toUtf8();
}

// A step with the given view and extra members ("\"params\": {...}").
QString step(const QString& view, const QString& extra = {}) {
    return QStringLiteral(
               "{\"view\": \"%1\", %2 \"title\": {\"en\": \"a\", \"zh\": \"甲\"}, "
               "\"caption\": {\"en\": \"b\", \"zh\": \"乙\"}}")
        .arg(view, extra.isEmpty() ? QString() : extra + QStringLiteral(","));
}

const QString kGood =
    step(QStringLiteral("rope/decay"), QStringLiteral("\"params\": {\"d\": \"4\"}"));

}  // namespace

class TestLessons : public QObject {
    Q_OBJECT

private slots:
    // The source folder and the resources hold the same files: a lesson cannot be added to
    // resources/lessons/ and forgotten in ui/CMakeLists.txt (or the other way round).
    void everyFileIsEmbedded() {
        const QString src = sourceLessonDir();
        QVERIFY2(!src.isEmpty(), "POSLAB_SOURCE_DIR is not set (ctest sets it)");
        const QStringList onDisk = lessonFiles(src);
        QVERIFY2(onDisk.size() >= 5, qPrintable(src));
        QCOMPARE(lessonFiles(kEmbedded), onDisk);
    }

    void builtinLesson_data() {
        QTest::addColumn<QString>("file");
        QStringList files = lessonFiles(sourceLessonDir());
        for (const QString& f : lessonFiles(kEmbedded))
            if (!files.contains(f)) files << f;
        for (const QString& f : files) QTest::newRow(qPrintable(f)) << f;
    }
    void builtinLesson() {
        QFETCH(QString, file);
        const Catalog& catalog = Catalog::instance();
        Lesson lesson;
        QString error;
        QVERIFY2(loadLesson(kEmbedded + '/' + file, catalog, &lesson, &error), qPrintable(error));
        // The embedded copy is the one in the source tree (a stale build would show old text).
        Lesson fromSource;
        QVERIFY2(loadLesson(sourceLessonDir() + '/' + file, catalog, &fromSource, &error),
                 qPrintable(error));
        QCOMPARE(fromSource.steps.size(), lesson.steps.size());
        for (int i = 0; i < lesson.steps.size(); ++i)
            QCOMPARE(fromSource.steps[i].caption.zh, lesson.steps[i].caption.zh);

        // NN_<id>.json: the number gives the teaching order, the rest is the lesson's id.
        QCOMPARE(file, QStringLiteral("%1_%2.json").arg(file.left(2), lesson.id));
        QVERIFY2(file.left(2).toInt() > 0, qPrintable(file));
        QCOMPARE(lesson.path, kEmbedded + '/' + file);
        QVERIFY(hasCjk(lesson.title.zh));
        QVERIFY(!hasCjk(lesson.title.en));
        QVERIFY2(lesson.steps.size() >= 3, qPrintable(file));

        for (int i = 0; i < lesson.steps.size(); ++i) {
            const LessonStep& s = lesson.steps[i];
            const QString where =
                QStringLiteral("%1 step %2 (%3)").arg(file).arg(i + 1).arg(s.view);
            for (const LocalText* t : {&s.title, &s.caption}) {
                QVERIFY2(!t->en.trimmed().isEmpty() && !t->zh.trimmed().isEmpty(),
                         qPrintable(where));
                QVERIFY2(hasCjk(t->zh),
                         qPrintable(where + ": Chinese text without Chinese characters"));
                QVERIFY2(!hasCjk(t->en),
                         qPrintable(where + ": Chinese characters in the English text"));
            }

            if (!s.train.isEmpty()) {  // a Training lab step: settings the lab accepts
                TrainSettings settings;
                QVERIFY2(trainStepSettings(s, &settings), qPrintable(where));
                QVERIFY2(trainConfigs(settings), qPrintable(where));
                QCOMPARE(s.page, QStringLiteral("train"));
                QVERIFY2(s.view.startsWith("train/"), qPrintable(where));
                continue;
            }
            const PageSpec* page = catalog.find(s.page);
            QVERIFY2(page, qPrintable(where));
            const ViewSpec* view = page->findView(s.view);
            QVERIFY2(view, qPrintable(where));
            auto params = stepParams(s, catalog);
            QVERIFY2(params.ok(), qPrintable(where));
            // The file's values are what the view gets (texts parsed as the command line does).
            const auto* enc = core::registry().find(page->encoding.toStdString());
            QVERIFY(enc);
            for (auto it = s.params.begin(); it != s.params.end(); ++it) {
                const core::ParamSpec* spec = enc->findParam(it.key().toStdString());
                QVERIFY2(spec, qPrintable(where));
                QVERIFY2(params->get(spec->name) == *spec->parse(it.value().toStdString()),
                         qPrintable(where + ": " + it.key()));
            }

            ComputeRequest req;
            req.pageId = page->id;
            req.encoding = page->encoding;
            req.params = *params;
            req.views = {*view};
            req.states = {s.state};
            ArrayCache cache;
            QElapsedTimer timer;
            timer.start();
            const ComputeResult r = computeRequest(req, cache, nullptr);
            const qint64 ms = timer.elapsed();
            if (ms > 1000)
                qWarning().noquote() << where << "took" << ms << "ms (aim: well under a second)";
            QVERIFY2(r.error.isEmpty(), qPrintable(where + ": " + r.error));
            QCOMPARE(r.views.size(), 1);
            const ViewResult& v = r.views[0];
            QVERIFY2(v.error.isEmpty(), qPrintable(where + ": " + v.error));
            const ViewKind kind = view->kind == ViewKind::Compare
                                      ? (v.heatmaps.isEmpty() ? ViewKind::Lines : ViewKind::Heatmap)
                                      : view->kind;
            switch (kind) {
                case ViewKind::Heatmap:
                    QVERIFY2(!v.heatmaps.isEmpty(), qPrintable(where));
                    for (const auto& h : v.heatmaps) QVERIFY2(!h.image.isNull(), qPrintable(where));
                    break;
                case ViewKind::Lines:
                    QVERIFY2(!v.lines.curves.isEmpty(), qPrintable(where));
                    for (const auto& c : v.lines.curves)  // a line, or its envelope (a band)
                        QVERIFY2(c.points.size() > 1 || c.bandX0.size() > 1, qPrintable(where));
                    break;
                case ViewKind::Rotation:
                    QVERIFY2(!v.rotation.pairs.isEmpty(), qPrintable(where));
                    break;
                case ViewKind::Value:
                    QVERIFY2(!v.value.isEmpty(), qPrintable(where));
                    break;
                case ViewKind::Compare:
                    break;
            }
            if (view->kind == ViewKind::Compare) {  // A and B, from the step's compare state
                if (v.heatmaps.isEmpty())
                    QCOMPARE(v.lines.curves.size(), qsizetype(2));
                else
                    QVERIFY2(v.heatmaps.size() >= 2, qPrintable(where));
            }
        }
    }

    // builtinLessons() returns every file, in file-name order.
    void builtinLessonsInOrder() {
        const QVector<Lesson> lessons = builtinLessons(Catalog::instance());
        const QStringList files = lessonFiles(kEmbedded);
        QCOMPARE(lessons.size(), files.size());
        QStringList ids;
        for (int i = 0; i < lessons.size(); ++i) {
            QCOMPARE(lessons[i].path, kEmbedded + '/' + files[i]);
            QVERIFY2(!ids.contains(lessons[i].id), qPrintable(lessons[i].id));
            ids << lessons[i].id;
        }
    }

    // A step's page and state are completed the way the GUI opens them: the view's encoding
    // page, its preset under the file's values, and the page's compare defaults.
    void defaultsAreFilledIn() {
        const Catalog& catalog = Catalog::instance();
        Lesson lesson;
        QString error;
        const QByteArray json =
            lessonJson({kGood, step(QStringLiteral("rope/compare")),
                        step(QStringLiteral("rope/compare"),
                             QStringLiteral("\"state\": {\"compareQuantity\": \"scores\"}"))});
        QVERIFY2(parseLesson(json, catalog, &lesson, &error), qPrintable(error));
        QCOMPARE(lesson.id, QStringLiteral("t"));
        QVERIFY(lesson.path.isEmpty());
        QCOMPARE(lesson.steps.size(), 3);
        const LessonStep& s = lesson.steps[0];
        QCOMPARE(s.page, QStringLiteral("rope"));
        const PageSpec* page = catalog.find(QStringLiteral("rope"));
        QVERIFY(page);
        auto params = stepParams(s, catalog);
        QVERIFY(params.ok());
        QCOMPARE(params->integer("d"), qint64(4));
        QCOMPARE(params->integer("n"), pagePresetParams(*page).integer("n"));
        QCOMPARE(s.state, ViewState{});

        const ViewState d =
            defaultViewState(*page->findView(QStringLiteral("rope/compare")), *page);
        QVERIFY(!d.cmpParam.isEmpty());
        QCOMPARE(lesson.steps[1].state, d);
        QCOMPARE(lesson.steps[2].state.cmpQuantity, QStringLiteral("scores"));
        QCOMPARE(lesson.steps[2].state.cmpParam, d.cmpParam);
        QCOMPARE(lesson.steps[2].state.cmpValue, d.cmpValue);
    }

    void rejects_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QStringList>("fragments");
        auto row = [](const char* name, const QByteArray& json, const QStringList& fragments) {
            QTest::newRow(name) << json << fragments;
        };
        auto second = [](const QString& s) { return lessonJson({kGood, s}); };
        row("not JSON", "{\"format\": 1,", {"not valid JSON"});
        row("top level not an object", "[1, 2]", {"top level"});
        row("missing format", lessonJson({kGood}, "\"formt\": 1"), {"missing \"format\""});
        row("future format", lessonJson({kGood}, "\"format\": 2"), {"unsupported format 2"});
        row("bad id", QByteArray(lessonJson({kGood})).replace("\"id\": \"t\"", "\"id\": \"Rope!\""),
            {"\"id\""});
        row("lesson title without en",
            QByteArray(lessonJson({kGood})).replace("{\"en\": \"T\", ", "{"),
            {"\"title\"", "\"en\""});
        row("unknown lesson key",
            QByteArray(lessonJson({kGood})).replace("\"id\"", "\"author\": \"x\", \"id\""),
            {"unknown key \"author\""});
        row("missing steps",
            "{\"format\": 1, \"id\": \"t\", \"title\": {\"en\": \"T\", \"zh\": \"测试\"}}",
            {"missing \"steps\""});
        row("empty steps", lessonJson({}), {"non-empty array"});
        row("step not an object", lessonJson({kGood, "7"}), {"step 2", "must be an object"});
        row("missing view", second("{\"title\": {\"en\": \"a\", \"zh\": \"甲\"}}"),
            {"step 2", "missing \"view\""});
        row("unknown view", second(step("rope/decya")), {"step 2", "unknown view \"rope/decya\""});
        row("view without encoding", second(step("decay")), {"step 2", "unknown view"});
        row("unknown page", second(step("rope/decay", "\"page\": \"arg/nope\"")),
            {"step 2", "unknown page \"arg/nope\""});
        row("view not on the page", second(step("rope/decay", "\"page\": \"arg/shift\"")),
            {"step 2", "is not on page \"arg/shift\""});
        row("unknown step key", second(step("rope/decay", "\"parmas\": {}")),
            {"step 2", "unknown key \"parmas\""});
        row("unknown parameter", second(step("rope/decay", "\"params\": {\"dd\": \"4\"}")),
            {"step 2", "unknown parameter", "dd"});
        row("bad value", second(step("rope/decay", "\"params\": {\"d\": \"-3\"}")),
            {"step 2", "parameter 'd'", "-3"});
        row("not a number", second(step("rope/decay", "\"params\": {\"base\": \"1e4x\"}")),
            {"step 2", "parameter 'base'"});
        row("parameter of wrong JSON type", second(step("rope/decay", "\"params\": {\"d\": [4]}")),
            {"step 2", "\"d\"", "string, number or boolean"});
        row("odd d for rope", second(step("rope/decay", "\"params\": {\"d\": \"5\"}")),
            {"step 2", "even"});
        row("odd d as a JSON number", second(step("rope/scores", "\"params\": {\"d\": 7}")),
            {"step 2", "even"});
        // (A RoPE view would not do: at level of detail it asks for arrays bounded by its
        // pixels; the step below checks exactly that.)
        row("over the memory budget",
            second(step("sinusoidal/similarity", "\"params\": {\"n\": \"100000\"}")),
            {"step 2", "memory budget"});
        row("missing zh caption",
            second("{\"view\": \"rope/decay\", \"title\": {\"en\": \"a\", \"zh\": \"甲\"}, "
                   "\"caption\": {\"en\": \"b\"}}"),
            {"step 2", "\"caption\" has no \"zh\""});
        row("empty en title",
            second("{\"view\": \"rope/decay\", \"title\": {\"en\": \" \", \"zh\": \"甲\"}, "
                   "\"caption\": {\"en\": \"b\", \"zh\": \"乙\"}}"),
            {"step 2", "\"title\" has no \"en\""});
        row("missing caption",
            second("{\"view\": \"rope/decay\", \"title\": {\"en\": \"a\", \"zh\": \"甲\"}}"),
            {"step 2", "missing \"caption\""});
        row("bad state type", second(step("rope/rotation", "\"state\": {\"m\": \"ten\"}")),
            {"step 2", "\"m\""});
        row("unknown state key", second(step("rope/rotation", "\"state\": {\"delt\": 3}")),
            {"step 2", "unknown state key \"delt\""});
        row("dims out of range",
            second(step("sinusoidal/waves",
                        "\"params\": {\"d\": \"32\"}, \"state\": {\"dims\": [2, 40]}")),
            {"step 2", "dims", "40"});
        row("slice out of range", second(step("alibi/bias", "\"state\": {\"slice\": 8}")),
            {"step 2", "slice", "8"});
        row("rotation position below zero",
            second(step("rope/rotation", "\"state\": {\"m\": 2, \"delta\": -5}")),
            {"step 2", "position"});
        row("compare state on another view",
            second(step("rope/decay",
                        "\"state\": {\"compareParam\": \"base\", \"compareValue\": \"100\"}")),
            {"step 2", "not a compare view"});
        row("compare parameter without value",
            second(step("rope/compare", "\"state\": {\"compareParam\": \"base\"}")),
            {"step 2", "given together"});
        row("unknown compare parameter",
            second(step("rope/compare",
                        "\"state\": {\"compareParam\": \"bsae\", \"compareValue\": \"100\"}")),
            {"step 2", "compare parameter \"bsae\""});
        row("unknown compare quantity",
            second(step("rope/compare", "\"state\": {\"compareQuantity\": \"decya\"}")),
            {"step 2", "compare quantity \"decya\""});
        row("bad compare value",
            second(step("rope/compare",
                        "\"state\": {\"compareParam\": \"base\", \"compareValue\": \"-1\"}")),
            {"step 2", "compare value", "parameter 'base'"});
        row("compare value breaks a constraint",
            second(step("rope/compare",
                        "\"state\": {\"compareQuantity\": \"decay\", \"compareParam\": \"d\", "
                        "\"compareValue\": \"9\"}")),
            {"step 2", "even"});
    }
    // A RoPE view at level of detail is accepted at any length: its arrays are bounded by the
    // plot's pixels, as the window computes them (the whole quantity would be far over budget).
    void levelOfDetailStepsAreAccepted_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("params");
        QTest::newRow("scores at 100000") << "rope/scores"
                                          << "\"n\": \"100000\"";
        QTest::newRow("angles at 10M") << "rope/angles"
                                       << "\"n\": \"10485760\"";
        QTest::newRow("precision at 10M") << "rope/precision"
                                          << "\"n\": \"10485760\"";
        QTest::newRow("cos_error at 10M") << "rope/cos_error"
                                          << "\"n\": \"10485760\"";
    }
    void levelOfDetailStepsAreAccepted() {
        QFETCH(QString, view);
        QFETCH(QString, params);
        Lesson lesson;
        QString error;
        QVERIFY2(parseLesson(lessonJson({kGood, step(view, "\"params\": {" + params + "}")}),
                             Catalog::instance(), &lesson, &error),
                 qPrintable(error));
        QCOMPARE(lesson.steps.size(), 2);
    }

    void rejects() {
        QFETCH(QByteArray, json);
        QFETCH(QStringList, fragments);
        Lesson lesson;
        lesson.id = QStringLiteral("untouched");
        QString error;
        QVERIFY(!parseLesson(json, Catalog::instance(), &lesson, &error));
        QCOMPARE(lesson.id, QStringLiteral("untouched"));
        QVERIFY(!error.contains('\n'));
        qInfo().noquote() << error;  // the log doubles as a list of the messages users see
        for (const QString& f : fragments)
            QVERIFY2(error.contains(f),
                     qPrintable(QStringLiteral("\"%1\" lacks \"%2\"").arg(error, f)));
    }

    // From a path, the message starts with the file name.
    void loadNamesTheFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(lessonJson({kGood, kGood, step(QStringLiteral("rope/nope"))}));
        f.close();
        Lesson lesson;
        QString error;
        QVERIFY(!loadLesson(path, Catalog::instance(), &lesson, &error));
        QVERIFY2(error.startsWith(path + QStringLiteral(": step 3: unknown view")),
                 qPrintable(error));

        const QString missing = dir.filePath(QStringLiteral("missing.json"));
        QVERIFY(!loadLesson(missing, Catalog::instance(), &lesson, &error));
        QVERIFY2(error.startsWith(QStringLiteral("lesson file '%1' cannot be read").arg(missing)),
                 qPrintable(error));

        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(lessonJson({kGood}));
        f.close();
        QVERIFY2(loadLesson(path, Catalog::instance(), &lesson, &error), qPrintable(error));
        QCOMPARE(lesson.path, path);
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
