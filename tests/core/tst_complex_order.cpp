// Properties of the complex-order embedding (A5): |f_k| = r, the similarity depends only on m - n
// and equals Re(f f^H) built from the real and imaginary parts, seeded frequencies and phases.
#include <QtTest>

#include <complex>
#include <numbers>

#include "tests/core/test_util.h"

Q_DECLARE_METATYPE(poslab::core::ParamValue)

using namespace poslab;
using test::computeOk;

namespace {
using Values = std::vector<std::pair<std::string, core::ParamValue>>;
}  // namespace

class TstComplexOrder : public QObject {
    Q_OBJECT
private:
    static void addCases() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("amplitude");
        QTest::addColumn<QString>("phase");
        QTest::addColumn<QString>("frequency");
        QTest::addColumn<qint64>("seed");
        QTest::newRow("default") << qint64(64) << qint64(64) << 10000.0 << 1.0 << "zero"
                                 << "geometric" << qint64(0);
        QTest::newRow("seeded phase") << qint64(40) << qint64(8) << 10000.0 << 1.5 << "seeded"
                                      << "geometric" << qint64(3);
        QTest::newRow("seeded frequency") << qint64(50) << qint64(16) << 10000.0 << 0.5 << "zero"
                                          << "seeded" << qint64(9);
        QTest::newRow("both seeded, base 100")
            << qint64(33) << qint64(5) << 100.0 << 2.0 << "seeded"
            << "seeded" << qint64(12345);
    }
    static Values values(qint64 n, qint64 d, double base, double amplitude, const QString& phase,
                         const QString& frequency, qint64 seed) {
        return {{"n", std::int64_t(n)},
                {"d", std::int64_t(d)},
                {"base", base},
                {"amplitude", amplitude},
                {"phase", phase.toStdString()},
                {"frequency", frequency.toStdString()},
                {"seed", std::int64_t(seed)}};
    }

