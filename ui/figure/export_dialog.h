// File > Export Figure… (Ctrl+E), Edit > Copy Figure (Ctrl+Shift+C) and the export button on
// every view (issue 5). The dialog picks the file, format, size preset (16:9, 4:3, A4 width,
// custom in pixels or inches), DPI, theme (light by default, even when the UI is dark), footer
// and formula, and shows a live preview; the figure is the view's last result drawn by the same
// renderer as `poslab render`, and it is written off the GUI thread.
#pragma once

#include <QDialog>
#include <QFutureWatcher>
#include <QPointer>

#include "ui/figure/figure.h"

QT_BEGIN_NAMESPACE
class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QMainWindow;
class QSpinBox;
QT_END_NAMESPACE

namespace poslab::ui {

class PageWidget;
class ViewWidget;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(Figure figure, const QString& suggestedPath, QWidget* parent = nullptr);

    QString path() const;
    FigureOptions options() const;
    void setPath(const QString& path);
    void setPreset(const QString& preset);  // "16:9", "4:3", "a4", "px", "in"

private:
    void syncSize();
    void updatePreview();
    void browse();

    Figure m_figure;
    QLineEdit* m_path;
    QComboBox* m_preset;
    QDoubleSpinBox* m_width;
    QDoubleSpinBox* m_height;
    QSpinBox* m_dpi;
    QComboBox* m_theme;
    QCheckBox* m_footer;
    QCheckBox* m_formula;
    QLabel* m_pixels;
    QLabel* m_preview;
};

// The actions and their wiring, so the main window only creates this and puts the two actions
// in its menus.
class FigureExport : public QObject {
    Q_OBJECT
public:
    FigureExport(QMainWindow* window, PageWidget* page);

    QAction* exportAction() const { return m_export; }
    QAction* copyAction() const { return m_copy; }
    // The view a figure is made of: the one given, else the current tab's view (on the
    // Overview: the one holding the focus, else the first).
    ViewWidget* targetView(ViewWidget* view = nullptr) const;
    // The figure of a view's last result, in the current language; empty title when it has none.
    bool figureOf(ViewWidget* view, Figure* figure, QString* error) const;
    // Writes without a dialog (tests, and the dialog's accept): returns the error, or empty.
    QString exportTo(ViewWidget* view, const QString& path, const FigureOptions& options);
    // Puts the figure on the clipboard as an image (1920 x 1080, light) and as SVG.
    QString copyToClipboard(ViewWidget* view = nullptr);

signals:
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void openDialog(ViewWidget* view);
    void retranslate();

    QMainWindow* m_window;
    PageWidget* m_page;
    QAction* m_export;
    QAction* m_copy;
    QString m_lastDir;
    QFutureWatcher<QString> m_watcher;
};

}  // namespace poslab::ui
