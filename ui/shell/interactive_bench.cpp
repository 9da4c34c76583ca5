#include "ui/shell/interactive_bench.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSlider>
#include <QTabWidget>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "ui/catalog/view_spec.h"
#include "ui/compute/scheduler.h"
#include "ui/panels/param_panel.h"
#include "ui/panels/param_row.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/main_window.h"
#include "ui/views/page_widget.h"

namespace poslab::ui {

namespace {

struct Row {
    QString view;
    int steps = 0;
    double p50 = 0, p95 = 0, max = 0;
};

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const double pos = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(v.size() - 1, lo + 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
}

// Runs the event loop until the window shows a result at least as new as `generation`.
bool waitFor(MainWindow& w, quint64 generation, int timeoutMs) {
    if (w.page()->displayedGeneration() >= generation) return true;
    QEventLoop loop;
    QObject::connect(&w, &MainWindow::resultShown, &loop, [&](quint64 g) {
        if (g >= generation) loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return w.page()->displayedGeneration() >= generation;
}

}  // namespace

int runInteractiveBench(bool json) {
    const auto app = makeOffscreenApplication();
    MainWindowOptions options;
    options.persist = false;
    MainWindow w(options);
    w.resize(1500, 940);
    const QString pageId = QStringLiteral("rope");
    w.openPage(pageId);
    w.show();
    const PageSpec* page = w.page()->page();
    auto* slider = qobject_cast<QSlider*>(w.paramPanel()->editorFor("base"));
    if (!page || !slider) {
        std::fprintf(stderr, "poslab bench: no page with a base slider to drag\n");
        return 2;
    }
    // The default views: the Overview, then each of its views on its own tab.
    QVector<QPair<QString, int>> tabs{{pageId + "/overview", 0}};
    for (const QString& id : page->overview)
        for (int i = 0; i < page->views.size(); ++i)
            if (page->views[i].id == id) tabs.append({id, i + 1});

    // Slider positions for base 100 -> 1e6, on the panel's own scale for the base's ParamSpec.
    const SliderScale scale = sliderScale(*w.paramPanel()->encoding()->findParam("base"));
    auto posFor = [&](double base) { return sliderPosition(scale, base); };
    const int from = posFor(100), to = posFor(1e6);
    constexpr int kSteps = 200;
    std::vector<Row> rows;
    for (const auto& [viewId, tab] : tabs) {
        slider->setValue(from - 1);
        w.page()->setCurrentTab(tab);
        waitFor(w, w.scheduler()->latestGeneration(), 30000);
        std::vector<double> ms;
        QElapsedTimer timer;
        for (int s = 0; s < kSteps; ++s) {
            const int pos =
                from +
                static_cast<int>(std::lround(static_cast<double>(s) * (to - from) / (kSteps - 1)));
            timer.start();
            slider->setValue(pos);  // what a drag does: valueChanged -> panel -> scheduler
            const quint64 g = w.scheduler()->latestGeneration();
            if (!waitFor(w, g, 30000)) {
                std::fprintf(stderr, "poslab bench: no result within 30 s (%s)\n",
                             qPrintable(viewId));
                return 1;
            }
            const double shown = static_cast<double>(timer.nsecsElapsed()) / 1e6;
            QCoreApplication::sendPostedEvents();  // chart layout requests
            const double posted = static_cast<double>(timer.nsecsElapsed()) / 1e6;
            w.page()->tabs()->currentWidget()->repaint();  // the finished image
            ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            if (qEnvironmentVariableIsSet("POSLAB_BENCH_DEBUG") && s % 40 == 0)
                std::fprintf(stderr, "%s step %d: shown %.2f posted %.2f painted %.2f (%s)\n",
                             qPrintable(viewId), s, shown, posted, ms.back(),
                             qPrintable(w.statusText()));
        }
        rows.push_back({viewId, kSteps, percentile(ms, 0.5), percentile(ms, 0.95),
                        *std::max_element(ms.begin(), ms.end())});
    }
    if (json) {
        std::printf("[");
        for (std::size_t i = 0; i < rows.size(); ++i)
            std::printf(
                "%s\n  {\"view\": \"%s\", \"steps\": %d, \"p50_ms\": %.3f, \"p95_ms\": %.3f, "
                "\"max_ms\": %.3f}",
                i ? "," : "", qPrintable(rows[i].view), rows[i].steps, rows[i].p50, rows[i].p95,
                rows[i].max);
        std::printf("\n]\n");
    } else {
        std::printf(
            "interactive latency, edit -> finished image (base 100 -> 1e6, %d steps, "
            "window 1500x940, offscreen, CPU double)\n",
            kSteps);
        std::printf("%-28s %6s %9s %9s %9s\n", "view", "steps", "p50 ms", "p95 ms", "max ms");
        for (const auto& r : rows)
            std::printf("%-28s %6d %9.2f %9.2f %9.2f\n", qPrintable(r.view), r.steps, r.p50, r.p95,
                        r.max);
    }
    return 0;
}

}  // namespace poslab::ui
