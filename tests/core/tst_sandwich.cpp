// Properties of Sandwich (spec E5), checked against NVIDIA NeMo's
// SandwichRelativePositionEmbedding (nemo/collections/nlp/modules/common/megatron/
// position_embedding/sandwich_relative_position_embedding.py): inv_freq = 1 / 10000^(2 k / d)
// for k = arange(1, d/2 + 1), the bias sum_k cos(x inv_freq_k), then (bias - d/2) /
// (h_scale * 8 / heads) with h_scale = 1 .. heads. Also: P(0) = 0, P <= 0, P + d/2 the inner
// product of two sinusoids at distance x (from the sinusoidal encoding's own table), the bias a
// function of |i - j| only, the causal mask.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using test::Values;

class TstSandwich : public QObject {
    Q_OBJECT
private slots:
    // w_k = base^(-2k/d), k = 1 .. d/2: the sinusoidal encoding's frequencies one step on.
    void frequencies_data() {
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::newRow("64") << qint64(64) << 10000.0;
        QTest::newRow("8, base 500") << qint64(8) << 500.0;
        QTest::newRow("130") << qint64(130) << 10000.0;
    }
    void frequencies() {
        QFETCH(qint64, d);
        QFETCH(double, base);
        const Values p{{"d", std::int64_t(d)}, {"base", base}};
        const auto w = computeOk("sandwich", "frequencies", p);
        const auto s = computeOk("sinusoidal", "frequencies", p);
        QCOMPARE(w.shape, (core::Shape{d / 2}));
        for (qint64 k = 1; k <= d / 2; ++k) {
            const double want = std::pow(base, -2.0 * double(k) / double(d));
            QVERIFY(std::abs(w.at(k - 1) - want) <= 1e-15 * want);
            if (k < d / 2) QCOMPARE(w.at(k - 1), s.at(k));  // sinusoidal's pair j = k
        }
        QCOMPARE(w.at(d / 2 - 1), 1.0 / base);  // the slowest: exactly 1/base
    }

    // NeMo's numbers at d = 4, base 10000 (inv_freq 0.01, 0.0001), float64 Python:
    // P(100) = cos(1) + cos(0.01) - 2 = -0.45974769371519497; P(1000) = cos(10) + cos(0.1) - 2 =
    // -1.8440673637984266; heads 8 divide by 1, 2, ..., 8.
    void nemoValues_data() {
        QTest::addColumn<qint64>("x");
        QTest::addColumn<double>("want");
        QTest::newRow("0") << qint64(0) << 0.0;
        QTest::newRow("100") << qint64(100) << -0.45974769371519497;
        QTest::newRow("1000") << qint64(1000) << -1.8440673637984266;
    }
    void nemoValues() {
        QFETCH(qint64, x);
        QFETCH(double, want);
        const Values p{
            {"d", std::int64_t(4)}, {"n", std::int64_t(1001)}, {"heads", std::int64_t(8)}};
        const auto prof = computeOk("sandwich", "profile", p);
        QVERIFY(std::abs(prof.at(x) - want) <= 1e-15);
        const auto scales = computeOk("sandwich", "scales", p);
        const auto b = computeOk("sandwich", "bias", p);
        for (qint64 h = 0; h < 8; ++h) {
            QCOMPARE(scales.at(h), double(h + 1));
            QCOMPARE(b.f64[std::size_t((h * 1001 + x) * 1001)], prof.at(x) / double(h + 1));
        }
    }

    // P(0) = 0 exactly, P <= 0 everywhere, and P + d/2 = p_i . p_j summed over the pairs k = 1 ..
    // d/2: the sinusoidal encoding with d + 2 dimensions and base^((d+2)/d) has the frequencies
    // w_0 = 1, w_1, ..., w_(d/2); its table without pair 0 gives the inner products.
    void profileIsSinusoidInnerProduct_data() {
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::newRow("64") << qint64(64) << 10000.0;
        QTest::newRow("16, base 100") << qint64(16) << 100.0;
        QTest::newRow("2") << qint64(2) << 10000.0;
    }
    void profileIsSinusoidInnerProduct() {
        QFETCH(qint64, d);
        QFETCH(double, base);
        const qint64 n = 300;
        const auto prof = computeOk(
            "sandwich", "profile",
            {{"d", std::int64_t(d)}, {"base", base}, {"max_distance", std::int64_t(n - 1)}});
        QCOMPARE(prof.shape, (core::Shape{n}));
        QCOMPARE(prof.at(0), 0.0);
        for (qint64 x = 0; x < n; ++x) QVERIFY(prof.at(x) <= 0);
        const auto t = computeOk("sinusoidal", "table",
                                 {{"n", std::int64_t(n)},
                                  {"d", std::int64_t(d + 2)},
                                  {"base", std::pow(base, double(d + 2) / double(d))}});
        for (qint64 i : {0, 1, 17, 150})
            for (qint64 j = 0; j < n; ++j) {
                double dot = 0;
                for (qint64 c = 2; c < d + 2; ++c)
                    dot +=
                        t.f64[std::size_t(i * (d + 2) + c)] * t.f64[std::size_t(j * (d + 2) + c)];
                const double got = prof.at(std::abs(i - j)) + double(d / 2);
                QVERIFY2(
                    std::abs(got - dot) <= 1e-12 * double(d),
                    qPrintable(QString("i %1 j %2: %3 vs %4").arg(i).arg(j).arg(got).arg(dot)));
            }
    }

