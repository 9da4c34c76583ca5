#include <chrono>
#include <ctime>

#include "core/train/train_report.h"

namespace poslab::core::train {

double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

Expected<RunRecord> recordRun(const TrainConfig& config, const ComputeContext& ctx,
                              const TrainHooks& hooks) {
    const auto wall0 = std::chrono::steady_clock::now();
    const double cpu0 = threadCpuSeconds();
    auto result = trainRun(config, ctx, hooks);
    if (!result) return result.error();
    const double cpu = threadCpuSeconds() - cpu0;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    return RunRecord{config, std::move(*result), wall,
                     1000.0 * cpu / static_cast<double>(config.steps)};
}

}  // namespace poslab::core::train
