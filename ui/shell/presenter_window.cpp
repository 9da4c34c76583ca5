#include "ui/shell/presenter_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QScreen>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "ui/document/lesson_player.h"
#include "ui/figure/figure_export.h"
#include "ui/figure/paint_style.h"
#include "ui/model/model_chart.h"
#include "ui/model/model_page.h"
#include "ui/shell/main_window.h"
#include "ui/shell/presentation_strip.h"
#include "ui/train/figure_pane.h"
#include "ui/train/train_page.h"
#include "ui/views/page_widget.h"
#include "ui/views/view_widget.h"

namespace poslab::ui {

// ---- the canvas ----------------------------------------------------------------------------

PresenterCanvas::PresenterCanvas(MainWindow* window, QWidget* parent)
    : QWidget(parent), m_window(window) {
    setObjectName("presenterCanvas");
    setAutoFillBackground(false);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
}

// The Model page's charts that its layout shows now (the gallery and the table stay behind).
QVector<const ModelChartWidget*> PresenterCanvas::shownModelCharts() const {
    const ModelPage* page = m_window->modelPage();
    QVector<const ModelChartWidget*> out;
    for (const ModelChartWidget* c : {page->frequencyChart(), page->wavelengthChart(),
                                      page->queryChart(), page->scalingChart(), page->otherChart()})
        if (c && !c->isHidden() && c->isVisibleTo(page) &&
            (!c->data().curves.isEmpty() || !c->data().empty.isEmpty()))
            out << c;
    return out;
}

void PresenterCanvas::refresh() {
    m_hasFigure = false;
    m_charts.clear();
    m_message.clear();
    if (m_window->trainPageShown()) {
        // The lab's headline chart (or the pane the user selected), as Export Figure takes it.
        QString error;
        m_hasFigure = m_window->trainPage()->figure(&m_figure, &error, nullptr);
        if (!m_hasFigure) m_message = error;
    } else if (m_window->modelPageShown()) {
        const ModelPage* page = m_window->modelPage();
        if (!page->hasModel())
            m_message = tr("No model is open on the Model page.");
        else
            for (const ModelChartWidget* c : shownModelCharts()) m_charts << c;
        if (m_charts.isEmpty() && m_message.isEmpty()) m_message = page->nopeText();
    } else if (ViewWidget* view = m_window->figures()->targetView()) {
        QString error;
        if (!view->hasResult())
            m_message = tr("Computing…");
        else
            m_hasFigure = m_window->figures()->figureOf(view, &m_figure, &error);
        if (!m_hasFigure && m_message.isEmpty()) m_message = view->errorText();
    }
    update();
}

void PresenterCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const bool dark = m_window->isDark();
    p.fillRect(rect(), palette().color(QPalette::Window));
    if (m_hasFigure) {
        // The export's figure at this window's size: its title, panels, axes and colour bars;
        // the formula and the parameters stand large in the strip above it.
        // Text sized to the projector's whole height (a body line 1/32 of it: 22 px at 720p,
        // ticks 17 px), not to the part of it the figure has below the strip.
        paintFigure(p, QRectF(rect()), m_figure,
                    onScreenFigureOptions(*this, dark, window()->height() / 32.0));
        return;
    }
    QVector<const ModelChartWidget*> charts;
    for (const auto& c : m_charts)
        if (c) charts << c.data();
    if (!charts.isEmpty()) {
        // One row for up to three charts, else two rows.
        const int n = static_cast<int>(charts.size());
        const int rows = n > 3 ? 2 : 1;
        const int cols = (n + rows - 1) / rows;
        const int gap = fontMetrics().height();
        const QRectF room = QRectF(rect()).adjusted(gap, gap / 2.0, -gap, -gap / 2.0);
        const double w = (room.width() - gap * (cols - 1)) / cols;
        const double h = (room.height() - gap * (rows - 1)) / rows;
        for (int i = 0; i < n; ++i) {
            const QRectF cell(room.left() + (i % cols) * (w + gap),
                              room.top() + (i / cols) * (h + gap), w, h);
            // The window's large text where the plot still gets its room, else smaller.
            QFont f = font();
            PaintStyle style = makeScreenStyle(dark, f);
            while (f.pixelSize() > 11 && !modelChartPlotFits(cell, charts[i]->data(), style)) {
                f.setPixelSize(f.pixelSize() - 2);
                style = makeScreenStyle(dark, f);
            }
            paintModelChart(p, cell, charts[i]->data(), style);
        }
        return;
    }
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(rect().adjusted(40, 40, -40, -40), Qt::AlignCenter | Qt::TextWordWrap, m_message);
}

void PresenterCanvas::changeEvent(QEvent* e) {
    // The theme: the figure is painted light or dark from the main window's choice.
    if (e->type() == QEvent::PaletteChange || e->type() == QEvent::ApplicationPaletteChange)
        update();
    QWidget::changeEvent(e);
}

// ---- the window ----------------------------------------------------------------------------

PresenterWindow::PresenterWindow(MainWindow* window)
    : QWidget(nullptr, Qt::Window | Qt::FramelessWindowHint), m_window(window) {
    setObjectName("presenterWindow");
    // The main window's close ends the application; this one does not keep it open.
    setAttribute(Qt::WA_QuitOnClose, false);
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(0);
    // Read-only: the lecturer changes parameters on the laptop.
    m_strip = new PresentationStrip(window->page(), this);
    m_strip->setObjectName("presenterStrip");
    m_strip->setStacked(true);
    m_strip->setModelPage(window->modelPage());
    m_strip->setLessonPlayer(window->lessonPlayer());
    m_canvas = new PresenterCanvas(window, this);
    v->addWidget(m_strip);
    v->addWidget(m_canvas, 1);
    m_strip->show();
    setWindowTitle(tr("PosLab — presenter view"));
}

