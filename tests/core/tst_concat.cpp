// Concatenate vs add (A17): projecting [x; one-hot p] is adding a learned row, so concat and add
// agree to rounding and their difference is ~0.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using Params = std::vector<std::pair<std::string, core::ParamValue>>;

namespace {
Params concatParams(qint64 n, qint64 d, qint64 seed) {
    return {{"n", std::int64_t(n)}, {"d", std::int64_t(d)}, {"seed", std::int64_t(seed)}};
}
}  // namespace

class TstConcat : public QObject {
    Q_OBJECT
private slots:
    void differenceIsZero_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("seed");
        QTest::newRow("n 1 d 2") << qint64(1) << qint64(2) << qint64(0);
        QTest::newRow("n 5 d 3") << qint64(5) << qint64(3) << qint64(1);
        QTest::newRow("n 64 d 64") << qint64(64) << qint64(64) << qint64(2);
        QTest::newRow("n 300 d 17") << qint64(300) << qint64(17) << qint64(99);
        QTest::newRow("n 10 d 256") << qint64(10) << qint64(256) << qint64(7);
    }
    void differenceIsZero() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(qint64, seed);
        const auto p = concatParams(n, d, seed);
        const core::Array c = computeOk("concat", "concat", p);
        const core::Array a = computeOk("concat", "add", p);
        const core::Array diff = computeOk("concat", "difference", p);
        QCOMPARE(c.shape, (core::Shape{n, d}));
        QCOMPARE(diff.shape, (core::Shape{n, d}));
        QVERIFY(c.matrix().cwiseAbs().maxCoeff() > 0.05);  // not trivially zero
        const double m = diff.matrix().cwiseAbs().maxCoeff();
        QVERIFY2(m < 1e-12, qPrintable(QString("max |difference| = %1").arg(m)));
        QVERIFY(test::maxAbsDiff(c, a) < 1e-12);
        QVERIFY((diff.matrix() - (c.matrix() - a.matrix())).cwiseAbs().maxCoeff() < 1e-15);
    }

    // Each position adds its own learned row (column i of W_P): no two positions coincide.
    void positionRowsDiffer() {
        const core::Array a = computeOk("concat", "add", concatParams(8, 4, 3));
        const auto A = a.matrix();
        for (int i = 0; i < 8; ++i)
            for (int j = i + 1; j < 8; ++j)
                QVERIFY((A.row(i) - A.row(j)).cwiseAbs().maxCoeff() > 1e-6);
    }

    void seeded() {
        const auto p = concatParams(20, 8, 4);
        const core::Array a = computeOk("concat", "concat", p);
        QCOMPARE(test::maxAbsDiff(a, computeOk("concat", "concat", p)), 0.0);
        QVERIFY(test::maxAbsDiff(a, computeOk("concat", "concat", concatParams(20, 8, 5))) > 1e-3);
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<qint64>("value");
        QTest::newRow("n 0") << "n" << qint64(0);
        QTest::newRow("d 1") << "d" << qint64(1);
        QTest::newRow("seed -3") << "seed" << qint64(-3);
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(qint64, value);
        const std::string msg =
            test::computeError("concat", "difference", {{key.toStdString(), std::int64_t(value)}});
        QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstConcat)
#include "tst_concat.moc"
