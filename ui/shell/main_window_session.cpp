// MainWindow, the session side (issue 5): the File menu's session actions, capturing and applying
// a SessionState, the Lessons menu and presentation mode. The files themselves are handled by
// SessionController, the lesson keys and captions by LessonPlayer; this is the glue to the page.
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLayout>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>

#include "core/registry.h"
#include "ui/catalog/page_title.h"
#include "ui/document/lesson_deck.h"
#include "ui/document/lesson_player.h"
#include "ui/document/session_controller.h"
#include "ui/model/model_page.h"
#include "ui/panels/encoding_browser.h"
#include "ui/panels/error_words.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/language.h"
#include "ui/shell/main_window.h"
#include "ui/shell/presentation_strip.h"
#include "ui/train/train_page.h"
#include "ui/train/train_session.h"
#include "ui/views/chart_widget.h"
#include "ui/views/page_widget.h"
#include "ui/views/view_widget.h"

namespace poslab::ui {

void MainWindow::buildSessionMenu() {
    m_newAct = m_fileMenu->addAction(QString(), this, [this] {
        if (m_session->maybeSave()) newSession();
    });
    m_newAct->setShortcut(QKeySequence::New);
    m_openAct = m_fileMenu->addAction(QString(), m_session, &SessionController::openWithDialog);
    m_openAct->setShortcut(QKeySequence::Open);
    m_recentMenu = m_fileMenu->addMenu(QString());
    connect(m_recentMenu, &QMenu::aboutToShow, this,
            [this] { m_session->fillRecentMenu(m_recentMenu); });
    m_session->fillRecentMenu(m_recentMenu);
    m_saveAct = m_fileMenu->addAction(QString(), m_session, &SessionController::saveWithDialog);
    m_saveAct->setShortcut(QKeySequence::Save);
    m_saveAsAct = m_fileMenu->addAction(QString(), m_session, &SessionController::saveAsWithDialog);
    m_saveAsAct->setShortcut(QKeySequence::SaveAs);
    m_fileMenu->addSeparator();
}

void MainWindow::buildLessonsMenu() {
    m_lessonsMenu = menuBar()->addMenu(QString());
    m_openLessonAct = new QAction(this);
    connect(m_openLessonAct, &QAction::triggered, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Open a lesson"), QString(),
                                                          tr("PosLab lessons (*.json)"));
        if (file.isEmpty()) return;
        if (const QString error = openLessonFile(file); !error.isEmpty()) {
            const QString text = tr("The lesson was not opened: %1").arg(error);
            if (m_options.persist)
                QMessageBox::warning(this, tr("Open a lesson"), text);
            else
                statusBar()->showMessage(text, 15000);
        }
    });
    m_prevStepAct = new QAction(this);
    connect(m_prevStepAct, &QAction::triggered, m_player, &LessonPlayer::previous);
    m_nextStepAct = new QAction(this);
    connect(m_nextStepAct, &QAction::triggered, m_player, &LessonPlayer::next);
    m_endLessonAct = new QAction(this);
    connect(m_endLessonAct, &QAction::triggered, m_player, &LessonPlayer::stop);
}