void PresenterWindow::refresh() {
    m_strip->refresh();
    m_canvas->refresh();
}

void PresenterWindow::fitFontTo(int height) {
    QFont f = QApplication::font();
    f.setPixelSize(std::max(14, height / 34));  // 21 px on a 720p projector, 31 px at 1080p
    setFont(f);
}

void PresenterWindow::keyPressEvent(QKeyEvent* e) {
    if (e->key() == Qt::Key_Escape) {
        close();
        return;
    }
    QWidget::keyPressEvent(e);
}

void PresenterWindow::closeEvent(QCloseEvent* e) {
    emit closed();
    QWidget::closeEvent(e);
}

void PresenterWindow::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        setWindowTitle(tr("PosLab — presenter view"));
        m_canvas->refresh();  // the figure's words in the new language
    }
    QWidget::changeEvent(e);
}

// ---- the action ----------------------------------------------------------------------------

Presenter::Presenter(MainWindow* window)
    : QObject(window),
      m_window(window),
      m_modelPage(window->modelPage()),
      m_trainPage(window->trainPage()) {
    m_action = new QAction(this);
    m_action->setObjectName("presenterAction");
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F11));
    connect(m_action, &QAction::toggled, this, [this](bool on) {
        if (!on) return close();
        if (!open().isEmpty()) {
            const QSignalBlocker b(m_action);
            m_action->setChecked(false);
        }
    });
    // It follows the page: tabs, results (every parameter change ends in one), refusals, the
    // Model page and its model, lesson steps.
    PageWidget* page = window->page();
    connect(page, &PageWidget::currentViewChanged, this, &Presenter::refresh);
    connect(page, &PageWidget::resultApplied, this, &Presenter::refresh);
    connect(page, &PageWidget::refused, this, &Presenter::refresh);
    connect(window->modelPage(), &ModelPage::changed, this, &Presenter::refresh);
    connect(window->lessonPlayer(), &LessonPlayer::stepChanged, this, &Presenter::refresh);
    connect(window->lessonPlayer(), &LessonPlayer::stopped, this, &Presenter::refresh);
    window->modelPage()->installEventFilter(this);
    connect(window->trainPage(), &TrainPage::changed, this, &Presenter::refresh);
    window->trainPage()->installEventFilter(this);
    window->installEventFilter(this);
    // A projector unplugged takes the window with it.
    connect(qApp, &QGuiApplication::screenRemoved, this, [this](QScreen* s) {
        if (m_view && m_view->screen() == s) close();
    });
    retranslate();
}

Presenter::~Presenter() {
    delete m_view.data();
}

QScreen* Presenter::otherScreen() const {
    const QScreen* here = m_window->screen();
    for (QScreen* s : QGuiApplication::screens())
        if (s != here) return s;
    return nullptr;
}

QString Presenter::open() {
    QScreen* screen = otherScreen();
    if (!screen) {
        const QString error =
            tr("The presenter view needs a second screen (a projector); on one "
               "screen, use presentation mode (%1).")
                .arg(QKeySequence(Qt::Key_F11).toString(QKeySequence::NativeText));
        m_window->statusBar()->showMessage(error, 15000);
        return error;
    }
    if (!m_view) {
        m_view = new PresenterWindow(m_window);
        connect(m_view, &PresenterWindow::closed, this, [this] {
            const QSignalBlocker b(m_action);
            m_action->setChecked(false);
            if (m_view) m_view->deleteLater();
        });
    }
    m_view->setScreen(screen);
    m_view->setGeometry(screen->geometry());
    m_view->fitFontTo(screen->geometry().height());
    m_view->refresh();
    m_view->showFullScreen();
    {
        const QSignalBlocker b(m_action);
        m_action->setChecked(true);
    }
    // The keyboard stays on the laptop: the lesson's keys, the parameters.
    m_window->activateWindow();
    m_window->statusBar()->showMessage(
        tr("Presenter view on %1; Esc there or %2 closes it")
            .arg(screen->name(), m_action->shortcut().toString(QKeySequence::NativeText)),
        8000);
    return {};
}

void Presenter::close() {
    if (m_view) m_view->close();
}

void Presenter::refresh() {
    if (PresenterWindow* view = m_view; view && view->isVisible()) view->refresh();
}

bool Presenter::eventFilter(QObject* watched, QEvent* e) {
    if (watched == m_window) {
        if (e->type() == QEvent::LanguageChange) retranslate();
        // Closed (not minimised: a spontaneous hide keeps it visible): the window goes too. Its
        // close may still be refused (the save prompt), so this looks once it is decided.
        if (e->type() == QEvent::Close || e->type() == QEvent::Hide)
            QTimer::singleShot(0, this, [this] {
                if (!m_window->isVisible()) close();
            });
    } else if ((watched == m_modelPage || watched == m_trainPage) &&
               (e->type() == QEvent::Show || e->type() == QEvent::Hide)) {
        refresh();
    }
    return QObject::eventFilter(watched, e);
}

void Presenter::retranslate() {
    m_action->setText(tr("Presen&ter view"));
    m_action->setToolTip(
        tr("Show the figure, its formula and parameters full screen on the second screen"));
}

}  // namespace poslab::ui
