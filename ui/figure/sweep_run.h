// A parameter sweep computed and written (issue 25, item 10): the one implementation behind
// `poslab render VIEW --sweep KEY=FROM:TO --frames N -o OUT` (app/cli_sweep) and the Export
// Figure dialog's "Record a sweep" (ui/figure/export_dialog). No widgets: it runs on any thread.
// Two passes: every frame is computed once for the scales the frames share (sweep_scales.h),
// then again to be drawn on them and handed to the SweepWriter (sweep_writer.h), so that no more
// than one frame's arrays are held at a time.
#pragma once

#include <QString>
#include <functional>
#include <vector>

#include "core/params/sweep.h"
#include "ui/figure/figure.h"
#include "ui/figure/sweep_writer.h"

namespace poslab::ui {

// The parameter sets of a sweep of `sweep.key` over `frames` frames, each `base` with the key's
// value, checked by the encoding as -p values are: a frame the encoding refuses (a value
// breaking a constraint with another parameter) stops the sweep before anything is computed.
// The key must be a numeric parameter not set by the view itself.
core::Expected<std::vector<core::ParamSet>> sweepParamSets(const core::EncodingDescriptor& enc,
                                                           const core::ParamSet& base,
                                                           const core::Sweep& sweep, int frames);

// The names of the parameters of `enc` a sweep can take (numeric, not set by a view).
QStringList sweepableParams(const core::EncodingDescriptor& enc);

struct SweepRun {
    const PageSpec* page = nullptr;
    const ViewSpec* view = nullptr;
    std::vector<core::ParamSet> frames;  // sweepParamSets
    ViewState state;
    ColormapChoice colormap = ColormapChoice::Auto;
    double budget = core::configuredMemoryBudget();
    FigureOptions options;
    double fps = 10;
    QString path;
    SweepFormat format = SweepFormat::Gif;
    std::function<void(Figure&)> decorate;  // each frame's figure before it is drawn (or none)
};

// Told `done` of `total` steps (total = 2 x frames: the pass of scales, then the drawing);
// returns false to cancel.
using SweepProgress = std::function<bool(int done, int total)>;

// The error text of a cancelled sweep.
QString sweepCancelled();

// Runs the sweep: empty, or the one-line error (sweepCancelled() when `progress` said stop);
// on any error or a cancel nothing is left at run.path.
QString runSweep(const SweepRun& run, const SweepProgress& progress = {});

}  // namespace poslab::ui
