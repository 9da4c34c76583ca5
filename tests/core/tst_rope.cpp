// Properties of RoPE (A6) and its scalings (B3): rotation keeps norms, scores equal the dot
// products of rotated vectors and depend only on k - m, both pairings agree for q = k = ones, the
// decay bound, and what each scaling does to the frequencies.
#include <QTemporaryDir>
#include <QtTest>
#include <numbers>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using test::Values;
using test::with;

class TstRope : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::string file(const QString& name) { return m_dir.filePath(name).toStdString(); }

private slots:
    void cases_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<QString>("pairing");
        QTest::addColumn<QString>("scaling");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("interleaved") << qint64(40) << qint64(16) << "interleaved"
                                     << "none" << qint64(0) << quint64(1);
        QTest::newRow("half") << qint64(33) << qint64(64) << "half"
                              << "none" << qint64(7) << quint64(2);
        QTest::newRow("linear") << qint64(25) << qint64(32) << "half"
                                << "linear" << qint64(0) << quint64(3);
        QTest::newRow("ntk") << qint64(25) << qint64(128) << "interleaved"
                             << "ntk" << qint64(100) << quint64(4);
        QTest::newRow("dynamic") << qint64(64) << qint64(8) << "interleaved"
                                 << "dynamic" << qint64(0) << quint64(5);
        QTest::newRow("llama3") << qint64(30) << qint64(128) << "half"
                                << "llama3" << qint64(3000) << quint64(6);
        QTest::newRow("yarn") << qint64(20) << qint64(64) << "half"
                              << "yarn" << qint64(0) << quint64(7);
    }

    // |R_m x| = af |x| (af = 1 except YaRN), and scores = (R_m q) . (R_k k), Toeplitz.
    void cases() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(QString, pairing);
        QFETCH(QString, scaling);
        QFETCH(qint64, offset);
        QFETCH(quint64, seed);
        const core::RowMatrix x = test::randomMatrix(n, d, seed);
        const core::RowMatrix q = test::randomMatrix(1, d, seed + 100);
        const core::RowMatrix k = test::randomMatrix(1, d, seed + 200);
        const std::string xf = file(QString("x%1.npy").arg(seed)),
                          qf = file(QString("q%1.npy").arg(seed)),
                          kf = file(QString("k%1.npy").arg(seed));
        const std::string qt = file(QString("qt%1.npy").arg(seed)),
                          kt = file(QString("kt%1.npy").arg(seed));
        test::writeNpyFile(xf, x);
        test::writeNpyFile(qf, q, true);
        test::writeNpyFile(kf, k, true);
        test::writeNpyFile(qt, q.replicate(n, 1));
        test::writeNpyFile(kt, k.replicate(n, 1));
        const Values base = {{"n", std::int64_t(n)},
                             {"d", std::int64_t(d)},
                             {"pairing", pairing.toStdString()},
                             {"scaling", scaling.toStdString()},
                             {"factor", 8.0},
                             {"offset", std::int64_t(offset)}};
        const double af = computeOk("rope", "attention_factor", base).at(0);
        QVERIFY(scaling == "yarn" ? af > 1.2 : af == 1.0);

        const core::Array r = computeOk("rope", "rotated", with(base, {{"input", xf}}));
        QCOMPARE(r.shape, (core::Shape{n, d}));
        const auto R = r.matrix();
        for (qint64 i = 0; i < n; ++i)
            QVERIFY(std::abs(R.row(i).norm() - af * x.row(i).norm()) <
                    1e-12 * x.row(i).norm() * af);

        const core::RowMatrix rq =
            computeOk("rope", "rotated", with(base, {{"input", qt}})).matrix();
        const core::RowMatrix rk =
            computeOk("rope", "rotated", with(base, {{"input", kt}})).matrix();
        const core::Array s = computeOk("rope", "scores", with(base, {{"q", qf}, {"k", kf}}));
        QCOMPARE(s.shape, (core::Shape{n, n}));
        const core::RowMatrix direct = rq * rk.transpose();
        const double scale = direct.cwiseAbs().maxCoeff();
        QVERIFY2((s.matrix() - direct).cwiseAbs().maxCoeff() < 1e-11 * scale,
                 qPrintable(QString::number((s.matrix() - direct).cwiseAbs().maxCoeff())));
        // Depends only on k - m.
        const auto S = s.matrix();
        for (qint64 m = 1; m < n; ++m)
            for (qint64 kk = 1; kk < n; ++kk) QVERIFY(S(m, kk) == S(m - 1, kk - 1));
        // The decay curve is the q = k = ones score at distance x.
        const core::Array g =
            computeOk("rope", "decay", with(base, {{"max_distance", std::int64_t(n - 1)}}));
        const core::Array ones = computeOk("rope", "scores", base);
        for (qint64 xx = 0; xx < n; ++xx)
            QVERIFY(std::abs(g.at(xx) - ones.matrix()(0, xx)) < 1e-10 * d);
    }

    // The decay curve is computed by a re-anchored rotation recurrence; it must agree with the
    // exact sum of cos(x * theta_j) (long double) to what double angles allow: an error growing
    // like x * eps per term, nowhere near the O(1) of a wrong step.
    void decayMatchesDirectSum_data() {
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::addColumn<qint64>("maxDistance");
        QTest::newRow("d4") << qint64(4) << 10000.0 << qint64(1000);
        QTest::newRow("d128 odd length") << qint64(128) << 10000.0 << qint64(4100);
        QTest::newRow("d256 base 5e5 far") << qint64(256) << 500000.0 << qint64(131072);
    }
    void decayMatchesDirectSum() {
        QFETCH(qint64, d);
        QFETCH(double, base);
        QFETCH(qint64, maxDistance);
        const Values v = {{"d", std::int64_t(d)},
                          {"base", base},
                          {"n", std::int64_t(2)},
                          {"max_distance", std::int64_t(maxDistance)}};
        const core::Array g = computeOk("rope", "decay", v);
        const core::Array angles = computeOk("rope", "angles", v);  // row 1 holds theta_j
        QCOMPARE(g.size(), std::size_t(maxDistance + 1));
        const qint64 pairs = d / 2;
        double worst = 0;
        for (qint64 x = 0; x <= maxDistance; x += (x < 5000 ? 1 : 97)) {
            long double direct = 0;
            for (qint64 j = 0; j < pairs; ++j)
                direct += std::cos(static_cast<long double>(x) *
                                   static_cast<long double>(angles.at(pairs + j)));
            const double err = std::abs(g.at(x) - 2.0 * static_cast<double>(direct));
            worst = std::max(worst, err / (static_cast<double>(d) *
                                           std::max<double>(1.0, static_cast<double>(x))));
        }
        QVERIFY2(worst < 1e-15, qPrintable(QString::number(worst)));
    }

    void pairingsAgreeForOnes_data() {
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::newRow("d4") << qint64(4) << 10000.0;
        QTest::newRow("d128") << qint64(128) << 10000.0;
        QTest::newRow("d256 base 5e5") << qint64(256) << 500000.0;
    }
    void pairingsAgreeForOnes() {
        QFETCH(qint64, d);
        QFETCH(double, base);
        const Values v = {{"n", std::int64_t(50)}, {"d", std::int64_t(d)}, {"base", base}};
        const core::Array a =
            computeOk("rope", "scores", with(v, {{"pairing", std::string("interleaved")}}));
        const core::Array b =
            computeOk("rope", "scores", with(v, {{"pairing", std::string("half")}}));
        QVERIFY(test::maxAbsDiff(a, b) < 1e-12);
        // ... while the rotated tables themselves differ (the layouts are not the same).
        const core::Array ra =
            computeOk("rope", "rotated", with(v, {{"pairing", std::string("interleaved")}}));
        const core::Array rb =
            computeOk("rope", "rotated", with(v, {{"pairing", std::string("half")}}));
        QVERIFY(test::maxAbsDiff(ra, rb) > 1e-3);
    }

    void decayBound_data() {
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("expected");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("notes: d 256, base 10000") << qint64(256) << 10000.0 << 14617.39 << 0.01;
    }
    void decayBound() {
        QFETCH(qint64, d);
        QFETCH(double, base);
        QFETCH(double, expected);
        QFETCH(double, tolerance);
        const Values v = {
            {"d", std::int64_t(d)}, {"base", base}, {"max_distance", std::int64_t(20000)}};
        const double bound = computeOk("rope", "decay_bound", v).at(0);
        QVERIFY2(std::abs(bound - expected) < tolerance,
                 qPrintable(QString::number(bound, 'f', 4)));
        // Below the bound the slowest term cos(x theta_min) is positive and decreasing.
        const core::Array th = computeOk("rope", "frequencies", v);
        const double thetaMin = th.at(th.size() - 1);
        QVERIFY(std::cos(std::floor(bound) * thetaMin) > 0);
        QVERIFY(std::cos(std::ceil(bound) * thetaMin) < 0);
        // Raising the base moves the bound out.
        const double bigger =
            computeOk("rope", "decay_bound", {{"d", std::int64_t(d)}, {"base", base * 50}}).at(0);
        QVERIFY(bigger > bound * 10);
    }

    // d = 4 is periodic-looking (no decay), d = 256 decays: compare the tail's size.
    void decayNeedsManyDimensions() {
        auto tail = [](std::int64_t d) {
            const core::Array g =
                computeOk("rope", "decay", {{"d", d}, {"max_distance", std::int64_t(4096)}});
            double m = 0;
            for (std::int64_t x = 2048; x <= 4096; ++x) m = std::max(m, std::abs(g.at(x)));
            return m / g.at(0);
        };
        QVERIFY(tail(4) > 0.5);
        QVERIFY(tail(256) < 0.2);
    }

    void scalings_data() {
        QTest::addColumn<QString>("scaling");
        QTest::newRow("linear") << "linear";
        QTest::newRow("ntk") << "ntk";
        QTest::newRow("dynamic") << "dynamic";
        QTest::newRow("yarn") << "yarn";
        QTest::newRow("llama3") << "llama3";
    }
    // Every scaling keeps the highest frequency (except linear), lowers the others, never raises.
    void scalings() {
        QFETCH(QString, scaling);
        const double factor = 8;
        const Values v = {{"d", std::int64_t(128)},
                          {"n", std::int64_t(16384)},
                          {"factor", factor},
                          {"original_max_position", std::int64_t(2048)}};
        const core::Array plain = computeOk("rope", "frequencies", v);
        const core::Array scaled =
            computeOk("rope", "frequencies", with(v, {{"scaling", scaling.toStdString()}}));
        const std::int64_t half = plain.size();
        for (std::int64_t j = 0; j < half; ++j) QVERIFY(scaled.at(j) <= plain.at(j) * (1 + 1e-15));
        if (scaling == "linear") {
            for (std::int64_t j = 0; j < half; ++j)
                QVERIFY(std::abs(scaled.at(j) * factor - plain.at(j)) < 1e-15);
        } else {
            QCOMPARE(scaled.at(0), plain.at(0));
        }
        // The lowest frequency is divided by about the factor (NTK: exactly, by construction).
        const double ratio = plain.at(half - 1) / scaled.at(half - 1);
        if (scaling == "ntk") QVERIFY(std::abs(ratio - factor) < 1e-9 * factor);
        if (scaling == "yarn" || scaling == "llama3")
            QVERIFY(std::abs(ratio - factor) < 1e-12 * factor);
        if (scaling == "dynamic") QVERIFY(ratio > factor);  // n = 8 L: base grows further
        // The wavelength of every pair under llama3 is in one of the three bands.
        if (scaling == "llama3") {
            for (std::int64_t j = 0; j < half; ++j) {
                const double wl = 2 * std::numbers::pi / plain.at(j);
                if (wl < 2048.0 / 4)
                    QCOMPARE(scaled.at(j), plain.at(j));
                else if (wl > 2048.0)
                    QVERIFY(std::abs(scaled.at(j) * factor - plain.at(j)) < 1e-15);
                else
                    QVERIFY(scaled.at(j) > plain.at(j) / factor && scaled.at(j) < plain.at(j));
            }
        }
    }

    void dynamicUnchangedWithinContext() {
        const Values v = {{"d", std::int64_t(64)}, {"n", std::int64_t(2048)}, {"factor", 4.0}};
        QCOMPARE(test::maxAbsDiff(computeOk("rope", "frequencies", v),
                                  computeOk("rope", "frequencies",
                                            with(v, {{"scaling", std::string("dynamic")}}))),
                 0.0);
    }

    void yarnAttentionFactorSquaredInScores() {
        const Values v = {{"n", std::int64_t(8)},
                          {"d", std::int64_t(16)},
                          {"scaling", std::string("yarn")},
                          {"factor", 16.0}};
        const double af = computeOk("rope", "attention_factor", v).at(0);
        QVERIFY(std::abs(af - (0.1 * std::log(16.0) + 1)) < 1e-15);
        // S[m,m] = |R q|^2 = af^2 |q|^2 = af^2 d for ones.
        QVERIFY(std::abs(computeOk("rope", "scores", v).at(0) - af * af * 16) < 1e-12);
        QVERIFY(std::abs(computeOk("rope", "decay", v).at(0) - af * af * 16) < 1e-12);
    }

    void rotationView() {
        const Values v = {{"d", std::int64_t(8)}, {"position", std::int64_t(5)}};
        const core::Array rot = computeOk("rope", "rotation", v);
        const core::Array ang = computeOk("rope", "angles", with(v, {{"n", std::int64_t(6)}}));
        QCOMPARE(rot.shape, (core::Shape{4, 2}));
        for (int j = 0; j < 4; ++j) {
            // (1, 1) rotated by angle a: its polar angle is pi/4 + a, its length sqrt(2).
            const double x = rot.matrix()(j, 0), y = rot.matrix()(j, 1);
            QVERIFY(std::abs(std::hypot(x, y) - std::sqrt(2.0)) < 1e-14);
            const double a = ang.matrix()(5, j);
            QVERIFY(std::abs(std::remainder(std::atan2(y, x) - std::numbers::pi / 4 - a,
                                            2 * std::numbers::pi)) < 1e-12);
        }
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("named");
        QTest::newRow("odd d") << "d"
                               << "63"
                               << "d";
        QTest::newRow("factor < 1") << "factor"
                                    << "0.5"
                                    << "factor";
        QTest::newRow("yarn betas") << "beta_slow"
                                    << "40"
                                    << "beta_fast";
        QTest::newRow("llama3 band") << "low_freq_factor"
                                     << "8"
                                     << "high_freq_factor";
        QTest::newRow("missing input") << "input"
                                       << "/nonexistent/x.npy"
                                       << "input";
        QTest::newRow("ntk d 2") << "d"
                                 << "2"
                                 << "d";
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, named);
        const auto* enc = core::registry().find("rope");
        QVERIFY(enc);
        std::string scaling = key == "beta_slow"           ? "yarn"
                              : key == "low_freq_factor"   ? "llama3"
                              : key == "d" && value == "2" ? "ntk"
                                                           : "linear";
        auto p = core::parseParams(
            *enc, {{key.toStdString(), value.toStdString()}, {"scaling", scaling}});
        QVERIFY(p.ok());
        auto prepared = core::prepare(*enc, "rotated", *p);
        QVERIFY(!prepared.ok());
        QVERIFY2(
            prepared.error().message.find("'" + named.toStdString() + "'") != std::string::npos,
            prepared.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TstRope)
#include "tst_rope.moc"

#include "core/compute.h"
