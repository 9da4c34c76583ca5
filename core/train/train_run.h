// One training run of the lab (spec training.md T1-T3): a model for one encoding and seed,
// trained on a task's seeded stream with AdamW, then evaluated at the test multiples.
//
// Streams, all from the run's seed: the model's initialisation Rng(seed) (model.h), the training
// batches Rng(seed ^ kDataStream) and the evaluation samples Rng(seed ^ kEvalStream), so the data
// of a run depends only on its seed, the same for every encoding of a comparison. Runs on the
// calling thread; Eigen's own threading is off for its duration (bitwise determinism).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/compute_context.h"
#include "core/expected.h"
#include "core/train/adamw.h"
#include "core/train/model.h"
#include "core/train/tasks.h"

namespace poslab::core::train {

constexpr std::uint64_t kDataStream = 0x7d1a5eedULL, kEvalStream = 0xe7a15eedULL;

struct TrainConfig {
    TaskConfig task;
    Encoding encoding = Encoding::None;
    std::int64_t d = 64, heads = 4, layers = 2;
    double learnedInit = 0.02;
    std::int64_t steps = 2000, batch = 32;
    std::int64_t evalSamples = 256, evalBatch = 32;
    std::int64_t logEvery = 50;
    std::uint64_t seed = 0;
    AdamWConfig optimiser;
};

// T3's steps for a task: 2000 for copy, 1500 for sort and reverse.
inline std::int64_t defaultSteps(Task task) {
    return task == Task::Copy ? 2000 : 1500;
}

// Every setting in range, or one line naming the first that is not.
Status checkTrainConfig(const TrainConfig& config);

// The bytes one run holds at its peak (an upper estimate): the parameters with their gradient
// and AdamW's moments, and the larger of a training batch's and an evaluation batch's
// activations, attention maps (B H T^2 per layer) and logits, in float32.
double trainRunBytes(const TrainConfig& config);
// Refuses, before any step, `parallel` runs of `config` side by side whose memory would pass
// `budget` bytes (core::configuredMemoryBudget), naming both and what to lower.
Status checkTrainMemory(const TrainConfig& config, int parallel, double budget);
// The model a configuration trains (vocab from the task, positions up to R or the longest test).
ModelConfig modelConfigOf(const TrainConfig& config);

struct EvalResult {
    double multiple = 1;
    std::int64_t n = 0;  // sample size
    double tokenAcc = 0, sequenceAcc = 0;
};

struct TrainResult {
    std::int64_t steps = 0;
    // [step, loss, train token accuracy] every logEvery steps, averaged over those steps.
    std::vector<std::array<double, 3>> loss;
    double trainTokenAcc = 0;  // over the batches of the last logEvery steps
    std::vector<EvalResult> eval;
    Vec<float> params;  // the trained parameters (layout: Model<float>(modelConfigOf(config)))
};

// Accuracy of a model on `samples` fresh samples of size n from `rng`, in batches.
EvalResult evaluate(Model<float>& model, const TaskConfig& task, std::int64_t n,
                    std::int64_t samples, std::int64_t batch, Rng& rng);

// What a live view hooks into a run, called on the run's thread; neither changes its numbers.
struct TrainHooks {
    // Each logged point [step, loss, train token accuracy], as TrainResult::loss gets it.
    std::function<void(const std::array<double, 3>&)> logged;
    // Before each step: where a view pauses the run (by blocking until resumed or cancelled).
    std::function<void()> beforeStep;
};

// Trains and evaluates; progress over steps then evaluation, a cancel returns Errc::Cancelled.
Expected<TrainResult> trainRun(const TrainConfig& config, const ComputeContext& ctx = {},
                               const TrainHooks& hooks = {});

}  // namespace poslab::core::train
