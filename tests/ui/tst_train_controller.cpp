// The Training lab's runs off the GUI thread (ui/train/train_controller.h): a comparison on two
// workers gives, run for run, the numbers of trainRun on its own (bitwise: each run is
// single-threaded and seeded); a paused comparison makes no step; Stop cancels the unfinished runs
// and keeps the finished ones, with no error for the stopped one.
#include <QSignalSpy>
#include <QtTest>
#include <cstring>

#include "ui/shell/gui_main.h"
#include "ui/train/train_controller.h"

using namespace poslab;
using namespace poslab::ui;
namespace tr = poslab::core::train;

namespace {

tr::TrainConfig small(tr::Encoding e, std::int64_t steps, std::uint64_t seed) {
    tr::TrainConfig c;
    c.encoding = e;
    c.d = 16;
    c.heads = 2;
    c.steps = steps;
    c.batch = 8;
    c.evalSamples = 8;
    c.logEvery = 10;
    c.task.multiples = {1, 2};
    c.seed = seed;
    return c;
}

}  // namespace

class TstTrainController : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    void sameNumbersAsAlone() {
        const std::vector<tr::TrainConfig> runs{small(tr::Encoding::Alibi, 30, 1),
                                                small(tr::Encoding::Rope, 30, 2),
                                                small(tr::Encoding::T5, 30, 1)};
        TrainController c;
        QSignalSpy ended(&c, &TrainController::allEnded);
        QSignalSpy updated(&c, &TrainController::updated);
        c.start(runs, 2);
        QVERIFY(ended.wait(60000));
        QCOMPARE(ended.front().front().toBool(), false);
        QVERIFY(!c.running());
        QVERIFY(updated.size() >= 1);
        const auto records = c.finishedRecords();
        QCOMPARE(records.size(), runs.size());
        const auto views = c.snapshot();
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const auto alone = tr::trainRun(runs[i]);
            QVERIFY(alone);
            const auto& p = records[i].result.params;
            QCOMPARE(p.size(), alone->params.size());
            QVERIFY(std::memcmp(p.data(), alone->params.data(),
                                sizeof(float) * std::size_t(p.size())) == 0);
            QVERIFY(views[i].loss == alone->loss);  // every logged point, as logged
            QVERIFY(views[i].done && views[i].error.isEmpty());
        }
    }

    void pauseMakesNoStepAndStopKeepsFinished() {
        TrainController c;
        QSignalSpy ended(&c, &TrainController::allEnded);
        // One short run beside one that would take hours.
        c.start({small(tr::Encoding::None, 20, 3), small(tr::Encoding::Kerple, 10000000, 4)}, 2);
        QTRY_VERIFY_WITH_TIMEOUT(c.snapshot()[0].done, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!c.snapshot()[1].loss.empty(), 60000);
        // Running, the loss log grows (a point every 10 steps of about a millisecond) ...
        const auto logged = [&] { return c.snapshot()[1].loss.size(); };
        const auto first = logged();
        QTRY_VERIFY_WITH_TIMEOUT(logged() > first, 10000);
        // ... paused, it does not; resumed, it grows again.
        c.setPaused(true);
        QVERIFY(c.paused());
        QTest::qWait(200);  // a step in flight ends
        const auto held = logged();
        QTest::qWait(400);
        QCOMPARE(logged(), held);
        c.setPaused(false);
        QTRY_VERIFY_WITH_TIMEOUT(logged() > held, 10000);
        QVERIFY(c.running());
        c.stop();
        QVERIFY(!c.running());
        QVERIFY(ended.wait(5000));
        QCOMPARE(ended.front().front().toBool(), true);
        const auto records = c.finishedRecords();
        QCOMPARE(records.size(), std::size_t(1));
        QCOMPARE(records[0].config.seed, std::uint64_t(3));
        const auto views = c.snapshot();
        QVERIFY(!views[1].done && views[1].error.isEmpty() && !views[1].record);
    }
};

QTEST_MAIN(TstTrainController)
#include "tst_train_controller.moc"
