#include "ui/shell/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

#include "core/registry.h"
#include "ui/catalog/view_spec.h"
#include "ui/compute/scheduler.h"
#include "ui/document/lesson_player.h"
#include "ui/document/session_controller.h"
#include "ui/figure/figure_export.h"
#include "ui/model/model_page.h"
#include "ui/panels/encoding_browser.h"
#include "ui/panels/explanation_panel.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/help_dialog.h"
#include "ui/shell/param_command.h"
#include "ui/shell/presentation_strip.h"
#include "ui/shell/presenter_window.h"
#include "ui/shell/status_panel.h"
#include "ui/shell/theme.h"
#include "ui/train/train_page.h"
#include "ui/views/page_widget.h"

namespace poslab::ui {

core::ParamSet MainWindow::presetParams(const PageSpec& page) {
    return pagePresetParams(page);
}

MainWindow::MainWindow(MainWindowOptions options, QWidget* parent)
    : QMainWindow(parent), m_options(options), m_catalog(Catalog::instance()) {
    setObjectName("PosLabMainWindow");
    m_normalFont = QApplication::font();
    m_scheduler = new Scheduler(this);
    // The centre: the page, and under it the lesson's caption while a lesson runs.
    auto* centre = new QWidget(this);
    auto* centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    m_page = new PageWidget(m_scheduler, centre);
    m_player = new LessonPlayer(this, centre);
    m_strip = new PresentationStrip(m_page, centre);  // shown in presentation mode only
    centreLayout->addWidget(m_strip);
    centreLayout->addWidget(m_page, 1);
    centreLayout->addWidget(m_player);
    setCentralWidget(centre);
    m_undo = new QUndoStack(this);
    m_lessons = builtinLessons(m_catalog);

    SessionControllerOptions sessionOptions;
    sessionOptions.persist = m_options.persist;
    sessionOptions.recoveryDir = !m_options.autosaveDir.isEmpty() ? m_options.autosaveDir
                                 : m_options.persist              ? RecoveryFile::defaultDir()
                                                                  : QString();
    sessionOptions.autosaveMs = m_options.autosaveMs;
    m_session = new SessionController(
        this, m_catalog, [this] { return sessionState(); },
        [this](const SessionState& s) { return applySession(s); }, sessionOptions);

    m_browser = new EncodingBrowser(m_catalog, this);
    m_browserDock = new QDockWidget(this);
    m_browserDock->setObjectName("browserDock");
    m_browserDock->setWidget(m_browser);
    addDockWidget(Qt::LeftDockWidgetArea, m_browserDock);

    m_params = new ParamPanel(this);
    m_paramsDock = new QDockWidget(this);
    m_paramsDock->setObjectName("paramsDock");
    auto* scroll = new QScrollArea(m_paramsDock);
    scroll->setWidget(m_params);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_paramsDock->setWidget(scroll);
    m_paramsDock->setMinimumWidth(250);
    addDockWidget(Qt::RightDockWidgetArea, m_paramsDock);

    m_explanation = new ExplanationPanel(this);
    m_explanationDock = new QDockWidget(this);
    m_explanationDock->setObjectName("explanationDock");
    m_explanationDock->setWidget(m_explanation);
    addDockWidget(Qt::BottomDockWidgetArea, m_explanationDock);
    resizeDocks({m_explanationDock}, {130}, Qt::Vertical);
    resizeDocks({m_browserDock, m_paramsDock}, {200, 270}, Qt::Horizontal);

    m_status = new StatusPanel(statusBar(), m_scheduler, m_options.persist, this);
    connect(m_status, &StatusPanel::backendModeChanged, this, [this] {
        if (m_page->page()) m_page->requestUpdate();
        m_session->stateChanged();
    });

    buildMenus();
    buildModelPage();
    buildTrainPage();                    // and the strip follows it
    m_strip->setModelPage(m_modelPage);  // in presentation mode the strip shows the model
    m_strip->setLessonPlayer(m_player);  // and a lesson step's own formula
    // A click on a parameter in the strip opens a large slider for it; View > Presenter view
    // shows the figure on a second screen.
    m_strip->setParamPanel(m_params);
    auto* presenter = new Presenter(this);
    m_viewMenu->insertAction(m_cancelAct, presenter->action());
    addAction(presenter->action());
    // A page chosen by hand ends a lesson (its steps open pages without this signal).
    connect(m_browser, &EncodingBrowser::pageSelected, this, [this](const QString& id) {
        if (m_player->active()) m_player->stop();
        openPage(id);
    });
    connect(m_params, &ParamPanel::edited, this, &MainWindow::onEdited);
    connect(m_page, &PageWidget::paramsRequested, m_params, &ParamPanel::setTexts);
    connect(m_scheduler, &Scheduler::finished, this, &MainWindow::onResult);
    connect(m_page, &PageWidget::hovered, m_status, &StatusPanel::setHover);
    connect(m_page, &PageWidget::refused, this, [this](const QString& reason) {
        m_params->setMessage(reason);
        if (!reason.isEmpty()) m_status->setStatus(tr("refused: see the parameter panel"));
    });
    connect(m_page, &PageWidget::currentViewChanged, this, [this](const ViewSpec* v) {
        m_explanation->showFor(m_page->page(), v);
        m_explanation->setDrawn(m_page->drawnTitle(), m_page->drawnFormula());
        if (m_presenting) m_strip->refresh();
        m_session->stateChanged();
    });
    connect(m_page, &PageWidget::resultApplied, this, [this] {
        m_explanation->setDrawn(m_page->drawnTitle(), m_page->drawnFormula());
        if (m_presenting) m_strip->refresh();
    });
    // What can make the window differ from its session file: parameter edits (the undo stack),
    // tabs (above), view controls (each sends a request, answered by a result or a refusal), and
    // theme, language, colour map and backend (in their setters).
    connect(m_undo, &QUndoStack::indexChanged, m_session, &SessionController::stateChanged);
    connect(m_page, &PageWidget::resultApplied, m_session, &SessionController::stateChanged);
    connect(m_page, &PageWidget::refused, m_session, &SessionController::stateChanged);
    connect(m_session, &SessionController::modifiedChanged, this, &QWidget::setWindowModified);
    connect(m_session, &SessionController::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_session, &SessionController::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 15000); });
    connectLessonPlayer();

    m_defaultLayout = saveState();  // as built, before the last session's layout
    restoreSettings();
    m_session->start();
    if (const QString off = m_session->autosaveProblem(); !off.isEmpty()) m_status->addNotice(off);
    if (m_options.persist && m_session->recoveryAvailable())
        QTimer::singleShot(0, m_session, &SessionController::offerRecovery);
}

