// The band aggregation of the precision quantities (core/encodings/rope_precision_bands.h)
// against brute force over the full arrays of `rope angle_error` and `cos_error`: per band and
// pair the mean, min and max over every position, for every precision, offsets past 65,520
// (float16 overflows) and 16,777,216 (float32's integers end), bands of uneven length; the fast
// rounding equal to numeric::roundTo on every kind of double; the collision count equal to the
// `collisions` quantity (and the spec's bfloat16 example: 15359 collisions, 1025 distinct).
#include <QtTest>
#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "core/encodings/rope.h"
#include "core/encodings/rope_precision_bands.h"
#include "core/numeric/low_precision.h"
#include "tests/core/test_util.h"

using namespace poslab;
using core::enc::PrecisionError;
using test::Values;

namespace {

// Relative 1e-12, absolute 1e-15: angle_error is bit for bit the quantity's; cos_error's cosines
// may differ from std::cos by 2 ulp (never its rounding to the value format).
bool close(double a, double b) {
    if (std::isinf(a) || std::isinf(b)) return a == b;
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return std::abs(a - b) <= 1e-15 + 1e-12 * std::max(std::abs(a), std::abs(b));
}

core::enc::PrecisionBandRequest requestFor(const QString& precision, PrecisionError which, qint64 d,
                                           qint64 offset, qint64 first, qint64 span, qint64 rows) {
    core::enc::PrecisionBandRequest r;
    r.precision = precision.toStdString();
    r.which = which;
    auto theta = core::enc::ropeFrequencies(core::paramsFor("rope", {{"d", std::int64_t(d)}}));
    if (theta) r.theta = *theta;
    r.offset = offset;
    r.first = first;
    r.span = span;
    r.rows = rows;
    return r;
}

}  // namespace

