#include "ui/compute/scheduler.h"

#include <utility>

#include <cmath>
#include <memory>
#include <new>

#include "core/backend/backend.h"
#include "core/compute.h"
#include "core/io/npy.h"
#include "gpu/backend_router.h"
#include "ui/compute/compute_request.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace {

struct RouterOutcome {
    ComputedBy kind = ComputedBy::Cpu;
    QString detail;
};

// Auto / Vulkan: computeRequest asks this for the arrays a backend choice applies to; those the
// router sends to Vulkan are computed there (float32) and cached by computeRequest. The rest (no
// shader, the probe chose the CPU, sweeps, other encodings) are left to core's double path.
class RouterSource final : public ArraySource {
public:
    RouterSource(gpu::BackendRouter& router, QString device)
        : m_router(router), m_device(std::move(device)) {}

    std::shared_ptr<const core::Array> compute(const core::EncodingDescriptor& enc,
                                               const std::string& quantity,
                                               const core::ParamSet& params,
                                               const core::ComputeOptions& options) override {
        auto prepared = core::prepare(enc, quantity, params, options);
        if (!prepared ||
            m_router.choose(*prepared, core::Precision::F32) != core::BackendKind::Vulkan)
            return nullptr;
        core::Request request;
        request.encoding = enc.id;
        request.quantity = quantity;
        request.params = params;
        request.precision = core::Precision::F32;
        core::Result result;
        // A failure falls back to the CPU inside the router (float32): dropped here, so that core
        // computes the double-precision array instead.
        if (!m_router.run(request, result, options) || result.backend != core::BackendKind::Vulkan)
            return nullptr;
        m_outcome = {ComputedBy::Vulkan, m_device};
        return std::make_shared<const core::Array>(result.toArray());
    }

    void reused(const core::EncodingDescriptor& enc, const std::string& quantity,
                const core::ParamSet& params, const core::ComputeOptions& options) override {
        if (m_outcome.kind != ComputedBy::Cpu) return;
        // Cached in this mode (the cache is emptied when it changes): computed by whichever
        // backend chose it then.
        auto prepared = core::prepare(enc, quantity, params, options);
        if (prepared &&
            m_router.choose(*prepared, core::Precision::F32) == core::BackendKind::Vulkan)
            m_outcome = {ComputedBy::Vulkan, m_device};
    }

    const RouterOutcome& outcome() const { return m_outcome; }

private:
    gpu::BackendRouter& m_router;
    QString m_device;
    RouterOutcome m_outcome;
};

ComputeResult outOfMemory(const ComputeRequest& request) {
    ComputeResult r;
    r.generation = request.generation;
    r.pageId = request.pageId;
    r.tag = request.tag;
    const QString budget = QString::fromStdString(core::formatBytes(request.memoryBudget));
    r.error = pick(
        QStringLiteral("out of memory while computing: the system refused memory "
                       "within the budget of %1; lower the sizes")
            .arg(budget),
        QString::fromUtf8("计算时内存不足：系统拒绝分配预算 %1 以内的内存；请减小尺寸").arg(budget),
        request.lang);
    return r;
}

}  // namespace

