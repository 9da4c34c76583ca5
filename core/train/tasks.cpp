#include "core/train/tasks.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace poslab::core::train {

std::optional<Task> taskFromId(const std::string& id) {
    if (id == "copy") return Task::Copy;
    if (id == "reverse") return Task::Reverse;
    if (id == "sort") return Task::Sort;
    return std::nullopt;
}

const char* taskId(Task task) {
    switch (task) {
        case Task::Copy:
            return "copy";
        case Task::Reverse:
            return "reverse";
        case Task::Sort:
            return "sort";
    }
    return "copy";
}

std::vector<std::int64_t> TaskConfig::testSizes() const {
    std::vector<std::int64_t> out;
    for (double m : multiples)
        out.push_back(std::max<std::int64_t>(1, std::llround(static_cast<double>(nMax) * m)));
    return out;
}

std::int64_t TaskConfig::symbols() const {
    if (task != Task::Sort) return 16;
    std::int64_t largest = nMax;
    for (auto n : testSizes()) largest = std::max(largest, n);
    return std::max<std::int64_t>(64, largest);
}

std::int64_t TaskConfig::maxSequence() const {
    std::int64_t largest = nMax;
    for (auto n : testSizes()) largest = std::max(largest, n);
    return 2 * largest + 1;
}

std::int64_t Batch::scoredCount() const {
    return std::accumulate(scored.begin(), scored.end(), std::int64_t{0});
}

std::int64_t uniformIndex(Rng& rng, std::int64_t k) {
    const auto i = static_cast<std::int64_t>(rng.uniform() * static_cast<double>(k));
    return std::min(i, k - 1);
}

std::vector<std::int32_t> makeSample(Task task, std::int64_t n, std::int64_t symbols, Rng& rng) {
    std::vector<std::int32_t> x(static_cast<std::size_t>(n));
    if (task == Task::Sort) {
        // Partial Fisher-Yates: the first n of a shuffled 0 .. symbols - 1.
        std::vector<std::int32_t> pool(static_cast<std::size_t>(symbols));
        std::iota(pool.begin(), pool.end(), 0);
        for (std::int64_t i = 0; i < n; ++i) {
            const auto j = i + uniformIndex(rng, symbols - i);
            std::swap(pool[static_cast<std::size_t>(i)], pool[static_cast<std::size_t>(j)]);
            x[static_cast<std::size_t>(i)] = pool[static_cast<std::size_t>(i)];
        }
    } else {
        for (auto& v : x) v = static_cast<std::int32_t>(uniformIndex(rng, symbols));
    }
    std::vector<std::int32_t> y = x;
    if (task == Task::Reverse) std::reverse(y.begin(), y.end());
    if (task == Task::Sort) std::sort(y.begin(), y.end());
    std::vector<std::int32_t> out;
    out.reserve(static_cast<std::size_t>(2 * n + 2));
    out.push_back(kBos);
    for (auto v : x) out.push_back(kFirstSymbol + v);
    out.push_back(kSep);
    for (auto v : y) out.push_back(kFirstSymbol + v);
    return out;
}

std::vector<std::int32_t> randomPositions(std::int64_t count, std::int64_t range, Rng& rng) {
    // Floyd's algorithm would avoid the pool; the pool keeps the draw order obvious.
    std::vector<std::int32_t> pool(static_cast<std::size_t>(range));
    std::iota(pool.begin(), pool.end(), 0);
    for (std::int64_t i = 0; i < count; ++i) {
        const auto j = i + uniformIndex(rng, range - i);
        std::swap(pool[static_cast<std::size_t>(i)], pool[static_cast<std::size_t>(j)]);
    }
    pool.resize(static_cast<std::size_t>(count));
    std::sort(pool.begin(), pool.end());
    return pool;
}

Batch makeBatch(const TaskConfig& config, Rng& rng, std::int64_t count, std::int64_t n) {
    std::vector<std::vector<std::int32_t>> samples, positions;
    Batch b;
    b.batch = count;
    for (std::int64_t s = 0; s < count; ++s) {
        const std::int64_t size =
            n > 0 ? n : config.nMin + uniformIndex(rng, config.nMax - config.nMin + 1);
        b.sizes.push_back(size);
        samples.push_back(makeSample(config.task, size, config.symbols(), rng));
        const auto t = static_cast<std::int64_t>(samples.back().size()) - 1;
        b.length = std::max(b.length, t);
        if (config.randomPositions > 0)
            positions.push_back(randomPositions(t, config.randomPositions, rng));
    }
    const auto cells = static_cast<std::size_t>(count * b.length);
    b.inputs.assign(cells, kPad);
    b.targets.assign(cells, kPad);
    b.scored.assign(cells, 0);
    b.positions.assign(cells, 0);
    for (std::int64_t s = 0; s < count; ++s) {
        const auto& tok = samples[static_cast<std::size_t>(s)];
        const auto size = b.sizes[static_cast<std::size_t>(s)];
        const auto t = static_cast<std::int64_t>(tok.size()) - 1;
        for (std::int64_t i = 0; i < b.length; ++i) {
            const auto cell = static_cast<std::size_t>(s * b.length + i);
            if (i < t) {
                b.inputs[cell] = tok[static_cast<std::size_t>(i)];
                b.targets[cell] = tok[static_cast<std::size_t>(i + 1)];
                b.scored[cell] = i >= size + 1 ? 1 : 0;
            }
            // Padding is never scored and, causal, never attended by a real token; its positions
            // continue 0 .. T - 1, or with random positions repeat the last one, so that every
            // query is at or after its keys.
            if (config.randomPositions <= 0)
                b.positions[cell] = static_cast<std::int32_t>(i);
            else
                b.positions[cell] = positions[static_cast<std::size_t>(s)]
                                             [static_cast<std::size_t>(std::min(i, t - 1))];
        }
    }
    return b;
}

}  // namespace poslab::core::train
