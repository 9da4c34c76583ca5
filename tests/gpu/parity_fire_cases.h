// Parity cases of FIRE's bias (spec E4), included by tst_vulkan_parity.cpp after `Case`: the
// defaults, one head and one unit, causal, rows past a small threshold, an offset, and sizes that
// need several tiles.
#pragma once

std::vector<Case> fireCases() {
    return {
        {"fire", "bias", {{"n", "1"}, {"heads", "1"}, {"hidden", "1"}}},
        {"fire", "bias", {{"n", "37"}}},
        {"fire", "bias", {{"n", "100"}, {"heads", "3"}, {"causal", "true"}, {"seed", "4"}}},
        {"fire", "bias", {{"n", "300"}, {"threshold", "16"}, {"c", "1"}, {"hidden", "7"}}},
        {"fire", "bias", {{"n", "65"}, {"offset", "900"}, {"threshold", "1000"}, {"c", "0.01"}}},
        {"fire", "bias", {{"n", "700"}, {"heads", "2"}, {"hidden", "64"}, {"threshold", "100"}}},
        {"fire", "bias", {{"n", "4096"}, {"heads", "3"}, {"hidden", "8"}}, true},  // two tiles
    };
}