    // bias[h, i, j] = P(|i - j|) / rho_h with rho_h = 8 (h + 1) / heads; causal: -inf where j > i.
    void bias_data() {
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<bool>("causal");
        QTest::newRow("8") << qint64(8) << false;
        QTest::newRow("8 causal") << qint64(8) << true;
        QTest::newRow("3 causal") << qint64(3) << true;
        QTest::newRow("1") << qint64(1) << false;
    }
    void bias() {
        QFETCH(qint64, heads);
        QFETCH(bool, causal);
        const qint64 n = 45;
        const Values p{{"n", std::int64_t(n)},
                       {"heads", std::int64_t(heads)},
                       {"causal", causal},
                       {"d", std::int64_t(16)}};
        const auto b = computeOk("sandwich", "bias", p);
        const auto prof = computeOk("sandwich", "profile", p);
        const auto rho = computeOk("sandwich", "scales", p);
        QCOMPARE(b.shape, (core::Shape{heads, n, n}));
        for (qint64 h = 0; h < heads; ++h) {
            QCOMPARE(rho.at(h), 8.0 * double(h + 1) / double(heads));
            for (qint64 i = 0; i < n; ++i)
                for (qint64 j = 0; j < n; ++j) {
                    const double v = b.f64[std::size_t((h * n + i) * n + j)];
                    if (causal && j > i)
                        QVERIFY(std::isinf(v) && v < 0);
                    else
                        QCOMPARE(v, prof.at(std::abs(i - j)) / rho.at(h));
                }
        }
    }

    // head_profiles[h] = P / rho_h; receptive_field[h] = the first x with it below threshold
    // (max_distance + 1 when none: the later heads, whose floor -d/(2 rho_h) is above it).
    void headProfilesAndReceptiveField() {
        const Values p{{"d", std::int64_t(16)},
                       {"heads", std::int64_t(8)},
                       {"max_distance", std::int64_t(3000)},
                       {"threshold", -3.0}};
        const auto hp = computeOk("sandwich", "head_profiles", p);
        const auto prof = computeOk("sandwich", "profile", p);
        const auto rf = computeOk("sandwich", "receptive_field", p);
        QCOMPARE(hp.shape, (core::Shape{8, 3001}));
        for (qint64 h = 0; h < 8; ++h) {
            qint64 first = 3001;
            for (qint64 x = 0; x < 3001; ++x) {
                const double v = hp.f64[std::size_t(h * 3001 + x)];
                QCOMPARE(v, prof.at(x) / (double(h + 1)));
                if (first == 3001 && v < -3.0) first = x;
            }
            QCOMPARE(rf.i64[std::size_t(h)], std::int64_t(first));
        }
        QVERIFY(rf.i64[0] < 3001);                // head 0 reaches -8 at most: it crosses -3
        QCOMPARE(rf.i64[7], std::int64_t(3001));  // head 7's floor is -1
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<qint64>("value");
        QTest::newRow("d odd") << "d" << qint64(63);
        QTest::newRow("d 0") << "d" << qint64(0);
        QTest::newRow("heads 0") << "heads" << qint64(0);
        QTest::newRow("max_distance -1") << "max_distance" << qint64(-1);
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(qint64, value);
        const std::string msg =
            test::computeError("sandwich", "bias", {{key.toStdString(), std::int64_t(value)}});
        QVERIFY2(msg.find("parameter '" + key.toStdString() + "'") == 0, msg.c_str());
    }

    // (heads, n, n) past the memory budget is refused before anything is allocated.
    void overBudget() {
        for (const char* enc : {"sandwich", "kerple"}) {
            const std::string msg = test::computeError(
                enc, "bias", {{"heads", std::int64_t(64)}, {"n", std::int64_t(1 << 20)}});
            QVERIFY2(msg.find("memory budget") != std::string::npos, msg.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TstSandwich)
#include "tst_sandwich.moc"
