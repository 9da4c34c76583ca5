#include "ui/shell/status_panel.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>

#include <cstdio>

#include "core/compute.h"
#include "ui/compute/scheduler.h"

namespace poslab::ui {

// The texts keep the main window's translation context (literal, so that lupdate finds them),
// where the .ts files have them.

StatusPanel::StatusPanel(QStatusBar* bar, Scheduler* scheduler, bool persist, QObject* parent)
    : QObject(parent), m_bar(bar), m_scheduler(scheduler), m_persist(persist) {
    m_time = new QLabel(bar);
    m_backendChoice = new QComboBox(bar);
    m_backendChoice->setObjectName("backendChoice");
    m_backendChoice->addItem(QString(), QStringLiteral("auto"));
    m_backendChoice->addItem(QString(), QStringLiteral("cpu"));
    m_backendChoice->addItem(QString(), QStringLiteral("vulkan"));
    m_backendChoice->setCurrentIndex(1);
    m_backendChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_backend = new QLabel(bar);
    m_backend->setObjectName("backendLabel");
    m_hover = new QLabel(bar);
    m_hover->setMinimumWidth(200);
    m_progress = new QProgressBar(bar);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(120);
    m_progress->hide();
    m_cancel = new QToolButton(bar);
    m_cancel->hide();
    bar->addWidget(m_time);
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);
    bar->addWidget(m_hover, 1);
    bar->addPermanentWidget(m_backend);
    bar->addPermanentWidget(m_backendChoice);

    connect(scheduler, &Scheduler::progress, this, [this](quint64, int done, int total) {
        // A fraction when the job has several arrays (sweeps, small multiples); else busy.
        if (total > 1 && done < total) {
            m_progress->setRange(0, total);
            m_progress->setValue(done);
        } else {
            m_progress->setRange(0, 0);
        }
    });
    connect(scheduler, &Scheduler::started, this, [this] {
        m_progress->setRange(0, 0);
        QTimer::singleShot(250, this, [this] {
            const bool busy = m_scheduler->isBusy();
            m_progress->setVisible(busy);
            m_cancel->setVisible(busy);
        });
    });
    connect(m_cancel, &QToolButton::clicked, scheduler, &Scheduler::cancel);
    connect(m_backendChoice, &QComboBox::currentIndexChanged, this, [this](int index) {
        const auto mode =
            gpu::parseBackendMode(m_backendChoice->itemData(index).toString().toStdString());
        if (!mode || *mode == m_scheduler->backendMode()) return;
        m_scheduler->setBackendMode(*mode);
        updateBackendLabel();
        if (m_persist)
            QSettings().setValue("backend/mode", QString::fromLatin1(gpu::backendModeName(*mode)));
        emit backendModeChanged();
    });
    connect(scheduler, &Scheduler::backendUsed, this,
            [this](quint64, ComputedBy kind, const QString& detail) {
                m_computedBy = kind;
                m_backendDetail = detail;
                updateBackendLabel();
            });
    connect(scheduler, &Scheduler::vulkanUnavailable, this, [this](const QString& reason) {
        // Told once: the same reason again (another switch to Auto or Vulkan) stays quiet.
        if (m_vulkanNotices > 0 && reason == m_noticeReason) return;
        ++m_vulkanNotices;
        m_noticeReason = reason;
        m_notice = QCoreApplication::translate("poslab::ui::MainWindow",
                                               "Vulkan is not available (%1); computing on the CPU")
                       .arg(reason);
        m_bar->showMessage(m_notice, 10000);
    });
    if (const QString budget = budgetNotice(); !budget.isEmpty()) {
        const auto problem = core::memoryBudgetFromEnvironment();
        std::fprintf(stderr, "poslab: %s; the default budget of %s applies\n",
                     problem ? "" : problem.error().message.c_str(),
                     core::formatBytes(core::kDefaultMemoryBudget).c_str());
        addNotice(budget, 60000);
    }
    m_time->installEventFilter(this);
    m_hover->installEventFilter(this);
    // The next start notice once the bar's message is gone (timed out, or cleared).
    connect(m_bar, &QStatusBar::messageChanged, this, [this](const QString& text) {
        if (text.isEmpty() && !m_queue.isEmpty())
            QTimer::singleShot(0, this, &StatusPanel::showNextNotice);
    });
}

void StatusPanel::addNotice(const QString& text, int ms) {
    m_notices << text;
    m_queue.append({text, ms});
    showNextNotice();
}