class TstRopePrecisionBands : public QObject {
    Q_OBJECT
private slots:
    void bandsEqualBruteForce_data() {
        QTest::addColumn<QString>("precision");
        QTest::addColumn<bool>("cosine");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("first");
        QTest::addColumn<qint64>("span");
        QTest::addColumn<qint64>("rows");
        const QStringList all = {"float64", "float32", "bfloat16", "float16", "hf_bf16"};
        for (const QString& p : all)
            for (bool c : {false, true}) {
                const QString q = c ? "cos" : "angle";
                // Uneven bands (3000 positions in 7 bands), one position per band, one band.
                QTest::newRow(qPrintable(p + "/" + q + "/uneven"))
                    << p << c << qint64(15000) << qint64(3000) << qint64(0) << qint64(3000)
                    << qint64(7);
                QTest::newRow(qPrintable(p + "/" + q + "/single"))
                    << p << c << qint64(0) << qint64(40) << qint64(0) << qint64(40) << qint64(40);
                // A window inside the range, across float16's overflow at 65 520.
                QTest::newRow(qPrintable(p + "/" + q + "/65520"))
                    << p << c << qint64(65000) << qint64(2000) << qint64(300) << qint64(1500)
                    << qint64(11);
                // Across 2^24, where float32's spacing becomes 2.
                QTest::newRow(qPrintable(p + "/" + q + "/2^24"))
                    << p << c << qint64(16777000) << qint64(600) << qint64(0) << qint64(600)
                    << qint64(13);
            }
        // More positions than one chunk (65 536) in one band: chunks combine.
        QTest::newRow("bfloat16/cos/chunks")
            << QString("bfloat16") << true << qint64(7) << qint64(150000) << qint64(0)
            << qint64(150000) << qint64(2);
        QTest::newRow("hf_bf16/angle/chunks")
            << QString("hf_bf16") << false << qint64(1000000) << qint64(140000) << qint64(0)
            << qint64(140000) << qint64(1);
    }
    void bandsEqualBruteForce() {
        QFETCH(QString, precision);
        QFETCH(bool, cosine);
        QFETCH(qint64, offset);
        QFETCH(qint64, n);
        QFETCH(qint64, first);
        QFETCH(qint64, span);
        QFETCH(qint64, rows);
        const qint64 d = 16;
        const core::Array full = test::computeOk("rope", cosine ? "cos_error" : "angle_error",
                                                 {{"n", std::int64_t(n)},
                                                  {"d", std::int64_t(d)},
                                                  {"offset", std::int64_t(offset)},
                                                  {"precision", precision.toStdString()}});
        QCOMPARE(full.shape, (core::Shape{n, d / 2}));
        const auto which = cosine ? PrecisionError::Cos : PrecisionError::Angle;
        auto bands = core::enc::precisionErrorBands(
            requestFor(precision, which, d, offset, first, span, rows));
        QVERIFY2(static_cast<bool>(bands), bands ? "" : bands.error().message.c_str());
        QCOMPARE(bands->mean.shape, (core::Shape{rows, d / 2}));
        const qint64 P = d / 2;
        int infinite = 0;
        for (qint64 r = 0; r < rows; ++r) {
            const qint64 a = first + (r * span + rows - 1) / rows;
            const qint64 z = first + ((r + 1) * span + rows - 1) / rows;
            for (qint64 j = 0; j < P; ++j) {
                double sum = 0, lo = std::numeric_limits<double>::infinity(), hi = -lo;
                for (qint64 x = a; x < z; ++x) {
                    const double v = full.at(x * P + j);
                    sum += v;
                    lo = std::min(lo, v);
                    hi = std::max(hi, v);
                }
                const double mean = sum / static_cast<double>(z - a);
                const qint64 k = r * P + j;
                const QString where =
                    QString("band %1 [%2, %3) pair %4").arg(r).arg(a).arg(z).arg(j);
                QVERIFY2(close(bands->mean.at(k), mean),
                         qPrintable(where + QString(": mean %1 vs %2")
                                                .arg(bands->mean.at(k), 0, 'g', 17)
                                                .arg(mean, 0, 'g', 17)));
                QVERIFY2(close(bands->min.at(k), lo), qPrintable(where + " min"));
                QVERIFY2(close(bands->max.at(k), hi), qPrintable(where + " max"));
                if (!cosine) {  // angle_error: the same operations, bit for bit
                    QCOMPARE(bands->min.at(k), lo);
                    QCOMPARE(bands->max.at(k), hi);
                }
                infinite += std::isinf(mean);
            }
        }
        // float16 past 65 520: infinite errors, reported as such (not dropped).
        const bool overflows = precision == "float16" && offset + first + span > 65520;
        QCOMPARE(infinite > 0, overflows);
    }