MainWindow::~MainWindow() {
    // The children go after this body, and some signal as they go (the undo stack clears
    // itself): the session must not capture from half-destroyed widgets.
    m_session->finish();
    // The application font is global: a window closed in presentation mode must not leave it large.
    if (m_presenting) QApplication::setFont(m_normalFont);
}

void MainWindow::buildMenus() {
    m_fileMenu = menuBar()->addMenu(QString());
    buildSessionMenu();
    // Figures for slides: File > Export Figure… (Ctrl+E), Edit > Copy Figure (Ctrl+Shift+C).
    m_figures = new FigureExport(this, m_page);
    connect(m_figures, &FigureExport::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    m_fileMenu->addAction(m_figures->exportAction());
    m_fileMenu->addSeparator();
    m_quitAct = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quitAct->setShortcut(QKeySequence::Quit);

    m_editMenu = menuBar()->addMenu(QString());
    m_undoAct = new QAction(this);
    m_undoAct->setEnabled(false);
    connect(m_undoAct, &QAction::triggered, m_undo, &QUndoStack::undo);
    connect(m_undo, &QUndoStack::canUndoChanged, m_undoAct, &QAction::setEnabled);
    m_undoAct->setShortcut(QKeySequence::Undo);
    m_redoAct = new QAction(this);
    m_redoAct->setEnabled(false);
    connect(m_redoAct, &QAction::triggered, m_undo, &QUndoStack::redo);
    connect(m_undo, &QUndoStack::canRedoChanged, m_redoAct, &QAction::setEnabled);
    m_redoAct->setShortcut(QKeySequence("Ctrl+Y"));
    m_editMenu->addAction(m_undoAct);
    m_editMenu->addAction(m_redoAct);
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_figures->copyAction());
    m_copyAct = m_editMenu->addAction(QString(), this, &MainWindow::copyParameters);
    m_copyAct->setShortcut(QKeySequence("Ctrl+Alt+C"));
    m_resetAct = m_editMenu->addAction(QString(), this, [this] {
        if (const PageSpec* p = m_page->page()) applyParams(presetParams(*p), false);
    });
    m_resetClassAct = m_editMenu->addAction(QString(), this, &MainWindow::resetClass);
    m_resetClassAct->setObjectName("resetClassAction");
    m_searchAct = m_editMenu->addAction(QString(), m_browser, [this] {
        m_browserDock->show();
        m_browser->focusSearch();
    });
    m_searchAct->setShortcut(QKeySequence::Find);

    m_viewMenu = menuBar()->addMenu(QString());
    m_darkAct = m_viewMenu->addAction(QString());
    m_darkAct->setCheckable(true);
    connect(m_darkAct, &QAction::toggled, this, &MainWindow::setDark);
    m_colormapMenu = m_viewMenu->addMenu(QString());
    auto* cmapGroup = new QActionGroup(this);
    auto addCmap = [&](ColormapChoice c) {
        QAction* a = m_colormapMenu->addAction(QString());
        a->setCheckable(true);
        cmapGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, c] { setColormap(c); });
        return a;
    };
    m_cmapAuto = addCmap(ColormapChoice::Auto);
    m_cmapViridis = addCmap(ColormapChoice::Viridis);
    m_cmapDiverging = addCmap(ColormapChoice::Diverging);
    m_presentAct = m_viewMenu->addAction(QString());
    m_presentAct->setCheckable(true);
    m_presentAct->setShortcut(QKeySequence(Qt::Key_F11));
    m_presentAct->setObjectName("presentationAction");  // named in Help > Quick start
    connect(m_presentAct, &QAction::toggled, this, &MainWindow::togglePresentation);
    // Also on the window itself: presentation mode hides the menu bar, and these must still work.
    addActions({m_presentAct, m_undoAct, m_redoAct});
    m_cancelAct = m_viewMenu->addAction(QString(), m_scheduler, &Scheduler::cancel);
    m_cancelAct->setShortcut(QKeySequence(Qt::Key_Escape));
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_browserDock->toggleViewAction());
    m_viewMenu->addAction(m_paramsDock->toggleViewAction());
    m_viewMenu->addAction(m_explanationDock->toggleViewAction());
    m_resetLayoutAct = m_viewMenu->addAction(QString(), this, &MainWindow::resetLayout);
    m_resetLayoutAct->setObjectName("resetLayoutAction");
    for (int i = 1; i <= 9; ++i) {
        auto* a = new QAction(this);
        a->setObjectName(QStringLiteral("showTab%1").arg(i));
        m_tabActs << a;
        a->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(i)));
        connect(a, &QAction::triggered, this, [this, i] { m_page->showTabAt(i - 1); });
        addAction(a);
    }

    buildLessonsMenu();

    m_langMenu = menuBar()->addMenu(QString());
    auto* langGroup = new QActionGroup(this);
    m_langEn = m_langMenu->addAction(QStringLiteral("English"));
    m_langZh = m_langMenu->addAction(QString::fromUtf8("简体中文"));
    for (QAction* a : {m_langEn, m_langZh}) {
        a->setCheckable(true);
        langGroup->addAction(a);
    }
    connect(m_langEn, &QAction::triggered, this, [this] { setLanguage(Lang::En); });
    connect(m_langZh, &QAction::triggered, this, [this] { setLanguage(Lang::Zh); });

    m_helpMenu = menuBar()->addMenu(QString());
    addHelpActions(m_helpMenu, this);  // keyboard shortcuts (F1) and quick start
    m_aboutAct = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About PosLab"),
                           tr("PosLab — a laboratory for Transformer positional encodings.\n"
                              "Every number is computed by the CPU core in double precision."));
    });
}

