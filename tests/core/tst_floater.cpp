// Properties of FLOATER (A4): the rotation dynamics reproduce the sinusoidal table, RK4's error
// falls like the fourth power of the step, and the seeded MLP dynamics are reproducible.
#include <QtTest>

#include "tests/core/test_util.h"

Q_DECLARE_METATYPE(poslab::core::ParamValue)

using namespace poslab;
using test::computeOk;

namespace {
using Values = std::vector<std::pair<std::string, core::ParamValue>>;

core::Array floater(const std::string& dynamics, qint64 n, qint64 d, qint64 steps, qint64 seed = 0,
                    double base = 10000.0, double lambda = 0.5) {
    return computeOk("floater", "table",
                     {{"dynamics", dynamics},
                      {"n", std::int64_t(n)},
                      {"d", std::int64_t(d)},
                      {"steps_per_unit", std::int64_t(steps)},
                      {"seed", std::int64_t(seed)},
                      {"base", base},
                      {"lambda", lambda}});
}

core::Array sinusoidal(qint64 n, qint64 d, double base) {
    return computeOk("sinusoidal", "table",
                     {{"n", std::int64_t(n)},
                      {"d", std::int64_t(d)},
                      {"base", base},
                      {"delta", std::int64_t(0)}});
}
}  // namespace

