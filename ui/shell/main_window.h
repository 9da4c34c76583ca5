// The main window: thin. It assembles the docks (browser, parameters, explanation), the page in
// the centre, menus and the status bar, and keeps the per-page parameter values; views, panels
// and the scheduler do the work.
#pragma once

#include <QHash>
#include <QMainWindow>
#include <QPointer>
#include <optional>
#include <utility>

#include "core/params/param_spec.h"
#include "gpu/backend_mode.h"
#include "ui/compute/compute_types.h"
#include "ui/document/lesson.h"
#include "ui/document/session.h"
#include "ui/figure/colormap.h"
#include "ui/model/model_document.h"
#include "ui/shell/language.h"

QT_BEGIN_NAMESPACE
class QAction;
class QActionGroup;
class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QSlider;
class QStackedWidget;
class QToolButton;
class QUndoStack;
QT_END_NAMESPACE

namespace poslab::ui {

class Catalog;
class EncodingBrowser;
class FigureExport;
class ExplanationPanel;
class LessonPlayer;
class PresentationStrip;
class ModelPage;
class TrainPage;
class PageWidget;
class ParamPanel;
class Scheduler;
class SessionController;
class StatusPanel;
struct ComputeResult;
struct PageSpec;

struct MainWindowOptions {
    // Read and write QSettings, show dialogs (asking to save, offering to recover, errors) and
    // autosave to the application's data folder. Off in tests and the bench.
    bool persist = true;
    // Where the autosave writes its recovery file; empty: the data folder when persist, else none.
    QString autosaveDir;
    int autosaveMs = 30000;  // from the first unsaved change to the autosave
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(MainWindowOptions options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    void openPage(const QString& pageId, int tab = 0);
    void setLanguage(Lang lang);
    void setDark(bool dark);
    bool isDark() const { return m_dark; }

    PageWidget* page() const { return m_page; }
    ParamPanel* paramPanel() const { return m_params; }
    FigureExport* figures() const { return m_figures; }
    EncodingBrowser* browser() const { return m_browser; }
    ExplanationPanel* explanation() const { return m_explanation; }
    Scheduler* scheduler() const { return m_scheduler; }
    QString hoverText() const;
    QString statusText() const;
    StatusPanel* statusPanel() const { return m_status; }

    // The compute backend (issue 4): the selector in the status bar (Auto / CPU (double) /
    // Vulkan, remembered in QSettings "backend/mode"), and what computed the last result.
    void setBackendMode(gpu::BackendMode mode);
    gpu::BackendMode backendMode() const;
    QComboBox* backendChoice() const;
    QString backendText() const;
    // How many times the user was told that Vulkan is unavailable, and the last such message.
    int backendNoticeCount() const;
    QString backendNotice() const;

    // Default values of a page: the encoding's defaults overlaid with the page's preset.
    static core::ParamSet presetParams(const PageSpec& page);

    // Sessions (issue 5). The file functions return the error (empty on success); a failed open
    // leaves the window as it was, a failed save leaves the file as it was.
    QString saveSession(const QString& path);
    QString openSession(const QString& path);
    void newSession();
    SessionState sessionState() const;
    SessionController* session() const { return m_session; }
    QUndoStack* undoStack() const { return m_undo; }

    // Lessons and presentation mode: a lesson opens each step's page, view, parameters and view
    // state and shows its caption under the page; keys step it (see LessonPlayer).
    QString startLesson(const Lesson& lesson);
    QString openLessonFile(const QString& path);
    PresentationStrip* presentationStrip() const { return m_strip; }
    LessonPlayer* lessonPlayer() const { return m_player; }
    QMenu* lessonsMenu() const { return m_lessonsMenu; }
    void setPresentation(bool on);
    bool isPresenting() const { return m_presenting; }

    // The Model page (issue 11), shown in the centre in place of the encoding page; openPage
    // ("model") shows it too, and opening an encoding page leaves it. A config file opened here
    // joins Recent Models (when persisting); a refused one leaves the page as it was and shows
    // one line. exploreModelKind opens the page of the selected kind's encoding (RoPE, ALiBi, T5,
    // learned, Shaw) with the parameters the config implies; RoPE's decay and scores reach the
    // model's sequence length s and mark L, max and s, and every footer names the model.
    ModelPage* modelPage() const { return m_modelPage; }
    void showModelPage();
    bool modelPageShown() const;
    // The Training lab (issue 27), shown like the Model page (openPage("train") too).
    TrainPage* trainPage() const { return m_trainPage; }
    void showTrainPage();
    bool trainPageShown() const;
    // An encoding page is in the centre (not the Model page, not the Training lab).
    bool encodingPageShown() const;
    QString openModelFile(const QString& path);
    QString exploreModelKind();
    QMenu* recentModelsMenu() const { return m_recentModelsMenu; }

signals:
    void resultShown(quint64 generation);

protected:
    void closeEvent(QCloseEvent* e) override;
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    void buildMenus();
    void buildSessionMenu();
    void buildLessonsMenu();
    void retranslate();
    void retranslateSession();
    void onEdited(const QString& name);
    void onResult(const ComputeResult& result);
    void resetLayout();
    // Edit > Reset the class (main_window_class.cpp): every page back at its preset, the lesson
    // ended, compare set-ups, ghosts and model marks gone; the layout is left as it is.
    void resetClass();
    // A lesson's ghost curves end with the lesson.
    void clearLessonGhosts();
    // Undoable unless `fromUndo`; `label` names the step in the undo stack. Unless `fromUndo`,
    // the page's model marks become `models` (none: a reset, a lesson step), and undoing the step
    // brings back the marks before it.
    void applyParams(const core::ParamSet& values, bool fromUndo,
                     const QString& label = QStringLiteral("reset"),
                     const QVector<ModelMarks>& models = {});
    QString lengthTexts(const core::EncodingDescriptor& enc, std::optional<std::int64_t> s,
                        QMap<QString, QString>& texts);
    // Shows `page` with its values from m_values (the current page's are not saved first).
    void showPage(const PageSpec* page, int tab);
    void setColormap(ColormapChoice choice);
    QString applySession(const SessionState& state);
    void showLessonStep(int index);
    // The curves of the step before `index` and their legend name, when that step shows the
    // same view with one parameter changed and the chart still shows it.
    std::optional<QVector<CurveData>> lessonGhost(int index) const;
    void updateLessonActions();
    void connectLessonPlayer();  // the lesson player's signals (the constructor's)
    void updateTitle();
    void copyParameters();
    void togglePresentation(bool on);
    void applyPresentationFont();
    void invalidateLayouts();
    void rebuildPage();
    void saveSettings();
    void restoreSettings();
    void buildModelPage();
    void retranslateModel();
    void leaveModelPage();  // back to the encoding page from the Model page or the lab
    void showSidePage(QWidget* page, const QString& id);
    void buildTrainPage();
    void showTrainStep(const LessonStep& step);  // a lesson's Training lab step
    void openModelWithDialog();
    void fillRecentModels();
    std::optional<SessionModel> modelSessionState() const;
    // Reads the session's model texts before anything changes; the error names the model.
    QString checkSessionModel(const std::optional<SessionModel>& m,
                              std::pair<LoadedModel, LoadedModel>* out) const;
    void applySessionModel(const std::optional<SessionModel>& m,
                           const std::pair<LoadedModel, LoadedModel>& loaded);

    MainWindowOptions m_options;
    const Catalog& m_catalog;
    Scheduler* m_scheduler;
    PageWidget* m_page;
    ParamPanel* m_params;
    EncodingBrowser* m_browser;
    ExplanationPanel* m_explanation;
    QDockWidget* m_browserDock;
    QDockWidget* m_paramsDock;
    QDockWidget* m_explanationDock;
    QUndoStack* m_undo;
    QHash<QString, core::ParamSet> m_values;           // per page
    QHash<QString, QVector<ModelMarks>> m_pageModels;  // per page: the model explored there
    SessionController* m_session = nullptr;
    LessonPlayer* m_player = nullptr;
    PresentationStrip* m_strip = nullptr;
    QVector<Lesson> m_lessons;  // the built-in ones, read once
    // A slider drag in the parameter panel is one undo step: edits made while the same slider
    // stays down carry the same drag number and merge.
    QPointer<QSlider> m_dragSlider;
    int m_drag = 0;
    bool m_presenting = false;
    QByteArray m_stateBeforePresenting;
    bool m_maximizedBeforePresenting = false;
    int m_browserWidthBeforePresenting = 0;
    int m_browserWidthToRestore = 0;  // for the window manager's resizes just after F11 ends
    bool m_dark = false;
    ColormapChoice m_colormap = ColormapChoice::Auto;
    QFont m_normalFont;

    StatusPanel* m_status = nullptr;
    QStackedWidget* m_stack = nullptr;
    ModelPage* m_modelPage = nullptr;
    TrainPage* m_trainPage = nullptr;
    std::pair<bool, bool> m_docksBeforeModel{true, true};  // parameters, explanation
    QAction* m_openModelAct = nullptr;
    QMenu* m_recentModelsMenu = nullptr;

    FigureExport* m_figures = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_colormapMenu = nullptr;
    QMenu* m_langMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_lessonsMenu = nullptr;
    QAction* m_newAct = nullptr;
    QAction* m_openAct = nullptr;
    QAction* m_saveAct = nullptr;
    QAction* m_saveAsAct = nullptr;
    QAction* m_openLessonAct = nullptr;
    QAction* m_nextStepAct = nullptr;
    QAction* m_prevStepAct = nullptr;
    QAction* m_endLessonAct = nullptr;
    QAction* m_quitAct = nullptr;
    QAction* m_undoAct = nullptr;
    QAction* m_redoAct = nullptr;
    QAction* m_copyAct = nullptr;
    QAction* m_resetAct = nullptr;
    QAction* m_darkAct = nullptr;
    QAction* m_presentAct = nullptr;
    QAction* m_resetLayoutAct = nullptr;
    QAction* m_resetClassAct = nullptr;
    QByteArray m_defaultLayout;  // the docks as built (View > Reset layout)
    QAction* m_searchAct = nullptr;
    QAction* m_cancelAct = nullptr;
    QAction* m_cmapAuto = nullptr;
    QAction* m_cmapViridis = nullptr;
    QAction* m_cmapDiverging = nullptr;
    QAction* m_langEn = nullptr;
    QAction* m_langZh = nullptr;
    QAction* m_aboutAct = nullptr;
    QList<QAction*> m_tabActs;  // Ctrl+1..9: the page's view tabs
};

}  // namespace poslab::ui
