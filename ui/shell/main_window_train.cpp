// MainWindow, the Training lab's side (issue 27): the page in the centre's stack beside the
// encoding page and the Model page (page id "train", the browser's Training group), Export
// Figure taking the lab's selected chart, presentation mode showing its headline chart large.
#include <QStackedWidget>
#include <QStatusBar>

#include "ui/document/lesson_player.h"
#include "ui/document/lesson_train.h"
#include "ui/document/session_controller.h"
#include "ui/figure/figure_export.h"
#include "ui/model/model_page.h"
#include "ui/shell/main_window.h"
#include "ui/shell/presentation_strip.h"
#include "ui/train/train_page.h"

namespace poslab::ui {

void MainWindow::buildTrainPage() {
    m_trainPage = new TrainPage(m_stack);
    m_stack->addWidget(m_trainPage);
    // Export Figure and Copy Figure: the lab's chart while it is shown, else the Model page's
    // (whose source this replaces), else the encoding page's view.
    m_figures->setFigureSource([this](Figure* figure, QString* error, QString* name) {
        if (trainPageShown()) return m_trainPage->figure(figure, error, name);
        return modelPageShown() && m_modelPage->figure(figure, error, name);
    });
    connect(m_trainPage, &TrainPage::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 15000); });
    connect(m_trainPage, &TrainPage::changed, this, [this] { m_session->stateChanged(); });
    m_strip->setTrainPage(m_trainPage);  // in presentation mode the strip says what it trains
}

bool MainWindow::trainPageShown() const {
    return m_stack && m_stack->currentWidget() == m_trainPage;
}

void MainWindow::showTrainPage() {
    showSidePage(m_trainPage, kTrainPageId);
    m_trainPage->setPresenting(m_presenting);
}

// The lab with the step's settings, trained unless the lab already shows (or trains) them or
// finished them before: going back a step shows what the class watched train.
void MainWindow::showTrainStep(const LessonStep& step) {
    TrainSettings settings;
    if (!trainStepSettings(step, &settings)) return;
    showTrainPage();
    const bool same = m_trainPage->shownSettings() == settings &&
                      (m_trainPage->running() || !m_trainPage->records().empty());
    if (!same && !m_trainPage->recall(settings)) {
        m_trainPage->setSettings(settings);
        if (const QString e = m_trainPage->start(); !e.isEmpty()) m_player->setNote(e);
    }
    const TrainShow show = trainShowOf(step);
    m_trainPage->showChart(show.chart, show.variant);
}

}  // namespace poslab::ui
