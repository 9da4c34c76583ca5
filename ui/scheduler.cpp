#include "ui/scheduler.h"

#include "ui/render.h"

namespace poslab::ui {

Scheduler::Scheduler(QObject* parent) : QObject(parent), m_worker(new detail::Worker(this)) {
    qRegisterMetaType<poslab::ui::ComputeResult>();
    m_compressor.setSingleShot(true);
    m_compressor.setInterval(16);
    connect(&m_compressor, &QTimer::timeout, this, &Scheduler::onCompressorTimeout);
    connect(m_worker, &detail::Worker::resultReady, this, &Scheduler::finished,
            Qt::QueuedConnection);
    connect(m_worker, &detail::Worker::startedJob, this, &Scheduler::started,
            Qt::QueuedConnection);
    connect(m_worker, &detail::Worker::progressed, this, &Scheduler::progress,
            Qt::QueuedConnection);
    m_worker->start();
}

Scheduler::~Scheduler() = default;  // the worker (a child) stops in its destructor

quint64 Scheduler::submit(ComputeRequest request) {
    request.generation = ++m_generation;
    if (m_compressor.interval() <= 0 || !m_worker->busy()) {
        // Idle worker: no reason to wait (a single edit, or the first of a drag).
        m_held.reset();
        hand(std::move(request));
        if (m_compressor.interval() > 0) m_compressor.start();
    } else if (!m_compressor.isActive()) {
        hand(std::move(request));  // leading edge: no added latency for a single edit
        m_compressor.start();
    } else {
        m_held = std::move(request);  // inside the window: the latest one waits for its end
    }
    return m_generation;
}

void Scheduler::onCompressorTimeout() {
    if (!m_held) return;
    hand(std::move(*m_held));
    m_held.reset();
    m_compressor.start();
}

void Scheduler::hand(ComputeRequest request) { m_worker->post(std::move(request), m_restartAfterMs); }

void Scheduler::cancel() {
    m_held.reset();
    m_compressor.stop();
    m_worker->cancelAll();
}

bool Scheduler::isBusy() const { return m_held.has_value() || m_worker->busy(); }

namespace detail {

Worker::Worker(QObject* parent) : QThread(parent) {}

Worker::~Worker() {
    {
        QMutexLocker lock(&m_mutex);
        m_abort = true;
        m_cancel = true;
        m_condition.wakeOne();
    }
    wait();
}

void Worker::post(ComputeRequest request, int restartAfterMs) {
    QMutexLocker lock(&m_mutex);
    m_pending = std::move(request);
    if (m_running && m_runningSince.elapsed() >= restartAfterMs) m_cancel = true;
    m_condition.wakeOne();
}

void Worker::cancelAll() {
    QMutexLocker lock(&m_mutex);
    m_pending.reset();
    if (m_running) m_cancel = true;
}

bool Worker::busy() const {
    QMutexLocker lock(&m_mutex);
    return m_running || m_pending.has_value();
}

void Worker::run() {
    ArrayCache cache;  // lives on this thread only
    forever {
        ComputeRequest request;
        {
            QMutexLocker lock(&m_mutex);
            while (!m_pending && !m_abort) m_condition.wait(&m_mutex);
            if (m_abort) return;
            request = std::move(*m_pending);
            m_pending.reset();
            m_running = true;
            m_cancel = false;
            m_runningSince.start();
        }
        emit startedJob(request.generation);
        const quint64 generation = request.generation;
        ComputeResult result = computeRequest(request, cache, &m_cancel, [this, generation](int done, int total) {
            emit progressed(generation, done, total);
        });
        {
            QMutexLocker lock(&m_mutex);
            m_running = false;
            if (m_abort) return;
        }
        emit resultReady(result);
    }
}

}  // namespace detail

}  // namespace poslab::ui