class TstFloater : public QObject {
    Q_OBJECT
private slots:
    void rotationIsSinusoidal_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::newRow("default 64x64") << qint64(64) << qint64(64) << 10000.0;
        QTest::newRow("n 256, d 2") << qint64(256) << qint64(2) << 10000.0;
        QTest::newRow("n 256, d 128") << qint64(256) << qint64(128) << 10000.0;
        QTest::newRow("n 200, d 10, base 50") << qint64(200) << qint64(10) << 50.0;
        QTest::newRow("n 1") << qint64(1) << qint64(8) << 10000.0;
    }
    // At the default 64 substeps the RK4 trajectory matches A1's table to < 1e-6 for n <= 256.
    void rotationIsSinusoidal() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(double, base);
        const core::Array f = computeOk(
            "floater", "table", {{"n", std::int64_t(n)}, {"d", std::int64_t(d)}, {"base", base}});
        const core::Array s = sinusoidal(n, d, base);
        QCOMPARE(f.shape, (core::Shape{n, d}));
        const double err = test::maxAbsDiff(f, s);
        QVERIFY2(err < 1e-6, qPrintable(QString("max error %1").arg(err)));
        // Row 0 is p0 = (0, 1, 0, 1, ...) exactly.
        for (qint64 k = 0; k < d; ++k) QCOMPARE(f.matrix()(0, k), k % 2 == 0 ? 0.0 : 1.0);
    }

    void rk4IsFourthOrder_data() {
        QTest::addColumn<QString>("dynamics");
        QTest::addColumn<qint64>("steps");
        QTest::addColumn<qint64>("seed");
        QTest::newRow("rotation 4 -> 8") << "rotation" << qint64(4) << qint64(0);
        QTest::newRow("rotation 8 -> 16") << "rotation" << qint64(8) << qint64(0);
        QTest::newRow("rotation 16 -> 32") << "rotation" << qint64(16) << qint64(0);
        QTest::newRow("mlp 4 -> 8, seed 0") << "mlp" << qint64(4) << qint64(0);
        QTest::newRow("mlp 8 -> 16, seed 3") << "mlp" << qint64(8) << qint64(3);
        QTest::newRow("mixed 4 -> 8, seed 1") << "mixed" << qint64(4) << qint64(1);
        QTest::newRow("mixed 8 -> 16, seed 2") << "mixed" << qint64(8) << qint64(2);
    }
    // Halving the step divides the error by ~2^4 = 16. The rotation is compared with its exact
    // solution (A1's table); mlp and mixed with the same dynamics at 1024 substeps.
    void rk4IsFourthOrder() {
        QFETCH(QString, dynamics);
        QFETCH(qint64, steps);
        QFETCH(qint64, seed);
        const qint64 n = 65, d = 16;
        const std::string dyn = dynamics.toStdString();
        const core::Array exact =
            dyn == "rotation" ? sinusoidal(n, d, 10000.0) : floater(dyn, n, d, 1024, seed);
        const double coarse = test::maxAbsDiff(floater(dyn, n, d, steps, seed), exact);
        const double fine = test::maxAbsDiff(floater(dyn, n, d, 2 * steps, seed), exact);
        const double ratio = coarse / fine;
        QVERIFY2(fine > 0 && ratio > 12 && ratio < 20,
                 qPrintable(QString("errors %1 -> %2, ratio %3").arg(coarse).arg(fine).arg(ratio)));
    }

    // The magnitudes the explanation quotes: first pair frequency 1, 64 positions.
    void rotationErrorMagnitudes() {
        const core::Array exact = sinusoidal(65, 64, 10000.0);
        const double e8 = test::maxAbsDiff(floater("rotation", 65, 64, 8), exact);
        const double e64 = test::maxAbsDiff(floater("rotation", 65, 64, 64), exact);
        QVERIFY2(e8 > 3e-5 && e8 < 3e-4, qPrintable(QString::number(e8)));
        QVERIFY2(e64 > 1e-8 && e64 < 1e-7, qPrintable(QString::number(e64)));
    }

    void seededDynamics_data() {
        QTest::addColumn<QString>("dynamics");
        QTest::newRow("mlp") << "mlp";
        QTest::newRow("mixed") << "mixed";
    }
    // Same seed: identical to the bit; another seed: a different trajectory.
    void seededDynamics() {
        QFETCH(QString, dynamics);
        const std::string dyn = dynamics.toStdString();
        for (qint64 seed : {0, 5, 99}) {
            const core::Array a = floater(dyn, 40, 12, 16, seed);
            const core::Array b = floater(dyn, 40, 12, 16, seed);
            QCOMPARE(a.f64, b.f64);
            const core::Array c = floater(dyn, 40, 12, 16, seed + 1);
            QVERIFY(test::maxAbsDiff(a, c) > 1e-3);
            QVERIFY(a.matrix().allFinite());
        }
        // The rotation has nothing seeded.
        QCOMPARE(floater("rotation", 40, 12, 16, 0).f64, floater("rotation", 40, 12, 16, 7).f64);
    }

    // mixed = rotation + lambda * mlp: lambda 0 is the rotation, lambda > 0 is not.
    void mixedInterpolates() {
        const core::Array rot = floater("rotation", 50, 8, 32);
        QCOMPARE(floater("mixed", 50, 8, 32, 4, 10000.0, 0.0).f64, rot.f64);
        QVERIFY(test::maxAbsDiff(floater("mixed", 50, 8, 32, 4, 10000.0, 0.5), rot) > 1e-2);
    }

    // mlp starts from a seeded p0 ~ N(0, 1/d) per component, so |p0|^2 ~ 1 (chi-square / d).
    void mlpInitialPoint() {
        const core::Array t = floater("mlp", 3, 256, 4, 11);
        const double norm2 = t.matrix().row(0).squaredNorm();
        QVERIFY2(norm2 > 0.7 && norm2 < 1.3, qPrintable(QString::number(norm2)));
        QVERIFY((t.matrix().row(1) - t.matrix().row(0)).norm() > 1e-3);  // it moves
    }

    void similarityIsGram_data() {
        QTest::addColumn<QString>("dynamics");
        QTest::newRow("rotation") << "rotation";
        QTest::newRow("mlp") << "mlp";
        QTest::newRow("mixed") << "mixed";
    }
    void similarityIsGram() {
        QFETCH(QString, dynamics);
        const Values p = {{"dynamics", dynamics.toStdString()},
                          {"n", std::int64_t(30)},
                          {"d", std::int64_t(10)},
                          {"steps_per_unit", std::int64_t(8)}};
        const core::Array t = computeOk("floater", "table", p);
        const core::Array s = computeOk("floater", "similarity", p);
        QCOMPARE(s.shape, (core::Shape{30, 30}));
        const core::RowMatrix g = t.matrix() * t.matrix().transpose();
        QVERIFY((s.matrix() - g).cwiseAbs().maxCoeff() <
                1e-12 * std::max(1.0, g.cwiseAbs().maxCoeff()));
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<core::ParamValue>("value");
        QTest::addColumn<QString>("why");
        QTest::newRow("odd d") << "d" << core::ParamValue(std::int64_t(7)) << "even";
        QTest::newRow("odd d, mlp") << "d" << core::ParamValue(std::int64_t(9)) << "even";
        QTest::newRow("steps 0") << "steps_per_unit" << core::ParamValue(std::int64_t(0))
                                 << "too small";
        QTest::newRow("hidden 0") << "hidden" << core::ParamValue(std::int64_t(0)) << "too small";
        QTest::newRow("scale < 0") << "scale" << core::ParamValue(-1.0) << "too small";
        QTest::newRow("lambda < 0") << "lambda" << core::ParamValue(-0.5) << "too small";
        QTest::newRow("base 1") << "base" << core::ParamValue(1.0) << "too small";
        QTest::newRow("dynamics") << "dynamics" << core::ParamValue(std::string("spiral"))
                                  << "unknown choice";
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(core::ParamValue, value);
        QFETCH(QString, why);
        Values p = {{key.toStdString(), value}};
        if (QByteArray(QTest::currentDataTag()) == "odd d, mlp")
            p.emplace_back("dynamics", std::string("mlp"));
        const std::string msg = test::computeError("floater", "table", p);
        QVERIFY2(msg.find("'" + key.toStdString() + "' = " + core::formatValue(value)) !=
                     std::string::npos,
                 msg.c_str());
        QVERIFY2(msg.find(why.toStdString()) != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstFloater)
#include "tst_floater.moc"
