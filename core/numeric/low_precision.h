// Rounding a double to the number formats an implementation may hold positions and angles in
// (spec long_context.md L2), written out bit by bit: IEEE 754 round-to-nearest, ties to even,
// subnormals kept, overflow to +-inf, NaN kept. float32 is the hardware's own conversion;
// bfloat16 (8 significant bits, float32's exponent range) and float16 (11 significant bits,
// exponents -14..15) are done here, because C++20 has neither and a library's truncating
// conversion (the bf16 bug of transformers PR #29285 began with one) would be a different answer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace poslab::core::numeric {

// The 16 bits of the nearest bfloat16 / float16 to x, and back to the exact double.
std::uint16_t toBfloat16Bits(double x);
std::uint16_t toFloat16Bits(double x);
double fromBfloat16Bits(std::uint16_t bits);
double fromFloat16Bits(std::uint16_t bits);

double roundToFloat32(double x);
double roundToBfloat16(double x);
double roundToFloat16(double x);

// A storage format by name: float64 | float32 | bfloat16 | float16.
enum class Format { Float64, Float32, Bfloat16, Float16 };
double roundTo(Format format, double x);

}  // namespace poslab::core::numeric
