// RoPE over long ranges and in low precision (long_context.md L1, L2): decay_envelope is the
// exact min / max of g over each column's integers (brute force in long double with accurate
// angles), cos_mean the exact band mean, and the precision quantities reproduce the published
// facts (bf16 15962 -> 15936, 15359 collisions over 0..16383, float16 overflow at 65520).
#include <QtTest>
#include <cmath>
#include <numbers>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using test::Values;
using test::with;

namespace {

// cos(x t) with the angle reduced in long double (x an integer < 2^24, t a double: x t is exact
// in the 64-bit significand only approximately, so reduce x t = x hi + x lo with t split).
long double cosExact(std::int64_t x, double t) {
    const double hi = static_cast<double>(static_cast<float>(t)), lo = t - hi;  // t = hi + lo
    const long double twoPi = 6.283185307179586476925286766559L;
    long double a =
        std::fmod(static_cast<long double>(x) * hi, twoPi);  // exact product: 24+24 bits
    a += std::fmod(static_cast<long double>(x) * lo, twoPi);
    return std::cos(a);
}

long double sinExact(std::int64_t x, double t) {
    const double hi = static_cast<double>(static_cast<float>(t)), lo = t - hi;
    const long double twoPi = 6.283185307179586476925286766559L;
    long double a = std::fmod(static_cast<long double>(x) * hi, twoPi);
    a += std::fmod(static_cast<long double>(x) * lo, twoPi);
    return std::sin(a);
}

}  // namespace

class TstRopeLong : public QObject {
    Q_OBJECT
private slots:
    void envelope_data() {
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<qint64>("columns");
        QTest::newRow("one per column")
            << qint64(16) << 1e4 << qint64(0) << qint64(99) << qint64(100);
        QTest::newRow("empty columns")
            << qint64(16) << 1e4 << qint64(10) << qint64(19) << qint64(25);
        QTest::newRow("many per column")
            << qint64(64) << 5e5 << qint64(0) << qint64(20000) << qint64(37);
        QTest::newRow("far window")
            << qint64(128) << 1e4 << qint64(9000000) << qint64(9003000) << qint64(300);
    }
    // Every column's (min, max) against g evaluated at each integer separately.
    void envelope() {
        QFETCH(qint64, d);
        QFETCH(double, base);
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(qint64, columns);
        const Values v = {{"d", std::int64_t(d)},
                          {"base", base},
                          {"window_start", std::int64_t(start)},
                          {"window_end", std::int64_t(end)},
                          {"max_distance", std::int64_t(end)},
                          {"columns", std::int64_t(columns)}};
        const core::Array env = computeOk("rope", "decay_envelope", v);
        const core::Array theta =
            computeOk("rope", "frequencies", {{"d", std::int64_t(d)}, {"base", base}});
        QCOMPARE(env.shape, (core::Shape{columns, 2}));
        const qint64 width = end - start + 1;
        std::vector<long double> lo(columns, INFINITY), hi(columns, -INFINITY);
        for (qint64 x = start; x <= end; ++x) {
            long double g = 0;
            for (std::int64_t j = 0; j < theta.size(); ++j) g += 2 * cosExact(x, theta.at(j));
            const qint64 c = (x - start) * columns / width;
            lo[c] = std::min(lo[c], g);
            hi[c] = std::max(hi[c], g);
        }
        for (qint64 c = 0; c < columns; ++c) {
            if (std::isinf(lo[c])) {
                QVERIFY(std::isnan(env.at(2 * c)) && std::isnan(env.at(2 * c + 1)));
                continue;
            }
            QVERIFY2(std::abs(env.at(2 * c) - static_cast<double>(lo[c])) < 1e-10 * d,
                     qPrintable(QString("column %1 min %2 vs %3")
                                    .arg(c)
                                    .arg(env.at(2 * c), 0, 'g', 17)
                                    .arg(static_cast<double>(lo[c]), 0, 'g', 17)));
            QVERIFY(std::abs(env.at(2 * c + 1) - static_cast<double>(hi[c])) < 1e-10 * d);
        }
        // The plain decay curve agrees where it is defined.
        if (start == 0) {
            const core::Array g = computeOk("rope", "decay", v);
            for (qint64 c = 0; c < columns; ++c) {
                const qint64 x0 = (c * width + columns - 1) / columns;
                if (x0 <= end && (x0 * columns / width) == c)
                    QVERIFY(g.at(x0) >= env.at(2 * c) - 1e-9 &&
                            g.at(x0) <= env.at(2 * c + 1) + 1e-9);
            }
        }
    }

