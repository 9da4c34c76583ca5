// RoPE pair layout shared by rope and xpos, and the kernel inputs the backends ask of core.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/params/param_spec.h"
#include "core/registry.h"

namespace poslab::core::enc {

// Indices (a, b) of pair j: interleaved (2j, 2j+1); half (j, j + d/2), the GPT-NeoX layout.
inline std::pair<std::int64_t, std::int64_t> ropePair(const std::string& pairing, std::int64_t j,
                                                      std::int64_t d) {
    if (pairing == "half") return {j, j + d / 2};
    return {2 * j, 2 * j + 1};
}

// theta_j, j < d_rot/2, of a rope or xpos parameter set (d, base, n and, where present, the
// scalings of rope_scaling.h): what the `frequencies` quantity holds, for kernels that take it as
// input. An error only when a longrope list cannot be read.
Expected<std::vector<double>> ropeFrequencies(const ParamSet& p);
// The attention factor a of such a set (1 without scaling): the `attention_factor` quantity.
Expected<double> ropeAttentionFactor(const ParamSet& p);
// The rotary dim d_rot: floor(d partial_rotary_factor), d for proportional.
std::int64_t ropeRotaryDim(const ParamSet& p);
// p-RoPE (Barbero et al. 2024, spec E9): scaling proportional with factor 1 keeps the first
// floor(p d / 2) frequencies and zeroes the rest. Views and exports name such a set "p-RoPE".
bool isPRope(const ParamSet& p);

// The per-pair and scalar quantities of rope (frequencies, pair_class, attention_factor,
// logit_multiplier, decay_bound, query_scale): rope_tables.cpp.
void addRopeTableQuantities(EncodingDescriptor& e);
// Long ranges (rope_long.cpp): decay_envelope, cos_mean and their parameters.
std::vector<ParamSpec> ropeLongRangeSpecs();
Status checkRopeLongRange(const ParamSet& p);
void addRopeLongRangeQuantities(EncodingDescriptor& e);
// Number formats (rope_precision.cpp): `precision`, position_rounded, collisions, angle_error,
// cos_error.
ParamSpec ropePrecisionSpec();
void addRopePrecisionQuantities(EncodingDescriptor& e);

}  // namespace poslab::core::enc
