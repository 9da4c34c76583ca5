// The result of a training comparison as `poslab train --json` prints it (spec training.md T5):
// the task, every setting, and per run its encoding, seed, timings, loss log, accuracies at each
// test multiple and the encoding's learned parameters (the learned table, T5's bias per layer,
// head and bucket, KERPLE's r1 and r2, FIRE's MLP, c and threshold).
#pragma once

#include <string>
#include <vector>

#include "core/train/train_run.h"

namespace poslab::core::train {

struct RunRecord {
    TrainConfig config;
    TrainResult result;
    double wallSeconds = 0;
    double msPerStep = 0;  // CPU time of the run's thread per step
};

// The CPU time of the calling thread so far, in seconds (what msPerStep counts).
double threadCpuSeconds();

// Trains and evaluates one run on the calling thread (trainRun) and times it: its wall time and
// the thread's CPU time per step. The command line, the lab's page and a lesson's deck record
// their runs through it.
Expected<RunRecord> recordRun(const TrainConfig& config, const ComputeContext& ctx = {},
                              const TrainHooks& hooks = {});

// `runs` share their task and model settings (a comparison); the JSON object of T5, as text.
std::string trainReportJson(const std::vector<RunRecord>& runs, int threads);

// A multiple as T5's keys write it: "1", "1.5", "2".
std::string multipleKey(double multiple);

}  // namespace poslab::core::train
