// Properties of the oscillatory-integral argument (A15): the integral against closed forms
// (linear: sin(x)/x; power with 1/alpha = 2 or 3: elementary) and against an exact identity of
// the exp family, the sum as a Riemann sum converging to the integral, the sum equal to the
// sinusoidal similarity, the decay, and the parameter limits.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;

namespace {

using Values = std::vector<std::pair<std::string, core::ParamValue>>;

Values params(const char* family, double alpha, std::int64_t maxDistance, std::int64_t d = 64,
              double base = 10000.0) {
    return {{"family", std::string(family)},
            {"alpha", alpha},
            {"max_distance", maxDistance},
            {"d", d},
            {"base", base}};
}

}  // namespace

class TstOscillatory : public QObject {
    Q_OBJECT
private slots:
    void atZero_data() {
        QTest::addColumn<QString>("family");
        QTest::addColumn<double>("alpha");
        QTest::newRow("exp") << "exp" << 2.0;
        QTest::newRow("power 2") << "power" << 2.0;
        QTest::newRow("power 0.3") << "power" << 0.3;
        QTest::newRow("linear") << "linear" << 2.0;
    }
    // cos(0) = 1: the integral over [0, 1] is 1 and the normalised sum is exactly 1.
    void atZero() {
        QFETCH(QString, family);
        QFETCH(double, alpha);
        const auto p = params(qPrintable(family), alpha, 0);
        const core::Array i = computeOk("oscillatory", "integral", p);
        const core::Array s = computeOk("oscillatory", "sum", p);
        QCOMPARE(i.shape, (core::Shape{1}));
        QVERIFY(std::abs(i.at(0) - 1.0) < 1e-15);
        QCOMPARE(s.at(0), 1.0);
    }

    void linearIsSinc_data() {
        QTest::addColumn<qint64>("maxDistance");
        QTest::newRow("2000") << qint64(2000);
        QTest::newRow("the limit 100000") << qint64(100000);
    }
    // theta(t) = t: int_0^1 cos(x t) dt = sin(x) / x, both for small x (direct quadrature) and
    // large x (deformed path).
    void linearIsSinc() {
        QFETCH(qint64, maxDistance);
        const core::Array a =
            computeOk("oscillatory", "integral", params("linear", 2.0, maxDistance));
        QCOMPARE(a.size(), maxDistance + 1);
        double worst = 0;
        for (qint64 x = 1; x <= maxDistance; ++x)
            worst = std::max(worst, std::abs(a.at(x) - std::sin(double(x)) / double(x)));
        QVERIFY2(worst < 1e-10, qPrintable(QString("max error %1").arg(worst)));
    }

    // theta(t) = t^alpha with u = t^alpha: int_0^1 cos(x t^alpha) dt = s int_0^1 u^(s-1) cos(xu)
    // du, s = 1/alpha, elementary for s = 1, 2, 3.
    void powerClosedForms_data() {
        QTest::addColumn<double>("alpha");
        QTest::newRow("alpha 1") << 1.0;
        QTest::newRow("alpha 1/2") << 0.5;
        QTest::newRow("alpha 1/3") << 1.0 / 3.0;
    }
    void powerClosedForms() {
        QFETCH(double, alpha);
        const qint64 m = 5000;
        const core::Array a = computeOk("oscillatory", "integral", params("power", alpha, m));
        double worst = 0;
        for (qint64 k = 1; k <= m; ++k) {
            const double x = double(k), sx = std::sin(x), cx = std::cos(x);
            double want = sx / x;
            if (alpha == 0.5) want = 2.0 * (sx / x + (cx - 1.0) / (x * x));
            if (alpha < 0.4) want = 3.0 * (sx / x + 2.0 * cx / (x * x) - 2.0 * sx / (x * x * x));
            worst = std::max(worst, std::abs(a.at(k) - want));
        }
        QVERIFY2(worst < 1e-10, qPrintable(QString("max error %1").arg(worst)));
    }

    // exp family, F_B(x) = int_0^1 cos(x B^-t) dt. Substituting t' = 2t:
    //   2 F_{B^2}(x) = int_0^2 cos(x B^-t') dt' = F_B(x) + F_B(x / B),
    // checked at x = B k so that every argument is an exported integer distance.
    void expSelfSimilar_data() {
        QTest::addColumn<qint64>("b");
        QTest::newRow("B 2") << qint64(2);
        QTest::newRow("B 4") << qint64(4);
        QTest::newRow("B 10") << qint64(10);
    }
    void expSelfSimilar() {
        QFETCH(qint64, b);
        const qint64 m = 20000;
        const core::Array fb =
            computeOk("oscillatory", "integral", params("exp", 2.0, m, 64, double(b)));
        const core::Array fb2 =
            computeOk("oscillatory", "integral", params("exp", 2.0, m, 64, double(b * b)));
        double worst = 0;
        for (qint64 k = 0; k * b <= m; ++k)
            worst = std::max(worst, std::abs(2.0 * fb2.at(k * b) - fb.at(k * b) - fb.at(k)));
        QVERIFY2(worst < 3e-10, qPrintable(QString("max error %1").arg(worst)));
    }

