// The main window: thin. It assembles the docks (browser, parameters, explanation), the page in
// the centre, menus and the status bar, and keeps the per-page parameter values; views, panels
// and the scheduler do the work.
#pragma once

#include <QHash>
#include <QMainWindow>

#include "core/params/param_spec.h"
#include "gpu/backend_router.h"
#include "ui/colormap.h"
#include "ui/language.h"

QT_BEGIN_NAMESPACE
class QAction;
class QActionGroup;
class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QToolButton;
class QUndoStack;
QT_END_NAMESPACE

namespace poslab::ui {

class Catalog;
class EncodingBrowser;
class ExplanationPanel;
class PageWidget;
class ParamPanel;
class Scheduler;
struct ComputeResult;
struct PageSpec;

struct MainWindowOptions {
    bool persist = true;  // read and write QSettings (off in tests and the bench)
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
    EncodingBrowser* browser() const { return m_browser; }
    ExplanationPanel* explanation() const { return m_explanation; }
    Scheduler* scheduler() const { return m_scheduler; }
    QString hoverText() const;
    QString statusText() const;
    QMenu* languageMenu() const { return m_langMenu; }

    // The compute backend (issue 4): the selector in the status bar (Auto / CPU (double) /
    // Vulkan, remembered in QSettings "backend/mode"), and what computed the last result.
    void setBackendMode(gpu::BackendMode mode);
    gpu::BackendMode backendMode() const;
    QComboBox* backendChoice() const { return m_backendChoice; }
    QString backendText() const;
    // How many times the user was told that Vulkan is unavailable, and the last such message.
    int backendNoticeCount() const { return m_backendNotices; }
    QString backendNotice() const { return m_backendNotice; }

    // Default values of a page: the encoding's defaults overlaid with the page's preset.
    static core::ParamSet presetParams(const PageSpec& page);

signals:
    void resultShown(quint64 generation);

protected:
    void closeEvent(QCloseEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void buildMenus();
    void retranslate();
    void onEdited(const QString& name);
    void onResult(const ComputeResult& result);
    void applyParams(const core::ParamSet& values, bool fromUndo);
    void copyParameters();
    void exportImage();
    void togglePresentation(bool on);
    void saveSettings();
    void updateBackendLabel();

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
    QHash<QString, core::ParamSet> m_values;  // per page
    bool m_dark = false;
    ColormapChoice m_colormap = ColormapChoice::Auto;
    QFont m_normalFont;

    QLabel* m_statusTime;
    QComboBox* m_backendChoice;
    QLabel* m_backend;
    QString m_backendKind = QStringLiteral("cpu");  // last result: "cpu", "vulkan", "unavailable"
    QString m_backendDetail;                         // device name or reason
    int m_backendNotices = 0;
    QString m_backendNoticeReason;
    QString m_backendNotice;
    QLabel* m_hover;
    QProgressBar* m_progress;
    QToolButton* m_cancel;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_colormapMenu = nullptr;
    QMenu* m_langMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_exportAct = nullptr;
    QAction* m_quitAct = nullptr;
    QAction* m_undoAct = nullptr;
    QAction* m_redoAct = nullptr;
    QAction* m_copyAct = nullptr;
    QAction* m_resetAct = nullptr;
    QAction* m_darkAct = nullptr;
    QAction* m_presentAct = nullptr;
    QAction* m_searchAct = nullptr;
    QAction* m_cancelAct = nullptr;
    QAction* m_cmapAuto = nullptr;
    QAction* m_cmapViridis = nullptr;
    QAction* m_cmapDiverging = nullptr;
    QAction* m_langEn = nullptr;
    QAction* m_langZh = nullptr;
    QAction* m_aboutAct = nullptr;
};

}  // namespace poslab::ui