private slots:
    void similarity_data() { addCases(); }
    // S[m, k] depends only on m - k; S = Re(f f^H) = Re Re^T + Im Im^T; S[m, m] = d r^2.
    void similarity() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(double, base);
        QFETCH(double, amplitude);
        QFETCH(QString, phase);
        QFETCH(QString, frequency);
        QFETCH(qint64, seed);
        const Values p = values(n, d, base, amplitude, phase, frequency, seed);
        const core::Array re = computeOk("complex_order", "real", p);
        const core::Array im = computeOk("complex_order", "imag", p);
        const core::Array s = computeOk("complex_order", "similarity", p);
        QCOMPARE(re.shape, (core::Shape{n, d}));
        QCOMPARE(im.shape, (core::Shape{n, d}));
        QCOMPARE(s.shape, (core::Shape{n, n}));
        // f f^H with complex arithmetic, from the exported parts.
        using C = std::complex<double>;
        Eigen::Matrix<C, Eigen::Dynamic, Eigen::Dynamic> f(n, d);
        for (qint64 i = 0; i < n; ++i)
            for (qint64 k = 0; k < d; ++k) f(i, k) = C(re.matrix()(i, k), im.matrix()(i, k));
        const Eigen::MatrixXd expected = (f * f.adjoint()).real();
        const auto S = s.matrix();
        const double scale = double(d) * amplitude * amplitude;
        QVERIFY((S - expected).cwiseAbs().maxCoeff() < 1e-12 * scale);
        for (qint64 m = 1; m < n; ++m)
            for (qint64 k = 1; k < n; ++k)
                QVERIFY2(std::abs(S(m, k) - S(m - 1, k - 1)) < 1e-11 * scale,
                         qPrintable(QString("m %1 k %2").arg(m).arg(k)));
        for (qint64 m = 0; m < n; ++m) QVERIFY(std::abs(S(m, m) - scale) < 1e-12 * scale);
        // Symmetric: cos is even.
        QVERIFY((S - S.transpose()).cwiseAbs().maxCoeff() < 1e-12 * scale);
    }

    void tableInterleavesParts_data() { addCases(); }
    // table[:, 2k] = Re f_k, table[:, 2k+1] = Im f_k, |f_k(pos)| = r, and the phase advances by
    // the same w_k at every step (f(pos + 1) = f(pos) exp(i w_k)).
    void tableInterleavesParts() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(double, base);
        QFETCH(double, amplitude);
        QFETCH(QString, phase);
        QFETCH(QString, frequency);
        QFETCH(qint64, seed);
        const Values p = values(n, d, base, amplitude, phase, frequency, seed);
        const core::Array re = computeOk("complex_order", "real", p);
        const core::Array im = computeOk("complex_order", "imag", p);
        const core::Array t = computeOk("complex_order", "table", p);
        QCOMPARE(t.shape, (core::Shape{n, 2 * d}));
        using C = std::complex<double>;
        for (qint64 k = 0; k < d; ++k) {
            const C step =
                C(re.matrix()(1, k), im.matrix()(1, k)) / C(re.matrix()(0, k), im.matrix()(0, k));
            const double w = std::arg(step);
            if (frequency == "geometric")
                QVERIFY(std::abs(w - std::pow(base, -double(k) / double(d))) < 1e-12);
            else
                QVERIFY2(w > 0 && w <= 1.0 + 1e-12, qPrintable(QString::number(w)));
            for (qint64 i = 0; i < n; ++i) {
                QCOMPARE(t.matrix()(i, 2 * k), re.matrix()(i, k));
                QCOMPARE(t.matrix()(i, 2 * k + 1), im.matrix()(i, k));
                const C z(re.matrix()(i, k), im.matrix()(i, k));
                QVERIFY(std::abs(std::abs(z) - amplitude) < 1e-12 * amplitude);
                if (i > 0) {
                    const C prev(re.matrix()(i - 1, k), im.matrix()(i - 1, k));
                    QVERIFY(std::abs(z - prev * step) < 1e-9 * amplitude);
                }
            }
        }
    }

    // The closed form of the spec for the geometric frequencies: S[m, k] = sum r^2 cos(w (m-k)).
    void closedForm() {
        const double base = 500.0, r = 1.25;
        const qint64 n = 30, d = 12;
        const core::Array s = computeOk("complex_order", "similarity",
                                        {{"n", std::int64_t(n)},
                                         {"d", std::int64_t(d)},
                                         {"base", base},
                                         {"amplitude", r},
                                         {"phase", std::string("seeded")}});
        double err = 0;
        for (qint64 m = 0; m < n; ++m)
            for (qint64 k = 0; k < n; ++k) {
                double v = 0;
                for (qint64 j = 0; j < d; ++j)
                    v += r * r * std::cos(std::pow(base, -double(j) / double(d)) * double(m - k));
                err = std::max(err, std::abs(s.matrix()(m, k) - v));
            }
        QVERIFY2(err < 1e-12, qPrintable(QString::number(err)));
    }

    // Zero phase starts every dimension at r + 0i; seeded phases lie in [0, 2 pi) and move row 0.
    void phases() {
        const core::Array re0 = computeOk("complex_order", "real", {{"amplitude", 2.0}});
        const core::Array im0 = computeOk("complex_order", "imag", {{"amplitude", 2.0}});
        for (qint64 k = 0; k < 64; ++k) {
            QCOMPARE(re0.matrix()(0, k), 2.0);
            QCOMPARE(im0.matrix()(0, k), 0.0);
        }
        const Values seeded = {{"phase", std::string("seeded")}, {"seed", std::int64_t(4)}};
        const core::Array re = computeOk("complex_order", "real", seeded);
        const core::Array im = computeOk("complex_order", "imag", seeded);
        double spread = 0;
        for (qint64 k = 0; k < 64; ++k) {
            double theta = std::atan2(im.matrix()(0, k), re.matrix()(0, k));
            if (theta < 0) theta += 2 * std::numbers::pi;
            spread = std::max(spread, theta);
        }
        QVERIFY(spread > 3.0);  // 64 uniform phases: the largest is above pi almost surely
    }

    void seedDeterminism_data() {
        QTest::addColumn<QString>("phase");
        QTest::addColumn<QString>("frequency");
        QTest::addColumn<bool>("seeded");
        QTest::newRow("zero/geometric") << "zero"
                                        << "geometric" << false;
        QTest::newRow("seeded/geometric") << "seeded"
                                          << "geometric" << true;
        QTest::newRow("zero/seeded") << "zero"
                                     << "seeded" << true;
        QTest::newRow("seeded/seeded") << "seeded"
                                       << "seeded" << true;
    }
    // Same seed: identical; another seed: different exactly when something is seeded.
    void seedDeterminism() {
        QFETCH(QString, phase);
        QFETCH(QString, frequency);
        QFETCH(bool, seeded);
        auto table = [&](std::int64_t seed) {
            return computeOk("complex_order", "table",
                             {{"phase", phase.toStdString()},
                              {"frequency", frequency.toStdString()},
                              {"seed", seed},
                              {"n", std::int64_t(20)},
                              {"d", std::int64_t(10)}});
        };
        QCOMPARE(table(8).f64, table(8).f64);
        const double diff = test::maxAbsDiff(table(8), table(9));
        if (seeded)
            QVERIFY(diff > 1e-3);
        else
            QCOMPARE(diff, 0.0);
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<core::ParamValue>("value");
        QTest::newRow("amplitude < 0") << "amplitude" << core::ParamValue(-1.0);
        QTest::newRow("phase") << "phase" << core::ParamValue(std::string("random"));
        QTest::newRow("frequency") << "frequency" << core::ParamValue(std::string("linear"));
        QTest::newRow("d = 1") << "d" << core::ParamValue(std::int64_t(1));
        QTest::newRow("n = 0") << "n" << core::ParamValue(std::int64_t(0));
        QTest::newRow("base 0.5") << "base" << core::ParamValue(0.5);
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(core::ParamValue, value);
        for (const char* qty : {"real", "imag", "table", "similarity"}) {
            const std::string msg =
                test::computeError("complex_order", qty, {{key.toStdString(), value}});
            QVERIFY2(msg.find("'" + key.toStdString() + "' = " + core::formatValue(value)) !=
                         std::string::npos,
                     msg.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TstComplexOrder)
#include "tst_complex_order.moc"