void MainWindow::setLanguage(Lang lang) {
    applyLanguage(lang);  // sends LanguageChange to every widget
    m_langEn->setChecked(lang == Lang::En);
    m_langZh->setChecked(lang == Lang::Zh);
    m_normalFont = QApplication::font();
    if (m_presenting) applyPresentationFont();
    retranslate();
    if (m_page->page()) {
        m_params->setEncoding(core::registry().find(m_page->page()->encoding.toStdString()),
                              m_page->params(), presetParams(*m_page->page()));
        m_page->requestUpdate();  // axis names and titles are drawn in the new language
    }
    if (m_options.persist) QSettings().setValue("language", languageCode(lang));
    m_session->stateChanged();
}

void MainWindow::setDark(bool dark) {
    m_dark = dark;
    if (m_darkAct && m_darkAct->isChecked() != dark) {
        const QSignalBlocker b(m_darkAct);
        m_darkAct->setChecked(dark);
    }
    QApplication::setPalette(dark ? darkPalette() : QApplication::style()->standardPalette());
    m_page->setDark(dark);
    m_session->stateChanged();
}

void MainWindow::setColormap(ColormapChoice choice) {
    m_colormap = choice;
    m_cmapAuto->setChecked(choice == ColormapChoice::Auto);
    m_cmapViridis->setChecked(choice == ColormapChoice::Viridis);
    m_cmapDiverging->setChecked(choice == ColormapChoice::Diverging);
    m_page->setColormap(choice);
    m_session->stateChanged();
}

