// Properties of ALiBi (B1): geometric slopes for a power-of-two head count, the interleaved
// appended slopes otherwise, a bias that depends only on |i - j|, and the causal mask.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;

Q_DECLARE_METATYPE(std::vector<double>)

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

    void bias_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<bool>("causal");
        QTest::newRow("8 heads") << qint64(50) << qint64(8) << false;
        QTest::newRow("8 heads causal") << qint64(50) << qint64(8) << true;
        QTest::newRow("12 heads causal") << qint64(33) << qint64(12) << true;
        QTest::newRow("1 position") << qint64(1) << qint64(5) << false;
        QTest::newRow("5 heads") << qint64(70) << qint64(5) << false;
    }
    // bias[h, i, j] = -slope_h |i - j| (a function of |i - j| only); causal: -inf exactly where
    // j > i, and the non-causal values elsewhere.
    void bias() {
        QFETCH(qint64, n);
        QFETCH(qint64, heads);
        QFETCH(bool, causal);
        const std::vector<std::pair<std::string, core::ParamValue>> p = {
            {"n", std::int64_t(n)}, {"heads", std::int64_t(heads)}, {"causal", causal}};
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
        QTest::addColumn<qint64>("value");
        QTest::newRow("heads 0") << "heads" << qint64(0);
        QTest::newRow("n 0") << "n" << qint64(0);
        QTest::newRow("heads 100000") << "heads" << qint64(100000);
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(qint64, value);
        const std::string msg =
            test::computeError("alibi", "bias", {{key.toStdString(), std::int64_t(value)}});
        QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstAlibi)
#include "tst_alibi.moc"
