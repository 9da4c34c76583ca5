// `poslab bench`'s training rows: the median time of one training step (forward, backward and
// AdamW on one batch, on the calling thread) per encoding, at the lab's default model and a batch
// of the task's largest training samples, with the step's matrix-product FLOPs and the rate they
// run at.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/train/pos_encoding.h"

namespace poslab::core::train {

struct TrainBenchRow {
    std::string encoding;
    std::int64_t batch = 0, length = 0, d = 0, heads = 0, layers = 0;
    double firstMs = 0, medianMs = 0, minMs = 0, maxMs = 0;
    int runs = 0;
    double flops = 0;  // matrix products of one step: forward, and backward at twice it
    double gflops() const { return medianMs > 0 ? flops / (medianMs * 1e6) : 0; }
};

// The FLOPs of one step's matrix products (2 per multiply-add): per layer the q, k, v and output
// projections, QK^T and PV over the causal and padded T x T, the MLP; then the output layer; the
// backward counted as twice the forward.
double trainStepFlops(std::int64_t batch, std::int64_t length, std::int64_t d, std::int64_t layers,
                      std::int64_t vocab);

// Times steps of copy at n = n_max for each encoding: a first step, then repeats until `minRuns`
// and `minSeconds` (at most `maxRuns`).
std::vector<TrainBenchRow> benchTrainSteps(const std::vector<Encoding>& encodings, int minRuns,
                                           int maxRuns, double minSeconds);

}  // namespace poslab::core::train
