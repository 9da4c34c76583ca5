// DeBERTa disentangled attention (A12): the v2 log-bucket map (spec C2) — reference values from a
// port of microsoft/DeBERTa's make_log_bucket_position and its properties over r in [-2000, 2000] —
// the three terms and their scaled sum, and the p2c index convention of the released code.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using Params = std::vector<std::pair<std::string, core::ParamValue>>;

namespace {
Params debertaParams(qint64 n, qint64 d, qint64 buckets, qint64 maxPos, qint64 seed = 0) {
    return {{"n", std::int64_t(n)},
            {"d", std::int64_t(d)},
            {"position_buckets", std::int64_t(buckets)},
            {"max_relative_positions", std::int64_t(maxPos)},
            {"seed", std::int64_t(seed)}};
}

// bucket(r) for r = -(n-1) .. n-1 from one relative_positions matrix: r = i - j, read from row 0
// (r <= 0) and column 0 (r >= 0). Index r + n - 1.
std::vector<qint64> bucketsAlongR(const core::Array& a, qint64 n) {
    std::vector<qint64> out(std::size_t(2 * n - 1));
    for (qint64 r = -(n - 1); r <= n - 1; ++r)
        out[std::size_t(r + n - 1)] =
            qint64(r >= 0 ? a.i64[std::size_t(r * n)] : a.i64[std::size_t(-r)]);
    return out;
}
}  // namespace

class TstDeberta : public QObject {
    Q_OBJECT
private slots:
    void bucketProperties_data() {
        QTest::addColumn<qint64>("buckets");
        QTest::addColumn<qint64>("maxPos");
        QTest::newRow("256/512 (v2 default)") << qint64(256) << qint64(512);
        QTest::newRow("4/4 (smallest)") << qint64(4) << qint64(4);
        QTest::newRow("16/64") << qint64(16) << qint64(64);
        QTest::newRow("32/1000") << qint64(32) << qint64(1000);
        QTest::newRow("odd 11/100") << qint64(11) << qint64(100);
        QTest::newRow("512/513") << qint64(512) << qint64(513);
    }
    // Over r = i - j in [-2000, 2000]: Toeplitz, identity for |r| <= mid, odd symmetry, monotone
    // in r (so |bucket| is monotone in |r|), beyond mid strictly outside (-mid, mid), and exactly
    // +-(2 mid - 1) at |r| = max_relative_positions - 1.
    void bucketProperties() {
        QFETCH(qint64, buckets);
        QFETCH(qint64, maxPos);
        const qint64 n = 2001;
        const core::Array a =
            computeOk("deberta", "relative_positions", debertaParams(n, 2, buckets, maxPos));
        QCOMPARE(a.dtype, core::DType::I64);
        QCOMPARE(a.shape, (core::Shape{n, n}));
        const auto b = bucketsAlongR(a, n);
        auto bucket = [&](qint64 r) { return b[std::size_t(r + n - 1)]; };
        for (qint64 i = 1; i < n; ++i)
            for (qint64 j = 1; j < n; ++j)
                if (a.i64[std::size_t(i * n + j)] != a.i64[std::size_t((i - 1) * n + j - 1)])
                    QFAIL(qPrintable(QString("not Toeplitz at (%1, %2)").arg(i).arg(j)));
        const qint64 mid = buckets / 2;
        for (qint64 r = 0; r < n; ++r) {
            QCOMPARE(bucket(-r), -bucket(r));
            if (r <= mid)
                QCOMPARE(bucket(r), r);
            else
                QVERIFY(bucket(r) > mid);
            if (r > 0) QVERIFY(bucket(r) >= bucket(r - 1));
        }
        if (maxPos - 1 < n) QCOMPARE(bucket(maxPos - 1), 2 * mid - 1);
    }

