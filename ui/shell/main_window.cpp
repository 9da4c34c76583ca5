#include "ui/shell/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

#include "core/registry.h"
#include "ui/catalog/view_spec.h"
#include "ui/compute/scheduler.h"
#include "ui/document/lesson_player.h"
#include "ui/document/session_controller.h"
#include "ui/figure/export_dialog.h"
#include "ui/panels/encoding_browser.h"
#include "ui/panels/explanation_panel.h"
#include "ui/panels/param_panel.h"
#include "ui/views/page_widget.h"

namespace poslab::ui {

namespace {

// One parameter edit. The edits of one slider drag (`drag` > 0, the same number) merge into a
// single undo step; separate edits of the same parameter stay separate steps.
class ParamCommand : public QUndoCommand {
public:
    ParamCommand(std::function<void(const core::ParamSet&)> apply, QString page, QString name,
                 core::ParamSet before, core::ParamSet after, int drag = 0)
        : m_apply(std::move(apply)),
          m_page(std::move(page)),
          m_name(std::move(name)),
          m_before(std::move(before)),
          m_after(std::move(after)),
          m_drag(drag) {
        setText(m_name);
    }
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* o = static_cast<const ParamCommand*>(other);
        if (m_drag == 0 || o->m_drag != m_drag || o->m_page != m_page || o->m_name != m_name)
            return false;
        m_after = o->m_after;
        return true;
    }
    void undo() override { m_apply(m_before); }
    void redo() override {
        if (m_first) {  // the edit is already applied
            m_first = false;
            return;
        }
        m_apply(m_after);
    }

private:
    std::function<void(const core::ParamSet&)> m_apply;
    QString m_page, m_name;
    core::ParamSet m_before, m_after;
    int m_drag;
    bool m_first = true;
};

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31), base(0x20, 0x22, 0x26), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xc6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    return p;
}

}  // namespace

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

    m_statusTime = new QLabel(this);
    m_backendChoice = new QComboBox(this);
    m_backendChoice->setObjectName("backendChoice");
    m_backendChoice->addItem(QString(), QStringLiteral("auto"));
    m_backendChoice->addItem(QString(), QStringLiteral("cpu"));
    m_backendChoice->addItem(QString(), QStringLiteral("vulkan"));
    m_backendChoice->setCurrentIndex(1);
    m_backendChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_backend = new QLabel(this);
    m_backend->setObjectName("backendLabel");
    m_hover = new QLabel(this);
    m_hover->setMinimumWidth(200);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(120);
    m_progress->hide();
    m_cancel = new QToolButton(this);
    m_cancel->hide();
    statusBar()->addWidget(m_statusTime);
    statusBar()->addWidget(m_progress);
    statusBar()->addWidget(m_cancel);
    statusBar()->addWidget(m_hover, 1);
    statusBar()->addPermanentWidget(m_backend);
    statusBar()->addPermanentWidget(m_backendChoice);

    buildMenus();

    connect(m_browser, &EncodingBrowser::pageSelected, this,
            [this](const QString& id) { openPage(id); });
    connect(m_params, &ParamPanel::edited, this, &MainWindow::onEdited);
    connect(m_scheduler, &Scheduler::finished, this, &MainWindow::onResult);
    connect(m_scheduler, &Scheduler::progress, this, [this](quint64, int done, int total) {
        // A fraction when the job has several arrays (sweeps, small multiples); else busy.
        if (total > 1 && done < total) {
            m_progress->setRange(0, total);
            m_progress->setValue(done);
        } else {
            m_progress->setRange(0, 0);
        }
    });
    connect(m_scheduler, &Scheduler::started, this, [this] {
        m_progress->setRange(0, 0);
        QTimer::singleShot(250, this, [this] {
            const bool busy = m_scheduler->isBusy();
            m_progress->setVisible(busy);
            m_cancel->setVisible(busy);
        });
    });
    connect(m_cancel, &QToolButton::clicked, m_scheduler, &Scheduler::cancel);
    connect(m_backendChoice, &QComboBox::currentIndexChanged, this, [this](int index) {
        const auto mode =
            gpu::parseBackendMode(m_backendChoice->itemData(index).toString().toStdString());
        if (!mode || *mode == m_scheduler->backendMode()) return;
        m_scheduler->setBackendMode(*mode);
        if (m_options.persist)
            QSettings().setValue("backend/mode", QString::fromLatin1(gpu::backendModeName(*mode)));
        if (m_page->page()) m_page->requestUpdate();
        m_session->stateChanged();
    });
    connect(m_scheduler, &Scheduler::backendUsed, this,
            [this](quint64, const QString& kind, const QString& detail) {
                m_backendKind = kind;
                m_backendDetail = detail;
                updateBackendLabel();
            });
    connect(m_scheduler, &Scheduler::vulkanUnavailable, this, [this](const QString& reason) {
        // Told once: the same reason again (another switch to Auto or Vulkan) stays quiet.
        if (m_backendNotices > 0 && reason == m_backendNoticeReason) return;
        ++m_backendNotices;
        m_backendNoticeReason = reason;
        m_backendNotice = tr("Vulkan is not available (%1); computing on the CPU").arg(reason);
        statusBar()->showMessage(m_backendNotice, 10000);
    });
    connect(m_page, &PageWidget::hovered, this, [this](const QString& t) { m_hover->setText(t); });
    connect(m_page, &PageWidget::refused, this, [this](const QString& reason) {
        m_params->setMessage(reason);
        if (!reason.isEmpty()) m_statusTime->setText(tr("refused: see the parameter panel"));
    });
    connect(m_page, &PageWidget::currentViewChanged, this, [this](const ViewSpec* v) {
        m_explanation->showFor(m_page->page(), v);
        m_session->stateChanged();
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
    connect(m_player, &LessonPlayer::stepChanged, this, &MainWindow::showLessonStep);
    connect(m_player, &LessonPlayer::leavePresentationRequested, this,
            [this] { setPresentation(false); });
    connect(m_player, &LessonPlayer::stopped, this, &MainWindow::updateLessonActions);

    QString startPage = "rope";
    int startTab = 0;
    Lang lang = Lang::En;
    if (m_options.persist) {
        QSettings s;
        restoreGeometry(s.value("window/geometry").toByteArray());
        restoreState(s.value("window/state").toByteArray());
        lang = languageFromCode(s.value("language", "en").toString());
        m_dark = s.value("theme/dark", false).toBool();
        m_colormap = static_cast<ColormapChoice>(s.value("view/colormap", 0).toInt());
        startPage = s.value("page/id", startPage).toString();
        startTab = s.value("page/tab", 0).toInt();
        const auto mode =
            gpu::parseBackendMode(s.value("backend/mode", "cpu").toString().toStdString());
        setBackendMode(mode.value_or(gpu::BackendMode::Cpu));
    }
    if (!m_catalog.find(startPage)) startPage = m_catalog.find("rope") ? "rope" : QString();
    if (startPage.isEmpty() && !m_catalog.pages().isEmpty())
        startPage = m_catalog.pages().front().id;
    if (!m_options.persist || !QSettings().contains("window/geometry")) {
        // First start: most of the screen (a teacher's projector is often 1280 x 800).
        const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1600, 1000);
        resize(std::min(1500, avail.width() * 92 / 100), std::min(940, avail.height() * 92 / 100));
    }
    setLanguage(lang);
    setDark(m_dark);
    m_cmapAuto->setChecked(m_colormap == ColormapChoice::Auto);
    m_cmapViridis->setChecked(m_colormap == ColormapChoice::Viridis);
    m_cmapDiverging->setChecked(m_colormap == ColormapChoice::Diverging);
    m_page->setColormap(m_colormap);
    openPage(startPage, startTab);
    m_session->start();
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
    connect(m_presentAct, &QAction::toggled, this, &MainWindow::togglePresentation);
    // Also on the window itself: presentation mode hides the menu bar, and these must still work.
    addActions({m_presentAct, m_undoAct, m_redoAct});
    m_cancelAct = m_viewMenu->addAction(QString(), m_scheduler, &Scheduler::cancel);
    m_cancelAct->setShortcut(QKeySequence(Qt::Key_Escape));
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_browserDock->toggleViewAction());
    m_viewMenu->addAction(m_paramsDock->toggleViewAction());
    m_viewMenu->addAction(m_explanationDock->toggleViewAction());
    for (int i = 1; i <= 9; ++i) {
        auto* a = new QAction(this);
        a->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(i)));
        connect(a, &QAction::triggered, this, [this, i] {
            if (i - 1 < m_page->tabs()->count()) m_page->setCurrentTab(i - 1);
        });
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
                              m_page->params());
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
    const PageSpec* page = m_catalog.find(pageId);
    if (!page) return;
    if (m_page->page()) m_values[m_page->page()->id] = m_page->params();
    showPage(page, tab);
}

