// The compute pipeline: text parameters -> checked request (validate, prepare) -> Array (run).
// The CLI, the GUI worker, sessions and lessons all go through it.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/registry.h"

namespace poslab::core {

// The one default memory budget (bytes) of a request's result and working memory.
constexpr double kDefaultMemoryBudget = 2.0 * 1024 * 1024 * 1024;
// "512MiB", "2G", "1000000" (bytes; units B, K/KiB, M/MiB, G/GiB, T/TiB); nullopt unless
// positive and finite ("inf" is not a budget).
std::optional<double> parseByteSize(std::string_view text);
// POSLAB_MEMORY_BUDGET when set (an error when it does not parse), else the default. The CLI
// refuses to run with the error; configuredMemoryBudget() falls back to the default.
Expected<double> memoryBudgetFromEnvironment();
// The budget the CLI and the GUI use: POSLAB_MEMORY_BUDGET when it parses, else the default.
double configuredMemoryBudget();

struct ComputeOptions {
    double memoryBudget = kDefaultMemoryBudget;  // bytes
    const std::atomic<bool>* cancel = nullptr;
    // Optional: the fraction done of one run(), non-decreasing, ending at 1 when it succeeds;
    // called on the computing thread or an OpenMP thread, one call at a time (see ProgressSink).
    std::function<void(double)> progress;
};

// Text values by name, as given on the command line.
using TextParams = std::vector<std::pair<std::string, std::string>>;

// Defaults (or `start`) overlaid with the given texts, each parsed strictly and marked given;
// unknown names are errors. The one text parser of the CLI, sessions and lessons.
Expected<ParamSet> parseParams(const EncodingDescriptor& enc, const TextParams& given);
Expected<ParamSet> parseParams(const EncodingDescriptor& enc, const TextParams& given,
                               ParamSet start);

// A request checked and ready: every value present, in range and consistent, the result within
// the memory budget.
struct Prepared {
    const EncodingDescriptor* encoding = nullptr;
    const QuantitySpec* quantity = nullptr;
    ParamSet params;
    Shape shape;
};

// The checks every entry point shares (CLI, GUI worker, sessions, lessons): no unknown names,
// defaults filled in, each value in range, reals stored as reals, then the encoding's resolve
// (which may read a `source` file, so the GUI calls this off its thread). Rewrites `params`.
// Inputs::Skip leaves out the resolve step, for checks that must not read files (a session
// being opened names a file; the worker reads it when it computes).
enum class Inputs { Read, Skip };
Status validate(const EncodingDescriptor& enc, ParamSet& params, Inputs inputs = Inputs::Read);

// validate, then the quantity's own conditions and the memory budget.
Expected<Prepared> prepare(const EncodingDescriptor& enc, std::string_view quantity,
                           ParamSet params, const ComputeOptions& options = {});
Expected<Array> run(const Prepared& prepared, const ComputeOptions& options = {});
// prepare + run.
Expected<Array> compute(std::string_view encoding, std::string_view quantity,
                        const ParamSet& params, const ComputeOptions& options = {});
// Convenience for tests: defaults overlaid with typed values (an unknown encoding is a bug:
// asserts, or an empty set in release builds).
ParamSet paramsFor(std::string_view encoding,
                   const std::vector<std::pair<std::string, ParamValue>>& values);

std::string formatBytes(double bytes);  // "3.0 GiB"

}  // namespace poslab::core