void MainWindow::openPage(const QString& pageId, int tab) {
    if (pageId == kModelPageId) return showModelPage();
    if (pageId == kTrainPageId) return showTrainPage();
    const PageSpec* page = m_catalog.find(pageId);
    if (!page) return;
    if (m_page->page()) m_values[m_page->page()->id] = m_page->params();
    showPage(page, tab);
}

void MainWindow::showPage(const PageSpec* page, int tab) {
    leaveModelPage();
    if (!m_values.contains(page->id)) m_values[page->id] = presetParams(*page);
    const core::ParamSet& values = m_values[page->id];
    m_params->setEncoding(core::registry().find(page->encoding.toStdString()), values,
                          presetParams(*page));
    m_browser->setCurrentPage(page->id);
    m_page->setModelMarks(m_pageModels.value(page->id));
    m_page->setPage(page, values, tab);
    updateTitle();
}

void MainWindow::onEdited(const QString& name) {
    const PageSpec* page = m_page->page();
    if (!page) return;
    const core::ParamSet before = m_page->params();
    const core::ParamSet after = m_params->values();
    if (before == after) {
        // The page's value typed again after a refusal: the panel says the page's standing.
        m_params->setMessage(m_page->lastRefusal());
        return;
    }
    m_values[page->id] = after;
    m_page->setParams(after);
    updateTitle();  // a variant's name (p-RoPE) follows the parameters
    auto apply = [this, id = page->id](const core::ParamSet& v) {
        if (!m_page->page() || m_page->page()->id != id) openPage(id);
        applyParams(v, true);
    };
    // A drag: the slider is down. A new drag starts when another slider goes down or this one
    // was released in between (the single-shot connection forgets it).
    int drag = 0;
    auto* slider = qobject_cast<QSlider*>(m_params->editorFor(name));
    if (slider && slider->isSliderDown()) {
        if (m_dragSlider != slider) {
            m_dragSlider = slider;
            ++m_drag;
            connect(
                slider, &QSlider::sliderReleased, this, [this] { m_dragSlider = nullptr; },
                Qt::SingleShotConnection);
        }
        drag = m_drag;
    }
    m_undo->push(new ParamCommand(apply, page->id, name, before, after, drag));
}

void MainWindow::applyParams(const core::ParamSet& values, bool fromUndo, const QString& label,
                             const QVector<ModelMarks>& models) {
    const PageSpec* page = m_page->page();
    if (!page) return;
    if (!fromUndo) {
        const QVector<ModelMarks> marksBefore = m_pageModels.value(page->id);
        if (!(values == m_page->params())) {
            const core::ParamSet before = m_page->params();
            // The marks go with the values: the step's own after it, the ones before it on undo.
            auto apply = [this, id = page->id, after = values, marksBefore,
                          models](const core::ParamSet& v) {
                if (!m_page->page() || m_page->page()->id != id) openPage(id);
                m_pageModels[id] = v == after ? models : marksBefore;
                m_page->setModelMarks(m_pageModels[id]);
                applyParams(v, true);
            };
            m_undo->push(new ParamCommand(apply, page->id, label, before, values));
        }
        m_pageModels[page->id] = models;
        m_page->setModelMarks(models);
    }
    m_values[page->id] = values;
    m_params->setValues(values);
    m_page->setParams(values);
    updateTitle();
}

