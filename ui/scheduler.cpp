#include "ui/scheduler.h"

#include <memory>

#include "core/backend/backend.h"
#include "core/registry.h"
#include "ui/render.h"

namespace poslab::ui {

namespace {

// The key ArrayCache uses for (encoding, quantity, parameters); must match ui/render.cpp's.
std::string cacheKeyOf(const std::string& enc, const std::string& qty, const core::ParamSet& p) {
    std::string key = enc + "/" + qty;
    for (const auto& [name, value] : p.values()) key += "|" + name + "=" + core::formatValue(value);
    return key;
}

struct RouterOutcome {
    QString kind = QStringLiteral("cpu");  // "cpu", "vulkan" or "unavailable"
    QString detail;
};

// Auto / Vulkan: computes the request's arrays that the router sends to Vulkan (float32) and puts
// them in the cache, where computeRequest finds them; the rest (no shader, the probe chose the
// CPU, sweeps, other encodings) are left to core's double-precision path.
RouterOutcome prefillFromRouter(gpu::BackendRouter& router, const ComputeRequest& req,
                                ArrayCache& cache, const std::atomic<bool>* cancel) {
    RouterOutcome outcome;
    gpu::VulkanBackend* vulkan = router.vulkan();
    if (!vulkan) {
        outcome.kind = QStringLiteral("unavailable");
        std::string why = router.vulkanError().empty() ? std::string("the device was lost")
                                                       : router.vulkanError();
        if (why.rfind("Vulkan: ", 0) == 0) why = why.substr(8);
        outcome.detail = QString::fromStdString(why);
        return outcome;
    }
    const core::EncodingDescriptor* enc = core::registry().find(req.encoding.toStdString());
    if (!enc) return outcome;
    core::ComputeOptions options;
    options.memoryBudget = req.memoryBudget;
    options.cancel = cancel;
    for (int vi = 0; vi < req.views.size(); ++vi) {
        const ViewState state = vi < req.states.size() ? req.states[vi] : ViewState{};
        for (const auto& s : effectiveSeries(req.views[vi], state, *enc)) {
            if (cancel && cancel->load()) return outcome;
            if (!s.encoding.isEmpty() || !s.sweepParam.isEmpty() || !s.againstEncoding.isEmpty())
                continue;
            auto params = seriesParams(*enc, req.params, s, state);
            if (!params) continue;  // computeRequest reports it
            const std::string quantity = s.quantity.toStdString();
            const std::string key = cacheKeyOf(enc->id, quantity, *params);
            if (cache.find(key)) {
                if (outcome.kind == QLatin1String("cpu")) {
                    // Cached from this mode: it was computed by whichever backend chose it then.
                    auto prepared = core::prepare(*enc, quantity, *params, options);
                    if (prepared && router.choose(*prepared, core::Precision::F32) == "vulkan")
                        outcome = {QStringLiteral("vulkan"), QString::fromStdString(vulkan->deviceName())};
                }
                continue;
            }
            auto prepared = core::prepare(*enc, quantity, *params, options);
            if (!prepared || router.choose(*prepared, core::Precision::F32) != "vulkan") continue;
            core::Request request;
            request.encoding = enc->id;
            request.quantity = quantity;
            request.params = *params;
            request.precision = core::Precision::F32;
            core::Result result;
            if (!router.run(request, result, options) || result.backend != "vulkan") continue;
            cache.insert(key, std::make_shared<const core::Array>(result.toArray()));
            outcome = {QStringLiteral("vulkan"), QString::fromStdString(vulkan->deviceName())};
        }
    }
    return outcome;
}

}  // namespace

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
    connect(m_worker, &detail::Worker::backendUsed, this, &Scheduler::backendUsed,
            Qt::QueuedConnection);
    connect(m_worker, &detail::Worker::vulkanUnavailable, this, &Scheduler::vulkanUnavailable,
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

void Scheduler::setBackendMode(gpu::BackendMode mode) { m_worker->setMode(mode); }

gpu::BackendMode Scheduler::backendMode() const { return m_worker->mode(); }

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

void Worker::setMode(gpu::BackendMode mode) {
    QMutexLocker lock(&m_mutex);
    m_mode = mode;
}

gpu::BackendMode Worker::mode() const {
    QMutexLocker lock(&m_mutex);
    return m_mode;
}

void Worker::run() {
    ArrayCache cache;  // lives on this thread only
    std::unique_ptr<gpu::BackendRouter> router;  // created here, on first need (never on the GUI thread)
    gpu::BackendMode cacheMode = gpu::BackendMode::Cpu;
    bool toldUnavailable = false;
    forever {
        ComputeRequest request;
        gpu::BackendMode mode = gpu::BackendMode::Cpu;
        {
            QMutexLocker lock(&m_mutex);
            while (!m_pending && !m_abort) m_condition.wait(&m_mutex);
            if (m_abort) return;
            request = std::move(*m_pending);
            m_pending.reset();
            m_running = true;
            m_cancel = false;
            m_runningSince.start();
            mode = m_mode;
        }
        emit startedJob(request.generation);
        const quint64 generation = request.generation;
        if (mode != cacheMode) {  // arrays of another backend must not be shown as this one's
            cache = ArrayCache();
            cacheMode = mode;
        }
        RouterOutcome outcome;
        if (mode != gpu::BackendMode::Cpu) {
            if (!router || router->mode() != mode) {
                router = std::make_unique<gpu::BackendRouter>(mode);
                toldUnavailable = false;
            }
            outcome = prefillFromRouter(*router, request, cache, &m_cancel);
            if (outcome.kind == QLatin1String("unavailable") && !toldUnavailable) {
                toldUnavailable = true;
                emit vulkanUnavailable(outcome.detail);
            }
        }
        ComputeResult result = computeRequest(request, cache, &m_cancel, [this, generation](int done, int total) {
            emit progressed(generation, done, total);
        });
        {
            QMutexLocker lock(&m_mutex);
            m_running = false;
            if (m_abort) return;
        }
        if (!result.cancelled) emit backendUsed(generation, outcome.kind, outcome.detail);
        emit resultReady(result);
    }
}

}  // namespace detail

}  // namespace poslab::ui
