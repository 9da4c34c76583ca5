// File > Export Figure… (Ctrl+E), Edit > Copy Figure (Ctrl+Shift+C) and the export button on
// every view (issue 5): the two actions, the clipboard (image and SVG) and the writer thread. The
// figure is the view's last result drawn by the same renderer as `poslab render`.
#pragma once

#include <QObject>
#include <functional>
#include <mutex>
#include <thread>

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
    // Waits for a figure still being written: a half-written file is never left behind.
    ~FigureExport() override;

    // A page shown in place of the encoding page (the Model page) makes its figure itself: while
    // `source` answers true, Export Figure and Copy Figure take its figure, or its refusal in
    // `error`, and `name` (the suggested file's), not a view's.
    using FigureSource = std::function<bool(Figure* figure, QString* error, QString* name)>;
    void setFigureSource(FigureSource source) { m_source = std::move(source); }

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
    // The writer thread's argument-free notice that it is done; the outcome is read on the GUI
    // thread under m_writeMutex (a std::mutex, so ThreadSanitizer sees the hand-over).
    void writeDone();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void openDialog(ViewWidget* view);
    void retranslate();
    void startWriting(const QString& path, const Figure& figure, const FigureOptions& options);
    void reportWritten();

    // The page's own figure, asked first when no view is named (setFigureSource).
    bool sourceFigure(Figure* figure, QString* error, QString* name) const;
    FigureSource m_source;
    QMainWindow* m_window;
    PageWidget* m_page;
    QAction* m_export;
    QAction* m_copy;
    QString m_lastDir;
    std::thread m_writer;
    std::mutex m_writeMutex;
    QString m_writePath;   // guarded by m_writeMutex
    QString m_writeError;  // guarded by m_writeMutex
};

}  // namespace poslab::ui