void MainWindow::showPage(const PageSpec* page, int tab) {
    if (!m_values.contains(page->id)) m_values[page->id] = presetParams(*page);
    const core::ParamSet& values = m_values[page->id];
    m_params->setEncoding(core::registry().find(page->encoding.toStdString()), values);
    m_browser->setCurrentPage(page->id);
    m_page->setPage(page, values, tab);
    updateTitle();
}

void MainWindow::onEdited(const QString& name) {
    const PageSpec* page = m_page->page();
    if (!page) return;
    const core::ParamSet before = m_page->params();
    const core::ParamSet after = m_params->values();
    if (before == after) return;
    m_values[page->id] = after;
    m_page->setParams(after);
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

void MainWindow::applyParams(const core::ParamSet& values, bool fromUndo, const QString& label) {
    const PageSpec* page = m_page->page();
    if (!page) return;
    if (!fromUndo && !(values == m_page->params())) {
        const core::ParamSet before = m_page->params();
        auto apply = [this, id = page->id](const core::ParamSet& v) {
            if (!m_page->page() || m_page->page()->id != id) openPage(id);
            applyParams(v, true);
        };
        m_undo->push(new ParamCommand(apply, page->id, label, before, values));
    }
    m_values[page->id] = values;
    m_params->setValues(values);
    m_page->setParams(values);
}

void MainWindow::onResult(const ComputeResult& result) {
    if (!m_scheduler->isBusy()) {
        m_progress->hide();
        m_cancel->hide();
    }
    if (result.cancelled) {
        m_statusTime->setText(tr("cancelled"));
        return;
    }
    if (!m_page->applyResult(result)) return;
    m_statusTime->setText(tr("computed in %1 ms, drawn in %2 ms")
                              .arg(QString::number(result.computeMs, 'f', 1),
                                   QString::number(result.renderMs, 'f', 1)));
    emit resultShown(result.generation);
}

QString MainWindow::hoverText() const {
    return m_hover->text();
}

void MainWindow::setBackendMode(gpu::BackendMode mode) {
    const int index = m_backendChoice->findData(QString::fromLatin1(gpu::backendModeName(mode)));
    if (index >= 0) m_backendChoice->setCurrentIndex(index);  // applies it (see the connection)
}

gpu::BackendMode MainWindow::backendMode() const {
    return m_scheduler->backendMode();
}

QString MainWindow::backendText() const {
    return m_backend->text();
}

void MainWindow::updateBackendLabel() {
    if (m_backendKind == QLatin1String("vulkan")) {
        m_backend->setText(tr("Vulkan: %1 (float32)").arg(m_backendDetail));
        m_backend->setToolTip(
            tr("The last result was computed on this Vulkan device in single "
               "precision; quantities without a shader use the CPU in double"));
    } else if (m_backendKind == QLatin1String("unavailable")) {
        m_backend->setText(tr("CPU — Vulkan unavailable: %1").arg(m_backendDetail));
        m_backend->setToolTip(
            tr("Vulkan was asked for but cannot be used; the CPU core computes "
               "in double precision"));
    } else {
        m_backend->setText(tr("CPU (double)"));
        m_backend->setToolTip(
            tr("The last result was computed by the CPU core in double precision"));
    }
}
QString MainWindow::statusText() const {
    return m_statusTime->text();
}

void MainWindow::copyParameters() {
    QStringList parts;
    if (const PageSpec* p = m_page->page()) parts << p->encoding;
    for (const auto& [k, v] : m_page->params().values())
        parts << QStringLiteral("-p %1=%2")
                     .arg(QString::fromStdString(k), QString::fromStdString(core::formatValue(v)));
    QApplication::clipboard()->setText(parts.join(' '));
}

void MainWindow::saveSettings() {
    if (!m_options.persist) return;
    QSettings s;
    s.setValue("window/geometry", saveGeometry());
    s.setValue("window/state", saveState());
    s.setValue("theme/dark", m_dark);
    s.setValue("view/colormap", static_cast<int>(m_colormap));
    s.setValue("language", languageCode(currentLanguage()));
    if (m_page->page()) {
        s.setValue("page/id", m_page->page()->id);
        s.setValue("page/tab", m_page->currentTab());
    }
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
    m_cmapAuto->setText(tr("Automatic (viridis, or RdBu for signed values)"));
    m_cmapViridis->setText(tr("Viridis (sequential)"));
    m_cmapDiverging->setText(tr("RdBu (diverging, centred on 0)"));
    m_presentAct->setText(tr("&Presentation mode"));
    m_cancelAct->setText(tr("Cancel the computation"));
    m_browserDock->setWindowTitle(tr("Encodings"));
    m_paramsDock->setWindowTitle(tr("Parameters"));
    m_explanationDock->setWindowTitle(tr("Explanation"));
    m_langMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAct->setText(tr("&About PosLab"));
    m_backendChoice->setItemText(0, tr("Auto"));
    m_backendChoice->setItemText(1, tr("CPU (double)"));
    m_backendChoice->setItemText(2, tr("Vulkan"));
    m_backendChoice->setToolTip(
        tr("Compute backend: Auto (a GPU when it is faster), the CPU in "
           "double precision (the reference), or Vulkan (float32)"));
    updateBackendLabel();
    m_cancel->setText(tr("Cancel"));
    updateTitle();
}

}  // namespace poslab::ui
