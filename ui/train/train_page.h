// The Training lab page (issue 27 item 5): choose a task, the encodings, seeds and steps, press
// Start, and watch a comparison of tiny Transformers train on worker threads (TrainController):
// per encoding a live loss curve, the headline chart of accuracy against test size filling in as
// runs finish, and for a finished run its attention maps on a test sample at 1x and at the longest
// test, and what its encoding learned. Every chart is a Figure (train_views.h), exported as
// every view is; the finished comparison is kept in the session. Shown by the window in place of
// the encoding page, as the Model page is (page id "train").
#pragma once

#include <QString>
#include <QWidget>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/train/train_report.h"
#include "ui/figure/figure.h"
#include "ui/train/train_controller.h"
#include "ui/train/train_settings.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QElapsedTimer;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
QT_END_NAMESPACE

namespace poslab::ui {

class FigurePane;

inline const QString kTrainPageId = QStringLiteral("train");

class TrainPage : public QWidget {
    Q_OBJECT
public:
    explicit TrainPage(QWidget* parent = nullptr);
    ~TrainPage() override;

    // The controls' settings; false with one line when a field does not parse (the seeds).
    bool settings(TrainSettings* out, QString* error) const;
    void setSettings(const TrainSettings& settings);

    // Starts the comparison the controls describe (a running one is stopped, its finished runs
    // dropped); returns the refusal (a bad field, memory past the budget), empty when started.
    QString start();
    void setPaused(bool paused);
    void stop();  // keeps the runs that finished
    bool running() const;
    bool paused() const;

    // The comparison shown: its settings and its finished runs (in the order they were asked
    // for); a session restores them (the page then shows them as if it had just trained them).
    const TrainSettings& shownSettings() const { return m_shown; }
    const std::vector<core::train::RunRecord>& records() const { return m_records; }
    void setRecords(const TrainSettings& settings, std::vector<core::train::RunRecord> records);
    void clear();  // no comparison (a new session)
    // Shows the comparison of `settings` again if this page finished it before (the last few
    // finished comparisons are kept: a lesson going back a step shows it at once); false if not.
    bool recall(const TrainSettings& settings);
    // The session's part (train_session.h) as compact JSON, made when the comparison changes
    // (not at every look: it holds the runs' weights).
    const QByteArray& sessionJson() const { return m_sessionJson; }

    // The figure Export Figure writes: the selected pane's (the headline chart unless the user
    // clicked another). False with the pane's line when it has none.
    bool figure(Figure* figure, QString* error, QString* name) const;
    // One line for presentation mode's strip: "Training lab · copy · 7 encodings · seed 0 ·
    // 2000 steps · 3 of 7 runs finished".
    QString summary() const;
    // Selects the chart a lesson step names ("accuracy", "loss", "learned", "attention"; the last
    // two of `variant`'s first seed, as soon as that run has finished).
    void showChart(const QString& chart, const TrainVariant& variant);
    // Presentation mode: the headline chart large, the loss beside it, no controls; or, where the
    // run's pane is selected (a lesson step about what a run learned), that pane large.
    void setPresenting(bool on);

    FigurePane* headlinePane() const { return m_headline; }
    FigurePane* lossPane() const { return m_loss; }
    FigurePane* inspectPane() const { return m_inspect; }
    QComboBox* runChoice() const { return m_runChoice; }
    QComboBox* showChoice() const { return m_showChoice; }
    QComboBox* layerChoice() const { return m_layerChoice; }
    QPushButton* startButton() const { return m_start; }
    QLabel* statusLabel() const { return m_status; }

signals:
    // The comparison shown changed (started, a run finished, stopped, restored): the session.
    void changed();
    void message(const QString& text);

protected:
    void changeEvent(QEvent* e) override;

private:
    void buildControls(QWidget* column);
    void retranslate();
    void fitControls();
    void onUpdated();
    void onEnded(bool stopped);
    // One snapshot of the controller serves every pane of an update (it copies every loss log).
    void absorb(const std::vector<TrainController::RunView>& views);
    void refreshHeadline();
    void refreshLoss();
    void refreshLoss(std::vector<TrainController::RunView> views);
    void refreshRunChoice();
    void refreshInspect();
    void refreshButtons();
    void refreshButtons(const std::vector<TrainController::RunView>& views);
    void selectPane(FigurePane* pane);
    void applyPresenting();
    std::vector<TrainVariant> colourOrder() const;
    void updateSessionJson();

    TrainController* m_controller = nullptr;
    TrainSettings m_shown;  // what the panes show
    std::vector<core::train::RunRecord> m_records;
    std::vector<bool> m_taken;  // per run of the comparison: its record is in m_records
    std::unique_ptr<QElapsedTimer> m_clock;
    qint64 m_endedMs = -1;                 // the comparison's time when its runs ended; -1: running
    std::optional<TrainVariant> m_wanted;  // the run a lesson step asks the inspector for
    QByteArray m_sessionJson;
    // Finished comparisons by their settings' JSON, the latest last (at most kKeptComparisons).
    std::vector<std::pair<QByteArray, std::vector<core::train::RunRecord>>> m_kept;

    QWidget *m_column = nullptr, *m_controlsArea = nullptr, *m_charts = nullptr;
    bool m_presenting = false;
    QLabel *m_taskLabel = nullptr, *m_encodingsLabel = nullptr, *m_seedsLabel = nullptr,
           *m_stepsLabel = nullptr, *m_status = nullptr, *m_error = nullptr, *m_showLabel = nullptr;
    QComboBox *m_task = nullptr, *m_runChoice = nullptr, *m_showChoice = nullptr,
              *m_layerChoice = nullptr;
    std::vector<QCheckBox*> m_variantBoxes;  // offeredVariants(), in order
    QLineEdit* m_seeds = nullptr;
    QSpinBox *m_steps = nullptr, *m_range = nullptr;
    QCheckBox* m_random = nullptr;
    QPushButton *m_start = nullptr, *m_pause = nullptr, *m_stop = nullptr;
    QProgressBar* m_progress = nullptr;
    QWidget* m_inspectBox = nullptr;
    FigurePane *m_headline = nullptr, *m_loss = nullptr, *m_inspect = nullptr;
    FigurePane* m_selected = nullptr;
};

}  // namespace poslab::ui
