// The Training lab page (issue 27 item 5): its settings as JSON (for sessions and lessons) and
// their one-line refusals; a comparison run from the page fills the headline chart with one curve
// per variant in the colours its loss curves use, lists the finished runs, draws their attention
// (rows summing to 1, one panel per head) and what they learned; Stop keeps the finished runs;
// the window keeps the comparison in its session bit for bit (weights included) and refuses a
// corrupt one whole; Export Figure takes the selected pane; presentation mode shows the charts
// without the controls.
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <bit>

#include "tests/ui/session_test_util.h"
#include "ui/train/figure_pane.h"
#include "ui/train/train_page.h"
#include "ui/train/train_session.h"
#include "ui/train/train_settings.h"

using namespace poslab;
using namespace poslab::ui;
using namespace poslab::ui::sessiontest;
namespace tr = poslab::core::train;

namespace {

TrainSettings quick(std::vector<TrainVariant> variants, std::int64_t steps = 60) {
    TrainSettings s;
    s.variants = std::move(variants);
    s.steps = steps;
    return s;
}

bool waitEnded(TrainPage& page, int ms = 120000) {
    QElapsedTimer t;
    t.start();
    while (page.running() && t.elapsed() < ms) QTest::qWait(20);
    QTest::qWait(250);  // the last coalesced update
    return !page.running();
}

QVector<quint32> bitsOf(const tr::RunRecord& r) {
    QVector<quint32> out;
    for (Eigen::Index i = 0; i < r.result.params.size(); ++i)
        out << std::bit_cast<quint32>(r.result.params[i]);
    for (const auto& e : r.result.eval) out << std::bit_cast<quint32>(float(e.tokenAcc));
    return out;
}

}  // namespace

