#include "core/train/train_bench.h"

#include <chrono>

#include "core/timing.h"
#include "core/train/single_thread.h"
#include "core/train/train_run.h"

namespace poslab::core::train {

double trainStepFlops(std::int64_t batch, std::int64_t length, std::int64_t d, std::int64_t layers,
                      std::int64_t vocab) {
    const auto n = static_cast<double>(batch * length), dd = static_cast<double>(d);
    const double t = static_cast<double>(length);
    const double perLayer = 2 * n * dd * 3 * dd         // q, k, v
                            + 2 * 2 * n * t * dd        // QK^T and PV, every head together
                            + 2 * n * dd * dd           // output projection
                            + 2 * 2 * n * dd * 4 * dd;  // MLP up and down
    const double forward =
        static_cast<double>(layers) * perLayer + 2 * n * dd * static_cast<double>(vocab);
    return 3 * forward;
}

std::vector<TrainBenchRow> benchTrainSteps(const std::vector<Encoding>& encodings, int minRuns,
                                           int maxRuns, double minSeconds) {
    // One thread, as a run of the lab has (train_run.cpp).
    const SingleThreadEigen single;
    std::vector<TrainBenchRow> rows;
    for (Encoding e : encodings) {
        TrainConfig config;
        config.task.task = Task::Copy;
        config.encoding = e;
        const ModelConfig mc = modelConfigOf(config);
        Model<float> model(mc);
        AdamW<float> opt(model.layout(), config.optimiser);
        Rng rng(1);
        const Batch batch = makeBatch(config.task, rng, config.batch, config.task.nMax);
        Vec<float> grad;
        const auto timing = timeRepeats(
            [&] {
                model.forward(batch, &grad);
                opt.step(model.params(), grad, 1e-4);
                return true;
            },
            minRuns, maxRuns, minSeconds);
        if (!timing) continue;  // maxRuns < 1
        TrainBenchRow row;
        row.encoding = encodingEntry(e).id;
        row.batch = batch.batch;
        row.length = batch.length;
        row.d = config.d;
        row.heads = config.heads;
        row.layers = config.layers;
        row.flops = trainStepFlops(batch.batch, batch.length, config.d, config.layers, mc.vocab);
        row.firstMs = timing->firstMs;
        row.runs = timing->runs;
        row.minMs = timing->minMs;
        row.maxMs = timing->maxMs;
        row.medianMs = timing->medianMs;
        rows.push_back(row);
    }
    return rows;
}

}  // namespace poslab::core::train
