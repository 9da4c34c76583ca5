// Vulkan parity cases of ReRoPE's scores (spec E7) and of p-RoPE (rope scaling=proportional
// factor=1, spec E9, with p = 0: every frequency 0). Included by tst_vulkan_parity.cpp, whose
// Case it fills.
#pragma once

inline std::vector<Case> reropeCases() {
    return {
        {"rerope", "scores", {{"n", "1"}, {"d", "2"}}},
        {"rerope", "scores", {{"n", "37"}, {"d", "64"}, {"window", "5"}}},
        {"rerope",
         "scores",
         {{"n", "300"},
          {"d", "128"},
          {"pairing", "half"},
          {"variant", "leaky"},
          {"window", "40"},
          {"factor", "2.5"}}},
        {"rerope",
         "scores",
         {{"n", "200"},
          {"d", "32"},
          {"window", "0"},
          {"variant", "leaky"},
          {"log_scale", "true"},
          {"original_max_position", "16"},
          {"offset", "3"}}},
        {"rope",
         "scores",
         {{"n", "50"},
          {"d", "16"},
          {"scaling", "proportional"},
          {"factor", "1"},
          {"partial_rotary_factor", "0"}}},
        {"rope",
         "decay",
         {{"d", "100"},
          {"max_distance", "500"},
          {"scaling", "proportional"},
          {"factor", "1"},
          {"partial_rotary_factor", "0.58"}}},
    };
}
