// Vulkan parity cases of the biases of the distance alone, KERPLE (spec E3) and Sandwich (spec E5):
// both kernels, causal, one head and many, lists and .npy-free seeds, n off the 16 x 16 grid and
// (hugeOnly) past lavapipe's 128 MiB binding. Included by tst_vulkan_parity.cpp, whose Case it
// fills.
#pragma once

inline std::vector<Case> distanceBiasCases() {
    return {
        {"kerple", "bias", {{"n", "1"}, {"heads", "1"}}},
        {"kerple", "bias", {{"n", "37"}, {"heads", "8"}}},
        {"kerple", "bias", {{"n", "100"}, {"heads", "5"}, {"variant", "power"}, {"seed", "4"}}},
        {"kerple", "bias", {{"n", "70"}, {"heads", "12"}, {"causal", "true"}}},
        {"kerple",
         "bias",
         {{"n", "50"},
          {"heads", "8"},
          {"variant", "power"},
          {"init", "alibi"},
          {"causal", "true"}}},
        {"kerple", "bias", {{"n", "41"}, {"heads", "3"}, {"r1", "0.5,1,2"}, {"r2", "4"}}},
        {"kerple", "bias", {{"n", "4096"}, {"heads", "3"}}, true},  // 192 MiB: two tiles
        {"sandwich", "bias", {{"n", "1"}, {"heads", "1"}, {"d", "2"}}},
        {"sandwich", "bias", {{"n", "37"}, {"heads", "8"}}},
        {"sandwich", "bias", {{"n", "300"}, {"heads", "5"}, {"d", "130"}, {"causal", "true"}}},
        {"sandwich", "bias", {{"n", "64"}, {"heads", "16"}, {"d", "16"}, {"base", "500"}}},
        {"sandwich", "bias", {{"n", "4096"}, {"heads", "3"}}, true},
    };
}
