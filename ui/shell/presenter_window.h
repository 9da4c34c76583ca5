// The presenter view (issue 25 item 2): with a second screen (the projector), View > Presenter
// view opens a frameless full-screen window there that shows only the live figure, its typeset
// formula and the parameters that act on it, large; the main window on the laptop keeps the
// controls, the lesson's caption and its next step. The figure is the one Export Figure makes of
// the current view (figure.h), painted again on every result, tab, page, language and theme
// change and at every size, never a picture of the screen. On the Model page it shows the page's
// charts (drawn from their data at the window's size) and, in the strip, the model's key numbers.
// With one screen the action says so in the status bar and opens nothing (F11 is the one-screen
// mode). Esc in the window, or the action again, closes it; it closes with the main window.
#pragma once

#include <QPointer>
#include <QWidget>

#include "ui/figure/figure.h"

QT_BEGIN_NAMESPACE
class QAction;
class QScreen;
QT_END_NAMESPACE

namespace poslab::ui {

class MainWindow;
class ModelChartWidget;
class PresentationStrip;

// What the presenter draws under the strip: the figure, the Model page's charts, or one line.
class PresenterCanvas : public QWidget {
    Q_OBJECT
public:
    explicit PresenterCanvas(MainWindow* window, QWidget* parent = nullptr);
    // Takes the current view's figure (or the Model page's charts) from the main window.
    void refresh();
    bool hasFigure() const { return m_hasFigure; }
    const Figure& figure() const { return m_figure; }
    int modelChartCount() const { return static_cast<int>(m_charts.size()); }
    QString message() const { return m_message; }

protected:
    void paintEvent(QPaintEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    QVector<const ModelChartWidget*> shownModelCharts() const;
    MainWindow* m_window;
    bool m_hasFigure = false;
    Figure m_figure;
    QVector<QPointer<const ModelChartWidget>> m_charts;
    QString m_message;
};

class PresenterWindow : public QWidget {
    Q_OBJECT
public:
    explicit PresenterWindow(MainWindow* window);
    PresentationStrip* strip() const { return m_strip; }
    PresenterCanvas* canvas() const { return m_canvas; }
    // Follows the main window: the strip and the figure again.
    void refresh();
    // Sizes the strip's text for a screen of `height` pixels (large, read from the back row).
    void fitFontTo(int height);

signals:
    void closed();

protected:
    void keyPressEvent(QKeyEvent* e) override;
    void closeEvent(QCloseEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    MainWindow* m_window;
    PresentationStrip* m_strip;
    PresenterCanvas* m_canvas;
};

// The View menu's action and the window's life (opened on another screen, closed with the app).
class Presenter : public QObject {
    Q_OBJECT
public:
    explicit Presenter(MainWindow* window);
    ~Presenter() override;
    QAction* action() const { return m_action; }
    PresenterWindow* view() const { return m_view; }
    // Opens the presenter view on a screen other than the main window's; the error (one line,
    // also shown in the status bar) when there is no such screen, else empty.
    QString open();
    void close();
    // The screen it would open on; null when the main window's is the only one.
    QScreen* otherScreen() const;

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void retranslate();
    void refresh();

    MainWindow* m_window;
    // The window's Model page and Training lab, kept here: their events still come while the main
    // window is being destroyed, when m_window's own members may no longer be called.
    QObject* m_modelPage;
    QObject* m_trainPage;
    QAction* m_action;
    QPointer<PresenterWindow> m_view;
};

}  // namespace poslab::ui
