// Biases side by side (issue 26): each row of `profiles` is what that family's own encoding gives
// the last query of an (n = max_distance + 1)-long sequence, key by key, less its value at the
// query itself: ALiBi's, KERPLE's (log and power), Sandwich's, FIRE's and T5's `bias` through the
// registry. The receptive fields are the first crossings of the threshold, found by brute force.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using test::Values;

namespace {

struct Family {
    const char* row;
    const char* encoding;
    Values extra;
};

// The rows of `profiles`, in order, with the encoding (and its settings) each row comes from.
const std::vector<Family>& families() {
    static const std::vector<Family> f{
        {"ALiBi", "alibi", {}},
        {"KERPLE log", "kerple", {{"variant", std::string("log")}}},
        {"KERPLE power", "kerple", {{"variant", std::string("power")}}},
        {"Sandwich", "sandwich", {}},
        {"FIRE", "fire", {}},
        {"T5", "t5", {}}};
    return f;
}

}  // namespace

class TstBiases : public QObject {
    Q_OBJECT

private slots:
    void rowsAreTheEncodingsOwnBias_data() {
        QTest::addColumn<int>("family");
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<qint64>("head");
        QTest::addColumn<qint64>("maxDistance");
        QTest::addColumn<qint64>("seed");
        QTest::addColumn<double>("fireThreshold");
        for (int f = 0; f < 6; ++f)
            for (auto [heads, head, maxDistance, seed, fireL] :
                 {std::tuple<qint64, qint64, qint64, qint64, double>{8, 0, 40, 0, 512.0},
                  {8, 7, 150, 3, 16.0},
                  {3, 2, 90, 11, 1.0},
                  {12, 5, 33, 1, 64.0}})
                QTest::newRow(qPrintable(QString("%1, %2 heads, head %3, x <= %4, L %5")
                                             .arg(families()[f].row)
                                             .arg(heads)
                                             .arg(head)
                                             .arg(maxDistance)
                                             .arg(fireL)))
                    << f << heads << head << maxDistance << seed << fireL;
    }
    // profiles[f, x] = bias[head, n-1, n-1-x] - bias[head, n-1, n-1] of the family's encoding at
    // n = max_distance + 1 (FIRE: the last query's normaliser; T5: the key before the query).
    void rowsAreTheEncodingsOwnBias() {
        QFETCH(int, family);
        QFETCH(qint64, heads);
        QFETCH(qint64, head);
        QFETCH(qint64, maxDistance);
        QFETCH(qint64, seed);
        QFETCH(double, fireThreshold);
        const auto p = computeOk("biases", "profiles",
                                 {{"heads", std::int64_t(heads)},
                                  {"head", std::int64_t(head)},
                                  {"max_distance", std::int64_t(maxDistance)},
                                  {"seed", std::int64_t(seed)},
                                  {"fire_threshold", fireThreshold}});
        QCOMPARE(p.shape, (core::Shape{6, maxDistance + 1}));
        const Family& fam = families()[static_cast<std::size_t>(family)];
        const qint64 n = maxDistance + 1;
        Values v = test::with({{"heads", std::int64_t(heads)}, {"n", std::int64_t(n)}}, fam.extra);
        const std::string enc = fam.encoding;
        if (enc != "alibi" && enc != "sandwich") v.push_back({"seed", std::int64_t(seed)});
        if (enc == "fire") v.push_back({"threshold", fireThreshold});
        const auto bias = computeOk(fam.encoding, "bias", v);
        QCOMPARE(bias.shape, (core::Shape{heads, n, n}));
        const qint64 last = n - 1;
        const double self = bias.at((head * n + last) * n + last);
        double worst = 0;
        for (qint64 x = 0; x <= maxDistance; ++x) {
            const double want = bias.at((head * n + last) * n + last - x) - self;
            worst = std::max(worst, std::abs(p.at(family * n + x) - want));
        }
        // The same doubles, taken in another order (FIRE's MLP per distance vs per key) at most.
        QVERIFY2(worst <= 1e-12 * std::max(1.0, std::abs(p.at(family * n + maxDistance))),
                 qPrintable(QString("largest difference %1").arg(worst)));
        QCOMPARE(p.at(family * n), 0.0);
    }

    void fieldsAreFirstCrossings_data() {
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<qint64>("maxDistance");
        QTest::addColumn<double>("threshold");
        QTest::newRow("default threshold") << qint64(8) << qint64(600) << -std::log(100.0);
        QTest::newRow("shallow threshold") << qint64(4) << qint64(300) << -0.05;
        QTest::newRow("deep threshold, nothing reaches") << qint64(6) << qint64(50) << -1e5;
    }
    // fields[f, h] and receptive_fields[f] (at head h) are the first x with profile < threshold,
    // or max_distance + 1; profiles are brute-forced per head.
    void fieldsAreFirstCrossings() {
        QFETCH(qint64, heads);
        QFETCH(qint64, maxDistance);
        QFETCH(double, threshold);
        const Values common{{"heads", std::int64_t(heads)},
                            {"max_distance", std::int64_t(maxDistance)},
                            {"threshold", threshold}};
        const auto fields = computeOk("biases", "fields", common);
        QCOMPARE(fields.shape, (core::Shape{6, heads}));
        const qint64 count = maxDistance + 1;
        for (qint64 h = 0; h < heads; ++h) {
            const Values at = test::with(common, {{"head", std::int64_t(h)}});
            const auto p = computeOk("biases", "profiles", at);
            const auto r = computeOk("biases", "receptive_fields", at);
            for (qint64 f = 0; f < 6; ++f) {
                qint64 x = 0;
                while (x < count && !(p.at(f * count + x) < threshold)) ++x;
                QCOMPARE(static_cast<qint64>(fields.at(f * heads + h)), x);
                QCOMPARE(static_cast<qint64>(r.at(f)), x);
            }
        }
    }

    // ALiBi's and KERPLE's kernels fall with distance; a steeper head (smaller h) reaches less far
    // for ALiBi, whose slopes halve from head to head at 8 heads: R doubles, give or take one.
    void alibiFieldsDoublePerHead() {
        const auto fields = computeOk("biases", "fields", {{"max_distance", std::int64_t(4096)}});
        for (qint64 h = 1; h < 8; ++h) {
            const double prev = fields.at(h - 1), cur = fields.at(h);
            QVERIFY2(std::abs(cur - 2 * prev) <= 2,
                     qPrintable(QString("%1 -> %2").arg(prev).arg(cur)));
        }
    }

    void badInput_data() {
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<qint64>("head");
        QTest::addColumn<QString>("names");
        QTest::newRow("head past heads") << qint64(4) << qint64(4) << "head";
        QTest::newRow("head far past") << qint64(1) << qint64(63) << "head";
        QTest::newRow("heads past the page's 64") << qint64(65) << qint64(0) << "heads";
    }
    void badInput() {
        QFETCH(qint64, heads);
        QFETCH(qint64, head);
        QFETCH(QString, names);
        const auto e = test::computeError(
            "biases", "profiles", {{"heads", std::int64_t(heads)}, {"head", std::int64_t(head)}});
        QVERIFY2(QString::fromStdString(e).contains(names), e.c_str());
        QVERIFY(e.find('\n') == std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TstBiases)
#include "tst_biases.moc"
