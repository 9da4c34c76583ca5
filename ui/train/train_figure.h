// The training lab's headline figure (spec training.md T5 `--figure`): token accuracy against the
// test size n, one curve per encoding at the mean over its seeds with a whisker over their range,
// the training sizes shaded. `poslab train --figure` and the GUI's Training lab draw the same one.
#pragma once

#include <vector>

#include "core/expected.h"
#include "core/train/train_report.h"
#include "ui/figure/figure.h"

namespace poslab::ui {

// The display name of a training-lab encoding ("ALiBi", "KERPLE (log)", "none (NoPE)").
LocalText trainEncodingLabel(core::train::Encoding encoding);

// The chart of a comparison: encodings in the order of their first run, seeds pooled. Runs that
// share neither task nor test sizes are refused (one line), as is an empty list.
core::Expected<LinesData> trainAccuracyLines(const std::vector<core::train::RunRecord>& runs);

// The figure: the chart with its title, axis names and a footer of every setting.
core::Expected<Figure> trainFigure(const std::vector<core::train::RunRecord>& runs);

}  // namespace poslab::ui
