// Properties of ALiBi (B1, models.md M5.2): geometric slopes for a power-of-two head count, the
// interleaved appended slopes otherwise, the slope rules of BLOOM (paper) and MPT (mpt) with
// bias_max, a bias that depends only on |i - j|, and the causal mask.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;

Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(std::vector<qint64>)

class TstAlibi : public QObject {
    Q_OBJECT
private slots:
    void powerOfTwoIsGeometric_data() {
        QTest::addColumn<qint64>("heads");
        for (qint64 h : {1, 2, 4, 8, 16, 64}) QTest::newRow(qPrintable(QString::number(h))) << h;
    }
    // Start and ratio are both 2^(-8/H); the last slope is 2^-8.
    void powerOfTwoIsGeometric() {
        QFETCH(qint64, heads);
        const core::Array s = computeOk("alibi", "slopes", {{"heads", std::int64_t(heads)}});
        QCOMPARE(s.shape, (core::Shape{heads}));
        const double ratio = std::pow(2.0, -8.0 / double(heads));
        QVERIFY(std::abs(s.at(0) - ratio) < 1e-15);
        for (qint64 h = 1; h < heads; ++h) QVERIFY(std::abs(s.at(h) / s.at(h - 1) - ratio) < 1e-14);
        QCOMPARE(s.at(heads - 1), 1.0 / 256.0);
    }

    // Derived from the rule (and checked against a port of the authors' get_slopes): with P the
    // largest power of two below H, the P geometric slopes, then slopes 0, 2, 4, ... of the 2P
    // rule appended. Exponents of 2 listed here.
    void nonPowerOfTwo_data() {
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<std::vector<double>>("exponents");
        QTest::newRow("6") << qint64(6) << std::vector<double>{-2, -4, -6, -8, -1, -3};
        QTest::newRow("12") << qint64(12) << std::vector<double>{-1, -2, -3,   -4,   -5,   -6,
                                                                 -7, -8, -0.5, -1.5, -2.5, -3.5};
        std::vector<double> e20;
        for (int h = 1; h <= 16; ++h) e20.push_back(-0.5 * h);
        for (double e : {-0.25, -0.75, -1.25, -1.75}) e20.push_back(e);
        QTest::newRow("20") << qint64(20) << e20;
        QTest::newRow("3") << qint64(3) << std::vector<double>{-4, -8, -2};
    }
    void nonPowerOfTwo() {
        QFETCH(qint64, heads);
        QFETCH(std::vector<double>, exponents);
        const core::Array s = computeOk("alibi", "slopes", {{"heads", std::int64_t(heads)}});
        QCOMPARE(s.size(), heads);
        for (qint64 h = 0; h < heads; ++h) {
            const double want = std::exp2(exponents[static_cast<std::size_t>(h)]);
            QVERIFY2(std::abs(s.at(h) - want) < 1e-15 * want,
                     qPrintable(QString("head %1: %2 vs %3").arg(h).arg(s.at(h)).arg(want)));
        }
        // Appended, not sorted in: the first appended slope is larger than the last of the P.
        qint64 p = 1;
        while (p * 2 <= heads) p *= 2;
        QVERIFY(s.at(p) > s.at(p - 1));
    }

