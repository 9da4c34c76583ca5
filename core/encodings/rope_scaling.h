// RoPE frequencies theta_j, with the context-extension scalings of spec B3, and YaRN's
// attention factor. Shared by rope, xpos, the GPU backend and the views.
#pragma once

#include <string>
#include <vector>

#include "core/params/param_spec.h"

namespace poslab::core::enc {

struct RopeFrequencyParams {
    std::int64_t d = 64;
    double base = 10000.0;
    std::string scaling = "none";  // none | linear | ntk | dynamic | yarn | llama3
    double factor = 1.0;
    double originalMaxPosition = 2048;
    double betaFast = 32, betaSlow = 1;
    double lowFreqFactor = 1, highFreqFactor = 4;
    std::int64_t length = 64;  // the current length n (dynamic NTK)

    static RopeFrequencyParams from(const ParamSet& p);
};

// theta_j for j = 0 .. d/2 - 1.
std::vector<double> ropeFrequencies(const RopeFrequencyParams& p);
// 0.1 ln(factor) + 1 for yarn with factor > 1; 1 otherwise.
double ropeAttentionFactor(const RopeFrequencyParams& p);

// The scaling ParamSpecs (scaling, factor, original_max_position, beta_fast, beta_slow,
// low_freq_factor, high_freq_factor) and their cross-checks.
std::vector<ParamSpec> ropeScalingSpecs();
Status checkRopeScaling(const ParamSet& p);

}  // namespace poslab::core::enc
