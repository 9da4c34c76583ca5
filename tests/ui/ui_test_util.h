// Helpers shared by the widget tests: a main window that does not touch QSettings, and waiting
// for the scheduler's results through the event loop (QTRY_*), never by sleeping.
#pragma once

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include "ui/catalog/view_spec.h"
#include "ui/compute/scheduler.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/main_window.h"
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

// The page the tests drive: RoPE once it is registered, the sinusoidal page until then.
inline QString mainPage() {
    return Catalog::instance().find("rope") ? "rope" : "sinusoidal";
}

}  // namespace poslab::ui::test