    // Literal slopes of published models, computed outside PosLab by float64 Python ports of the
    // models' own code: transformers' BLOOM build_alibi_tensor (slopes = base^(1..P), then
    // extra_base^(1, 3, 5, ...)) and the authors' get_slopes for the paper rule, llm-foundry's
    // gen_slopes (= transformers' build_mpt_alibi_tensor) for mpt. Both ports print the same
    // numbers, to 6e-15 relative (their own rounding: get_slopes multiplies the ratio in).
    void publishedSlopes_data() {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<double>("biasMax");
        QTest::addColumn<std::vector<qint64>>("index");
        QTest::addColumn<std::vector<double>>("value");
        const std::vector<qint64> all8{0, 1, 2, 3, 4, 5, 6, 7};
        const std::vector<double> eight{0.5,     0.25,     0.125,     0.0625,
                                        0.03125, 0.015625, 0.0078125, 0.00390625};
        const std::vector<qint64> all12{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
        std::vector<double> twelve = eight;
        for (double v :
             {0.7071067811865475, 0.35355339059327373, 0.17677669529663687, 0.08838834764831843})
            twelve.push_back(v);
        // BLOOM 176B: 112 heads; P = 64: heads 0-63 are 2^(-(h+1)/8), heads 64-111 2^(-(2k+1)/16).
        const std::vector<qint64> at112{0, 1, 55, 63, 64, 65, 111};
        const std::vector<double> bloom{0.9170040432046712, 0.8408964152537146, 0.0078125,
                                        0.00390625,         0.9576032806985737, 0.8781260801866498,
                                        0.01631677785042834};
        // MPT-7B: 32 heads, alibi_bias_max 8: 2^(-(h+1)/4).
        const std::vector<qint64> at32{0, 1, 15, 30, 31};
        const std::vector<double> mpt7b{0.8408964152537146, 0.7071067811865475, 0.0625,
                                        0.004645340292979379, 0.00390625};
        for (const char* rule : {"paper", "mpt"}) {
            const QString r = rule;
            QTest::newRow(qPrintable(r + " 8")) << r << qint64(8) << 8.0 << all8 << eight;
            QTest::newRow(qPrintable(r + " 12")) << r << qint64(12) << 8.0 << all12 << twelve;
            QTest::newRow(qPrintable(r + " 32 (MPT-7B)"))
                << r << qint64(32) << 8.0 << at32 << mpt7b;
            QTest::newRow(qPrintable(r + " 112 (BLOOM 176B)"))
                << r << qint64(112) << 8.0 << at112 << bloom;
            QTest::newRow(qPrintable(r + " 12, bias_max 16"))
                << r << qint64(12) << 16.0 << all12
                << std::vector<double>{
                       0.25,         0.0625,         0.015625,        0.00390625,
                       0.0009765625, 0.000244140625, 6.103515625e-05, 1.52587890625e-05,
                       0.5,          0.125,          0.03125,         0.0078125};
            QTest::newRow(qPrintable(r + " 112, bias_max 4"))
                << r << qint64(112) << 4.0 << at112
                << std::vector<double>{
                       0.9576032806985737, 0.9170040432046712, 0.08838834764831843, 0.0625,
                       0.9785720620877002, 0.9370838170551499, 0.12773714358176458};
            QTest::newRow(qPrintable(r + " 12, bias_max 3.5"))
                << r << qint64(12) << 3.5 << all12
                << std::vector<double>{
                       0.7384130729697497,  0.5452538663326288,  0.40262258298731357,
                       0.29730177875068026, 0.21953152004666246, 0.1621049443313762,
                       0.11970041008732171, 0.08838834764831843, 0.859309649061239,
                       0.6345254785958666,  0.46854190852757494, 0.345977470490958};
        }
    }
    void publishedSlopes() {
        QFETCH(QString, rule);
        QFETCH(qint64, heads);
        QFETCH(double, biasMax);
        QFETCH(std::vector<qint64>, index);
        QFETCH(std::vector<double>, value);
        const core::Array s = computeOk("alibi", "slopes",
                                        {{"heads", std::int64_t(heads)},
                                         {"slopes", rule.toStdString()},
                                         {"bias_max", biasMax}});
        QCOMPARE(s.size(), heads);
        for (std::size_t k = 0; k < index.size(); ++k) {
            const double got = s.at(index[k]), want = value[k];
            QVERIFY2(std::abs(got - want) <= 4e-16 * want, qPrintable(QString("head %1: %2 vs %3")
                                                                          .arg(index[k])
                                                                          .arg(got, 0, 'g', 17)
                                                                          .arg(want, 0, 'g', 17)));
        }
    }

    // The spec (models.md M5.2) expected the two rules to differ for heads that are not a power of
    // two; they do not: MPT's odd-indexed m_(2k+1) = (2k+2) B / (2P) = (k+1) B / P are the paper's
    // P slopes, its even-indexed m_(2k) = (2k+1) B / (2P) the paper's appended ones, in the same
    // order. Checked for every head count PosLab accepts and several B.
    void rulesAgree_data() {
        QTest::addColumn<double>("biasMax");
        for (double b : {8.0, 0.5, 3.5, 4.0, 16.0, 100.0})
            QTest::newRow(qPrintable(QString::number(b))) << b;
    }
    void rulesAgree() {
        QFETCH(double, biasMax);
        for (qint64 heads = 1; heads <= 1024; ++heads) {
            const test::Values v{{"heads", std::int64_t(heads)}, {"bias_max", biasMax}};
            const core::Array paper =
                computeOk("alibi", "slopes", test::with(v, {{"slopes", std::string("paper")}}));
            const core::Array mpt =
                computeOk("alibi", "slopes", test::with(v, {{"slopes", std::string("mpt")}}));
            QCOMPARE(paper.size(), heads);
            QCOMPARE(mpt.size(), heads);
            for (qint64 h = 0; h < heads; ++h)
                QVERIFY2(std::abs(paper.at(h) - mpt.at(h)) <= 1e-15 * paper.at(h),
                         qPrintable(QString("%1 heads, head %2").arg(heads).arg(h)));
        }
    }

    // The default is the paper's rule with B = 8, and B scales every exponent: slope(B) =
    // slope(8)^(B/8).
    void biasMaxScalesExponents() {
        for (qint64 heads : {5, 12, 64, 112}) {
            const core::Array d = computeOk("alibi", "slopes", {{"heads", std::int64_t(heads)}});
            const core::Array p = computeOk("alibi", "slopes",
                                            {{"heads", std::int64_t(heads)},
                                             {"slopes", std::string("paper")},
                                             {"bias_max", 8.0}});
            QCOMPARE(d.f64, p.f64);
            const core::Array b =
                computeOk("alibi", "slopes", {{"heads", std::int64_t(heads)}, {"bias_max", 2.0}});
            for (qint64 h = 0; h < heads; ++h)
                QVERIFY(std::abs(b.at(h) - std::pow(d.at(h), 0.25)) <= 1e-15 * b.at(h));
        }
    }

    void bias_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<bool>("causal");
        QTest::newRow("8 heads") << qint64(50) << qint64(8) << false;
        QTest::newRow("8 heads causal") << qint64(50) << qint64(8) << true;
        QTest::newRow("12 heads causal") << qint64(33) << qint64(12) << true;
        QTest::newRow("1 position") << qint64(1) << qint64(5) << false;
        QTest::newRow("5 heads") << qint64(70) << qint64(5) << false;
        QTest::newRow("12 heads mpt, bias_max 6") << qint64(20) << qint64(12) << false;
    }
    // bias[h, i, j] = -slope_h |i - j| (a function of |i - j| only); causal: -inf exactly where
    // j > i, and the non-causal values elsewhere.
    void bias() {
        QFETCH(qint64, n);
        QFETCH(qint64, heads);
        QFETCH(bool, causal);
        std::vector<std::pair<std::string, core::ParamValue>> p = {
            {"n", std::int64_t(n)}, {"heads", std::int64_t(heads)}, {"causal", causal}};
        if (QString(QTest::currentDataTag()).contains("mpt")) {  // the bias follows the slopes
            p.emplace_back("slopes", std::string("mpt"));
            p.emplace_back("bias_max", 6.0);
        }
        const core::Array b = computeOk("alibi", "bias", p);
        const core::Array s = computeOk("alibi", "slopes", p);
        QCOMPARE(b.shape, (core::Shape{heads, n, n}));
        for (qint64 h = 0; h < heads; ++h)
            for (qint64 i = 0; i < n; ++i)
                for (qint64 j = 0; j < n; ++j) {
                    const double v = b.f64[static_cast<std::size_t>((h * n + i) * n + j)];
                    if (causal && j > i) {
                        QVERIFY(std::isinf(v) && v < 0);
                        continue;
                    }
                    QVERIFY(std::isfinite(v));
                    QCOMPARE(v, -s.at(h) * double(std::abs(i - j)));
                    if (i > 0 && j > 0)  // shifting both positions keeps the value
                        QCOMPARE(v, b.f64[static_cast<std::size_t>((h * n + i - 1) * n + j - 1)]);
                    if (!causal) QCOMPARE(v, b.f64[static_cast<std::size_t>((h * n + j) * n + i)]);
                }
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QVariant>("value");
        QTest::newRow("heads 0") << "heads" << QVariant(qint64(0));
        QTest::newRow("n 0") << "n" << QVariant(qint64(0));
        QTest::newRow("heads 100000") << "heads" << QVariant(qint64(100000));
        QTest::newRow("bias_max 0") << "bias_max" << QVariant(0.0);
        QTest::newRow("bias_max -8") << "bias_max" << QVariant(-8.0);
        QTest::newRow("bias_max inf") << "bias_max" << QVariant(HUGE_VAL);
        QTest::newRow("slopes bloom") << "slopes" << QVariant(QString("bloom"));
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(QVariant, value);
        core::ParamValue v;
        if (value.typeId() == QMetaType::Double)
            v = value.toDouble();
        else if (value.typeId() == QMetaType::QString)
            v = value.toString().toStdString();
        else
            v = std::int64_t(value.toLongLong());
        const std::string msg = test::computeError("alibi", "bias", {{key.toStdString(), v}});
        QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstAlibi)
#include "tst_alibi.moc"
