// Properties of the T5 relative bias (A10) and of its bucket function (C1): buckets grow with the
// distance and saturate past max_distance, the two directions use separate halves, a decoder puts
// every later key in bucket 0, the edges for 32/128 land on 16, 32 and 64, the log-free edge
// table reproduces the buckets, and the bias is the weight table looked up by bucket.
#include <QtTest>

#include <fstream>

#include "core/encodings/t5_bucket.h"
#include "core/io/npy.h"
#include "tests/core/test_util.h"

using namespace poslab;
using core::enc::t5Bucket;
using test::computeOk;

namespace {

using Values = std::vector<std::pair<std::string, core::ParamValue>>;

// Writes a (rows, cols) table with W[r, c] = 1000 r + c (every entry distinct) as .npy.
QString writeTable(const QTemporaryDir& dir, const char* name, std::int64_t rows,
                   std::int64_t cols) {
    core::Array a = core::Array::real({rows, cols});
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < cols; ++c)
            a.f64[static_cast<std::size_t>(r * cols + c)] =
                1000.0 * static_cast<double>(r) + static_cast<double>(c);
    const QString path = dir.filePath(name);
    std::ofstream(path.toStdString(), std::ios::binary) << core::io::encodeNpy(a);
    return path;
}

}  // namespace

class TstT5 : public QObject {
    Q_OBJECT
private slots:
    void bucketShape_data() {
        QTest::addColumn<qint64>("nb");
        QTest::addColumn<qint64>("md");
        QTest::addColumn<bool>("bidirectional");
        QTest::newRow("32/128 encoder") << qint64(32) << qint64(128) << true;
        QTest::newRow("32/128 decoder") << qint64(32) << qint64(128) << false;
        QTest::newRow("64/500 encoder") << qint64(64) << qint64(500) << true;
        QTest::newRow("odd 33/100 encoder") << qint64(33) << qint64(100) << true;
        QTest::newRow("8/20 decoder") << qint64(8) << qint64(20) << false;
        QTest::newRow("smallest encoder 4/2") << qint64(4) << qint64(2) << true;
        QTest::newRow("smallest decoder 2/2") << qint64(2) << qint64(2) << false;
        QTest::newRow("steep 32/9 encoder") << qint64(32) << qint64(9) << true;
        QTest::newRow("128/1000 decoder") << qint64(128) << qint64(1000) << false;
    }
    // Over r in [-3000, 3000]: exact buckets below max_exact, non-decreasing in the distance,
    // saturated past max_distance, one half per direction (encoder), later keys in 0 (decoder).
    void bucketShape() {
        QFETCH(qint64, nb);
        QFETCH(qint64, md);
        QFETCH(bool, bidirectional);
        const std::int64_t half = bidirectional ? nb / 2 : nb;  // buckets per direction
        const std::int64_t maxExact = half / 2;
        QVERIFY(core::enc::t5CheckParams(bidirectional, nb, md).ok());
        for (int sign : {-1, 1}) {
            if (!bidirectional && sign > 0) continue;
            const std::int64_t offset = sign > 0 ? half : 0;
            std::int64_t previous = -1;
            for (std::int64_t a = 0; a <= 3000; ++a) {
                const std::int64_t b = t5Bucket(sign * a, bidirectional, nb, md);
                const bool after = sign > 0 && a > 0;
                const std::int64_t lo = after ? offset : 0, hi = after ? offset + half : half;
                QVERIFY2(b >= lo && b < hi,
                         qPrintable(QString("r %1 bucket %2").arg(sign * a).arg(b)));
                if (a < maxExact) QCOMPARE(b - lo, a);
                if (a > 1) QVERIFY(b >= previous);  // a = 0 is r = 0: the lower half
                if (a >= md) QCOMPARE(b, hi - 1);
                previous = b;
            }
        }
        if (!bidirectional)
            for (std::int64_t r = 1; r <= 3000; ++r)
                QCOMPARE(t5Bucket(r, false, nb, md), std::int64_t(0));
    }