void MainWindow::retranslateSession() {
    m_newAct->setText(tr("&New Session"));
    m_openAct->setText(tr("&Open Session…"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_session->fillRecentMenu(m_recentMenu);  // its fixed entries are in the new language too
    m_saveAct->setText(tr("&Save Session"));
    m_saveAsAct->setText(tr("Save Session &As…"));

    // The lesson titles depend on the language: the menu is rebuilt (only here, never from one
    // of its own actions, which clear() would delete while they run).
    m_lessonsMenu->setTitle(tr("Le&ssons"));
    m_lessonsMenu->clear();
    for (int i = 0; i < m_lessons.size(); ++i) {
        QAction* a = m_lessonsMenu->addAction(m_lessons[i].title.text());
        connect(a, &QAction::triggered, this, [this, i] { startLesson(m_lessons[i]); });
    }
    if (m_lessons.isEmpty())
        m_lessonsMenu->addAction(tr("(no built-in lessons)"))->setEnabled(false);
    m_lessonsMenu->addSeparator();
    m_openLessonAct->setText(tr("Open &Lesson File…"));
    m_lessonsMenu->addAction(m_openLessonAct);
    m_lessonsMenu->addSeparator();
    m_prevStepAct->setText(tr("&Previous Step (Page Up)"));
    m_nextStepAct->setText(tr("&Next Step (Page Down)"));
    m_endLessonAct->setText(tr("&End the Lesson"));
    for (QAction* a : {m_prevStepAct, m_nextStepAct, m_endLessonAct}) m_lessonsMenu->addAction(a);
    updateLessonActions();
}

void MainWindow::updateLessonActions() {
    for (QAction* a : {m_prevStepAct, m_nextStepAct, m_endLessonAct})
        a->setEnabled(m_player->active());
}

void MainWindow::updateTitle() {
    QString title = QStringLiteral("PosLab");
    if (trainPageShown())
        title += QStringLiteral(" — ") +
                 pick(QStringLiteral("Training lab"), QString::fromUtf8("训练实验室"));
    else if (modelPageShown())
        title += QStringLiteral(" — ") + tr("Model") +
                 (m_modelPage->hasModel() ? QStringLiteral(" — ") + m_modelPage->model().name
                                          : QString());
    else if (const PageSpec* p = m_page->page()) {
        // The name the parameters make (p-RoPE), in the browser's entry too (page_title.h).
        const LocalText name = pageTitleFor(*p, m_page->params());
        title += QStringLiteral(" — ") + name.text();
        m_browser->setPageTitle(p->id, name);
    }
    if (m_session && !m_session->filePath().isEmpty())
        title += QStringLiteral(" — ") + QFileInfo(m_session->filePath()).fileName();
    setWindowTitle(title + QStringLiteral("[*]"));
}

QString MainWindow::saveSession(const QString& path) {
    return m_session->save(path);
}

QString MainWindow::openSession(const QString& path) {
    return m_session->open(path);
}

void MainWindow::newSession() {
    m_player->stop();
    const QString id = QStringLiteral("rope");  // where a new session starts
    m_values.clear();
    m_pageModels.clear();
    if (const PageSpec* page = m_catalog.find(id)) showPage(page, 0);
    m_modelPage->clearModel();
    m_trainPage->clear();
    m_undo->clear();
    m_session->reset();
}

SessionState MainWindow::sessionState() const {
    SessionState s;
    if (const PageSpec* p = m_page->page()) {
        s.page = p->id;
        s.tab = m_page->currentTab();
        if (const ViewSpec* v = m_page->currentViewSpec()) s.view = v->id;
        s.params = paramTexts(m_page->params());
        for (int t = 0; t < m_page->tabCount(); ++t)
            for (const ViewWidget* w : m_page->viewsOfTab(t))
                s.views.append({t, w->spec().id, w->state()});
    }
    s.language = currentLanguage();
    s.dark = m_dark;
    s.colormap = m_colormap;
    s.backend = backendMode();
    s.model = modelSessionState();
    if (trainPageShown() || !m_trainPage->records().empty())
        s.train = SessionTrain{trainPageShown(), m_trainPage->sessionJson()};
    return s;
}

QString MainWindow::applySession(const SessionState& s) {
    // Everything is checked before the first change, so a refusal leaves the window as it was.
    const PageSpec* page = m_catalog.find(s.page);
    if (!page) return tr("unknown page \"%1\"").arg(s.page);
    auto params = sessionParams(s, m_catalog);
    if (!params)
        return localisedError(params.error().message,
                              core::registry().find(page->encoding.toStdString()));
    std::pair<LoadedModel, LoadedModel> model;
    if (const QString e = checkSessionModel(s.model, &model); !e.isEmpty()) return e;
    TrainSettings trainSettings;
    std::vector<core::train::RunRecord> trainRuns;
    QString trainError;
    if (s.train && !trainSessionFromJson(QJsonDocument::fromJson(s.train->json).object(),
                                         &trainSettings, &trainRuns, &trainError))
        return trainError;

    m_player->stop();
    if (s.language != currentLanguage()) setLanguage(s.language);
    setDark(s.dark);
    setColormap(s.colormap);
    setBackendMode(s.backend);
    m_values.clear();  // other pages start from their presets, as in a fresh window
    m_pageModels.clear();
    m_values[page->id] = *params;
    showPage(page, s.tab);
    for (const SessionView& v : s.views)
        for (ViewWidget* w : m_page->viewsOfTab(v.tab))
            if (w->spec().id == v.view) w->setState(v.state);
    m_page->requestUpdate();  // setState does not ask for a result itself
    applySessionModel(s.model, model);
    if (s.train) {
        m_trainPage->setRecords(trainSettings, std::move(trainRuns));
        if (s.train->shown) showTrainPage();
    } else {
        m_trainPage->clear();
    }
    m_undo->clear();  // the edits belonged to the previous session
    return {};
}

QString MainWindow::startLesson(const Lesson& lesson) {
    if (lesson.steps.isEmpty()) return tr("the lesson has no steps");
    m_player->start(lesson);
    updateLessonActions();
    return {};
}

QString MainWindow::openLessonFile(const QString& path) {
    Lesson lesson;
    QString error;
    if (!loadLesson(path, m_catalog, &lesson, &error)) return localisedError(error);
    return startLesson(lesson);
}

std::optional<QVector<CurveData>> MainWindow::lessonGhost(int index) const {
    // The step before computed as the deck computes it: the same ghost whether the step was
    // reached forward, backward or by a jump, and whatever the sliders showed before.
    const auto ghost =
        lessonGhostOf(m_player->lesson(), index, m_catalog, core::configuredMemoryBudget());
    if (!ghost) return std::nullopt;
    return ghostCurves(*ghost);
}

void MainWindow::showLessonStep(int index) {
    const LessonStep* step = m_player->step();
    if (step && !step->train.isEmpty()) return showTrainStep(*step);
    const PageSpec* page = step ? m_catalog.find(step->page) : nullptr;
    if (!page) return;
    auto values = stepParams(*step, m_catalog);
    if (!values) {
        m_player->setNote(localisedError(values.error().message));
        return;
    }
    core::ParamSet params;  // as the panel holds values: not marked as given
    for (const auto& [name, value] : values->values()) params.set(name, value);
    int tab = 0;
    for (int i = 0; i < page->views.size(); ++i)
        if (page->views[i].id == step->view) tab = i + 1;

    // A step's parameters are one undo step, so Ctrl+Z returns to what was shown before. The
    // view widgets are made afresh each time: a step looks the same however it was reached.
    const auto ghost = lessonGhost(index);
    if (m_page->page()) m_values[m_page->page()->id] = m_page->params();
    if (!m_values.contains(page->id)) m_values[page->id] = presetParams(*page);
    showPage(page, tab);
    applyParams(params, false, QStringLiteral("lesson step %1").arg(index + 1));
    // The parser has completed the state (a compare view's defaults included).
    for (ViewWidget* w : m_page->viewsOfTab(tab))
        if (w->spec().id == step->view) {
            w->setState(step->state);
            if (w->chart()) w->chart()->setGhost(ghost ? *ghost : QVector<CurveData>{});
        }
    m_page->requestUpdate();
    // A step about a model shows it on the Model page (the deck draws the step's view with the
    // model's parameters, which the RoPE page now holds too).
    if (!step->model.isEmpty()) {
        // A step's seq_len reaches the model too (LongRoPE's table switch at s = L + 1).
        const qint64 s = step->params.value(QStringLiteral("seq_len")).toLongLong();
        if (const QString e = m_modelPage->openPreset(
                step->model, step->kind, s > 0 ? std::optional<std::int64_t>(s) : std::nullopt);
            !e.isEmpty())
            m_player->setNote(e);
        else
            showModelPage();
    }
}

void MainWindow::setPresentation(bool on) {
    m_presentAct->setChecked(on);
}

void MainWindow::togglePresentation(bool on) {
    if (on == m_presenting) return;
    m_presenting = on;
    if (on) {
        m_stateBeforePresenting = saveState();  // dock visibility and sizes, put back on leaving
        // The parameter and explanation docks as the user keeps them on encoding pages: a lesson
        // may move between the Model page and encoding pages before presentation mode ends.
        if (encodingPageShown())
            m_docksBeforeModel = {!m_paramsDock->isHidden(), !m_explanationDock->isHidden()};
        m_maximizedBeforePresenting = isMaximized();
        m_browserWidthBeforePresenting = m_browserDock->width();
        for (QDockWidget* d : {m_browserDock, m_paramsDock, m_explanationDock}) d->hide();
        menuBar()->hide();
        statusBar()->hide();
        applyPresentationFont();
        m_trainPage->setPresenting(true);
        m_strip->refresh();
        m_strip->show();
        showFullScreen();
    } else {
        QApplication::setFont(m_normalFont);
        setFont(QFont());  // the window and its children now, not at the next polish
        invalidateLayouts();
        rebuildPage();
        m_trainPage->setPresenting(false);
        m_strip->hide();
        menuBar()->show();
        statusBar()->show();
        restoreState(m_stateBeforePresenting);
        const bool encodingPage = encodingPageShown();
        m_paramsDock->setVisible(encodingPage && m_docksBeforeModel.first);
        m_explanationDock->setVisible(encodingPage && m_docksBeforeModel.second);
        if (m_maximizedBeforePresenting)
            showMaximized();
        else
            showNormal();
        // The saved state may hold the browser as another page squeezed it (review 2 #3b), and
        // the window manager gives the normal size back in resizes of its own.
        m_browserWidthToRestore = m_browserWidthBeforePresenting;
        resizeDocks({m_browserDock}, {m_browserWidthToRestore}, Qt::Horizontal);
        QTimer::singleShot(2000, this, [this] { m_browserWidthToRestore = 0; });
        m_player->setPresenting(false);
    }
}

// A hidden widget (a tab not shown) keeps the sizes its layout cached at the font it was laid
// out with: at the presentation font, a hidden tab would hold the normal window wider than the
// screen and squeeze the browser (review 2 #3b).
void MainWindow::invalidateLayouts() {
    for (QLayout* l : findChildren<QLayout*>()) l->invalidate();
}

void MainWindow::applyPresentationFont() {
    QFont f = m_normalFont;
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * 1.4);
    else if (f.pixelSize() > 0)
        f.setPixelSize(qRound(f.pixelSize() * 1.4));
    QApplication::setFont(f);
    setFont(QFont());  // the window and its children now, not at the next polish
    invalidateLayouts();
    m_player->setPresenting(true);
}

// The page's parameters as a command line (Edit › Copy Parameters).
void MainWindow::copyParameters() {
    QStringList parts;
    if (const PageSpec* p = m_page->page()) parts << p->encoding;
    for (const auto& [k, v] : m_page->params().values())
        parts << QStringLiteral("-p %1=%2")
                     .arg(QString::fromStdString(k), QString::fromStdString(core::formatValue(v)));
    QApplication::clipboard()->setText(parts.join(' '));
}

}  // namespace poslab::ui
