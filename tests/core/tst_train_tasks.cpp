// The training lab's tasks (core/train/tasks.h, spec training.md T1): the layout of copy, reverse
// and sort samples, padding and the scored mask, test sizes, random positions, and a stream that
// depends only on its seed.
#include <QtTest>

#include <algorithm>
#include <set>

#include "core/train/tasks.h"

using namespace poslab::core;
using namespace poslab::core::train;

Q_DECLARE_METATYPE(Task)

class TstTrainTasks : public QObject {
    Q_OBJECT
private slots:
    void batchLayout_data() {
        QTest::addColumn<Task>("task");
        QTest::addColumn<qint64>("randomPositions");
        for (Task t : {Task::Copy, Task::Reverse, Task::Sort}) {
            QTest::newRow(taskId(t)) << t << qint64(0);
            QTest::newRow(qPrintable(QString(taskId(t)) + " R 64")) << t << qint64(64);
        }
    }
    // BOS x SEP y, inputs tokens[:-1], targets tokens[1:], the n answers scored, PAD after.
    void batchLayout() {
        QFETCH(Task, task);
        QFETCH(qint64, randomPositions);
        TaskConfig c;
        c.task = task;
        c.randomPositions = randomPositions;
        Rng rng(5);
        const Batch b = makeBatch(c, rng, 64);
        QCOMPARE(b.batch, qint64(64));
        std::int64_t longest = 0;
        for (std::int64_t s = 0; s < b.batch; ++s) {
            const auto n = b.sizes[std::size_t(s)];
            QVERIFY(n >= c.nMin && n <= c.nMax);
            longest = std::max(longest, n);
            const auto at = [&](const std::vector<std::int32_t>& v, std::int64_t i) {
                return v[std::size_t(s * b.length + i)];
            };
            QCOMPARE(at(b.inputs, 0), kBos);
            QCOMPARE(at(b.inputs, n + 1), kSep);
            QCOMPARE(at(b.targets, n), kSep);
            std::vector<std::int32_t> x, y;
            for (std::int64_t i = 1; i <= n; ++i) x.push_back(at(b.inputs, i));
            for (std::int64_t i = n + 1; i <= 2 * n; ++i) y.push_back(at(b.targets, i));
            for (std::int64_t i = 0; i < 2 * n; ++i)  // targets are the inputs shifted by one
                QCOMPARE(at(b.targets, i), at(b.inputs, i + 1));
            for (auto v : x) QVERIFY(v >= kFirstSymbol && v < kFirstSymbol + c.symbols());
            std::vector<std::int32_t> want = x;
            if (task == Task::Reverse) std::reverse(want.begin(), want.end());
            if (task == Task::Sort) {
                std::sort(want.begin(), want.end());
                QCOMPARE(std::set<std::int32_t>(x.begin(), x.end()).size(), x.size());
            }
            QCOMPARE(y, want);
            for (std::int64_t i = 0; i < b.length; ++i) {
                const bool answer = i >= n + 1 && i <= 2 * n;
                QCOMPARE(bool(b.scored[std::size_t(s * b.length + i)]), answer);
                if (i > 2 * n) {
                    QCOMPARE(at(b.inputs, i), kPad);
                    QCOMPARE(at(b.targets, i), kPad);
                }
                if (i > 0) {  // positions never decrease (padding repeats or continues them)
                    QVERIFY(at(b.positions, i) >= at(b.positions, i - 1));
                    if (i <= 2 * n) QVERIFY(at(b.positions, i) > at(b.positions, i - 1));
                }
                const std::int32_t limit =
                    randomPositions > 0 ? std::int32_t(randomPositions) : std::int32_t(b.length);
                QVERIFY(at(b.positions, i) >= 0 && at(b.positions, i) < limit);
                if (randomPositions == 0) QCOMPARE(at(b.positions, i), std::int32_t(i));
            }
        }
        QCOMPARE(b.length, 2 * longest + 1);
        std::int64_t sum = 0;
        for (auto n : b.sizes) sum += n;
        QCOMPARE(b.scoredCount(), sum);
    }

    void sizesAndSymbols_data() {
        QTest::addColumn<Task>("task");
        QTest::addColumn<qint64>("nMax");
        QTest::addColumn<qint64>("symbols");
        QTest::addColumn<qint64>("longestTest");
        QTest::newRow("copy 8") << Task::Copy << qint64(8) << qint64(16) << qint64(32);
        QTest::newRow("reverse 8") << Task::Reverse << qint64(8) << qint64(16) << qint64(32);
        QTest::newRow("sort 8") << Task::Sort << qint64(8) << qint64(64) << qint64(32);
        QTest::newRow("sort 20") << Task::Sort << qint64(20) << qint64(80) << qint64(80);
    }
    // Test sizes n_max x (1, 1.5, 2, 3, 4); sort draws from max(64, largest test n) symbols.
    void sizesAndSymbols() {
        QFETCH(Task, task);
        QFETCH(qint64, nMax);
        QFETCH(qint64, symbols);
        QFETCH(qint64, longestTest);
        TaskConfig c;
        c.task = task;
        c.nMax = nMax;
        QCOMPARE(c.symbols(), symbols);
        QCOMPARE(c.vocab(), symbols + 3);
        const auto sizes = c.testSizes();
        QCOMPARE(sizes.size(), std::size_t(5));
        QCOMPARE(sizes[0], nMax);
        QCOMPARE(sizes[2], 2 * nMax);
        QCOMPARE(sizes[4], longestTest);
        QCOMPARE(c.maxSequence(), 2 * longestTest + 1);
        Rng rng(1);  // a test batch of the largest size: every sample that size
        const Batch b = makeBatch(c, rng, 8, longestTest);
        QCOMPARE(b.length, 2 * longestTest + 1);
        QCOMPARE(b.scoredCount(), 8 * longestTest);
    }

    void streamDependsOnlyOnSeed_data() {
        QTest::addColumn<quint64>("seed");
        for (quint64 s : {0ULL, 1ULL, 12345ULL}) QTest::newRow(qPrintable(QString::number(s))) << s;
    }
    void streamDependsOnlyOnSeed() {
        QFETCH(quint64, seed);
        TaskConfig c;
        c.randomPositions = 100;
        Rng a(seed), b(seed), other(seed + 1);
        for (int i = 0; i < 3; ++i) {
            const Batch x = makeBatch(c, a, 16), y = makeBatch(c, b, 16),
                        z = makeBatch(c, other, 16);
            QCOMPARE(x.inputs, y.inputs);
            QCOMPARE(x.positions, y.positions);
            QVERIFY(x.inputs != z.inputs);
        }
    }

    // An increasing subset of [0, R) of the requested size, covering the range over many draws.
    void randomPositionsAreOrderedSubsets() {
        Rng rng(9);
        std::set<std::int32_t> seen;
        for (int k = 0; k < 200; ++k) {
            const auto p = randomPositions(17, 40, rng);
            QCOMPARE(p.size(), std::size_t(17));
            QVERIFY(std::is_sorted(p.begin(), p.end()));
            QCOMPARE(std::set<std::int32_t>(p.begin(), p.end()).size(), p.size());
            QVERIFY(p.front() >= 0 && p.back() < 40);
            seen.insert(p.begin(), p.end());
        }
        QCOMPARE(seen.size(), std::size_t(40));
        const auto all = randomPositions(40, 40, rng);
        for (int i = 0; i < 40; ++i) QCOMPARE(all[std::size_t(i)], i);
    }
};

QTEST_APPLESS_MAIN(TstTrainTasks)
#include "tst_train_tasks.moc"
