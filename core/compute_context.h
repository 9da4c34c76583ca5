// What a running computation sees: the cancel flag and where its progress goes.
#pragma once

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <utility>

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
    ProgressSink* progress = nullptr;               // nullptr: nobody listens
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

}  // namespace poslab::core
