// The Training lab's figures besides the headline chart (issue 27 item 5), each a Figure as every
// view exports: the loss curves of a comparison as it trains, and of one finished run the
// attention maps of a test sample (every layer and head) and what its encoding learned: the
// learned table's cosine similarity, T5's bias per head and bucket, and the bias against distance
// of ALiBi, KERPLE (its r1 and r2 named) and FIRE. Plain data in, no widgets: the command line and
// the tests draw them too.
#pragma once

#include <vector>

#include "core/expected.h"
#include "core/train/train_report.h"
#include "ui/figure/figure.h"
#include "ui/train/train_controller.h"
#include "ui/train/train_figure.h"

namespace poslab::ui {

// The training loss against the step: one curve per variant at the mean over its seeds' logged
// points (up to the step every seed has reached), on a log axis; colours as `colours` orders the
// variants. Refused (one line) while no run has logged a point.
core::Expected<Figure> trainLossFigure(const std::vector<TrainController::RunView>& runs,
                                       const std::vector<TrainVariant>& colours);

// Finished runs as the loss figure reads live ones (a restored or recalled comparison, a deck).
std::vector<TrainController::RunView> finishedRunViews(
    const std::vector<core::train::RunRecord>& runs);

// The attention of a finished run on one test sample of size n = n_max x multiple (drawn from
// the evaluation stream's seed, the same sample for every encoding of a comparison): one panel
// per head of `layer` (-1: of every layer), rows (queries) summing to 1 on a fixed 0 .. 1 scale,
// the separator marked.
core::Expected<Figure> trainAttentionFigure(const core::train::RunRecord& run, double multiple,
                                            int layer = -1);

// What the run's encoding trained; refused with a line saying so for an encoding that trains
// nothing positional (none, sinusoidal, RoPE).
core::Expected<Figure> trainLearnedFigure(const core::train::RunRecord& run);

// "RoPE · seed 2" (the variant's label and the seed).
LocalText trainRunLabel(const core::train::TrainConfig& config);

}  // namespace poslab::ui
