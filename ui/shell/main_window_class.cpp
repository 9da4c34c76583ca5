// MainWindow, between two classes (issue 25 item 3): Edit > Reset the class puts every page back
// at its preset for the next group of students, and a lesson's ghost curves end with the lesson.
// The window's layout is View > Reset layout's business, not this one's.
#include <QDockWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoStack>

#include "ui/document/lesson_player.h"
#include "ui/document/session_controller.h"
#include "ui/model/model_page.h"
#include "ui/shell/main_window.h"
#include "ui/shell/presentation_strip.h"
#include "ui/views/chart_widget.h"
#include "ui/views/page_widget.h"
#include "ui/views/view_widget.h"

namespace poslab::ui {

void MainWindow::connectLessonPlayer() {
    connect(m_player, &LessonPlayer::stepChanged, this, &MainWindow::showLessonStep);
    connect(m_player, &LessonPlayer::leavePresentationRequested, this,
            [this] { setPresentation(false); });
    connect(m_player, &LessonPlayer::stopped, this, &MainWindow::updateLessonActions);
    connect(m_player, &LessonPlayer::stopped, this, [this] {
        clearLessonGhosts();
        if (m_presenting) m_strip->refresh();
    });
}

void MainWindow::clearLessonGhosts() {
    for (int t = 0; t < m_page->tabCount(); ++t)
        for (ViewWidget* w : m_page->viewsOfTab(t))
            if (w->chart()) w->chart()->setGhost({});
}

// The encoding page's widgets made afresh with the same values, view states and ghosts: widgets
// made at the presentation font keep sizes measured in it (combo boxes, spin boxes) and would
// hold the normal window wider than the screen.
void MainWindow::rebuildPage() {
    const PageSpec* page = m_page->page();
    if (!page || !encodingPageShown()) return;  // showPage makes it afresh when it comes back
    struct Kept {
        int tab;
        QString view;
        ViewState state;
        QVector<CurveData> ghost;
    };
    QVector<Kept> kept;
    for (int t = 0; t < m_page->tabCount(); ++t)
        for (const ViewWidget* w : m_page->viewsOfTab(t))
            kept.append({t, w->spec().id, w->state(),
                         w->chart() ? w->chart()->ghost() : QVector<CurveData>{}});
    m_page->setPage(page, m_page->params(), m_page->currentTab());
    for (const Kept& k : kept)
        for (ViewWidget* w : m_page->viewsOfTab(k.tab))
            if (w->spec().id == k.view) {
                w->setState(k.state);
                if (w->chart()) w->chart()->setGhost(k.ghost);
            }
    m_page->requestUpdate();
}

void MainWindow::resizeEvent(QResizeEvent* e) {
    QMainWindow::resizeEvent(e);
    if (m_browserWidthToRestore > 0 && !m_presenting && !isFullScreen())
        resizeDocks({m_browserDock}, {m_browserWidthToRestore}, Qt::Horizontal);
}

void MainWindow::resetClass() {
    m_player->stop();  // clears the ghosts too
    m_values.clear();  // every page starts again from its preset (precision, scaling included)
    m_pageModels.clear();
    m_modelPage->clearCompare();
    // The view widgets are made afresh: compare set-ups and view states go back to their
    // defaults. The Model page keeps its model: choosing one is where a class starts.
    // On the Model page the encoding page is made afresh when it is shown again.
    if (const PageSpec* page = m_page->page(); page && encodingPageShown())
        showPage(page, m_page->currentTab());
    m_undo->clear();  // the edits it undid belong to the class before
    m_session->stateChanged();
    statusBar()->showMessage(
        tr("Class reset: every page is back at its preset; lessons, comparisons and marks are "
           "cleared."),
        15000);
}

}  // namespace poslab::ui