    void bucketReference_data() {
        QTest::addColumn<qint64>("buckets");
        QTest::addColumn<qint64>("maxPos");
        QTest::addColumn<qint64>("r");
        QTest::addColumn<qint64>("expected");
        // make_log_bucket_position (microsoft/DeBERTa, NumPy, float64), evaluated offline.
        const qint64 table[][4] = {
            {256, 512, 128, 128},  {256, 512, 129, 129}, {256, 512, 130, 130},
            {256, 512, 200, 169},  {256, 512, 255, 192}, {256, 512, 300, 207},
            {256, 512, 511, 255},  {256, 512, 512, 256}, {256, 512, 1000, 317},
            {256, 512, 2000, 381}, {16, 64, 9, 9},       {16, 64, 10, 9},
            {16, 64, 20, 12},      {16, 64, 63, 15},     {16, 64, 300, 21},
            {16, 64, 2000, 27},    {4, 4, 7, 6},         {4, 4, 20, 8},
            {4, 4, 2000, 20},      {32, 1000, 20, 17},   {32, 1000, 63, 21},
            {32, 1000, 1000, 32},  {32, 1000, 2000, 34}};
        for (const auto& t : table)
            QTest::addRow("%lld/%lld r=%lld", t[0], t[1], t[2]) << t[0] << t[1] << t[2] << t[3];
    }
    void bucketReference() {
        QFETCH(qint64, buckets);
        QFETCH(qint64, maxPos);
        QFETCH(qint64, r);
        QFETCH(qint64, expected);
        const qint64 n = r + 1;
        const core::Array a =
            computeOk("deberta", "relative_positions", debertaParams(n, 2, buckets, maxPos));
        QCOMPARE(qint64(a.i64[std::size_t(r * n)]), expected);  // i = r, j = 0
        QCOMPARE(qint64(a.i64[std::size_t(r)]), -expected);     // i = 0, j = r
    }

    // position_buckets = -1: the raw i - j, not clamped even past max_relative_positions.
    void noBuckets() {
        const qint64 n = 40;
        const core::Array a =
            computeOk("deberta", "relative_positions", debertaParams(n, 4, -1, 8));
        for (qint64 i = 0; i < n; ++i)
            for (qint64 j = 0; j < n; ++j) QCOMPARE(qint64(a.i64[std::size_t(i * n + j)]), i - j);
    }

