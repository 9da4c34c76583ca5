#include "app/cli_sweep.h"

#include <unistd.h>

#include <QString>
#include <algorithm>
#include <iostream>

#include "core/compute.h"
#include "core/params/sweep.h"
#include "ui/figure/sweep_run.h"
#include "ui/figure/sweep_writer.h"

namespace poslab::app {

namespace {

// The sweep's parameter sets (ui/figure/sweep_run.h), -p not naming the swept key.
core::Expected<std::vector<core::ParamSet>> frameParams(const SweepJob& job) {
    auto sweep = core::parseSweep(job.sweep);
    if (!sweep) return sweep.error();
    const core::ParamSpec* spec = job.enc->findParam(sweep->key);
    for (const auto& [k, v] : *job.given)
        if (k == sweep->key && spec && !spec->viewControlled)
            return core::Error("sweep of '" + k + "': also given by -p " + k + "=" + core::echo(v) +
                               "; give it once");
    return ui::sweepParamSets(*job.enc, job.params, *sweep, job.frames);
}

// "[##########              ] frame 12/30" rewritten in place on a terminal; nothing when
// stderr is a file or a pipe (tests, logs).
class Progress {
public:
    Progress() : m_tty(::isatty(STDERR_FILENO) == 1) {}
    ~Progress() { clear(); }
    // `step` of `total` (two passes over the frames: their scales, then the drawing).
    void show(int step, int total) {
        if (!m_tty || total <= 0) return;
        constexpr int kWidth = 24;
        const int done = step * kWidth / total, frames = total / 2;
        const int frame = std::min(step % frames + 1, frames);
        std::cerr << "\r[" << std::string(done, '#') << std::string(kWidth - done, ' ') << "] "
                  << (step < frames ? "scales" : "frame") << " " << frame << "/" << frames
                  << std::flush;
        m_shown = true;
    }
    void clear() {
        if (m_shown) std::cerr << "\r\033[K" << std::flush;
        m_shown = false;
    }

private:
    bool m_tty, m_shown = false;
};

}  // namespace

std::string framesProblem(const std::string& text) {
    bool ok = false;
    const int n = QString::fromStdString(text).toInt(&ok);
    if (ok && n >= core::kMinSweepFrames && n <= core::kMaxSweepFrames) return {};
    return "an integer in [" + std::to_string(core::kMinSweepFrames) + ", " +
           std::to_string(core::kMaxSweepFrames) + "]";
}

std::string fpsProblem(const std::string& text) {
    bool ok = false;
    const double fps = QString::fromStdString(text).toDouble(&ok);
    if (ok && fps >= 1 && fps <= 50) return {};
    return "a number in [1, 50]";
}

std::string sweepOutputProblem(const std::string& output) {
    const QString path = QString::fromStdString(output);
    ui::SweepFormat format;
    if (!ui::sweepFormatOf(path, &format))
        return "output '" + core::echo(output, core::kEchoPathLimit) +
               "': a sweep writes OUT.gif, OUT.pdf, OUT.mp4 or a folder OUT/";
    return ui::sweepOutputProblem(path, format).toStdString();
}

int renderSweep(const std::string& command, const SweepJob& job) {
    auto sets = frameParams(job);
    if (!sets) return fail(command, sets.error().message);
    ui::SweepRun run;
    run.page = job.page;
    run.view = job.view;
    run.frames = std::move(*sets);
    run.state = job.state;
    run.colormap = job.colormap;
    run.budget = job.budget;
    run.options = job.options;
    run.fps = job.fps;
    run.path = QString::fromStdString(job.output);
    ui::sweepFormatOf(run.path, &run.format);  // checked by sweepOutputProblem
    run.decorate = [&job](ui::Figure& f) { markModelFigure(*job.models, f); };
    Progress progress;
    const QString e = ui::runSweep(run, [&progress](int step, int total) {
        progress.show(step, total);
        return true;
    });
    progress.clear();
    if (!e.isEmpty()) return fail(command, e.toStdString());
    printRenderNotes(command, *job.models);
    return 0;
}

}  // namespace poslab::app
