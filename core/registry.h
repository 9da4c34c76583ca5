// Encoding id -> descriptor: names, family, ParamSpecs and the quantities it produces.
// Tests, the CLI and the GUI iterate over the registry, so adding an encoding cannot skip them.
#pragma once

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/array.h"
#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core {

// Forwards how far one computation has got to ComputeOptions::progress. Blocked loops report from
// the computing thread, or from OpenMP threads, so this is thread-safe, and it never makes a
// computing thread wait: the callback sees fractions in [0, 1] that never decrease, about every
// 1/256 of the work (a loop may report on every row at no measurable cost), one call at a time.
// The callback must not throw (it runs inside the compute loops).
class ProgressSink {
public:
    explicit ProgressSink(std::function<void(double)> fn) : m_fn(std::move(fn)) {}
    ProgressSink(const ProgressSink&) = delete;
    ProgressSink& operator=(const ProgressSink&) = delete;

    void report(double fraction) noexcept;
    // The computation is complete: forwards 1 (once), waiting for a report in flight.
    void finish() noexcept;

private:
    static constexpr double kStep = 1.0 / 256;
    std::function<void(double)> m_fn;
    std::atomic<double> m_next{0.0};  // the smallest fraction worth forwarding
    std::mutex m_mutex;               // held while calling m_fn
    double m_sent = -1.0;             // the last fraction forwarded (guarded by m_mutex)
};

// What a running computation may look at: the cancel flag, and where its progress goes. A
// quantity made of steps hands each step a part() of its own range, so the fractions the user
// sees keep increasing across the steps.
struct ComputeContext {
    const std::atomic<bool>* cancel = nullptr;
    ProgressSink* progress = nullptr;  // nullptr: nobody listens
    double progressFrom = 0.0, progressSpan = 1.0;  // this context's share of the whole

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    // `done` of `total` units of this context's work are finished.
    void report(double done, double total) const noexcept {
        if (progress && total > 0)
            progress->report(progressFrom + progressSpan * std::clamp(done / total, 0.0, 1.0));
    }
    // The usual poll of a blocked loop: reports, then says whether to stop.
    bool cancelledAt(double done, double total) const {
        report(done, total);
        return cancelled();
    }
    // The context of a step covering the fractions [from, to] of this one's work.
    ComputeContext part(double from, double to) const {
        ComputeContext c = *this;
        c.progressFrom = progressFrom + progressSpan * from;
        c.progressSpan = progressSpan * (to - from);
        return c;
    }
};

struct QuantitySpec {
    std::string id;
    DType dtype = DType::F64;
    std::string shapeDoc;  // the shape in words of the parameters, e.g. "n,d"
    std::function<Shape(const ParamSet&)> shape;
    std::function<Expected<Array>(const ParamSet&, const ComputeContext&)> compute;
    // Extra conditions for this quantity (e.g. relative_part needs a diagonal H). Optional.
    std::function<Status(const ParamSet&)> available;
    // Peak bytes the computation needs, when more than the result. Optional.
    std::function<double(const ParamSet&)> workBytes;
    std::string titleEn, titleZh;
    std::vector<std::string> axes;  // one name per dimension, e.g. {"position i", "dimension"}
    bool isSigned = true;           // signed values get the diverging colour map

    QuantitySpec& title(std::string en, std::string zh) {
        titleEn = std::move(en);
        titleZh = std::move(zh);
        return *this;
    }
    QuantitySpec& axisNames(std::vector<std::string> names) {
        axes = std::move(names);
        return *this;
    }
    QuantitySpec& integer() { dtype = DType::I64; isSigned = false; return *this; }
    QuantitySpec& nonNegative() { isSigned = false; return *this; }
    QuantitySpec& when(std::function<Status(const ParamSet&)> fn) {
        available = std::move(fn);
        return *this;
    }
    QuantitySpec& work(std::function<double(const ParamSet&)> fn) {
        workBytes = std::move(fn);
        return *this;
    }
};

enum class Family { Absolute, Rotary, Relative, Other, Argument };
std::string_view familyId(Family family);

struct EncodingDescriptor {
    std::string id;
    std::string nameEn, nameZh;
    Family family = Family::Absolute;
    std::string summaryEn, summaryZh;
    std::vector<ParamSpec> params;
    std::vector<QuantitySpec> quantities;
    // Cross-parameter constraints and inputs: may rewrite values (a `source` file sets n and d).
    std::function<Status(ParamSet&)> resolve;

    const QuantitySpec* findQuantity(std::string_view qid) const;
    const ParamSpec* findParam(std::string_view name) const { return findSpec(params, name); }
};

class Registry {
public:
    void add(EncodingDescriptor descriptor);
    const EncodingDescriptor* find(std::string_view id) const;
    const std::vector<EncodingDescriptor>& encodings() const { return m_encodings; }

private:
    std::vector<EncodingDescriptor> m_encodings;
};

// The registry holding every built-in encoding (built once, thread-safe).
const Registry& registry();
void registerBuiltinEncodings(Registry& registry);

constexpr double kDefaultMemoryBudget = 2.0 * 1024 * 1024 * 1024;

struct ComputeOptions {
    double memoryBudget = kDefaultMemoryBudget;  // bytes
    const std::atomic<bool>* cancel = nullptr;
    // Optional: the fraction done of one run(), non-decreasing, ending at 1 when it succeeds;
    // called on the computing thread or an OpenMP thread, one call at a time (see ProgressSink).
    std::function<void(double)> progress;
};

// Text values by name, as given on the command line.
using TextParams = std::vector<std::pair<std::string, std::string>>;

// Defaults overlaid with the given texts, each parsed strictly; unknown names are errors.
Expected<ParamSet> parseParams(const EncodingDescriptor& enc, const TextParams& given);

// A request checked and ready: every value present, in range and consistent, the result within
// the memory budget.
struct Prepared {
    const EncodingDescriptor* encoding = nullptr;
    const QuantitySpec* quantity = nullptr;
    ParamSet params;
    Shape shape;
};

Expected<Prepared> prepare(const EncodingDescriptor& enc, std::string_view quantity,
                           ParamSet params, const ComputeOptions& options = {});
Expected<Array> run(const Prepared& prepared, const ComputeOptions& options = {});
// prepare + run.
Expected<Array> compute(std::string_view encoding, std::string_view quantity,
                        const ParamSet& params, const ComputeOptions& options = {});
// Convenience for tests: defaults overlaid with typed values.
ParamSet paramsFor(std::string_view encoding,
                   const std::vector<std::pair<std::string, ParamValue>>& values);

std::string formatBytes(double bytes);  // "3.0 GiB"

}  // namespace poslab::core
