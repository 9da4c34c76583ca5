#include "core/train/train_bench.h"

#include <omp.h>

#include <algorithm>
#include <chrono>

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
    using Clock = std::chrono::steady_clock;
    // One thread, as a run of the lab has (train_run.cpp): Eigen's OpenMP off for the timing.
    const int savedThreads = omp_get_max_threads();
    omp_set_num_threads(1);
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
        auto step = [&] {
            const auto t0 = Clock::now();
            model.forward(batch, &grad);
            opt.step(model.params(), grad, 1e-4);
            return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        };
        TrainBenchRow row;
        row.encoding = encodingEntry(e).id;
        row.batch = batch.batch;
        row.length = batch.length;
        row.d = config.d;
        row.heads = config.heads;
        row.layers = config.layers;
        row.flops = trainStepFlops(batch.batch, batch.length, config.d, config.layers, mc.vocab);
        row.firstMs = step();
        std::vector<double> ms;
        const auto start = Clock::now();
        while (static_cast<int>(ms.size()) < maxRuns) {
            ms.push_back(step());
            const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
            if (static_cast<int>(ms.size()) >= minRuns && elapsed >= minSeconds) break;
        }
        if (ms.empty()) continue;  // maxRuns < 1
        std::sort(ms.begin(), ms.end());
        const auto k = ms.size();
        row.runs = static_cast<int>(k);
        row.minMs = ms.front();
        row.maxMs = ms.back();
        row.medianMs = k % 2 ? ms[k / 2] : 0.5 * (ms[k / 2 - 1] + ms[k / 2]);
        rows.push_back(row);
    }
    omp_set_num_threads(savedThreads);
    return rows;
}

}  // namespace poslab::core::train