bool StatusPanel::eventFilter(QObject* watched, QEvent* event) {
    // QStatusBar hides its widgets under a message only when it shows the message, and the
    // compute time and the hover readout may be shown after that (a notice given before the window
    // showed): it is hidden again as QStatusBar would, so that the two texts are never drawn over
    // each other.
    auto* label = qobject_cast<QLabel*>(watched);
    if ((label == m_time || label == m_hover) && event->type() == QEvent::Show)
        QTimer::singleShot(0, label, [this, label] {
            if (m_bar->currentMessage().isEmpty() || !label->isVisible()) return;
            label->hide();
            label->setAttribute(Qt::WA_WState_ExplicitShowHide, false);  // back when it ends
        });
    return QObject::eventFilter(watched, event);
}

void StatusPanel::showNextNotice() {
    if (m_queue.isEmpty() || !m_bar->currentMessage().isEmpty()) return;
    const auto [text, ms] = m_queue.takeFirst();
    m_bar->showMessage(text, ms);
}

QString StatusPanel::budgetNotice() const {
    if (core::memoryBudgetFromEnvironment()) return {};
    const std::string value = core::printable(qgetenv("POSLAB_MEMORY_BUDGET").toStdString());
    return QCoreApplication::translate(
               "poslab::ui::MainWindow",
               "POSLAB_MEMORY_BUDGET = '%1' is not a size (such as 512MiB or 4GiB); the default "
               "memory budget of %2 applies")
        .arg(QString::fromStdString(value),
             QString::fromStdString(core::formatBytes(core::kDefaultMemoryBudget)));
}

void StatusPanel::setBackendMode(gpu::BackendMode mode) {
    const int index = m_backendChoice->findData(QString::fromLatin1(gpu::backendModeName(mode)));
    if (index >= 0) m_backendChoice->setCurrentIndex(index);  // applies it (see the connection)
}

QString StatusPanel::backendText() const {
    return m_backend->text();
}
QString StatusPanel::hoverText() const {
    return m_hover->text();
}
void StatusPanel::setHover(const QString& text) {
    m_hover->setText(text);
}
QString StatusPanel::statusText() const {
    return m_time->text();
}
void StatusPanel::setStatus(const QString& text) {
    m_time->setText(text);
}

void StatusPanel::resultArrived(const ComputeResult& result) {
    if (!m_scheduler->isBusy()) {
        m_progress->hide();
        m_cancel->hide();
    }
    if (result.cancelled)
        m_time->setText(QCoreApplication::translate("poslab::ui::MainWindow", "cancelled"));
}

void StatusPanel::resultShown(const ComputeResult& result) {
    m_time->setText(
        QCoreApplication::translate("poslab::ui::MainWindow", "computed in %1 ms, drawn in %2 ms")
            .arg(QString::number(result.computeMs, 'f', 1),
                 QString::number(result.renderMs, 'f', 1)));
}

void StatusPanel::updateBackendLabel() {
    if (m_computedBy == ComputedBy::Vulkan) {
        m_backend->setText(
            QCoreApplication::translate("poslab::ui::MainWindow", "Vulkan: %1 (float32)")
                .arg(m_backendDetail));
        m_backend->setToolTip(QCoreApplication::translate(
            "poslab::ui::MainWindow",
            "The last result was computed on this Vulkan device in single "
            "precision; quantities without a shader use the CPU in double"));
    } else if (m_computedBy == ComputedBy::CpuVulkanUnavailable) {
        m_backend->setText(
            QCoreApplication::translate("poslab::ui::MainWindow", "CPU — Vulkan unavailable: %1")
                .arg(m_backendDetail));
        m_backend->setToolTip(QCoreApplication::translate(
            "poslab::ui::MainWindow",
            "Vulkan was asked for but cannot be used; the CPU core computes "
            "in double precision"));
    } else {
        m_backend->setText(QCoreApplication::translate("poslab::ui::MainWindow", "CPU (double)"));
        m_backend->setToolTip(QCoreApplication::translate(
            "poslab::ui::MainWindow",
            "The last result was computed by the CPU core in double precision"));
    }
    // Said once: the label only when it tells more than the choice beside it (Auto's outcome,
    // the Vulkan device, a fallback), not "CPU (double)" twice.
    m_backend->setVisible(m_backend->text() != m_backendChoice->currentText());
}

void StatusPanel::retranslate() {
    m_backendChoice->setItemText(0, QCoreApplication::translate("poslab::ui::MainWindow", "Auto"));
    m_backendChoice->setItemText(
        1, QCoreApplication::translate("poslab::ui::MainWindow", "CPU (double)"));
    m_backendChoice->setItemText(2,
                                 QCoreApplication::translate("poslab::ui::MainWindow", "Vulkan"));
    m_backendChoice->setToolTip(
        QCoreApplication::translate("poslab::ui::MainWindow",
                                    "Compute backend: Auto (a GPU when it is faster), the CPU in "
                                    "double precision (the reference), or Vulkan (float32)"));
    updateBackendLabel();
    m_cancel->setText(QCoreApplication::translate("poslab::ui::MainWindow", "Cancel"));
}

}  // namespace poslab::ui
