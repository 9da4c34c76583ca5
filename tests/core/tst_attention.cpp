// Properties of the synthetic softmax attention (`attention`): rows of the softmax are
// probability distributions, softmax ignores a constant added per row, the ALiBi option adds
// exactly ALiBi's head-0 bias, the 1/sqrt(d) scale gives unit-variance logits, and seeds behave.
#include <QtTest>

#include "core/attention/attention.h"
#include "core/compute.h"
#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using Values = std::vector<std::pair<std::string, core::ParamValue>>;

class TstAttention : public QObject {
    Q_OBJECT
private slots:
    void rowsAreDistributions_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("seed");
        QTest::addColumn<QString>("bias");
        QTest::newRow("n1") << qint64(1) << qint64(2) << qint64(0) << "none";
        QTest::newRow("n37 d64") << qint64(37) << qint64(64) << qint64(3) << "none";
        QTest::newRow("n256 alibi") << qint64(256) << qint64(64) << qint64(0) << "alibi";
        QTest::newRow("n500 d8 alibi") << qint64(500) << qint64(8) << qint64(11) << "alibi";
    }
    void rowsAreDistributions() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(qint64, seed);
        QFETCH(QString, bias);
        const core::Array s = computeOk("attention", "softmax",
                                        {{"n", std::int64_t(n)},
                                         {"d", std::int64_t(d)},
                                         {"seed", std::int64_t(seed)},
                                         {"bias", bias.toStdString()}});
        QCOMPARE(s.shape, (core::Shape{n, n}));
        const auto m = s.matrix();
        QVERIFY(m.minCoeff() >= 0.0);
        QVERIFY(m.maxCoeff() <= 1.0);
        QVERIFY((m.rowwise().sum().array() - 1.0).abs().maxCoeff() < 1e-13);
    }

    // softmax(x + c_i 1) = softmax(x), including constants that would overflow exp().
    void invariantToRowConstant_data() {
        QTest::addColumn<double>("scale");
        QTest::newRow("small") << 1.0;
        QTest::newRow("would overflow exp") << 1000.0;
        QTest::newRow("would underflow exp") << -2000.0;
    }
    void invariantToRowConstant() {
        QFETCH(double, scale);
        const Values p = {
            {"n", std::int64_t(64)}, {"d", std::int64_t(16)}, {"seed", std::int64_t(5)}};
        core::Array logits = computeOk("attention", "logits", p);
        const core::Array s = computeOk("attention", "softmax", p);
        auto m = logits.matrix();
        for (Eigen::Index i = 0; i < m.rows(); ++i)
            m.row(i).array() += scale * static_cast<double>(i % 7 + 1);
        core::attention::softmaxRows(m);
        QVERIFY(m.allFinite());
        QVERIFY((m - s.matrix()).cwiseAbs().maxCoeff() < 1e-12);
    }

    // bias=alibi adds -slope_0 |i - j|, the same as alibi/bias head 0 for the same head count.
    void alibiBiasIsHeadZero_data() {
        QTest::addColumn<qint64>("heads");
        QTest::newRow("8") << qint64(8);
        QTest::newRow("6 (not a power of two)") << qint64(6);
        QTest::newRow("1") << qint64(1);
    }
    void alibiBiasIsHeadZero() {
        QFETCH(qint64, heads);
        const std::int64_t n = 50;
        Values p = {{"n", n}, {"d", std::int64_t(32)}, {"heads", std::int64_t(heads)}};
        const core::Array plain = computeOk("attention", "logits", p);
        p.emplace_back("bias", std::string("alibi"));
        const core::Array biased = computeOk("attention", "logits", p);
        const core::RowMatrix diff = biased.matrix() - plain.matrix();
        // Toeplitz, zero on the diagonal, -slope at distance 1.
        const double slope = -diff(0, 1);
        QVERIFY(slope > 0);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < n; ++j)
                QVERIFY(std::abs(diff(i, j) + slope * static_cast<double>(std::abs(i - j))) <
                        1e-12);
        if (!core::registry().find("alibi")) QFAIL("alibi not registered");
        const core::Array a =
            computeOk("alibi", "bias", {{"n", n}, {"heads", std::int64_t(heads)}});
        const core::RowMatrix head0 = Eigen::Map<const core::RowMatrix>(a.f64.data(), n, n);
        QVERIFY((diff - head0).cwiseAbs().maxCoeff() < 1e-12);
    }

    // q_i . k_j / sqrt(d) of independent standard normals has mean 0 and variance 1 whatever d
    // (a 1/d scale would give variance 1/d).
    void unitVarianceLogits_data() {
        QTest::addColumn<qint64>("d");
        QTest::newRow("d 4") << qint64(4);
        QTest::newRow("d 64") << qint64(64);
        QTest::newRow("d 256") << qint64(256);
    }
    void unitVarianceLogits() {
        QFETCH(qint64, d);
        const core::Array l =
            computeOk("attention", "logits", {{"n", std::int64_t(300)}, {"d", std::int64_t(d)}});
        const auto v = l.matrix().array();
        const double mean = v.mean();
        const double var = (v - mean).square().mean();
        QVERIFY2(std::abs(mean) < 0.1, qPrintable(QString("mean %1").arg(mean)));
        QVERIFY2(std::abs(var - 1.0) < 0.15, qPrintable(QString("variance %1").arg(var)));
    }

    void seeds() {
        const Values p0 = {{"n", std::int64_t(40)}, {"seed", std::int64_t(1)}};
        const Values p1 = {{"n", std::int64_t(40)}, {"seed", std::int64_t(2)}};
        const core::Array a = computeOk("attention", "logits", p0);
        const core::Array b = computeOk("attention", "logits", p0);
        const core::Array c = computeOk("attention", "logits", p1);
        QVERIFY(a.f64 == b.f64);
        QVERIFY(test::maxAbsDiff(a, c) > 0.1);
    }

    void badParameters_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::newRow("n 0") << "n"
                             << "0";
        QTest::newRow("d 1") << "d"
                             << "1";
        QTest::newRow("bias") << "bias"
                              << "rope";
        QTest::newRow("heads 0") << "heads"
                                 << "0";
    }
    void badParameters() {
        QFETCH(QString, name);
        QFETCH(QString, value);
        const auto* enc = core::registry().find("attention");
        QVERIFY(enc);
        auto p = core::parseParams(*enc, {{name.toStdString(), value.toStdString()}});
        std::string message;
        if (!p)
            message = p.error().message;
        else {
            auto r = core::compute("attention", "softmax", *p);
            QVERIFY(!r.ok());
            message = r.error().message;
        }
        QVERIFY2(message.find("'" + name.toStdString() + "'") != std::string::npos,
                 message.c_str());
    }
};

QTEST_APPLESS_MAIN(TstAttention)
#include "tst_attention.moc"
