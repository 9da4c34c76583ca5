// The training lab's tasks (spec training.md T1): copy, reverse and sort samples and padded
// batches drawn from a seeded stream of the project PRNG.
//
// Token ids: 0 PAD, 1 BOS, 2 SEP, symbols from 3. A sample of size n is
//   BOS x_1 .. x_n SEP y_1 .. y_n        (2n + 2 tokens)
// the model reads tokens[:-1] and predicts tokens[1:]; only the n answer targets (at target
// indices n + 1 .. 2n) are scored. A batch is padded at the end to its longest sample.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/random.h"

namespace poslab::core::train {

constexpr std::int32_t kPad = 0, kBos = 1, kSep = 2, kFirstSymbol = 3;

enum class Task { Copy, Reverse, Sort };

std::optional<Task> taskFromId(const std::string& id);
const char* taskId(Task task);

struct TaskConfig {
    Task task = Task::Copy;
    std::int64_t nMin = 1, nMax = 8;                 // training sizes, uniform in [nMin, nMax]
    std::vector<double> multiples{1, 1.5, 2, 3, 4};  // test sizes: nMax x each
    std::int64_t randomPositions = 0;                // R of Ruoss et al. 2023; 0 = off

    // Symbols a sample draws from: 16 for copy and reverse, max(64, largest test n) for sort.
    std::int64_t symbols() const;
    std::int64_t vocab() const { return kFirstSymbol + symbols(); }
    // n_max x multiple, rounded to the nearest integer (at least 1), one per multiple.
    std::vector<std::int64_t> testSizes() const;
    // The longest input sequence any batch of this configuration has: 2 max(test n) + 1.
    std::int64_t maxSequence() const;
};

// The 2n + 2 tokens of one sample, drawn from `rng`: x first (copy and reverse: uniform over the
// symbols; sort: n distinct symbols by a partial Fisher-Yates shuffle), then y from x.
std::vector<std::int32_t> makeSample(Task task, std::int64_t n, std::int64_t symbols, Rng& rng);

// A (batch, T) batch, row-major. positions[b, t] is t, or with random positions an increasing
// random subset of [0, R) drawn after the sample's tokens.
struct Batch {
    std::int64_t batch = 0, length = 0;   // B and T
    std::vector<std::int32_t> inputs;     // (B, T), PAD after a sample's end
    std::vector<std::int32_t> targets;    // (B, T)
    std::vector<std::uint8_t> scored;     // (B, T): 1 on the answer targets
    std::vector<std::int32_t> positions;  // (B, T)
    std::vector<std::int64_t> sizes;      // n of each sample
    std::int64_t scoredCount() const;
};

// `count` samples: each of size `n`, or with n = 0 of a size uniform in [nMin, nMax] drawn
// first; then its tokens; then, when random positions are on, its positions.
Batch makeBatch(const TaskConfig& config, Rng& rng, std::int64_t count, std::int64_t n = 0);

// An increasing random subset of [0, range) with `count` elements (count <= range).
std::vector<std::int32_t> randomPositions(std::int64_t count, std::int64_t range, Rng& rng);

// A uniform integer in [0, k), k >= 1, from the top bits of one uniform.
std::int64_t uniformIndex(Rng& rng, std::int64_t k);

}  // namespace poslab::core::train
