// `poslab render VIEW --sweep KEY=FROM:TO[:log|:linear] [--frames N] [--fps F] -o OUT` (issue 25,
// item 10): the view drawn N times with KEY going from FROM to TO (core/params/sweep.h), every
// other option of render applying to every frame, written as OUT.gif, OUT.pdf, OUT/ or OUT.mp4
// (ui/figure/sweep_writer.h). Every value is checked before the first frame is computed.
#pragma once

#include <string>

#include "app/render_model.h"

namespace poslab::app {

inline constexpr int kDefaultSweepFrames = 30;
inline constexpr double kDefaultSweepFps = 10;

// "" when `text` is an allowed --frames / --fps, else what is allowed.
std::string framesProblem(const std::string& text);
std::string fpsProblem(const std::string& text);

// Whether `output` can take a sweep (its format and the file rules), before any work: "" or
// the one-line error.
std::string sweepOutputProblem(const std::string& output);

// What one sweep needs: the view, the parameters render resolved (the page preset, the model's,
// -p) and the options of every frame.
struct SweepJob {
    std::string sweep, output;
    int frames = kDefaultSweepFrames;
    double fps = kDefaultSweepFps;
    const ui::PageSpec* page = nullptr;
    const ui::ViewSpec* view = nullptr;
    const core::EncodingDescriptor* enc = nullptr;
    core::ParamSet params;
    ui::ViewState state;
    ui::ColormapChoice colormap = ui::ColormapChoice::Auto;
    double budget = 0;
    ui::FigureOptions options;
    const core::TextParams* given = nullptr;  // -p, which must not also name the swept key
    const RenderModels* models = nullptr;
};

// Runs the sweep: 0, or one line on stderr and kExitUsage with nothing left at the output. A
// terminal on stderr sees "[#####   ] frame 12/60" as the frames are made.
int renderSweep(const std::string& command, const SweepJob& job);

}  // namespace poslab::app
