// The Training lab's runs off the GUI thread (issue 27 item 5): a comparison (one run per encoding
// and seed) on worker threads, each run single-threaded as on the command line. The GUI reads a
// snapshot (copied under a mutex: loss points and fractions, never the model) when `updated`
// arrives, at most every `kUpdateMs`; Pause blocks the runs between steps, Stop cancels them and
// keeps every run that had finished.
#pragma once

#include <QObject>
#include <QString>
#include <array>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/train/train_report.h"

namespace poslab::ui {

class TrainController : public QObject {
    Q_OBJECT
public:
    static constexpr int kUpdateMs = 100;

    struct RunView {
        core::train::TrainConfig config;
        std::vector<std::array<double, 3>> loss;  // [step, loss, train token accuracy]
        double fraction = 0;                      // of the run's work (steps and evaluation)
        bool done = false;                        // finished: `record` holds it
        QString error;                            // failed (not a stop)
        // Shared, not copied: a snapshot on the GUI thread copies no model.
        std::shared_ptr<const core::train::RunRecord> record;
    };

    explicit TrainController(QObject* parent = nullptr);
    ~TrainController() override;  // stops and joins

    // Starts a comparison (a running one is stopped first); `threads` workers (at least 1).
    void start(const std::vector<core::train::TrainConfig>& runs, int threads);
    void setPaused(bool paused);
    void stop();  // cancels the unfinished runs; returns once the workers are gone

    bool running() const;
    bool paused() const { return m_paused.load(); }
    std::vector<RunView> snapshot() const;
    // The finished runs, in the order they were asked for (what the figure draws).
    std::vector<core::train::RunRecord> finishedRecords() const;

signals:
    void updated();
    // Every run has ended (finished, failed or stopped).
    void allEnded(bool stopped);

private:
    void work();
    void notify();
    void join();

    mutable std::mutex m_mutex;
    std::condition_variable m_resume;
    std::vector<RunView> m_runs;  // guarded by m_mutex
    std::vector<std::thread> m_workers;
    std::atomic<std::size_t> m_next{0};
    std::atomic<int> m_active{0};
    std::atomic<bool> m_cancel{false}, m_paused{false}, m_pending{false};
    std::atomic<int> m_generation{
        0};  // a start's number: a late allEnded of an older one is dropped
};

}  // namespace poslab::ui
