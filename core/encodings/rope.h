// RoPE pair layout shared by rope and xpos.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace poslab::core::enc {

// Indices (a, b) of pair j: interleaved (2j, 2j+1); half (j, j + d/2), the GPT-NeoX layout.
inline std::pair<std::int64_t, std::int64_t> ropePair(const std::string& pairing, std::int64_t j,
                                                      std::int64_t d) {
    if (pairing == "half") return {j, j + d / 2};
    return {2 * j, 2 * j + 1};
}

}  // namespace poslab::core::enc
