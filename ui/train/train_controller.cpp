#include "ui/train/train_controller.h"

#include <QMetaObject>
#include <QTimer>

namespace poslab::ui {

namespace tr = core::train;

TrainController::TrainController(QObject* parent) : QObject(parent) {}

TrainController::~TrainController() {
    stop();
}

void TrainController::start(const std::vector<tr::TrainConfig>& runs, int threads) {
    stop();
    {
        std::lock_guard lock(m_mutex);
        m_runs.clear();
        for (const auto& c : runs) m_runs.push_back(RunView{c, {}, 0, false, {}, nullptr});
    }
    m_cancel = false;
    m_paused = false;
    m_next = 0;
    ++m_generation;
    const int count = std::max(1, std::min<int>(threads, static_cast<int>(runs.size())));
    m_active = runs.empty() ? 0 : count;
    if (runs.empty()) {
        emit allEnded(false);
        return;
    }
    for (int t = 0; t < count; ++t) m_workers.emplace_back([this] { work(); });
}

void TrainController::setPaused(bool paused) {
    {
        std::lock_guard lock(m_mutex);
        m_paused = paused;
    }
    m_resume.notify_all();
}

void TrainController::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_cancel = true;
        m_paused = false;
    }
    m_resume.notify_all();
    join();
}

void TrainController::join() {
    for (auto& w : m_workers)
        if (w.joinable()) w.join();
    m_workers.clear();
}

bool TrainController::running() const {
    return m_active.load() > 0;
}

std::vector<TrainController::RunView> TrainController::snapshot() const {
    std::lock_guard lock(m_mutex);
    return m_runs;
}

std::vector<tr::RunRecord> TrainController::finishedRecords() const {
    std::lock_guard lock(m_mutex);
    std::vector<tr::RunRecord> out;
    for (const auto& r : m_runs)
        if (r.record) out.push_back(*r.record);
    return out;
}

// Coalesced: one queued `updated` at a time, at most every kUpdateMs.
void TrainController::notify() {
    if (m_pending.exchange(true)) return;
    QMetaObject::invokeMethod(
        this,
        [this] {
            QTimer::singleShot(kUpdateMs, this, [this] {
                m_pending = false;
                emit updated();
            });
        },
        Qt::QueuedConnection);
}

void TrainController::work() {
    for (std::size_t i = m_next++;; i = m_next++) {
        tr::TrainConfig config;
        {
            std::lock_guard lock(m_mutex);
            if (i >= m_runs.size() || m_cancel) break;
            config = m_runs[i].config;
        }
        core::ProgressSink sink([this, i](double f) {
            {
                std::lock_guard lock(m_mutex);
                m_runs[i].fraction = f;
            }
            notify();
        });
        core::ComputeContext ctx;
        ctx.cancel = &m_cancel;
        ctx.progress = &sink;
        tr::TrainHooks hooks;
        hooks.logged = [this, i](const std::array<double, 3>& p) {
            {
                std::lock_guard lock(m_mutex);
                m_runs[i].loss.push_back(p);
            }
            notify();
        };
        hooks.beforeStep = [this] {
            std::unique_lock lock(m_mutex);
            m_resume.wait(lock, [this] { return !m_paused.load() || m_cancel.load(); });
        };
        auto record = tr::recordRun(config, ctx, hooks);
        {
            std::lock_guard lock(m_mutex);
            RunView& r = m_runs[i];
            if (record) {
                r.done = true;
                r.fraction = 1;
                r.record = std::make_shared<const tr::RunRecord>(std::move(*record));
            } else if (record.error().code != core::Errc::Cancelled) {
                r.error = QString::fromStdString(record.error().message);
            }
        }
        notify();
    }
    if (--m_active == 0) {
        const bool stopped = m_cancel.load();
        const int generation = m_generation.load();
        QMetaObject::invokeMethod(
            this,
            [this, stopped, generation] {
                if (generation != m_generation.load()) return;
                emit updated();  // the final state first, then the end
                emit allEnded(stopped);
            },
            Qt::QueuedConnection);
    }
}

}  // namespace poslab::ui
