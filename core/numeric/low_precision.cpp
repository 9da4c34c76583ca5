#include "core/numeric/low_precision.h"

#include <bit>
#include <cmath>
#include <limits>

namespace poslab::core::numeric {

namespace {

// The nearest value of a binary format with `precision` significant bits (hidden bit included)
// and normal exponents emin..emax, as sign, biased exponent and fraction packed in
// 1 + expBits + (precision - 1) bits. x is a finite or infinite double (NaN handled by callers).
std::uint16_t roundBits(double x, int precision, int emin, int emax, int expBits) {
    const int fracBits = precision - 1;
    const std::uint16_t sign = std::signbit(x) ? std::uint16_t(1u << (expBits + fracBits)) : 0;
    const std::uint16_t infBits = static_cast<std::uint16_t>(((1u << expBits) - 1) << fracBits);
    const double a = std::fabs(x);
    if (std::isinf(a)) return sign | infBits;
    if (a == 0) return sign;
    // The spacing of the format at a: 2^(e - fracBits) with e = max(floor(log2 a), emin); below
    // emin the spacing stays that of the subnormals.
    int e = std::ilogb(a);
    if (e < emin) e = emin;
    const int quantumExp = e - fracBits;
    // a / quantum is exact in double (a power-of-two scaling) unless it underflows, which
    // cannot happen for these formats' ranges; nearbyint rounds half to even by default.
    const double scaled = std::ldexp(a, -quantumExp);
    double m = std::nearbyint(scaled);
    int exp = e;
    if (m == std::ldexp(1.0, precision)) {  // rounded up to the next binade
        m = std::ldexp(1.0, fracBits);
        exp = e + 1;
    }
    if (exp > emax) return sign | infBits;
    const auto mi = static_cast<std::uint32_t>(m);
    if (mi < (1u << fracBits))  // subnormal (only possible at exp == emin)
        return sign | static_cast<std::uint16_t>(mi);
    const std::uint32_t biased = static_cast<std::uint32_t>(exp - emin + 1);
    return sign | static_cast<std::uint16_t>((biased << fracBits) | (mi - (1u << fracBits)));
}

double fromBits(std::uint16_t bits, int precision, int emin, int expBits) {
    const int fracBits = precision - 1;
    const bool negative = (bits >> (expBits + fracBits)) & 1u;
    const std::uint32_t biased = (bits >> fracBits) & ((1u << expBits) - 1);
    const std::uint32_t frac = bits & ((1u << fracBits) - 1);
    double v;
    if (biased == (1u << expBits) - 1)
        v = frac ? std::numeric_limits<double>::quiet_NaN()
                 : std::numeric_limits<double>::infinity();
    else if (biased == 0)
        v = std::ldexp(static_cast<double>(frac), emin - fracBits);
    else
        v = std::ldexp(static_cast<double>(frac + (1u << fracBits)),
                       static_cast<int>(biased) + emin - 1 - fracBits);
    return negative ? -v : v;
}

constexpr std::uint16_t kBf16Nan = 0x7FC0, kF16Nan = 0x7E00;

}  // namespace

std::uint16_t toBfloat16Bits(double x) {
    if (std::isnan(x)) return kBf16Nan;
    return roundBits(x, 8, -126, 127, 8);
}

std::uint16_t toFloat16Bits(double x) {
    if (std::isnan(x)) return kF16Nan;
    return roundBits(x, 11, -14, 15, 5);
}

double fromBfloat16Bits(std::uint16_t bits) {
    return fromBits(bits, 8, -126, 8);
}

double fromFloat16Bits(std::uint16_t bits) {
    return fromBits(bits, 11, -14, 5);
}

double roundToFloat32(double x) {
    return static_cast<double>(static_cast<float>(x));
}

double roundToBfloat16(double x) {
    return fromBfloat16Bits(toBfloat16Bits(x));
}

double roundToFloat16(double x) {
    return fromFloat16Bits(toFloat16Bits(x));
}

double roundTo(Format format, double x) {
    switch (format) {
        case Format::Float64:
            return x;
        case Format::Float32:
            return roundToFloat32(x);
        case Format::Bfloat16:
            return roundToBfloat16(x);
        case Format::Float16:
            return roundToFloat16(x);
    }
    return x;
}

}  // namespace poslab::core::numeric
