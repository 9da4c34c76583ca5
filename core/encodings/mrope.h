// E1 `mrope` (spec encodings_next.md): what its quantities, its Vulkan ops and the Model page read
// from a parameter set: the positions of the layout, the frequencies, each pair's axis and q, k.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/encodings/mrope_layout.h"
#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core::enc {

struct MropeSetup {
    std::int64_t d = 0;
    MropePositions positions;  // empty unless asked for
    std::vector<double> theta;
    std::vector<int> axis;
    std::vector<double> q, k;  // d numbers, or empty: all ones
};

// The set's numbers; `withPositions` false skips the token ids (the per-pair quantities).
Expected<MropeSetup> mropeSetup(const ParamSet& p, bool withPositions = true);
// n, the layout's number of tokens; 0 when it does not parse (resolve refuses it first).
std::int64_t mropeTokens(const ParamSet& p);
// "16,24,24" into (s0, s1, s2), each an integer >= 0; refused naming mrope_section.
Expected<std::array<std::int64_t, 3>> parseMropeSection(std::string_view text);

}  // namespace poslab::core::enc