    void logitsAreScaledSum_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("buckets");
        QTest::addColumn<qint64>("maxPos");
        QTest::addColumn<qint64>("seed");
        QTest::newRow("defaults n 64")
            << qint64(64) << qint64(64) << qint64(256) << qint64(512) << qint64(0);
        QTest::newRow("buckets hit, n 300")
            << qint64(300) << qint64(8) << qint64(16) << qint64(64) << qint64(3);
        QTest::newRow("no buckets, clamped")
            << qint64(50) << qint64(6) << qint64(-1) << qint64(5) << qint64(9);
        QTest::newRow("no buckets, wide")
            << qint64(33) << qint64(5) << qint64(-1) << qint64(512) << qint64(1);
    }
    // logits = (c2c + c2p + p2c) / sqrt(3d); c2c does not see the position table, c2p/p2c do.
    void logitsAreScaledSum() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(qint64, buckets);
        QFETCH(qint64, maxPos);
        QFETCH(qint64, seed);
        const auto p = debertaParams(n, d, buckets, maxPos, seed);
        const core::Array c2c = computeOk("deberta", "c2c", p);
        const core::Array c2p = computeOk("deberta", "c2p", p);
        const core::Array p2c = computeOk("deberta", "p2c", p);
        const core::Array lg = computeOk("deberta", "logits", p);
        QCOMPARE(lg.shape, (core::Shape{n, n}));
        const core::RowMatrix sum =
            (c2c.matrix() + c2p.matrix() + p2c.matrix()) / std::sqrt(3.0 * double(d));
        QVERIFY((lg.matrix() - sum).cwiseAbs().maxCoeff() <
                1e-12 * (1 + sum.cwiseAbs().maxCoeff()));
        const auto q = debertaParams(n, d, 4, 7, seed);  // another span: another P and delta
        QCOMPARE(test::maxAbsDiff(c2c, computeOk("deberta", "c2c", q)), 0.0);
        QVERIFY(test::maxAbsDiff(c2p, computeOk("deberta", "c2p", q)) > 1e-3);
        QVERIFY(test::maxAbsDiff(p2c, computeOk("deberta", "p2c", q)) > 1e-3);
    }

    // With span k = 1 (position_buckets -1, max_relative_positions 1), delta(i, j) = clamp(i - j +
    // 1, 0, 1) is 1 for i >= j and 0 for i < j. c2p_ij = Qc_i . Kr[delta] is flat along each row on
    // both sides; p2c_ij = Kc_j . Qr[delta(i, j)] (the released code's index) is flat down each
    // column over i >= j, the diagonal included, and over i < j. The paper's delta(j, i) would put
    // the diagonal with i < j instead, which this test rejects.
    void p2cFollowsReleasedCode() {
        const qint64 n = 12;
        const auto p = debertaParams(n, 4, -1, 1, 5);
        const core::Array c2p = computeOk("deberta", "c2p", p);
        const core::Array p2c = computeOk("deberta", "p2c", p);
        const auto C = c2p.matrix();
        const auto P = p2c.matrix();
        for (qint64 i = 0; i < n; ++i)
            for (qint64 j = 0; j < n; ++j) {
                QCOMPARE(C(i, j), j <= i ? C(i, 0) : C(i, n - 1));
                QCOMPARE(P(i, j), i >= j ? P(n - 1, j) : P(0, j));
            }
        for (qint64 j = 1; j < n; ++j) QVERIFY(std::abs(P(j, j) - P(j - 1, j)) > 1e-6);
    }

    // Baseline values from a NumPy port of microsoft/DeBERTa's disentangled_att_bias (c2p gathered
    // at clamp(rel + k), p2c gathered at clamp(-rel + k) and transposed), fed the project's PRNG
    // stream; position_buckets 4 so that the log buckets and the clamping are both exercised.
    void referenceValues() {
        const auto p = debertaParams(12, 4, 4, 6, 2);
        const core::Array rel = computeOk("deberta", "relative_positions", p);
        QCOMPARE(qint64(rel.i64[11 * 12 + 0]), qint64(4));
        QCOMPARE(qint64(rel.i64[7 * 12 + 2]), qint64(3));
        const core::RowMatrix c2p = computeOk("deberta", "c2p", p).matrix();
        const core::RowMatrix p2c = computeOk("deberta", "p2c", p).matrix();
        const core::RowMatrix lg = computeOk("deberta", "logits", p).matrix();
        auto near = [](double x, double ref) {
            return std::abs(x - ref) < 1e-12 * (1 + std::abs(ref));
        };
        QVERIFY(near(c2p(11, 0), -0.7956705043072541));
        QVERIFY(near(p2c(0, 11), -1.1916307449479984));
        QVERIFY(near(p2c(7, 2), -0.8188987924761539));
        QVERIFY(near(lg(3, 9), -0.1572325182585356));
        // No buckets and a span of 100 > n: P rows before delta = 100 - 11 are skipped in the
        // stream.
        const auto wide = debertaParams(12, 4, -1, 100, 4);
        const core::RowMatrix c2pw = computeOk("deberta", "c2p", wide).matrix();
        const core::RowMatrix p2cw = computeOk("deberta", "p2c", wide).matrix();
        QVERIFY(near(c2pw(11, 0), 2.207290134219346));
        QVERIFY(near(p2cw(0, 11), -0.5883113920406942));
        QVERIFY(near(p2cw(7, 2), -0.03684001274612085));
    }

    void seeded() {
        const auto p = debertaParams(30, 8, 8, 20, 4);
        const core::Array a = computeOk("deberta", "logits", p);
        QCOMPARE(test::maxAbsDiff(a, computeOk("deberta", "logits", p)), 0.0);
        QVERIFY(test::maxAbsDiff(
                    a, computeOk("deberta", "logits", debertaParams(30, 8, 8, 20, 5))) > 1e-3);
    }

    void errors_data() {
        QTest::addColumn<qint64>("buckets");
        QTest::addColumn<qint64>("maxPos");
        QTest::addColumn<QString>("named");
        QTest::newRow("buckets 0") << qint64(0) << qint64(512) << "position_buckets";
        QTest::newRow("buckets 2") << qint64(2) << qint64(512) << "position_buckets";
        QTest::newRow("buckets 3") << qint64(3) << qint64(512) << "position_buckets";
        QTest::newRow("buckets -2") << qint64(-2) << qint64(512) << "position_buckets";
        QTest::newRow("max = mid + 1") << qint64(256) << qint64(129) << "max_relative_positions";
        QTest::newRow("max small, 4 buckets") << qint64(4) << qint64(3) << "max_relative_positions";
        QTest::newRow("max 0 without buckets")
            << qint64(-1) << qint64(0) << "max_relative_positions";
    }
    void errors() {
        QFETCH(qint64, buckets);
        QFETCH(qint64, maxPos);
        QFETCH(QString, named);
        const std::string msg =
            test::computeError("deberta", "logits", debertaParams(16, 4, buckets, maxPos));
        QVERIFY2(msg.find("'" + named.toStdString() + "'") != std::string::npos, msg.c_str());
        // The smallest valid neighbours work.
        QVERIFY(test::computeError("deberta", "logits", debertaParams(16, 4, 256, 130)).empty());
        QVERIFY(test::computeError("deberta", "logits", debertaParams(16, 4, 4, 4)).empty());
    }
};

QTEST_APPLESS_MAIN(TstDeberta)
#include "tst_deberta.moc"
