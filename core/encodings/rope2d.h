// E2 `rope2d` (spec encodings_next.md): what its quantities and its Vulkan op read from a
// parameter set (the token order, every head's frequencies, q and k).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/array.h"
#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core::enc {

struct Rope2dSetup {
    std::int64_t d = 0;
    bool half = false;  // qwen_vision: pairs (j, j + d/2); otherwise (2j, 2j + 1)
    std::vector<std::array<std::int64_t, 2>> positions;           // (row, col) per token
    std::vector<std::vector<std::array<double, 2>>> frequencies;  // [head][pair] = (fr, fc)
    std::vector<double> q, k;                                     // d numbers, or empty: ones
};

Expected<Rope2dSetup> rope2dSetup(const ParamSet& p);

}  // namespace poslab::core::enc