    // The buckets quantity is Toeplitz in (i, j) with the bucket of j - i (key minus query).
    void bucketsQuantity_data() { bucketShape_data(); }
    void bucketsQuantity() {
        QFETCH(qint64, nb);
        QFETCH(qint64, md);
        QFETCH(bool, bidirectional);
        const std::int64_t n = 300;
        const core::Array b = computeOk("t5", "buckets",
                                        {{"n", n},
                                         {"num_buckets", std::int64_t(nb)},
                                         {"max_distance", std::int64_t(md)},
                                         {"bidirectional", bidirectional}});
        QCOMPARE(b.dtype, core::DType::I64);
        QCOMPARE(b.shape, (core::Shape{n, n}));
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < n; ++j)
                QCOMPARE(b.i64[static_cast<std::size_t>(i * n + j)],
                         t5Bucket(j - i, bidirectional, nb, md));
        // Keys after the query (j > i): upper half for the encoder, bucket 0 for the decoder.
        const std::int64_t half = bidirectional ? nb / 2 : nb;
        for (std::int64_t j = 1; j < n; ++j) {
            const std::int64_t after = b.i64[static_cast<std::size_t>(j)];  // i = 0
            if (bidirectional)
                QVERIFY(after >= half);
            else
                QCOMPARE(after, std::int64_t(0));
            QVERIFY(b.i64[static_cast<std::size_t>(j * n)] < half);  // j = 0, i > 0: before
        }
    }

    // 32 buckets, max_distance 128, encoder: 16 per direction, 8 exact, and the log buckets start
    // exactly at a = 16, 32 and 64 (ln 2, ln 4, ln 8 over ln 16, times 8: the integers 2, 4, 6).
    void edges32x128() {
        const auto edges = core::enc::t5BucketEdges(true, 32, 128);
        QCOMPARE(edges.size(), std::size_t(16));
        for (std::int64_t k = 0; k < 8; ++k) QCOMPARE(edges[static_cast<std::size_t>(k)], k);
        QCOMPARE(edges[10], std::int64_t(16));
        QCOMPARE(edges[12], std::int64_t(32));
        QCOMPARE(edges[14], std::int64_t(64));
        for (std::int64_t a : {16, 32, 64}) {
            QCOMPARE(t5Bucket(-a, true, 32, 128), t5Bucket(-(a - 1), true, 32, 128) + 1);
            QCOMPARE(t5Bucket(a, true, 32, 128), t5Bucket(a - 1, true, 32, 128) + 1);
        }
        QCOMPARE(t5Bucket(-16, true, 32, 128), std::int64_t(10));
        QCOMPARE(t5Bucket(16, true, 32, 128), std::int64_t(26));
        QCOMPARE(t5Bucket(-128, true, 32, 128), std::int64_t(15));
        QCOMPARE(t5Bucket(-100000, true, 32, 128), std::int64_t(15));
        QCOMPARE(t5Bucket(100000, true, 32, 128), std::int64_t(31));
        QCOMPARE(t5Bucket(0, true, 32, 128), std::int64_t(0));
        QCOMPARE(t5Bucket(1, true, 32, 128), std::int64_t(17));
    }

    // The log-free edge table (for the GPU) gives exactly the same buckets.
    void edgesReproduceBuckets_data() { bucketShape_data(); }
    void edgesReproduceBuckets() {
        QFETCH(qint64, nb);
        QFETCH(qint64, md);
        QFETCH(bool, bidirectional);
        const auto edges = core::enc::t5BucketEdges(bidirectional, nb, md);
        QVERIFY(std::is_sorted(edges.begin(), edges.end()));
        for (std::int64_t r = -3000; r <= 3000; ++r)
            QCOMPARE(core::enc::t5BucketFromEdges(r, bidirectional, edges),
                     t5Bucket(r, bidirectional, nb, md));
    }

    // bias[h, i, j] = W[bucket(i, j), h] with a loaded table whose entries are all distinct.
    void biasLooksUpWeights_data() {
        QTest::addColumn<QString>("bucketing");
        QTest::addColumn<bool>("bidirectional");
        QTest::addColumn<qint64>("heads");
        QTest::newRow("log encoder") << "log" << true << qint64(8);
        QTest::newRow("log decoder") << "log" << false << qint64(3);
        QTest::newRow("none") << "none" << true << qint64(2);
    }
    void biasLooksUpWeights() {
        QFETCH(QString, bucketing);
        QFETCH(bool, bidirectional);
        QFETCH(qint64, heads);
        const std::int64_t n = 70, nb = 32;
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const bool none = bucketing == "none";
        const QString path = writeTable(dir, "w.npy", none ? n : nb, heads);
        const Values p = {{"n", n},
                          {"heads", std::int64_t(heads)},
                          {"bidirectional", bidirectional},
                          {"bucketing", bucketing.toStdString()},
                          {"weights", path.toStdString()}};
        const core::Array bias = computeOk("t5", "bias", p);
        const core::Array b = computeOk("t5", "buckets", p);
        QCOMPARE(bias.shape, (core::Shape{heads, n, n}));
        for (std::int64_t h = 0; h < heads; ++h)
            for (std::int64_t i = 0; i < n; ++i)
                for (std::int64_t j = 0; j < n; ++j) {
                    const std::int64_t bucket = b.i64[static_cast<std::size_t>(i * n + j)];
                    if (none) QCOMPARE(bucket, i > j ? i - j : j - i);
                    QCOMPARE(bias.f64[static_cast<std::size_t>((h * n + i) * n + j)],
                             1000.0 * static_cast<double>(bucket) + static_cast<double>(h));
                }
    }

    // Seeded tables: the same seed gives the same numbers, another seed others.
    void seeded_data() {
        QTest::addColumn<QString>("bucketing");
        QTest::newRow("log") << "log";
        QTest::newRow("none") << "none";
    }
    void seeded() {
        QFETCH(QString, bucketing);
        auto bias = [&](std::int64_t seed) {
            return computeOk("t5", "bias",
                             {{"n", std::int64_t(40)},
                              {"heads", std::int64_t(4)},
                              {"bucketing", bucketing.toStdString()},
                              {"seed", seed}});
        };
        const core::Array a = bias(7), b = bias(7), c = bias(8);
        QCOMPARE(a.f64, b.f64);
        QVERIFY(test::maxAbsDiff(a, c) > 0.1);
        // Heads are different columns of the table.
        const auto m = a.matrix();  // (heads * n, n)
        QVERIFY((m.topRows(40) - m.middleRows(40, 40)).cwiseAbs().maxCoeff() > 0.1);
    }

    void weightsErrors() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString wrong = writeTable(dir, "wrong.npy", 31, 8);    // needs (32, 8)
        const QString perDistance = writeTable(dir, "n.npy", 64, 8);  // (n, heads): only for none
        for (const auto& [path, bucketing] :
             {std::pair{wrong, "log"}, std::pair{dir.filePath("missing.npy"), "log"},
              std::pair{perDistance, "log"}, std::pair{wrong, "none"}}) {
            const std::string msg = test::computeError(
                "t5", "bias",
                {{"weights", path.toStdString()}, {"bucketing", std::string(bucketing)}});
            QVERIFY2(msg.find("'weights'") != std::string::npos, msg.c_str());
        }
        QVERIFY(test::computeError(
                    "t5", "bias",
                    {{"weights", perDistance.toStdString()}, {"bucketing", std::string("none")}})
                    .empty());
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<qint64>("numBuckets");
        QTest::addColumn<qint64>("maxDistance");
        QTest::addColumn<bool>("bidirectional");
        QTest::newRow("3 buckets, encoder") << "num_buckets" << qint64(3) << qint64(128) << true;
        QTest::newRow("1 bucket, decoder") << "num_buckets" << qint64(1) << qint64(128) << false;
        QTest::newRow("max_distance = max_exact 8")
            << "max_distance" << qint64(32) << qint64(8) << true;
        QTest::newRow("max_distance below, decoder")
            << "max_distance" << qint64(32) << qint64(16) << false;
        QTest::newRow("max_distance 0") << "max_distance" << qint64(4) << qint64(0) << true;
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(qint64, numBuckets);
        QFETCH(qint64, maxDistance);
        QFETCH(bool, bidirectional);
        const Values p = {{"num_buckets", std::int64_t(numBuckets)},
                          {"max_distance", std::int64_t(maxDistance)},
                          {"bidirectional", bidirectional}};
        for (const char* q : {"buckets", "bias"}) {
            const std::string msg = test::computeError("t5", q, p);
            QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
        }
    }

    void otherErrors() {
        for (const auto& [key, value] : std::vector<std::pair<std::string, core::ParamValue>>{
                 {"n", std::int64_t(0)},
                 {"heads", std::int64_t(0)},
                 {"bucketing", std::string("linear")}}) {
            const std::string msg = test::computeError("t5", "bias", {{key, value}});
            QVERIFY2(msg.find("'" + key + "'") != std::string::npos, msg.c_str());
        }
        // Without log buckets num_buckets and max_distance are unused, hence not checked.
        QVERIFY(test::computeError(
                    "t5", "buckets",
                    {{"bucketing", std::string("none")}, {"max_distance", std::int64_t(0)}})
                    .empty());
    }
};

QTEST_APPLESS_MAIN(TstT5)
#include "tst_t5.moc"
