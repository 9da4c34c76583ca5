// Shaw relative positions (A8): the table index saturates at +-clip, the relative key term is
// exactly logits minus the content term, and the content term does not see the relative table.
#include <QtTest>

#include <set>

#include <Eigen/SVD>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using Params = std::vector<std::pair<std::string, core::ParamValue>>;

namespace {
Params shawParams(qint64 n, qint64 d, qint64 clip, qint64 seed) {
    return {{"n", std::int64_t(n)},
            {"d", std::int64_t(d)},
            {"clip", std::int64_t(clip)},
            {"seed", std::int64_t(seed)}};
}
}  // namespace

class TstShaw : public QObject {
    Q_OBJECT
private slots:
    void indexSaturation_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("clip");
        QTest::newRow("n 10 clip 2") << qint64(10) << qint64(2);
        QTest::newRow("n 33 clip 16") << qint64(33) << qint64(16);
        QTest::newRow("clip beyond n") << qint64(20) << qint64(50);
        QTest::newRow("clip 1") << qint64(7) << qint64(1);
    }
    // Toeplitz, clip on the diagonal, one step per offset inside the window, saturated outside.
    void indexSaturation() {
        QFETCH(qint64, n);
        QFETCH(qint64, clip);
        const core::Array a = computeOk("shaw", "relative_indices", shawParams(n, 8, clip, 0));
        QCOMPARE(a.dtype, core::DType::I64);
        QCOMPARE(a.shape, (core::Shape{n, n}));
        auto at = [&](qint64 i, qint64 j) { return qint64(a.i64[std::size_t(i * n + j)]); };
        std::set<qint64> distinct;
        for (qint64 i = 0; i < n; ++i)
            for (qint64 j = 0; j < n; ++j) {
                const auto v = at(i, j);
                distinct.insert(v);
                QVERIFY(v >= 0 && v <= 2 * clip);
                if (i > 0 && j > 0) QCOMPARE(v, at(i - 1, j - 1));
                if (j + 1 < n) {  // one step per offset until saturation, then flat
                    const auto next = at(i, j + 1);
                    QCOMPARE(next - v, (j - i >= clip || j - i < -clip) ? qint64(0) : qint64(1));
                }
            }
        QCOMPARE(at(0, 0), clip);
        QCOMPARE(qint64(distinct.size()), std::min(2 * clip + 1, 2 * n - 1));
        if (n > clip) {
            QCOMPARE(at(0, n - 1), 2 * clip);
            QCOMPARE(at(n - 1, 0), qint64(0));
        }
    }

    void contentTerm_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("seed");
        QTest::newRow("n 24 d 4") << qint64(24) << qint64(4) << qint64(0);
        QTest::newRow("n 40 d 6") << qint64(40) << qint64(6) << qint64(7);
        QTest::newRow("n 64 d 16") << qint64(64) << qint64(16) << qint64(123);
    }
    // logits - key_bias is the content term (x_i W_Q).(x_j W_K)/sqrt(d): it does not depend on the
    // relative table (drawn last, so clip changes only the table) and has rank <= d.
    void contentTerm() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(qint64, seed);
        core::RowMatrix content[2];
        core::RowMatrix bias[2];
        const qint64 clips[2] = {2, 16};
        for (int c = 0; c < 2; ++c) {
            const auto p = shawParams(n, d, clips[c], seed);
            const core::Array lg = computeOk("shaw", "logits", p);
            const core::Array kb = computeOk("shaw", "key_bias", p);
            QCOMPARE(lg.shape, (core::Shape{n, n}));
            content[c] = lg.matrix() - kb.matrix();
            bias[c] = kb.matrix();
        }
        const double scale = content[0].cwiseAbs().maxCoeff();
        QVERIFY(scale > 0.1);
        QVERIFY((content[0] - content[1]).cwiseAbs().maxCoeff() < 1e-12 * scale);
        QVERIFY((bias[0] - bias[1]).cwiseAbs().maxCoeff() > 1e-3);  // the relative part does move
        const Eigen::JacobiSVD<Eigen::MatrixXd> svd(content[0]);
        const auto& sv = svd.singularValues();
        QVERIFY(sv(d - 1) > 1e-6 * sv(0));
        QVERIFY2(sv(d) < 1e-10 * sv(0), qPrintable(QString("sigma_d = %1").arg(sv(d))));
    }

    // Every offset beyond the window reads the same table row: key_bias is flat there.
    void keyBiasSaturates() {
        const qint64 n = 30, clip = 3;
        const core::Array kb = computeOk("shaw", "key_bias", shawParams(n, 8, clip, 5));
        const auto K = kb.matrix();
        for (qint64 i = 0; i < n; ++i)
            for (qint64 j = 0; j < n; ++j) {
                if (j - i >= clip) QCOMPARE(K(i, j), K(i, std::min(i + clip, n - 1)));
                if (i - j >= clip) QCOMPARE(K(i, j), K(i, std::max(i - clip, qint64(0))));
            }
        // Inside the window the offsets are told apart.
        QVERIFY(std::abs(K(10, 11) - K(10, 12)) > 1e-9);
    }

    // Baseline values from a NumPy port of tensor2tensor's relative attention
    // (_generate_relative_positions_matrix + _relative_attention_inner), fed the project's PRNG.
    void referenceValues() {
        const auto p = shawParams(6, 4, 2, 1);
        const core::RowMatrix kb = computeOk("shaw", "key_bias", p).matrix();
        const core::RowMatrix lg = computeOk("shaw", "logits", p).matrix();
        auto near = [](double x, double ref) {
            return std::abs(x - ref) < 1e-12 * (1 + std::abs(ref));
        };
        QVERIFY(near(kb(0, 5), -0.7771941630511079));
        QVERIFY(near(kb(5, 0), -0.9033746112427065));
        QVERIFY(near(lg(2, 3), -0.9216905162097768));
        // clip > n - 1: the table rows before the first reachable one are skipped in the stream.
        const auto wide = shawParams(6, 4, 9, 1);
        const core::RowMatrix kb9 = computeOk("shaw", "key_bias", wide).matrix();
        const core::RowMatrix lg9 = computeOk("shaw", "logits", wide).matrix();
        QVERIFY(near(kb9(0, 5), 1.0845145002296894));
        QVERIFY(near(kb9(5, 0), -0.6900145109103364));
        QVERIFY(near(lg9(2, 3), 0.7851641119982176));
    }

    void seeded() {
        const auto p = shawParams(20, 8, 4, 3);
        const core::Array a = computeOk("shaw", "logits", p);
        const core::Array b = computeOk("shaw", "logits", p);
        QCOMPARE(test::maxAbsDiff(a, b), 0.0);
        const core::Array c = computeOk("shaw", "logits", shawParams(20, 8, 4, 4));
        QVERIFY(test::maxAbsDiff(a, c) > 1e-3);
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<qint64>("value");
        QTest::newRow("clip 0") << "clip" << qint64(0);
        QTest::newRow("n 0") << "n" << qint64(0);
        QTest::newRow("d 1") << "d" << qint64(1);
        QTest::newRow("seed -1") << "seed" << qint64(-1);
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(qint64, value);
        const std::string msg =
            test::computeError("shaw", "logits", {{key.toStdString(), std::int64_t(value)}});
        QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstShaw)
#include "tst_shaw.moc"
