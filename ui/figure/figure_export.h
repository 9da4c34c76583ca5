// File > Export Figure… (Ctrl+E), Edit > Copy Figure (Ctrl+Shift+C) and the export button on
// every view (issue 5): the two actions, the clipboard (image and SVG) and the writer thread. The
// figure is the view's last result drawn by the same renderer as `poslab render`.
#pragma once

#include <QFutureWatcher>
#include <QObject>

#include "ui/figure/figure.h"

QT_BEGIN_NAMESPACE
class QAction;
class QMainWindow;
QT_END_NAMESPACE

namespace poslab::ui {

class PageWidget;
class ViewWidget;

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
