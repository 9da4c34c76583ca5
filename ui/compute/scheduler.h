// The compute scheduler: one worker thread, one pending request (latest wins), edits coalesced,
// results handed back by a queued signal tagged with their generation. Modelled on Qt's
// mandelbrot example (a thread that waits on a condition and restarts on newer work) and Krita's
// signal compressor (the first edit goes out at once, a burst within the window becomes one).
// The GUI thread never computes and never calls processEvents().
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QThread>
#include <QTimer>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <vector>

#include "gpu/backend_mode.h"
#include "ui/compute/compute_types.h"

namespace poslab::ui {

namespace detail {
class Worker;
}

// What computed the arrays of a result: the CPU core (double), the Vulkan device (float32), or
// the CPU because Vulkan was asked for and cannot be used.
enum class ComputedBy { Cpu, Vulkan, CpuVulkanUnavailable };

class Scheduler : public QObject {
    Q_OBJECT
public:
    explicit Scheduler(QObject* parent = nullptr);
    ~Scheduler() override;

    // Stamps the request with the next generation and queues it; returns the generation.
    quint64 submit(ComputeRequest request);
    // Stops the running job (it notices through core's cancel flag) and drops the pending one.
    void cancel();

    quint64 latestGeneration() const { return m_generation; }
    bool isBusy() const;
    // Coalescing window in ms (0: every submit goes straight to the worker).
    void setCoalesceMs(int ms) { m_compressor.setInterval(ms); }
    // A running job older than this is cancelled when a newer request arrives.
    void setRestartAfterMs(int ms) { m_restartAfterMs = ms; }
    // The compute backend (issue 4). Cpu (the default) is core's double-precision path, unchanged;
    // Auto and Vulkan go through a gpu::BackendRouter that lives on the worker thread (created
    // there on first need). Changing the mode drops the cached arrays.
    void setBackendMode(gpu::BackendMode mode);
    gpu::BackendMode backendMode() const;

    // Progress units per array of a job: `progress` counts arrays in thousandths, so that one
    // long array (a large similarity, attention, a bias of many heads) moves the bar too.
    static constexpr int kProgressScale = 1000;

signals:
    void started(quint64 generation);
    // How much of the running job is done, done / total (for the progress bar): total is the
    // job's arrays times kProgressScale, done never decreases and is a multiple of
    // kProgressScale after each array; values between come from core while it computes one.
    void progress(quint64 generation, int done, int total);
    void finished(const poslab::ui::ComputeResult& result);
    // What computed the arrays of a result; detail: the device name (Vulkan) or why Vulkan
    // cannot be used (CpuVulkanUnavailable).
    void backendUsed(quint64 generation, poslab::ui::ComputedBy kind, const QString& detail);
    // Vulkan is unavailable (the reason); emitted once per backend mode chosen.
    void vulkanUnavailable(const QString& reason);

private:
    void hand(ComputeRequest request);
    void onCompressorTimeout();
    // Emits, on this (the GUI) thread, what the worker has reported since the last call.
    void drainWorker();

    detail::Worker* m_worker;
    QTimer m_compressor;
    std::optional<ComputeRequest> m_held;  // waiting for the compressor window to close
    quint64 m_generation = 0;
    int m_restartAfterMs = 60;
};

namespace detail {

class Worker : public QThread {
    Q_OBJECT
public:
    explicit Worker(QObject* parent = nullptr);
    ~Worker() override;
    // Replaces the pending request; cancels the running one if it has run for `restartAfterMs`.
    void post(ComputeRequest request, int restartAfterMs);
    void cancelAll();
    bool busy() const;
    void setMode(gpu::BackendMode mode);
    gpu::BackendMode mode() const;

    // What the worker reports, in order; taken by the scheduler on the GUI thread.
    struct Message {
        enum class Kind { Started, Progress, Backend, Unavailable, Result } kind;
        quint64 generation = 0;
        int done = 0, total = 0;
        ComputedBy by{};
        QString text;
        std::optional<ComputeResult> result;
    };
    std::vector<Message> takeMessages();

signals:
    // Messages are waiting (sent once when the outbox stops being empty). The data travel
    // through the outbox under m_mutex, never as queued-signal arguments: ThreadSanitizer sees
    // that hand-over (Qt's event queue is invisible to it; Qt is not built with it).
    void messagesReady();

protected:
    void run() override;

private:
    // std::mutex, not QMutex: ThreadSanitizer follows pthread mutexes, not Qt's inline ones (Qt
    // is not built with it), so the tsan preset can check what the two threads share.
    mutable std::mutex m_mutex;
    std::condition_variable m_condition;
    void send(Message message);
    void loop();  // run()'s body: serves requests until m_abort

    std::optional<ComputeRequest> m_pending;
    std::vector<Message> m_outbox;
    bool m_running = false;
    bool m_abort = false;
    bool m_exited = false;  // loop() has returned
    QElapsedTimer m_runningSince;
    std::atomic<bool> m_cancel{false};
    gpu::BackendMode m_mode = gpu::BackendMode::Cpu;
};

}  // namespace detail

}  // namespace poslab::ui
