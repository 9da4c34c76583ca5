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

#include "core/encodings/mrope.h"
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
    qint64 positions = 0;  // n, or max_distance for the decay
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

constexpr int kDragSteps = 200;

// The rows as JSON, or as the table the text form prints.
void printRows(const std::vector<Row>& rows, bool json) {
    if (json) {
        std::printf("[");
        for (std::size_t i = 0; i < rows.size(); ++i)
            std::printf(
                "%s\n  {\"view\": \"%s\", \"positions\": %lld, \"steps\": %d, \"p50_ms\": "
                "%.3f, \"p95_ms\": %.3f, \"max_ms\": %.3f}",
                i ? "," : "", qPrintable(rows[i].view), static_cast<long long>(rows[i].positions),
                rows[i].steps, rows[i].p50, rows[i].p95, rows[i].max);
        std::printf("\n]\n");
    } else {
        std::printf(
            "interactive latency, edit -> finished image (base dragged, %d steps, "
            "window 1500x940, offscreen, CPU double)\n",
            kDragSteps);
        std::printf("%-28s %10s %6s %9s %9s %9s\n", "view", "positions", "steps", "p50 ms",
                    "p95 ms", "max ms");
        for (const auto& r : rows)
            std::printf("%-28s %10lld %6d %9.2f %9.2f %9.2f\n", qPrintable(r.view),
                        static_cast<long long>(r.positions), r.steps, r.p50, r.p95, r.max);
    }
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
    SliderScale scale = sliderScale(*w.paramPanel()->encoding()->findParam("base"));
    auto posFor = [&](double base) { return sliderPosition(scale, base); };
    int from = posFor(100), to = posFor(1e6);
    std::vector<Row> rows;
    // One drag of `base` on a tab: the latency of every step, edit -> finished image.
    auto drag = [&](const QString& viewId, int tab, qint64 positions) -> bool {
        slider->setValue(from - 1);
        w.page()->setCurrentTab(tab);
        waitFor(w, w.scheduler()->latestGeneration(), 60000);
        std::vector<double> ms;
        QElapsedTimer timer;
        // The slider swept back and forth over its positions; a position whose value the slider
        // rounds to the one already set makes no edit and is not counted.
        const int span = std::max(1, to - from);
        for (int k = 0, s = 0; s < kDragSteps && k < 40 * kDragSteps; ++k) {
            const int phase = (k * std::max(1, span / kDragSteps)) % (2 * span);
            const int pos = from + (phase <= span ? phase : 2 * span - phase);
            const quint64 before = w.scheduler()->latestGeneration();
            timer.start();
            slider->setValue(pos);  // what a drag does: valueChanged -> panel -> scheduler
            const quint64 g = w.scheduler()->latestGeneration();
            if (g == before) continue;
            if (!waitFor(w, g, 30000)) {
                std::fprintf(stderr, "poslab bench: no result within 30 s (%s)\n",
                             qPrintable(viewId));
                return false;
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
            ++s;
        }
        if (ms.empty()) return false;
        rows.push_back({viewId, positions, static_cast<int>(ms.size()), percentile(ms, 0.5),
                        percentile(ms, 0.95), *std::max_element(ms.begin(), ms.end())});
        return true;
    };
    const qint64 presetN = w.page()->params().integer("n");
    for (const auto& [viewId, tab] : tabs) {
        const bool decay = viewId == pageId + "/decay";
        if (!drag(viewId, tab, decay ? w.page()->params().integer("max_distance") : presetN))
            return 1;
    }
    // Long context (issue 12): the level-of-detail views at a million positions (d 128).
    struct Long {
        QString view, param;
        qint64 positions;
    };
    const Long longRows[] = {{pageId + "/decay", "max_distance", 1048576},
                             {pageId + "/angles", "n", 1048576},
                             {pageId + "/scores", "n", 131072}};
    for (const Long& l : longRows) {
        int tab = -1;
        for (int i = 0; i < page->views.size(); ++i)
            if (page->views[i].id == l.view) tab = i + 1;
        if (tab < 0) continue;
        w.paramPanel()->setText("d", QStringLiteral("128"));
        w.paramPanel()->setText("n", QString::number(presetN));
        w.paramPanel()->setText(l.param, QString::number(l.positions));
        if (!drag(l.view, tab, l.positions)) return 1;
        w.paramPanel()->setText(l.param, QString::number(l.param == "n" ? presetN : 4096));
    }
    // Issue 28: the multimodal pages at their presets, their base dragged over the same number of
    // steps (M-RoPE 100 -> 1e6 over its 84 tokens; 2-D RoPE 2 -> 10 000 over 16 x 16 patches).
    struct Other {
        QString page;
        double lo, hi;
    };
    for (const Other& o : {Other{"mrope", 100, 1e6}, Other{"rope2d", 2, 1e4}}) {
        w.openPage(o.page);
        const PageSpec* other = w.page()->page();
        slider = qobject_cast<QSlider*>(w.paramPanel()->editorFor("base"));
        if (!other || !slider) {
            std::fprintf(stderr, "poslab bench: page %s has no base slider\n", qPrintable(o.page));
            return 2;
        }
        scale = sliderScale(*w.paramPanel()->encoding()->findParam("base"));
        from = posFor(o.lo);
        to = posFor(o.hi);
        const core::ParamSet& p = w.page()->params();
        const qint64 positions = o.page == "mrope" ? core::enc::mropeTokens(p)
                                                   : p.integer("height") * p.integer("width");
        if (!drag(o.page + "/overview", 0, positions)) return 1;
        for (const QString& id : other->overview)
            for (int i = 0; i < other->views.size(); ++i)
                if (other->views[i].id == id && !drag(id, i + 1, positions)) return 1;
    }
    printRows(rows, json);
    return 0;
}

}  // namespace poslab::ui