    // cos_mean and sin_mean against the band sums done term by term, far out and near 0.
    void cosMean_data() {
        QTest::addColumn<QString>("quantity");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<qint64>("rows");
        for (const char* q : {"cos_mean", "sin_mean"}) {
            QTest::addRow("%s small", q) << QString(q) << qint64(50) << qint64(0) << qint64(7);
            QTest::addRow("%s one per row", q)
                << QString(q) << qint64(20) << qint64(3) << qint64(20);
            QTest::addRow("%s far", q)
                << QString(q) << qint64(30000) << qint64(10000000) << qint64(11);
        }
    }
    void cosMean() {
        QFETCH(QString, quantity);
        QFETCH(qint64, n);
        QFETCH(qint64, offset);
        QFETCH(qint64, rows);
        const bool isSin = quantity == "sin_mean";
        const Values v = {{"n", std::int64_t(n)},
                          {"d", std::int64_t(32)},
                          {"offset", std::int64_t(offset)},
                          {"rows", std::int64_t(rows)}};
        const core::Array m = computeOk("rope", quantity.toStdString(), v);
        const core::Array theta = computeOk("rope", "frequencies", v);
        QCOMPARE(m.shape, (core::Shape{rows, 16}));
        for (qint64 r = 0; r < rows; ++r)
            for (std::int64_t j = 0; j < 16; ++j) {
                long double sum = 0;
                qint64 count = 0;
                for (qint64 i = 0; i < n; ++i)
                    if (i * rows / n == r) {
                        sum += isSin ? sinExact(offset + i, theta.at(j))
                                     : cosExact(offset + i, theta.at(j));
                        ++count;
                    }
                const double want = static_cast<double>(sum / count);
                QVERIFY2(std::abs(m.at(r * 16 + j) - want) < 1e-12,
                         qPrintable(QString("row %1 pair %2: %3 vs %4")
                                        .arg(r)
                                        .arg(j)
                                        .arg(m.at(r * 16 + j), 0, 'g', 17)
                                        .arg(want, 0, 'g', 17)));
            }
    }

    void precisionFacts() {
        const Values bf = {{"n", std::int64_t(16384)}, {"precision", std::string("bfloat16")}};
        QCOMPARE(computeOk("rope", "collisions", bf).i64.at(0), std::int64_t(15359));
        QCOMPARE(computeOk("rope", "position_rounded", bf).at(15962), 15936.0);
        // theta_0 = 1: the bf16 angle of position 15962 is 15936.
        const Values at = {{"n", std::int64_t(1)},
                           {"offset", std::int64_t(15962)},
                           {"d", std::int64_t(8)},
                           {"precision", std::string("bfloat16")}};
        QCOMPARE(computeOk("rope", "angle_error", at).at(0), 26.0);
        const double bf16Cos = computeOk("rope", "cos_error", at).at(0);
        QVERIFY(std::abs(bf16Cos - std::abs(std::cos(15936.0) - std::cos(15962.0))) < 0.01);
        // hf_bf16: float32 angles keep 15962 exactly; only cos is rounded (|error| <= 2^-9).
        const Values hf = with(at, {{"precision", std::string("hf_bf16")}});
        QCOMPARE(computeOk("rope", "angle_error", hf).at(0), 0.0);
        QVERIFY(computeOk("rope", "cos_error", hf).at(0) <= std::ldexp(1.0, -9));
        QCOMPARE(computeOk("rope", "collisions", with(bf, {{"precision", std::string("float32")}}))
                     .i64.at(0),
                 std::int64_t(0));
        // float16: 65520 and beyond overflow; the errors say inf there.
        const Values f16 = {{"n", std::int64_t(4)},
                            {"offset", std::int64_t(65518)},
                            {"d", std::int64_t(4)},
                            {"precision", std::string("float16")}};
        const core::Array pos = computeOk("rope", "position_rounded", f16);
        QCOMPARE(pos.at(1), 65504.0);
        QVERIFY(std::isinf(pos.at(2)) && std::isinf(pos.at(3)));
        const core::Array err = computeOk("rope", "angle_error", f16);
        QVERIFY(std::isfinite(err.at(0)) && std::isinf(err.at(4)));
        QCOMPARE(computeOk("rope", "collisions", f16).i64.at(0), std::int64_t(2));
        // float64 holds the product rounded once: within half an ulp of the real p theta, and
        // exact where the product is (theta_0 = 1).
        const Values far = {{"n", std::int64_t(100)}, {"offset", std::int64_t(1 << 22)}};
        const core::Array e64 = computeOk("rope", "angle_error", far);
        const core::Array th = computeOk("rope", "frequencies", far);
        double largest = 0;
        for (std::int64_t i = 0; i < 100; ++i)
            for (std::int64_t j = 0; j < 32; ++j) {
                const double prod = static_cast<double>((1 << 22) + i) * th.at(j);
                QVERIFY(e64.at(i * 32 + j) <= 0.5 * (std::nextafter(prod, INFINITY) - prod));
                largest = std::max(largest, e64.at(i * 32 + j));
                if (j == 0) QCOMPARE(e64.at(i * 32), 0.0);
            }
        QVERIFY(largest > 0);
    }
};

QTEST_APPLESS_MAIN(TstRopeLong)
#include "tst_rope_long.moc"