class TestTrainPage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    void settingsRoundTrip() {
        TrainSettings s;
        s.task = tr::Task::Sort;
        s.variants = {{tr::Encoding::Learned, 1.0},
                      {tr::Encoding::Learned, 0.02},
                      {tr::Encoding::Fire, 0.02}};
        s.seeds = {4, 0, 9};
        s.steps = 777;
        s.randomPositions = 256;
        TrainSettings back;
        QString error;
        QVERIFY2(trainSettingsFromJson(trainSettingsJson(s), &back, &error), qPrintable(error));
        QVERIFY(back == s);
        // Missing keys: the task's T3 defaults.
        QVERIFY(trainSettingsFromJson(QJsonObject{{"task", "reverse"}}, &back, &error));
        QCOMPARE(back.steps, std::int64_t(1500));
        QCOMPARE(back.variants.size(), std::size_t(7));
    }

    void settingsRefused_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("names");
        QTest::newRow("task") << R"({"task": "count"})"
                              << "\"task\"";
        QTest::newRow("unknown key") << R"({"task": "copy", "lr": 1})"
                                     << "\"lr\"";
        QTest::newRow("encoding") << R"({"task": "copy", "encodings": ["rope", "xpos"]})"
                                  << "\"xpos\"";
        QTest::newRow("repeated") << R"({"task": "copy", "encodings": ["rope", "rope"]})"
                                  << "\"rope\"";
        QTest::newRow("init of rope") << R"({"task": "copy", "encodings": ["rope:1"]})"
                                      << "\"rope:1\"";
        QTest::newRow("no encoding") << R"({"task": "copy", "encodings": []})"
                                     << "\"encodings\"";
        QTest::newRow("seed") << R"({"task": "copy", "seeds": [-1]})"
                              << "\"seeds\"";
        QTest::newRow("steps") << R"({"task": "copy", "steps": 0})"
                               << "\"steps\"";
        QTest::newRow("seed twice") << R"({"task": "copy", "seeds": [1, 2, 1]})"
                                    << "seed 1";
        QTest::newRow("fraction") << R"({"task": "copy", "steps": 10.5})"
                                  << "\"steps\"";
        QTest::newRow("range") << R"({"task": "copy", "random_positions": 1e9})"
                               << "\"random_positions\"";
    }
    void settingsRefused() {
        QFETCH(QString, json);
        QFETCH(QString, names);
        TrainSettings s;
        s.steps = 4242;
        const TrainSettings before = s;
        QString error;
        QVERIFY(
            !trainSettingsFromJson(QJsonDocument::fromJson(json.toUtf8()).object(), &s, &error));
        QVERIFY2(error.contains(names), qPrintable(error));
        QVERIFY(!error.contains('\n'));
        QVERIFY(s == before);
    }

    // Seed 0 of every variant first, then seed 1: the headline chart has every variant early.
    void runsSeedBySeed() {
        TrainSettings s = quick({{tr::Encoding::Rope, 0.02}, {tr::Encoding::Alibi, 0.02}});
        s.seeds = {3, 5};
        const auto runs = trainConfigs(s);
        QVERIFY(runs);
        QCOMPARE(runs->size(), std::size_t(4));
        QCOMPARE((*runs)[1].encoding, tr::Encoding::Alibi);
        QCOMPARE((*runs)[1].seed, std::uint64_t(3));
        QCOMPARE((*runs)[2].seed, std::uint64_t(5));
    }

    void pageTrainsAndShows() {
        MainWindow w(test::noSettings());
        w.resize(1280, 720);
        w.show();
        w.openPage(kTrainPageId);
        QVERIFY(w.trainPageShown());
        QVERIFY(!w.encodingPageShown());
        TrainPage* page = w.trainPage();
        page->setSettings(quick({{tr::Encoding::Alibi, 0.02},
                                 {tr::Encoding::Learned, 0.02},
                                 {tr::Encoding::Learned, 1.0},
                                 {tr::Encoding::T5, 0.02}}));
        QCOMPARE(page->start(), QString());
        QVERIFY(page->running());
        QVERIFY(waitEnded(*page));
        QCOMPARE(page->records().size(), std::size_t(4));
        // The status keeps the time the comparison took, not the time since it started.
        const QString status = page->statusLabel()->text();
        QVERIFY2(status.startsWith("4 of 4 runs finished"), qPrintable(status));
        QTest::qWait(1100);
        page->setPaused(false);  // refreshes the status
        QCOMPARE(page->statusLabel()->text(), status);

        // The headline: one curve per variant, each in its loss curve's colour.
        QVERIFY(page->headlinePane()->hasFigure());
        const LinesData& acc = page->headlinePane()->figure().result.lines;
        const LinesData& loss = page->lossPane()->figure().result.lines;
        QCOMPARE(acc.curves.size(), 4);
        QCOMPARE(loss.curves.size(), 4);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(acc.curves[i].name.en, loss.curves[i].name.en);
            QCOMPARE(acc.curves[i].color, loss.curves[i].color);
        }
        // In the checkboxes' order: learned, learned (init 1), ALiBi, T5.
        QCOMPARE(acc.curves[1].name.en, QStringLiteral("learned (init 1)"));
        QCOMPARE(acc.curves[2].name.en, QStringLiteral("ALiBi"));
        // Its points are the runs' accuracies (one seed: no whisker).
        const auto& eval = page->records()[0].result.eval;
        for (std::size_t k = 0; k < eval.size(); ++k)
            QCOMPARE(acc.curves[0].points[qsizetype(k)].y(), 100.0 * eval[k].tokenAcc);

        // Attention of a finished run: one panel per head of the chosen layer, rows sum to 1.
        QCOMPARE(page->runChoice()->count(), 4);
        page->runChoice()->setCurrentIndex(0);
        page->showChoice()->setCurrentIndex(1);                                  // the longest test
        page->layerChoice()->setCurrentIndex(page->layerChoice()->count() - 1);  // every layer
        const Figure& att = page->inspectPane()->figure();
        QCOMPARE(att.result.heatmaps.size(), 8);
        const auto n = 4 * page->records()[0].config.task.nMax;
        for (const HeatmapData& h : att.result.heatmaps) {
            QCOMPARE(h.rows, 2 * n + 1);
            for (qint64 r = 0; r < h.rows; ++r) {
                double sum = 0;
                for (qint64 c = 0; c < h.cols; ++c) sum += h.array->at(r * h.cols + c);
                QVERIFY(std::abs(sum - 1) < 1e-5);
            }
        }
        page->layerChoice()->setCurrentIndex(0);
        QCOMPARE(page->inspectPane()->figure().result.heatmaps.size(), 4);

        // What it learned: ALiBi's bias against distance per layer and head; the learned
        // table's similarity; T5's table per layer.
        page->showChoice()->setCurrentIndex(2);
        page->runChoice()->setCurrentIndex(2);
        QCOMPARE(page->inspectPane()->figure().result.lines.curves.size(), 8);
        page->runChoice()->setCurrentIndex(0);
        QCOMPARE(page->inspectPane()->figure().result.heatmaps.size(), 1);
        QVERIFY(page->inspectPane()->figure().result.heatmaps[0].title.en.contains("init 0.02"));
        page->runChoice()->setCurrentIndex(3);
        QCOMPARE(page->inspectPane()->figure().result.heatmaps.size(), 2);

        // Export takes the pane clicked, else the headline.
        Figure f;
        QString error, name;
        QVERIFY(page->figure(&f, &error, &name));
        QCOMPARE(f.result.viewId, QStringLiteral("train/accuracy"));
        QTest::mouseClick(page->inspectPane(), Qt::LeftButton);
        QVERIFY(page->figure(&f, &error, &name));
        QCOMPARE(name, QStringLiteral("train_learned"));

        // Presentation mode: the charts without the controls, or the run's pane alone where it
        // is the selected one (a lesson step about what a run learned); the encoding page comes
        // back after.
        QTest::mouseClick(page->headlinePane(), Qt::LeftButton);
        w.setPresentation(true);
        QTRY_VERIFY(!page->startButton()->isVisible());
        QVERIFY(page->headlinePane()->isVisible());
        QVERIFY(!page->inspectPane()->isVisible());
        page->showChart("learned", {tr::Encoding::T5, 0.02});
        QVERIFY(page->inspectPane()->isVisible());
        QVERIFY(!page->headlinePane()->isVisible());
        QCOMPARE(page->runChoice()->currentIndex(), 3);
        w.setPresentation(false);
        QVERIFY(page->headlinePane()->isVisible());
        QTRY_VERIFY(page->startButton()->isVisible());
        w.openPage(QStringLiteral("rope"));
        QVERIFY(w.encodingPageShown());
    }

    // A finished comparison is kept: its settings shown again bring it back without training
    // (a lesson going back a step); a stopped one is not kept.
    void recallsFinishedComparisons() {
        TrainPage page;
        const TrainSettings a = quick({{tr::Encoding::Alibi, 0.02}}, 30);
        TrainSettings b = a;
        b.task = tr::Task::Sort;
        page.setSettings(a);
        QCOMPARE(page.start(), QString());
        QVERIFY(waitEnded(page));
        const QVector<quint32> first = bitsOf(page.records().front());
        QVERIFY(!page.recall(b));
        page.setSettings(b);
        QCOMPARE(page.start(), QString());
        QVERIFY(waitEnded(page));
        QVERIFY(page.recall(a));
        QVERIFY(!page.running());
        QVERIFY(page.shownSettings() == a);
        QCOMPARE(bitsOf(page.records().front()), first);
        QCOMPARE(page.headlinePane()->figure().result.lines.curves.size(), 1);
    }

    void stopKeepsFinishedRuns() {
        TrainPage page;
        TrainSettings s = quick({{tr::Encoding::None, 0.02}, {tr::Encoding::Rope, 0.02}}, 30);
        s.seeds = {0, 1, 2, 3, 4, 5, 6, 7};
        page.setSettings(s);
        QCOMPARE(page.start(), QString());
        QTRY_VERIFY_WITH_TIMEOUT(page.records().size() >= 2, 60000);
        page.stop();
        QVERIFY(!page.running());
        QTest::qWait(250);
        const auto kept = page.records().size();
        QVERIFY(kept >= 2 && kept < 16);
        QCOMPARE(page.headlinePane()->figure().result.lines.curves.size(), 2);
    }

    // The controls hold every setting the JSON allows, so a lesson's or a session's settings come
    // back from the page as they went in (a clamped spin box would retrain a lesson step).
    void controlsHoldEverySetting_data() {
        QTest::addColumn<qint64>("steps");
        QTest::addColumn<qint64>("range");
        QTest::newRow("one step, R 1") << qint64(1) << qint64(1);
        QTest::newRow("a million steps") << qint64(1000000) << qint64(1 << 20);
        QTest::newRow("lesson") << qint64(2000) << qint64(256);
    }
    void controlsHoldEverySetting() {
        QFETCH(qint64, steps);
        QFETCH(qint64, range);
        TrainSettings s = quick({{tr::Encoding::Learned, 1.0}, {tr::Encoding::Fire, 0.02}}, steps);
        s.task = tr::Task::Reverse;
        s.seeds = {7, 2};
        s.randomPositions = range;
        TrainPage page;
        page.setSettings(s);
        TrainSettings back;
        QString error;
        QVERIFY2(page.settings(&back, &error), qPrintable(error));
        QVERIFY(back == s);
    }

    void refusesBadFields() {
        TrainPage page;
        page.setSettings(quick({}));
        QVERIFY(page.start().contains("encoding"));
        QVERIFY(!page.running());
        page.setSettings(quick({{tr::Encoding::Rope, 0.02}}));
        page.findChild<QLineEdit*>()->setText("0, x");
        QVERIFY(page.start().contains("\"x\""));
        QVERIFY(!page.running());
        page.findChild<QLineEdit*>()->setText("3, 3");
        QVERIFY(page.start().contains("seed 3"));
        QVERIFY(!page.running());
    }

    void sessionKeepsTheComparison() {
        MainWindow w(test::noSettings());
        w.openPage(kTrainPageId);
        w.trainPage()->setSettings(
            quick({{tr::Encoding::Kerple, 0.02}, {tr::Encoding::Learned, 0.02}}, 40));
        QCOMPARE(w.trainPage()->start(), QString());
        QVERIFY(waitEnded(*w.trainPage()));
        const SessionState s = w.sessionState();
        QVERIFY(s.train && s.train->shown);
        const QByteArray json = sessionToJson(s);

        MainWindow other(test::noSettings());
        SessionState back;
        QString error;
        QVERIFY2(sessionFromJson(json, Catalog::instance(), &back, &error), qPrintable(error));
        QVERIFY(back == s);
        QTemporaryDir dir;
        const QString path = dir.filePath("lab.poslab");
        QCOMPARE(w.saveSession(path), QString());
        QCOMPARE(other.openSession(path), QString());
        QVERIFY(other.trainPageShown());
        const auto& a = w.trainPage()->records();
        const auto& b = other.trainPage()->records();
        QCOMPARE(b.size(), a.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QVERIFY(hasWeights(b[i]));
            QCOMPARE(bitsOf(b[i]), bitsOf(a[i]));
            QCOMPARE(b[i].result.loss.size(), a[i].result.loss.size());
        }
        QCOMPARE(other.trainPage()->headlinePane()->figure().result.lines.curves.size(), 2);
        QCOMPARE(other.trainPage()->runChoice()->count(), 2);

        // A corrupt comparison refuses the whole file and changes nothing.
        QJsonObject root = QJsonDocument::fromJson(json).object();
        QJsonObject train = root.value("train").toObject();
        QJsonArray runs = train.value("runs").toArray();
        QJsonObject run = runs[0].toObject();
        run["weights"] = QStringLiteral("AAAA");
        runs[0] = run;
        train["runs"] = runs;
        root["train"] = train;
        QVERIFY(!sessionFromJson(QJsonDocument(root).toJson(), Catalog::instance(), &back, &error));
        QVERIFY2(error.contains("weights"), qPrintable(error));
        run["weights"] = QJsonValue();
        run.remove("weights");
        run["seed"] = 9;
        runs[0] = run;
        train["runs"] = runs;
        root["train"] = train;
        QVERIFY(!sessionFromJson(QJsonDocument(root).toJson(), Catalog::instance(), &back, &error));
        QVERIFY2(error.contains("seed"), qPrintable(error));

        // A new session clears the lab.
        other.newSession();
        QVERIFY(other.trainPage()->records().empty());
        QVERIFY(!other.sessionState().train);
    }
};

QTEST_MAIN(TestTrainPage)
#include "tst_train_page.moc"
