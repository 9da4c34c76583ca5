// Biases that depend only on the distance x = |i - j| (KERPLE, Sandwich): each head's values at
// x = 0 .. n-1 are computed once, in double precision, and every row of the (heads, n, n) bias is
// a slice of them, -inf above the diagonal when causal (spec part 2, B1's convention). The
// reference and the CPU fast path fill from the same table, so float32 is the rounded reference.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/encodings/common.h"

namespace poslab::core::enc {

// Per-head values of the kernel at x = 0 .. count-1, laid out [h * count + x].
using DistanceTableFn =
    std::function<Expected<std::vector<double>>(const ParamSet&, std::int64_t count)>;

// The `bias` quantity (heads, n, n) of a distance kernel, with its CPU fast path (float32 and
// float64 from the same table). The title and axes are the caller's.
QuantitySpec distanceBiasQuantity(DistanceTableFn table);

// The `threshold` of the receptive field (a view parameter, not in the spec's list): the bias
// below which a key counts as out of reach, -ln 100 (its weight cut to a hundredth) by default.
ParamSpec thresholdSpec();

// A per-head profile (heads, max_distance + 1): each head's kernel at x = 0 .. max_distance, under
// the name `id` (kerple: profile; sandwich: head_profiles). The title is the caller's.
QuantitySpec distanceProfileQuantity(std::string id, DistanceTableFn table);

// The `max_distance` of a profile (any length a position may have).
ParamSpec profileMaxDistanceSpec(std::int64_t def = 4096);

// `receptive_field` (heads), integer: per head the first distance x <= max_distance whose bias is
// below `threshold`, or max_distance + 1 when none is (the field reaches past the profile).
QuantitySpec receptiveFieldQuantity(DistanceTableFn table);

// Reads a per-head list parameter (comma-separated reals or a 1-D .npy): empty when not given,
// else one value per head (a single value applies to every head). Errors name the parameter, the
// length found and heads.
Expected<std::vector<double>> perHeadList(const ParamSet& p, const std::string& name,
                                          std::int64_t heads);

}  // namespace poslab::core::enc
