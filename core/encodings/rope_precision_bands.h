// The precision quantities of RoPE (rope_precision.cpp, spec long_context.md L2) over many
// positions, for views that draw bands of positions (level of detail, issue 12): per band of
// positions and per pair the exact mean, min and max of angle_error or cos_error over every
// position of the band (never a sample), streamed over positions with memory bounded by the
// bands; and the collisions and distinct values of a range of positions without visiting each
// one where the format's spacing exceeds 1.
//
// Each element is the quantity's own formula. angle_error is computed with the same operations
// (bit for bit); for cos_error the two cosines come from an inlined polynomial after an accurate
// reduction (within 2 ulp of std::cos), and wherever that could change the rounding of cos to the
// value format (within 1e-14 of a rounding boundary) the element is recomputed with std::cos, so
// the rounded cosine is the quantity's own and the error differs from it by a few 1e-16 at most.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/array.h"
#include "core/compute_context.h"
#include "core/expected.h"
#include "core/numeric/low_precision.h"

namespace poslab::core::enc {

enum class PrecisionError { Angle, Cos };

// The formats of a `precision` value: positions and angles, and cos / sin (hf_bf16: float32
// angles, bfloat16 cos / sin; an unknown name: float64).
struct PrecisionFormats {
    numeric::Format angle = numeric::Format::Float64, value = numeric::Format::Float64;
};
PrecisionFormats precisionFormats(const std::string& precision);

// numeric::roundTo, inlined and branch-free for the streaming loops (equal to it for every double,
// tested): round to nearest, ties to even, subnormals, overflow to infinity.
double roundFast(numeric::Format format, double x);

// Per band and pair (rows x pairs): the mean, min and max of the error over every position of the
// band. Band r holds the positions offset + x, x in [first + ceil(r span / rows), first + ceil((r
// + 1) span / rows)) (the bands of ui's CellAxis). A band holding an infinite error (float16 past
// 65 504) has mean and max +inf, its min the smallest error.
struct PrecisionBands {
    Array mean, min, max;
};

struct PrecisionBandRequest {
    std::string precision;
    PrecisionError which = PrecisionError::Cos;
    std::vector<double> theta;  // the pairs' frequencies (ropeFrequencies)
    std::int64_t offset = 0;    // position of index 0
    std::int64_t first = 0, span = 1, rows = 1;
};

// Cancellable (checked every few thousand positions); OpenMP over chunks of positions (each at
// least 65 536, at most rows + 512 chunks); memory: the three rows x pairs results and the sum,
// min and max of every chunk per pair (precisionBandsBytes), never positions x pairs.
Expected<PrecisionBands> precisionErrorBands(const PrecisionBandRequest& request,
                                             const ComputeContext& ctx = {});
double precisionBandsBytes(const PrecisionBandRequest& request);

// How the precision's position format holds the positions offset + [0, count): how many round to
// the value of a smaller one (the `collisions` quantity) and how many distinct values remain.
struct PositionCollisions {
    std::int64_t collisions = 0, distinct = 0;
};
PositionCollisions positionCollisions(const std::string& precision, std::int64_t offset,
                                      std::int64_t count);

}  // namespace poslab::core::enc