Scheduler::Scheduler(QObject* parent) : QObject(parent), m_worker(new detail::Worker(this)) {
    qRegisterMetaType<poslab::ui::ComputeResult>();
    qRegisterMetaType<poslab::ui::ComputedBy>();
    m_compressor.setSingleShot(true);
    m_compressor.setInterval(16);
    connect(&m_compressor, &QTimer::timeout, this, &Scheduler::onCompressorTimeout);
    connect(m_worker, &detail::Worker::messagesReady, this, &Scheduler::drainWorker,
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

void Scheduler::drainWorker() {
    using Kind = detail::Worker::Message::Kind;
    for (auto& m : m_worker->takeMessages()) {
        switch (m.kind) {
            case Kind::Started:
                emit started(m.generation);
                break;
            case Kind::Progress:
                emit progress(m.generation, m.done, m.total);
                break;
            case Kind::Backend:
                emit backendUsed(m.generation, m.by, m.text);
                break;
            case Kind::Unavailable:
                emit vulkanUnavailable(m.text);
                break;
            case Kind::Result:
                emit finished(*m.result);
                break;
        }
    }
}

void Scheduler::hand(ComputeRequest request) {
    m_worker->post(std::move(request), m_restartAfterMs);
}

void Scheduler::cancel() {
    m_held.reset();
    m_compressor.stop();
    m_worker->cancelAll();
}

bool Scheduler::isBusy() const {
    return m_held.has_value() || m_worker->busy();
}

void Scheduler::setBackendMode(gpu::BackendMode mode) {
    m_worker->setMode(mode);
}

gpu::BackendMode Scheduler::backendMode() const {
    return m_worker->mode();
}

namespace detail {

Worker::Worker(QObject* parent) : QThread(parent) {}

Worker::~Worker() {
    {
        const std::lock_guard lock(m_mutex);
        m_abort = true;
        m_cancel = true;
    }
    m_condition.notify_all();
    if (isRunning() || isFinished()) {  // started: run() sets m_exited as it ends
        // The loop's end, seen through m_mutex (ThreadSanitizer cannot see QThread::wait).
        std::unique_lock lock(m_mutex);
        m_condition.wait(lock, [this] { return m_exited; });
    }
    wait();
}

void Worker::post(ComputeRequest request, int restartAfterMs) {
    const std::lock_guard lock(m_mutex);
    m_pending = std::move(request);
    if (m_running && m_runningSince.elapsed() >= restartAfterMs) m_cancel = true;
    m_condition.notify_one();
}

void Worker::cancelAll() {
    const std::lock_guard lock(m_mutex);
    m_pending.reset();
    if (m_running) m_cancel = true;
}

bool Worker::busy() const {
    const std::lock_guard lock(m_mutex);
    return m_running || m_pending.has_value();
}

void Worker::setMode(gpu::BackendMode mode) {
    const std::lock_guard lock(m_mutex);
    m_mode = mode;
}

void Worker::send(Message message) {
    bool first = false;
    {
        const std::lock_guard lock(m_mutex);
        first = m_outbox.empty();
        m_outbox.push_back(std::move(message));
    }
    if (first) emit messagesReady();
}

std::vector<Worker::Message> Worker::takeMessages() {
    const std::lock_guard lock(m_mutex);
    return std::exchange(m_outbox, {});
}

gpu::BackendMode Worker::mode() const {
    const std::lock_guard lock(m_mutex);
    return m_mode;
}

void Worker::run() {
    loop();
    const std::lock_guard lock(m_mutex);  // notified under the lock: the destructor may follow
    m_exited = true;
    m_condition.notify_all();
}

void Worker::loop() {
    ArrayCache cache;  // lives on this thread only
    std::unique_ptr<gpu::BackendRouter>
        router;  // created here, on first need (never on the GUI thread)
    gpu::BackendMode cacheMode = gpu::BackendMode::Cpu;
    bool toldUnavailable = false;
    forever {
        ComputeRequest request;
        gpu::BackendMode mode = gpu::BackendMode::Cpu;
        {
            std::unique_lock lock(m_mutex);
            m_condition.wait(lock, [this] { return m_pending || m_abort; });
            if (m_abort) return;
            request = std::move(*m_pending);
            m_pending.reset();
            m_running = true;
            m_cancel = false;
            m_runningSince.start();
            mode = m_mode;
        }
        send({Message::Kind::Started, request.generation, 0, 0, {}, {}, {}});
        const quint64 generation = request.generation;
        if (mode != cacheMode) {  // arrays of another backend must not be shown as this one's
            cache = ArrayCache();
            cacheMode = mode;
        }
        RouterOutcome outcome;
        std::optional<RouterSource> source;
        if (mode != gpu::BackendMode::Cpu) {
            if (!router || router->mode() != mode) {
                router = std::make_unique<gpu::BackendRouter>(mode);
                toldUnavailable = false;
            }
            if (gpu::VulkanBackend* vulkan = router->vulkan()) {
                source.emplace(*router, QString::fromStdString(vulkan->deviceName()));
            } else {
                outcome = {ComputedBy::CpuVulkanUnavailable,
                           QString::fromStdString(router->unavailableReason())};
                if (!toldUnavailable) {
                    toldUnavailable = true;
                    send({Message::Kind::Unavailable, 0, 0, 0, {}, outcome.detail, {}});
                }
            }
        }
        // Arrays in progress units (kProgressScale per array), so that one long array moves the
        // bar too. Only increases are sent: a Vulkan attempt that fell back, then core's own run
        // of the same array, would otherwise report its start twice.
        int sent = -1;
        auto progress = [this, generation, &sent](double done, int total) {
            const int units = static_cast<int>(std::floor(done * Scheduler::kProgressScale));
            if (units <= sent) return;
            sent = units;
            send({Message::Kind::Progress,
                  generation,
                  units,
                  total * Scheduler::kProgressScale,
                  {},
                  {},
                  {}});
        };
        ComputeResult result;
        try {
            // Input tables (a `source` .npy) are read under the request's budget.
            const core::io::InputBudgetScope inputBudget(request.memoryBudget);
            result =
                computeRequest(request, cache, &m_cancel, progress, source ? &*source : nullptr);
        } catch (const std::bad_alloc&) {
            // Memory the budget allowed but the system refused: an error shown in the views,
            // not an abort of the GUI. The cache may hold a half-made round: emptied.
            cache = ArrayCache();
            result = outOfMemory(request);
        }
        if (source) outcome = source->outcome();
        {
            const std::lock_guard lock(m_mutex);
            m_running = false;
            if (m_abort) return;
        }
        if (!result.cancelled)
            send({Message::Kind::Backend, generation, 0, 0, outcome.kind, outcome.detail, {}});
        send({Message::Kind::Result, generation, 0, 0, {}, {}, std::move(result)});
    }
}

}  // namespace detail

}  // namespace poslab::ui
