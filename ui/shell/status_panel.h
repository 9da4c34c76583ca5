// The status bar of the main window: how long the last result took, progress and cancel while a
// job runs, the hover readout, and the compute backend (a selector: Auto / CPU (double) /
// Vulkan, and a label saying what computed the last result; a notice, told once, when Vulkan
// cannot be used); a notice when POSLAB_MEMORY_BUDGET is not a size.
#pragma once

#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <QStringList>

#include "gpu/backend_mode.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;
QT_END_NAMESPACE

namespace poslab::ui {

class Scheduler;
struct ComputeResult;
enum class ComputedBy;

class StatusPanel : public QObject {
    Q_OBJECT
public:
    // Adds its widgets to `bar` and follows `scheduler`; `persist` remembers the backend choice
    // in QSettings "backend/mode".
    StatusPanel(QStatusBar* bar, Scheduler* scheduler, bool persist, QObject* parent);

    // Selects `mode` in the selector, which applies it to the scheduler.
    void setBackendMode(gpu::BackendMode mode);
    QComboBox* backendChoice() const { return m_backendChoice; }
    QString backendText() const;
    int noticeCount() const { return m_vulkanNotices; }
    QString notice() const { return m_notice; }
    // When POSLAB_MEMORY_BUDGET is set but is not a size: what the window says about it (the
    // default budget applies; also shown in the status bar and on stderr at start); else empty.
    QString budgetNotice() const;

    // A notice about the window's start (a refused setting, autosave off, a bad memory budget):
    // shown in the status bar for `ms`, each after the one before so that none hides another.
    // notices() keeps every one given.
    void addNotice(const QString& text, int ms = 20000);
    QStringList notices() const { return m_notices; }

    QString hoverText() const;
    void setHover(const QString& text);
    QString statusText() const;
    void setStatus(const QString& text);
    // A result arrived: hides the progress once the scheduler is idle; says "cancelled".
    void resultArrived(const ComputeResult& result);
    // A result was shown: its compute and draw times.
    void resultShown(const ComputeResult& result);

    void retranslate();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    // The user chose another backend; the scheduler already uses it.
    void backendModeChanged();

private:
    void updateBackendLabel();
    void showNextNotice();

    QStatusBar* m_bar;
    Scheduler* m_scheduler;
    bool m_persist;
    QLabel* m_time;
    QComboBox* m_backendChoice;
    QLabel* m_backend;
    QLabel* m_hover;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    ComputedBy m_computedBy{};  // what computed the last result; {} is Cpu
    QString m_backendDetail;    // device name or reason
    int m_vulkanNotices = 0;
    QString m_noticeReason;
    QString m_notice;
    QStringList m_notices;               // every start notice given
    QList<QPair<QString, int>> m_queue;  // start notices not shown yet, with their durations
};

}  // namespace poslab::ui
