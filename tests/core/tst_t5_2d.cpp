// Properties of the 2-D T5 bias (A11): the index of two patches encodes exactly their
// (|row offset|, |column offset|), is translation invariant, and the bias is one seeded table
// entry per index and head.
#include <QtTest>

#include <map>
#include <set>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;

class TstT52d : public QObject {
    Q_OBJECT
private slots:
    void indices_data() {
        QTest::addColumn<qint64>("fmap");
        QTest::newRow("1") << qint64(1);
        QTest::newRow("2") << qint64(2);
        QTest::newRow("5") << qint64(5);
        QTest::newRow("default 8") << qint64(8);
        QTest::newRow("13") << qint64(13);
    }
    // idx / fmap and idx % fmap give back |dr| and |dc| of the two patches (p = r * fmap + c), so
    // equal indices mean equal offsets; the matrix is symmetric with zeros on the diagonal and
    // uses every row of the (fmap^2)-row table.
    void indices() {
        QFETCH(qint64, fmap);
        const std::int64_t m = fmap * fmap;
        const core::Array a = computeOk("t5_2d", "indices", {{"fmap", std::int64_t(fmap)}});
        QCOMPARE(a.dtype, core::DType::I64);
        QCOMPARE(a.shape, (core::Shape{m, m}));
        std::set<std::int64_t> used;
        for (std::int64_t p = 0; p < m; ++p)
            for (std::int64_t q = 0; q < m; ++q) {
                const std::int64_t idx = a.i64[static_cast<std::size_t>(p * m + q)];
                QVERIFY(idx >= 0 && idx < m);
                QCOMPARE(idx / fmap, std::abs(p / fmap - q / fmap));
                QCOMPARE(idx % fmap, std::abs(p % fmap - q % fmap));
                QCOMPARE(idx, a.i64[static_cast<std::size_t>(q * m + p)]);
                used.insert(idx);
                // Moving both patches one row down or one column right keeps the index.
                if (p / fmap + 1 < fmap && q / fmap + 1 < fmap)
                    QCOMPARE(a.i64[static_cast<std::size_t>((p + fmap) * m + q + fmap)], idx);
                if (p % fmap + 1 < fmap && q % fmap + 1 < fmap)
                    QCOMPARE(a.i64[static_cast<std::size_t>((p + 1) * m + q + 1)], idx);
            }
        QCOMPARE(std::int64_t(used.size()), m);
        for (std::int64_t p = 0; p < m; ++p)
            QCOMPARE(a.i64[static_cast<std::size_t>(p * m + p)], std::int64_t(0));
    }

    // bias[h, p, q] depends on (p, q) only through the index, and takes one value per index and
    // head (a seeded normal table has no two equal entries).
    void biasIsTableLookup_data() {
        QTest::addColumn<qint64>("fmap");
        QTest::addColumn<qint64>("heads");
        QTest::newRow("3x3, 1 head") << qint64(3) << qint64(1);
        QTest::newRow("8x8, 8 heads") << qint64(8) << qint64(8);
        QTest::newRow("6x6, 5 heads") << qint64(6) << qint64(5);
    }
    void biasIsTableLookup() {
        QFETCH(qint64, fmap);
        QFETCH(qint64, heads);
        const std::int64_t m = fmap * fmap;
        const std::vector<std::pair<std::string, core::ParamValue>> p = {
            {"fmap", std::int64_t(fmap)},
            {"heads", std::int64_t(heads)},
            {"seed", std::int64_t(3)}};
        const core::Array bias = computeOk("t5_2d", "bias", p);
        const core::Array idx = computeOk("t5_2d", "indices", p);
        QCOMPARE(bias.shape, (core::Shape{heads, m, m}));
        for (std::int64_t h = 0; h < heads; ++h) {
            std::map<std::int64_t, double> table;
            std::set<double> values;
            for (std::int64_t k = 0; k < m * m; ++k) {
                const double v = bias.f64[static_cast<std::size_t>(h * m * m + k)];
                const auto [it, fresh] = table.emplace(idx.i64[static_cast<std::size_t>(k)], v);
                if (!fresh) QCOMPARE(v, it->second);
                values.insert(v);
            }
            QCOMPARE(std::int64_t(values.size()), m);
        }
    }

    void seeded() {
        auto bias = [](std::int64_t seed) {
            return computeOk(
                "t5_2d", "bias",
                {{"fmap", std::int64_t(5)}, {"heads", std::int64_t(4)}, {"seed", seed}});
        };
        const core::Array a = bias(11), b = bias(11), c = bias(12);
        QCOMPARE(a.f64, b.f64);
        QVERIFY(test::maxAbsDiff(a, c) > 0.1);
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<qint64>("value");
        QTest::newRow("fmap 0") << "fmap" << qint64(0);
        QTest::newRow("heads 0") << "heads" << qint64(0);
        QTest::newRow("seed -1") << "seed" << qint64(-1);
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(qint64, value);
        for (const char* q : {"indices", "bias"}) {
            const std::string msg =
                test::computeError("t5_2d", q, {{key.toStdString(), std::int64_t(value)}});
            QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TstT52d)
#include "tst_t5_2d.moc"
