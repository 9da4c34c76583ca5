// The rounding of core/numeric/low_precision.h, exhaustively: every one of the 65,536 bfloat16 and
// float16 bit patterns decodes to the value an independent bit-level reference gives (bfloat16:
// the upper half of a float32; float16: the compiler's _Float16), encodes back to itself, and
// every gap between neighbours rounds as IEEE 754 says (below the midpoint down, above it up,
// on it to the even neighbour, past the largest finite value to inf). float16 is also checked
// against the compiler's correctly rounded conversion on a million random doubles.
#include <QtTest>
#include <bit>
#include <cstring>
#include <limits>
#include <random>

#include "core/numeric/low_precision.h"

using namespace poslab::core::numeric;

namespace {

struct FormatUnderTest {
    const char* name;
    double (*decode)(std::uint16_t);
    std::uint16_t (*encode)(double);
    double (*reference)(std::uint16_t);
};

double bf16Reference(std::uint16_t bits) {
    const std::uint32_t wide = static_cast<std::uint32_t>(bits) << 16;
    float f;
    std::memcpy(&f, &wide, sizeof f);
    return f;
}

double f16Reference(std::uint16_t bits) {
    _Float16 h;
    std::memcpy(&h, &bits, sizeof h);
    return static_cast<double>(h);
}

const FormatUnderTest kFormats[] = {
    {"bfloat16", fromBfloat16Bits, toBfloat16Bits, bf16Reference},
    {"float16", fromFloat16Bits, toFloat16Bits, f16Reference},
};

}  // namespace

class TstLowPrecision : public QObject {
    Q_OBJECT
private slots:
    void everyPattern_data() {
        QTest::addColumn<int>("format");
        QTest::newRow("bfloat16") << 0;
        QTest::newRow("float16") << 1;
    }
    void everyPattern() {
        QFETCH(int, format);
        const FormatUnderTest& f = kFormats[format];
        std::vector<double> positives;  // every finite value >= 0, ascending
        for (std::uint32_t b = 0; b <= 0xFFFF; ++b) {
            const auto bits = static_cast<std::uint16_t>(b);
            const double v = f.decode(bits), ref = f.reference(bits);
            if (std::isnan(ref)) {
                QVERIFY(std::isnan(v));
                QVERIFY(std::isnan(f.decode(f.encode(v))));
                continue;
            }
            QVERIFY2(
                std::memcmp(&v, &ref, sizeof v) == 0,
                qPrintable(QString("%1 %2: %3 vs %4").arg(f.name).arg(b, 4, 16).arg(v).arg(ref)));
            QCOMPARE(f.encode(v), bits);
            if (!std::signbit(v) && std::isfinite(v)) positives.push_back(v);
        }
        std::sort(positives.begin(), positives.end());
        const double inf = std::numeric_limits<double>::infinity();
        for (std::size_t k = 0; k + 1 <= positives.size(); ++k) {
            const double lo = positives[k];
            // Past the largest finite value the next neighbour is where the next binade's first
            // value would be: at or beyond its midpoint the result is inf.
            const double hi =
                k + 1 < positives.size() ? positives[k + 1] : lo + (lo - positives[k - 1]);
            const double mid = 0.5 * (lo + hi);
            const double up = k + 1 < positives.size() ? hi : inf;
            const bool loEven = (f.encode(lo) & 1u) == 0;
            for (double sign : {1.0, -1.0}) {
                QCOMPARE(f.decode(f.encode(sign * std::nextafter(mid, 0.0))), sign * lo);
                QCOMPARE(f.decode(f.encode(sign * std::nextafter(mid, inf))), sign * up);
                QCOMPARE(f.decode(f.encode(sign * mid)), sign * (loEven ? lo : up));
            }
        }
        QCOMPARE(f.decode(f.encode(inf)), inf);
        QCOMPARE(f.decode(f.encode(-inf)), -inf);
        QCOMPARE(f.decode(f.encode(1e300)), inf);
        QCOMPARE(f.encode(-0.0), std::uint16_t(0x8000));
        QCOMPARE(f.decode(f.encode(1e-300)), 0.0);
    }

    void float16AgainstTheCompiler() {
        std::mt19937_64 rng(7);
        std::uniform_real_distribution<double> exponent(-30, 18), mantissa(1, 2);
        for (int i = 0; i < 1000000; ++i) {
            const double x =
                (i & 1 ? -1 : 1) * mantissa(rng) * std::exp2(std::floor(exponent(rng)));
            const _Float16 h = static_cast<_Float16>(x);
            std::uint16_t bits;
            std::memcpy(&bits, &h, sizeof bits);
            if (toFloat16Bits(x) != bits)
                QFAIL(qPrintable(
                    QString("%1: %2 vs %3").arg(x, 0, 'g', 17).arg(toFloat16Bits(x)).arg(bits)));
        }
    }

    // The facts long_context.md L2 builds on.
    void publishedFacts() {
        QCOMPARE(roundToBfloat16(15962.0), 15936.0);  // spacing 64 in [8192, 16384)
        QCOMPARE(roundToFloat16(65519.0), 65504.0);
        QCOMPARE(roundToFloat16(65520.0), std::numeric_limits<double>::infinity());
        QCOMPARE(roundToFloat32(16777217.0), 16777216.0);
        QCOMPARE(roundToFloat16(6.0e-8), std::ldexp(1.0, -24));  // the smallest subnormal
        QVERIFY(roundToFloat16(5.0e-5) < std::ldexp(1.0, -14));  // subnormal, not zero
        QVERIFY(roundToFloat16(5.0e-5) > 0);
    }
};

QTEST_APPLESS_MAIN(TstLowPrecision)
#include "tst_low_precision.moc"
