// Properties of the sinusoidal encoding (A1): relative shift is a rotation, similarity is
// Toeplitz, and the pitfall variants break exactly what they should.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;

class TstSinusoidal : public QObject {
    Q_OBJECT
private slots:
    void shiftIsRotation_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<qint64>("delta");
        QTest::newRow("small") << qint64(16) << qint64(8) << 10000.0 << qint64(0) << qint64(1);
        QTest::newRow("d128 delta 37")
            << qint64(300) << qint64(128) << 10000.0 << qint64(0) << qint64(37);
        QTest::newRow("base 500000")
            << qint64(257) << qint64(64) << 500000.0 << qint64(11) << qint64(5);
        QTest::newRow("up to 8192")
            << qint64(8193) << qint64(64) << 10000.0 << qint64(0) << qint64(3);
        QTest::newRow("offset to 8192")
            << qint64(192) << qint64(256) << 10000.0 << qint64(8000) << qint64(100);
    }
    // P[i + delta] = M(delta) P[i] for every i, by matrix product of the exported arrays.
    void shiftIsRotation() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(double, base);
        QFETCH(qint64, offset);
        QFETCH(qint64, delta);
        const std::vector<std::pair<std::string, core::ParamValue>> p = {
            {"n", std::int64_t(n)},
            {"d", std::int64_t(d)},
            {"base", base},
            {"offset", std::int64_t(offset)},
            {"delta", std::int64_t(delta)}};
        const core::Array t = computeOk("sinusoidal", "table", p);
        const core::Array m = computeOk("sinusoidal", "shift_matrix", p);
        QCOMPARE(t.shape, (core::Shape{n, d}));
        QCOMPARE(m.shape, (core::Shape{d, d}));
        const auto T = t.matrix();
        const auto M = m.matrix();
        const core::RowMatrix moved = T.topRows(n - delta) * M.transpose();
        const double err = (moved - T.bottomRows(n - delta)).cwiseAbs().maxCoeff();
        QVERIFY2(err < 1e-12, qPrintable(QString("max error %1").arg(err)));
        // The same check as a quantity, and the shift matrix is orthogonal.
        const core::Array e = computeOk("sinusoidal", "shift_error", p);
        QCOMPARE(e.size(), n - delta);
        QVERIFY(e.matrix().maxCoeff() < 1e-12);
        const core::RowMatrix id = M * M.transpose();
        QVERIFY((id - core::RowMatrix::Identity(d, d)).cwiseAbs().maxCoeff() < 1e-14);
    }

    // A wrong variant is not a rotation: the check must be able to fail.
    void pitfallBreaksShift_data() {
        QTest::addColumn<QString>("variant");
        QTest::newRow("per_dim_exponent") << "per_dim_exponent";
    }
    void pitfallBreaksShift() {
        QFETCH(QString, variant);
        const core::Array e =
            computeOk("sinusoidal", "shift_error",
                      {{"n", std::int64_t(64)}, {"variant", variant.toStdString()}});
        QVERIFY(e.matrix().maxCoeff() > 1e-3);
    }

    void missingNormCollapses() {
        const core::Array t =
            computeOk("sinusoidal", "table",
                      {{"n", std::int64_t(50)}, {"variant", std::string("missing_norm")}});
        // All pairs but the first have frequency <= 1e-8: sin ~ 0 and cos ~ 1 at every position.
        const auto T = t.matrix();
        for (int i = 0; i < 50; ++i)
            for (int k = 4; k < 64; k += 2) {
                QVERIFY(std::abs(T(i, k)) < 1e-6);
                QVERIFY(std::abs(T(i, k + 1) - 1.0) < 1e-6);
            }
    }

    void similarityIsToeplitz_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("64x64") << qint64(64) << qint64(64) << qint64(0);
        QTest::newRow("odd n") << qint64(77) << qint64(10) << qint64(5);
    }
    void similarityIsToeplitz() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(qint64, offset);
        const core::Array s = computeOk(
            "sinusoidal", "similarity",
            {{"n", std::int64_t(n)}, {"d", std::int64_t(d)}, {"offset", std::int64_t(offset)}});
        const auto S = s.matrix();
        for (qint64 m = 1; m < n; ++m)
            for (qint64 k = 1; k < n; ++k) QVERIFY(std::abs(S(m, k) - S(m - 1, k - 1)) < 1e-11);
        QVERIFY(std::abs(S(0, 0) - double(d) / 2) < 1e-12);  // |P_i|^2 = d/2
    }

    void frequenciesAreGeometric() {
        const core::Array f = computeOk("sinusoidal", "frequencies", {{"d", std::int64_t(16)}});
        QCOMPARE(f.size(), 8);
        QCOMPARE(f.at(0), 1.0);
        const double ratio = f.at(1) / f.at(0);
        for (int j = 1; j < 8; ++j) QVERIFY(std::abs(f.at(j) / f.at(j - 1) - ratio) < 1e-14);
        QVERIFY(std::abs(std::pow(ratio, 8) - 1e-4) < 1e-15);
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<qint64>("value");
        QTest::newRow("odd d") << "d" << qint64(7);
        QTest::newRow("delta = n") << "delta" << qint64(64);
        QTest::newRow("n = 0") << "n" << qint64(0);
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(qint64, value);
        const std::string msg =
            test::computeError("sinusoidal", "table", {{key.toStdString(), std::int64_t(value)}});
        QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstSinusoidal)
#include "tst_sinusoidal.moc"