    void sumApproachesIntegral_data() {
        QTest::addColumn<QString>("family");
        QTest::addColumn<double>("alpha");
        QTest::newRow("exp") << "exp" << 2.0;
        QTest::newRow("power 2") << "power" << 2.0;
        QTest::newRow("power 0.5") << "power" << 0.5;
        QTest::newRow("linear") << "linear" << 2.0;
    }
    // The sum is the left Riemann sum with step h = 2/d, so |sum - integral| <= h TV(cos(x theta))
    // <= (2/d) x |theta(1) - theta(0)| at every x, and the error shrinks as d grows.
    void sumApproachesIntegral() {
        QFETCH(QString, family);
        QFETCH(double, alpha);
        const qint64 m = 256;
        const double range = family == "exp" ? 1.0 - 1e-4 : 1.0;
        double worst[2] = {0, 0};
        int slot = 0;
        for (qint64 d : {64, 1024}) {
            const auto p = params(qPrintable(family), alpha, m, d);
            const core::Array s = computeOk("oscillatory", "sum", p);
            const core::Array i = computeOk("oscillatory", "integral", p);
            for (qint64 x = 0; x <= m; ++x) {
                const double err = std::abs(s.at(x) - i.at(x));
                QVERIFY(err <= 2.0 / double(d) * double(x) * range + 1e-12);
                worst[slot] = std::max(worst[slot], err);
            }
            ++slot;
        }
        QVERIFY2(worst[1] < worst[0] / 4 && worst[1] < 0.01,
                 qPrintable(QString("d=64: %1, d=1024: %2").arg(worst[0]).arg(worst[1])));
    }

    // With theta = base^(-t) the sum is the sinusoidal inner product <p_x, p_0> divided by d/2.
    void sumIsSinusoidalSimilarity_data() {
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::newRow("d 64") << qint64(64) << 10000.0;
        QTest::newRow("d 128 base 500") << qint64(128) << 500.0;
        QTest::newRow("d 2") << qint64(2) << 10000.0;
    }
    void sumIsSinusoidalSimilarity() {
        QFETCH(qint64, d);
        QFETCH(double, base);
        const qint64 m = 300;
        const core::Array s = computeOk("oscillatory", "sum", params("exp", 2.0, m, d, base));
        const core::Array sim =
            computeOk("sinusoidal", "similarity",
                      {{"n", std::int64_t(m + 1)}, {"d", std::int64_t(d)}, {"base", base}});
        const auto S = sim.matrix();
        for (qint64 x = 0; x <= m; ++x)
            QVERIFY(std::abs(s.at(x) - 2.0 / double(d) * S(x, 0)) < 1e-12);
    }

    // Long-range decay: far distances have much smaller |integral| than near ones.
    void decays_data() { atZero_data(); }
    void decays() {
        QFETCH(QString, family);
        QFETCH(double, alpha);
        const qint64 m = 4096;
        const core::Array a =
            computeOk("oscillatory", "integral", params(qPrintable(family), alpha, m));
        double nearMax = 0, farMax = 0;
        for (qint64 x = 1; x <= m / 8; ++x) nearMax = std::max(nearMax, std::abs(a.at(x)));
        for (qint64 x = m / 2; x <= m; ++x) farMax = std::max(farMax, std::abs(a.at(x)));
        QVERIFY2(farMax < nearMax / 4,
                 qPrintable(QString("near %1 far %2").arg(nearMax).arg(farMax)));
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("family");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<qint64>("maxDistance");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::newRow("max_distance past the limit")
            << "max_distance"
            << "exp" << 2.0 << qint64(100001) << qint64(64) << 10000.0;
        QTest::newRow("max_distance -1") << "max_distance"
                                         << "exp" << 2.0 << qint64(-1) << qint64(64) << 10000.0;
        QTest::newRow("alpha 0") << "alpha"
                                 << "power" << 0.0 << qint64(10) << qint64(64) << 10000.0;
        QTest::newRow("alpha -2") << "alpha"
                                  << "power" << -2.0 << qint64(10) << qint64(64) << 10000.0;
        QTest::newRow("odd d") << "d"
                               << "exp" << 2.0 << qint64(10) << qint64(7) << 10000.0;
        QTest::newRow("base 1") << "base"
                                << "exp" << 2.0 << qint64(10) << qint64(64) << 1.0;
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(QString, family);
        QFETCH(double, alpha);
        QFETCH(qint64, maxDistance);
        QFETCH(qint64, d);
        QFETCH(double, base);
        for (const char* q : {"sum", "integral"}) {
            const std::string msg = test::computeError(
                "oscillatory", q, params(qPrintable(family), alpha, maxDistance, d, base));
            QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
        }
        const std::string msg =
            test::computeError("oscillatory", "integral", {{"family", std::string("cubic")}});
        QVERIFY2(msg.find("'family'") != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstOscillatory)
#include "tst_oscillatory.moc"
