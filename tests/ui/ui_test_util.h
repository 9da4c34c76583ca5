// Helpers shared by the widget tests: a main window that does not touch QSettings, and waiting
// for the scheduler's results through the event loop (QTRY_*), never by sleeping.
#pragma once

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <memory>

#include "ui/catalog/view_spec.h"
#include "ui/compute/scheduler.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/main_window.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/page_widget.h"

namespace poslab::ui::test {

inline MainWindowOptions noSettings() {
    MainWindowOptions o;
    o.persist = false;
    return o;
}

// Waits until the page shows the newest requested generation.
inline bool waitIdle(MainWindow& w, int timeoutMs = 30000) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        if (!w.scheduler()->isBusy() &&
            w.page()->displayedGeneration() >= w.page()->requestedGeneration())
            return true;
        QTest::qWait(5);
    }
    return false;
}

// The page the tests drive (RoPE is always registered).
inline QString mainPage() {
    return QStringLiteral("rope");
}

// The main window of the view suites: the application set up, a 1400 x 900 window shown without
// QSettings, its first page computed. open() in initTestCase, close() in cleanupTestCase.
class WindowFixture {
public:
    bool open() {
        setUpApplication();
        m_window = std::make_unique<MainWindow>(noSettings());
        m_window->resize(1400, 900);
        m_window->show();
        return waitIdle(*m_window);
    }
    void close() { m_window.reset(); }
    MainWindow* window() const { return m_window.get(); }

private:
    std::unique_ptr<MainWindow> m_window;
};

// The middle of cell (row, col) in widget pixels, found through the widget's own hit test: the
// rows along a vertical line through the plot, then the columns along that row's middle.
inline QPointF cellCentre(const HeatmapWidget& w, qint64 row, qint64 col) {
    auto middle = [](const QVector<int>& hits) {
        return hits.isEmpty() ? -1.0 : 0.5 * (hits.front() + hits.back());
    };
    QVector<int> ys, xs;
    for (int x0 = w.width() / 2; x0 > 0 && ys.isEmpty(); x0 -= 20)
        for (int y = 0; y < w.height(); ++y)
            if (w.cellAt(QPointF(x0, y)).y() == row) ys << y;
    const double y = middle(ys);
    for (int x = 0; x < w.width() && y >= 0; ++x)
        if (w.cellAt(QPointF(x, y)) == QPoint(int(col), int(row))) xs << x;
    return xs.isEmpty() ? QPointF(-1, -1) : QPointF(middle(xs), y);
}

// Whether the text holds a CJK ideograph (a string that was translated to Chinese).
inline bool hasCjk(const QString& s) {
    for (QChar c : s)
        if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff) return true;
    return false;
}

}  // namespace poslab::ui::test