// View > Reset layout: the docks as a fresh window has them (shown, at their first sizes), out
// of presentation mode; on the Model page the parameter and explanation docks come back when
// an encoding page is opened.
void MainWindow::resetLayout() {
    setPresentation(false);
    restoreState(m_defaultLayout);
    for (QDockWidget* d : {m_browserDock, m_paramsDock, m_explanationDock}) {
        d->setFloating(false);
        d->show();
    }
    if (!encodingPageShown()) {
        m_docksBeforeModel = {true, true};
        m_paramsDock->hide();
        m_explanationDock->hide();
    }
}

void MainWindow::onResult(const ComputeResult& result) {
    m_status->resultArrived(result);
    if (result.cancelled || !m_page->applyResult(result)) return;
    m_status->resultShown(result);
    emit resultShown(result.generation);
}

QString MainWindow::hoverText() const {
    return m_status->hoverText();
}
QString MainWindow::statusText() const {
    return m_status->statusText();
}
void MainWindow::setBackendMode(gpu::BackendMode mode) {
    m_status->setBackendMode(mode);
}
gpu::BackendMode MainWindow::backendMode() const {
    return m_scheduler->backendMode();
}
QComboBox* MainWindow::backendChoice() const {
    return m_status->backendChoice();
}
QString MainWindow::backendText() const {
    return m_status->backendText();
}
int MainWindow::backendNoticeCount() const {
    return m_status->noticeCount();
}
QString MainWindow::backendNotice() const {
    return m_status->notice();
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!m_session->maybeSave()) {
        e->ignore();
        return;
    }
    m_session->cleanExit();
    if (m_presenting) setPresentation(false);  // the settings keep the normal layout
    saveSettings();
    m_scheduler->cancel();
    QMainWindow::closeEvent(e);
}

void MainWindow::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslate();
    QMainWindow::changeEvent(e);
}

void MainWindow::retranslate() {
    m_fileMenu->setTitle(tr("&File"));
    retranslateSession();
    m_quitAct->setText(tr("&Quit"));
    m_editMenu->setTitle(tr("&Edit"));
    m_undoAct->setText(tr("&Undo"));
    m_redoAct->setText(tr("&Redo"));
    m_copyAct->setText(tr("&Copy parameters"));
    m_resetAct->setText(tr("Reset &all parameters"));
    m_searchAct->setText(tr("&Search encodings"));
    m_viewMenu->setTitle(tr("&View"));
    m_darkAct->setText(tr("&Dark theme"));
    m_colormapMenu->setTitle(tr("&Colour map"));
    m_cmapAuto->setText(
        tr("Automatic (from the quantity: viridis, or diverging for signed values)"));
    m_cmapViridis->setText(tr("Viridis (sequential)"));
    m_cmapDiverging->setText(
        tr("Diverging, centred on 0 (red–white–blue; dark centre in the dark theme)"));
    m_presentAct->setText(tr("&Presentation mode"));
    m_resetLayoutAct->setText(tr("Reset &layout"));
    m_resetClassAct->setText(tr("Reset the &Class"));
    m_cancelAct->setText(tr("Cancel the computation"));
    for (int i = 0; i < m_tabActs.size(); ++i)
        m_tabActs[i]->setText(tr("Show view tab %1").arg(i + 1));
    m_browserDock->setWindowTitle(tr("Encodings"));
    m_paramsDock->setWindowTitle(tr("Parameters"));
    m_explanationDock->setWindowTitle(tr("Explanation"));
    m_langMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAct->setText(tr("&About PosLab"));
    m_status->retranslate();
    retranslateModel();
    updateTitle();
}

}  // namespace poslab::ui