    // The inlined rounding equals numeric::roundTo: boundaries of every format (midpoints, ties,
    // the largest finite values and just past them, subnormals) and a million random doubles.
    void roundFastEqualsRoundTo_data() {
        QTest::addColumn<int>("format");
        QTest::newRow("float32") << int(core::numeric::Format::Float32);
        QTest::newRow("bfloat16") << int(core::numeric::Format::Bfloat16);
        QTest::newRow("float16") << int(core::numeric::Format::Float16);
    }
    void roundFastEqualsRoundTo() {
        QFETCH(int, format);
        const auto f = static_cast<core::numeric::Format>(format);
        std::vector<double> xs = {0.0,     -0.0,    1.0,      65504.0, 65519.99, 65520.0, 65536.0,
                                  3.4e38,  3.5e38,  1e-40,    6e-8,    3e-8,     2.9e-8,  1e300,
                                  15962.0, 16384.0, 16777217, 0.1,     -0.1,     -65520.0};
        for (std::uint32_t b = 0; b <= 0xFFFF; b += 7) {  // values and midpoints of the format
            const double v = f == core::numeric::Format::Float16
                                 ? core::numeric::fromFloat16Bits(static_cast<std::uint16_t>(b))
                                 : core::numeric::fromBfloat16Bits(static_cast<std::uint16_t>(b));
            if (!std::isfinite(v)) continue;
            xs.push_back(v);
            xs.push_back(std::nextafter(v, 1e308));
            xs.push_back(std::nextafter(v, -1e308));
            const double next =
                f == core::numeric::Format::Float16
                    ? core::numeric::fromFloat16Bits(static_cast<std::uint16_t>((b + 1) & 0xFFFF))
                    : core::numeric::fromBfloat16Bits(static_cast<std::uint16_t>((b + 1) & 0xFFFF));
            if (std::isfinite(next)) xs.push_back(0.5 * (v + next));
        }
        std::mt19937_64 rng(12);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        std::uniform_int_distribution<int> exponent(-160, 140);
        for (int i = 0; i < 1000000; ++i) xs.push_back(std::ldexp(unit(rng), exponent(rng)));
        for (double x : xs) {
            const double a = core::enc::roundFast(f, x), b = core::numeric::roundTo(f, x);
            QVERIFY2(std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b) ||
                         (a == 0 && b == 0),
                     qPrintable(QString("x = %1: %2 vs %3").arg(x, 0, 'g', 17).arg(a).arg(b)));
        }
    }

    void collisionsEqualQuantity_data() {
        QTest::addColumn<QString>("precision");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<qint64>("n");
        for (const char* p : {"float64", "float32", "bfloat16", "float16", "hf_bf16"}) {
            QTest::newRow(qPrintable(QString(p) + "/0"))
                << QString(p) << qint64(0) << qint64(20000);
            QTest::newRow(qPrintable(QString(p) + "/65520"))
                << QString(p) << qint64(60001) << qint64(9000);
            QTest::newRow(qPrintable(QString(p) + "/2^24"))
                << QString(p) << qint64(16777000) << qint64(1000);
            QTest::newRow(qPrintable(QString(p) + "/one"))
                << QString(p) << qint64(15962) << qint64(1);
        }
    }
    void collisionsEqualQuantity() {
        QFETCH(QString, precision);
        QFETCH(qint64, offset);
        QFETCH(qint64, n);
        const core::Array c = test::computeOk("rope", "collisions",
                                              {{"n", std::int64_t(n)},
                                               {"offset", std::int64_t(offset)},
                                               {"precision", precision.toStdString()}});
        const auto got = core::enc::positionCollisions(precision.toStdString(), offset, n);
        QCOMPARE(got.collisions, static_cast<std::int64_t>(c.at(0)));
        QCOMPARE(got.collisions + got.distinct, static_cast<std::int64_t>(n));
    }

    // The spec's example, and a range far too long to visit position by position.
    void collisionsSpecExample() {
        const auto bf = core::enc::positionCollisions("bfloat16", 0, 16384);
        QCOMPARE(bf.collisions, std::int64_t(15359));
        QCOMPARE(bf.distinct, std::int64_t(1025));
        const auto f32 = core::enc::positionCollisions("float32", 0, 10485760);
        QCOMPARE(f32.collisions, std::int64_t(0));
        // float32 past 2^24: the even values 2^24 + 2k, and the last (odd) position rounds up
        // to the even 2^24 + 2^20 (ties to even).
        const auto past = core::enc::positionCollisions("float32", 16777216, 1 << 20);
        QCOMPARE(past.distinct, std::int64_t((1 << 19) + 1));
        // float16: one value, inf, for every position from 65 520 on.
        const auto f16 = core::enc::positionCollisions("float16", 65520, 10000000);
        QCOMPARE(f16.distinct, std::int64_t(1));
    }

    void cancelled() {
        std::atomic<bool> cancel{true};
        core::ComputeContext ctx;
        ctx.cancel = &cancel;
        auto r = core::enc::precisionErrorBands(
            requestFor("bfloat16", PrecisionError::Cos, 128, 0, 0, 10485760, 512), ctx);
        QVERIFY(!r);
        QCOMPARE(r.error().code, core::Errc::Cancelled);
    }
};

QTEST_GUILESS_MAIN(TstRopePrecisionBands)
#include "tst_rope_precision_bands.moc"
