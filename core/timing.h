// Timing by repetition, as `poslab bench` reports it: a first run (warm-up, page faults, caches)
// timed on its own, then repeats until at least `minRuns` runs and `minSeconds` have passed (or
// `maxRuns` runs), their median, min and max. Used by the bench's encodings and the training
// lab's step rows alike.
#pragma once

#include <algorithm>
#include <chrono>
#include <optional>
#include <vector>

namespace poslab::core {

struct RepeatTiming {
    double firstMs = 0, medianMs = 0, minMs = 0, maxMs = 0;
    int runs = 0;  // after the first
};

// `fn` returns false when a run failed: then no timing (nullopt), as when maxRuns < 1.
template <class Fn>
std::optional<RepeatTiming> timeRepeats(Fn&& fn, int minRuns, int maxRuns, double minSeconds) {
    using Clock = std::chrono::steady_clock;
    RepeatTiming t;
    auto t0 = Clock::now();
    if (!fn()) return std::nullopt;
    t.firstMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    std::vector<double> ms;
    const auto start = Clock::now();
    while (static_cast<int>(ms.size()) < maxRuns) {
        t0 = Clock::now();
        if (!fn()) return std::nullopt;
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        if (static_cast<int>(ms.size()) >= minRuns && elapsed >= minSeconds) break;
    }
    if (ms.empty()) return std::nullopt;
    std::sort(ms.begin(), ms.end());
    const auto n = ms.size();
    t.runs = static_cast<int>(n);
    t.minMs = ms.front();
    t.maxMs = ms.back();
    t.medianMs = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
    return t;
}

}  // namespace poslab::core
