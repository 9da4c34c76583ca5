#include "app/cli_sweep.h"

#include "ui/figure/axis.h"

#include <unistd.h>

#include <QString>
#include <iostream>

#include "core/compute.h"
#include "core/params/sweep.h"
#include "ui/figure/sweep_writer.h"

namespace poslab::app {

namespace {

// The sweep's parameter sets, each checked by the encoding as -p values are: a frame that the
// encoding refuses (a value breaking a constraint with another parameter) stops the sweep
// before anything is computed.
core::Expected<std::vector<core::ParamSet>> frameParams(const SweepJob& job) {
    auto sweep = core::parseSweep(job.sweep);
    if (!sweep) return sweep.error();
    const core::ParamSpec* spec = job.enc->findParam(sweep->key);
    if (spec && spec->viewControlled)
        return core::Error("sweep of '" + spec->name +
                           "': set by the view itself (its zoom window), not swept");
    if (!spec) {
        std::string numbers;
        for (const auto& p : job.enc->params)
            if (!p.viewControlled &&
                (p.type == core::ParamType::Int || p.type == core::ParamType::Real))  // sweepable
                numbers += (numbers.empty() ? "" : ", ") + p.name;
        return core::Error("sweep of '" + core::echo(sweep->key) + "': no such parameter of " +
                           job.enc->id + "; allowed: " + numbers);
    }
    for (const auto& [k, v] : *job.given)
        if (k == sweep->key)
            return core::Error("sweep of '" + k + "': also given by -p " + k + "=" + core::echo(v) +
                               "; give it once");
    auto values = core::sweepValues(*sweep, *spec, job.frames);
    if (!values) return values.error();
    std::vector<core::ParamSet> sets;
    sets.reserve(values->size());
    for (const auto& v : *values) {
        core::ParamSet p = job.params;
        p.set(spec->name, v);
        p.markGiven(spec->name);
        if (auto st = core::validate(*job.enc, p); !st) return st.error();
        sets.push_back(std::move(p));
    }
    return sets;
}

// "[##########              ] frame 12/30" rewritten in place on a terminal; nothing when
// stderr is a file or a pipe (tests, logs).
class Progress {
public:
    explicit Progress(int total) : m_total(total), m_tty(::isatty(STDERR_FILENO) == 1) {}
    ~Progress() { clear(); }
    void show(int frame) {
        if (!m_tty) return;
        constexpr int kWidth = 24;
        const int done = frame * kWidth / m_total;
        std::cerr << "\r[" << std::string(done, '#') << std::string(kWidth - done, ' ')
                  << "] frame " << frame << "/" << m_total << std::flush;
        m_shown = true;
    }
    void clear() {
        if (m_shown) std::cerr << "\r\033[K" << std::flush;
        m_shown = false;
    }

private:
    int m_total;
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

// The y range of every frame's curves together: the frames share one y axis, so that a
// changing curve is seen against fixed ticks (each frame scaled to itself would jump). Computed
// by a first pass over the frames (curves are small); unset for views without curves.
core::Expected<std::optional<std::pair<double, double>>> sharedYRange(
    const SweepJob& job, const std::vector<core::ParamSet>& sets) {
    std::optional<std::pair<double, double>> range;
    for (std::size_t i = 0; i < sets.size(); ++i) {
        auto figure =
            ui::computeFigure(*job.page, *job.view, sets[i], job.state, job.colormap, job.budget);
        if (!figure)
            return core::Error("frame " + std::to_string(i + 1) + ": " + figure.error().message);
        const ui::LinesData& lines = figure->result.lines;
        if (lines.curves.isEmpty()) return std::optional<std::pair<double, double>>();
        const ui::DataRange r = ui::lineDataRange(lines);
        if (r.empty()) continue;
        range = range ? std::pair{std::min(range->first, r.ylo), std::max(range->second, r.yhi)}
                      : std::pair{r.ylo, r.yhi};
    }
    return range;
}

int renderSweep(const std::string& command, const SweepJob& job) {
    auto sets = frameParams(job);
    if (!sets) return fail(command, sets.error().message);
    auto yRange = sharedYRange(job, *sets);
    if (!yRange) return fail(command, yRange.error().message);
    const QString path = QString::fromStdString(job.output);
    ui::SweepFormat format;
    ui::sweepFormatOf(path, &format);  // checked by sweepOutputProblem
    ui::SweepWriter writer(path, format, job.options, job.fps);
    Progress progress(static_cast<int>(sets->size()));
    for (std::size_t i = 0; i < sets->size(); ++i) {
        progress.show(static_cast<int>(i + 1));
        auto figure = ui::computeFigure(*job.page, *job.view, (*sets)[i], job.state, job.colormap,
                                        job.budget);
        if (!figure) {
            progress.clear();
            return fail(command, "frame " + std::to_string(i + 1) + ": " + figure.error().message);
        }
        markModelFigure(*job.models, *figure);
        if (*yRange) {
            figure->result.lines.yFrom = (*yRange)->first;
            figure->result.lines.yTo = (*yRange)->second;
        }
        if (const QString e = writer.add(*figure); !e.isEmpty()) {
            progress.clear();
            return fail(command, e.toStdString());
        }
    }
    progress.clear();
    if (const QString e = writer.finish(); !e.isEmpty()) return fail(command, e.toStdString());
    printRenderNotes(command, *job.models);
    return 0;
}

}  // namespace poslab::app
