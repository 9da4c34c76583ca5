// Properties of KERPLE (spec E3), checked against the released code, chijames/KERPLE
// megatron/model/positional_embeddings.py: ParallelKerpleLog's bias -bias_p log(1 + bias_a diff)
// with bias_p = 2U then bias_a = U drawn per head (torch.rand scaled by 2, then by 1), both
// clamped to >= 1e-2; ParallelKerplePower's -bias_a diff^bias_p (bias_p = 2U then bias_a = U,
// bias_p clamped to [1e-2, 2]), and its kerple_power_original, whose bias_a are ALiBi's get_slopes
// with exponent 1. Also: the bias depends only on |i - j|, the causal mask, the profile.
#include <QtTest>

#include <cstring>

#include "core/random.h"
#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using test::Values;

class TstKerple : public QObject {
    Q_OBJECT

    static std::size_t at(qint64 h, qint64 i, qint64 j, qint64 n) {
        return static_cast<std::size_t>((h * n + i) * n + j);
    }

private slots:
    void initAlibiIsAlibi_data() {
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<bool>("causal");
        for (qint64 h : {1, 3, 8, 12, 112})
            for (bool causal : {false, true})
                QTest::newRow(qPrintable(QString("%1 heads%2").arg(h).arg(causal ? " causal" : "")))
                    << h << qint64(h == 112 ? 9 : 37) << causal;
    }
    // kerple_power_original: r1 = ALiBi's slopes, r2 = 1, and the bias is ALiBi's, bit for bit
    // (both through the registry, at float64 and float32).
    void initAlibiIsAlibi() {
        QFETCH(qint64, heads);
        QFETCH(qint64, n);
        QFETCH(bool, causal);
        const Values common{
            {"heads", std::int64_t(heads)}, {"n", std::int64_t(n)}, {"causal", causal}};
        const auto k = computeOk("kerple", "bias",
                                 test::with(common, {{"variant", std::string("power")},
                                                     {"init", std::string("alibi")}}));
        const auto a = computeOk("alibi", "bias", common);
        QCOMPARE(k.shape, a.shape);
        QVERIFY(std::memcmp(k.f64.data(), a.f64.data(), k.f64.size() * sizeof(double)) == 0);
        const auto r1 = computeOk("kerple", "r1",
                                  test::with(common, {{"variant", std::string("power")},
                                                      {"init", std::string("alibi")}}));
        QCOMPARE(r1.f64, computeOk("alibi", "slopes", common).f64);
    }

    // Power with r2 = 1 is ALiBi with slopes r1: -r1_h |i - j|.
    void powerExponentOneIsLinear() {
        const qint64 n = 40;
        const std::vector<double> r1{0.5, 0.25, 3.0};
        const auto b = computeOk("kerple", "bias",
                                 {{"n", std::int64_t(n)},
                                  {"heads", std::int64_t(3)},
                                  {"variant", std::string("power")},
                                  {"r1", std::string("0.5,0.25,3")},
                                  {"r2", std::string("1")}});
        for (qint64 h = 0; h < 3; ++h)
            for (qint64 i = 0; i < n; ++i)
                for (qint64 j = 0; j < n; ++j)
                    QCOMPARE(b.f64[at(h, i, j, n)], -r1[std::size_t(h)] * double(std::abs(i - j)));
    }

    // The released code's init: A_h = 2U for every head, then B_h = U, both >= 0.01; log takes
    // r1 = A (bias_p), r2 = B (bias_a); power r2 = A (exponent bias_p), r1 = B (bias_a). A list
    // given for one replaces its draw and leaves the other's.
    void uniformInit_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<qint64>("seed");
        for (const char* v : {"log", "power"})
            for (qint64 seed : {0, 7, 12345})
                QTest::newRow(qPrintable(QString("%1 seed %2").arg(v).arg(seed)))
                    << QString(v) << qint64(seed == 7 ? 5 : 8) << seed;
    }
    void uniformInit() {
        QFETCH(QString, variant);
        QFETCH(qint64, heads);
        QFETCH(qint64, seed);
        core::Rng rng(static_cast<std::uint64_t>(seed));
        std::vector<double> a(static_cast<std::size_t>(heads)), b(a.size());
        for (auto& v : a) v = std::max(2.0 * rng.uniform(), 0.01);
        for (auto& v : b) v = std::max(rng.uniform(), 0.01);
        const bool power = variant == "power";
        const Values p{{"heads", std::int64_t(heads)},
                       {"seed", std::int64_t(seed)},
                       {"variant", variant.toStdString()}};
        QCOMPARE(computeOk("kerple", "r1", p).f64, power ? b : a);
        QCOMPARE(computeOk("kerple", "r2", p).f64, power ? a : b);
        for (double v : a) QVERIFY(v >= 0.01 && v < 2);
        // r1 given (one value for every head): r2 keeps its draw.
        const auto p2 = test::with(p, {{"r1", std::string("0.3")}});
        QCOMPARE(computeOk("kerple", "r1", p2).f64, std::vector<double>(a.size(), 0.3));
        QCOMPARE(computeOk("kerple", "r2", p2).f64, power ? a : b);
    }

    // Values of the two kernels as the released code's formulas give them (float64 Python):
    // -2 log(1 + 0.5 * 4) = -2.1972245773362196; -0.5 * 4^1.5 = -4; -1 log(1 + 3 * 10) =
    // -3.4339872044851463; -0.25 * 10^0.5 = -0.7905694150420949.
    void values_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("r1");
        QTest::addColumn<QString>("r2");
        QTest::addColumn<qint64>("x");
        QTest::addColumn<double>("want");
        QTest::newRow("log 4") << "log"
                               << "2"
                               << "0.5" << qint64(4) << -2.1972245773362196;
        QTest::newRow("log 10") << "log"
                                << "1"
                                << "3" << qint64(10) << -3.4339872044851463;
        QTest::newRow("power 4") << "power"
                                 << "0.5"
                                 << "1.5" << qint64(4) << -4.0;
        QTest::newRow("power 10") << "power"
                                  << "0.25"
                                  << "0.5" << qint64(10) << -0.7905694150420949;
        QTest::newRow("power 0") << "power"
                                 << "0.25"
                                 << "0.5" << qint64(0) << 0.0;
        QTest::newRow("log 0") << "log"
                               << "2"
                               << "0.5" << qint64(0) << 0.0;
    }
    void values() {
        QFETCH(QString, variant);
        QFETCH(QString, r1);
        QFETCH(QString, r2);
        QFETCH(qint64, x);
        QFETCH(double, want);
        const Values p{{"heads", std::int64_t(2)},         {"n", std::int64_t(12)},
                       {"max_distance", std::int64_t(20)}, {"variant", variant.toStdString()},
                       {"r1", r1.toStdString()},           {"r2", r2.toStdString()}};
        const auto prof = computeOk("kerple", "profile", p);
        const auto bias = computeOk("kerple", "bias", p);
        QCOMPARE(prof.shape, (core::Shape{2, 21}));
        for (qint64 h = 0; h < 2; ++h) {
            const double got = prof.f64[std::size_t(h * 21 + x)];
            QVERIFY2(std::abs(got - want) <= 4e-16 * std::abs(want),
                     qPrintable(QString("%1 vs %2").arg(got, 0, 'g', 17).arg(want, 0, 'g', 17)));
            QCOMPARE(bias.f64[at(h, x, 0, 12)], got);  // the bias row 0 is the profile
        }
    }

    // bias[h, i, j] = profile[h, |i - j|]: a function of the distance only, symmetric, decreasing
    // with distance; causal: -inf exactly where j > i.
    void distanceOnly_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<bool>("causal");
        for (const char* v : {"log", "power"})
            for (bool c : {false, true})
                QTest::newRow(qPrintable(QString(v) + (c ? " causal" : ""))) << QString(v) << c;
    }
    void distanceOnly() {
        QFETCH(QString, variant);
        QFETCH(bool, causal);
        const qint64 n = 33, heads = 5;
        const Values p{{"n", std::int64_t(n)},
                       {"heads", std::int64_t(heads)},
                       {"variant", variant.toStdString()},
                       {"causal", causal},
                       {"seed", std::int64_t(3)}};
        const auto b = computeOk("kerple", "bias", p);
        const auto prof = computeOk("kerple", "profile", p);
        QCOMPARE(b.shape, (core::Shape{heads, n, n}));
        const qint64 m = prof.shape[1];
        for (qint64 h = 0; h < heads; ++h) {
            for (qint64 x = 1; x < m; ++x)
                QVERIFY(prof.f64[std::size_t(h * m + x)] < prof.f64[std::size_t(h * m + x - 1)]);
            for (qint64 i = 0; i < n; ++i)
                for (qint64 j = 0; j < n; ++j) {
                    const double v = b.f64[at(h, i, j, n)];
                    if (causal && j > i)
                        QVERIFY(std::isinf(v) && v < 0);
                    else
                        QCOMPARE(v, prof.f64[std::size_t(h * m + std::abs(i - j))]);
                }
        }
    }

    // Every error names its parameter (the CLI's one line: tests/cli/tst_bad_inputs).
    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("r1");
        QTest::addColumn<QString>("r2");
        QTest::addColumn<QString>("init");
        QTest::addColumn<QString>("contains");
        QTest::newRow("r1 length 2 of 3") << "r1"
                                          << "log"
                                          << "1,2"
                                          << ""
                                          << "uniform"
                                          << "2 values for heads = 3";
        QTest::newRow("r2 length 4 of 3") << "r2"
                                          << "power"
                                          << ""
                                          << "1,1,1,1"
                                          << "uniform"
                                          << "4 values for heads = 3";
        QTest::newRow("r2 > 2 power") << "r2"
                                      << "power"
                                      << ""
                                      << "1,2.5,1"
                                      << "uniform"
                                      << "<= 2";
        QTest::newRow("r1 0") << "r1"
                              << "log"
                              << "0"
                              << ""
                              << "uniform"
                              << "> 0";
        QTest::newRow("r2 negative") << "r2"
                                     << "log"
                                     << ""
                                     << "-1"
                                     << "uniform"
                                     << "> 0";
        QTest::newRow("r1 nan") << "r1"
                                << "power"
                                << "nan"
                                << ""
                                << "uniform"
                                << "";
        QTest::newRow("r1 inf") << "r1"
                                << "power"
                                << "1,inf,1"
                                << ""
                                << "uniform"
                                << "";
        QTest::newRow("alibi with log") << "init"
                                        << "log"
                                        << ""
                                        << ""
                                        << "alibi"
                                        << "power";
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(QString, variant);
        QFETCH(QString, r1);
        QFETCH(QString, r2);
        QFETCH(QString, init);
        QFETCH(QString, contains);
        const std::string msg = test::computeError("kerple", "bias",
                                                   {{"heads", std::int64_t(3)},
                                                    {"variant", variant.toStdString()},
                                                    {"r1", r1.toStdString()},
                                                    {"r2", r2.toStdString()},
                                                    {"init", init.toStdString()}});
        QVERIFY2(msg.find("parameter '" + key.toStdString() + "'") == 0, msg.c_str());
        QVERIFY2(msg.find(contains.toStdString()) != std::string::npos, msg.c_str());
        QVERIFY(msg.find('\n') == std::string::npos);
    }

    // The receptive field: the first distance whose bias is below the threshold (max_distance + 1
    // when none is). Linear slopes 1 and 0.5 with threshold -4.5: -x < -4.5 from x = 5, -x/2 from
    // x = 10; slope 1e-4 never within 100.
    void receptiveField() {
        const auto rf = computeOk("kerple", "receptive_field",
                                  {{"heads", std::int64_t(3)},
                                   {"variant", std::string("power")},
                                   {"r1", std::string("1,0.5,1e-4")},
                                   {"r2", std::string("1")},
                                   {"threshold", -4.5},
                                   {"max_distance", std::int64_t(100)}});
        QCOMPARE(rf.dtype, core::DType::I64);
        QCOMPARE(rf.i64, (std::vector<std::int64_t>{5, 10, 101}));
    }

    // A list may be a 1-D .npy of heads values (or of one).
    void listFromNpy() {
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/r1.npy").toStdString();
        core::RowMatrix m(1, 3);
        m << 0.5, 0.25, 2.0;
        test::writeNpyFile(path, m, true);
        const auto r1 = computeOk("kerple", "r1", {{"heads", std::int64_t(3)}, {"r1", path}});
        QCOMPARE(r1.f64, (std::vector<double>{0.5, 0.25, 2.0}));
        const std::string msg =
            test::computeError("kerple", "r1", {{"heads", std::int64_t(4)}, {"r1", path}});
        QVERIFY2(msg.find("3 values for heads = 4") != std::string::npos, msg.c_str());
    }

    // r2 up to 2 is the power's range only: the log's rate may be larger.
    void logRateAboveTwo() {
        const auto b = computeOk("kerple", "r2", {{"r2", std::string("5")}});
        QCOMPARE(b.f64, std::vector<double>(8, 5.0));
    }
};

QTEST_APPLESS_MAIN(TstKerple)
#include "tst_kerple.moc"
