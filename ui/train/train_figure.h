// The training lab's headline figure (spec training.md T5 `--figure`): token accuracy against the
// test size n, one curve per encoding at the mean over its seeds with a whisker over their range,
// the training sizes shaded. `poslab train --figure` and the GUI's Training lab draw the same one.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/train/train_report.h"
#include "ui/figure/figure.h"

namespace poslab::ui {

// The display name of a training-lab encoding ("ALiBi", "KERPLE (log)", "none (NoPE)").
LocalText trainEncodingLabel(core::train::Encoding encoding);

// What a comparison compares: an encoding, and for the learned table its initial scale (T4
// trains it from 0.02 and from 1: two curves).
struct TrainVariant {
    core::train::Encoding encoding = core::train::Encoding::None;
    double learnedInit = 0.02;
    bool operator==(const TrainVariant& o) const {
        return encoding == o.encoding &&
               (encoding != core::train::Encoding::Learned || learnedInit == o.learnedInit);
    }
};
TrainVariant trainVariantOf(const core::train::TrainConfig& config);
// "learned (init 1)" for a learned table from another scale than 0.02, else the encoding's.
LocalText trainVariantLabel(const TrainVariant& variant);

// The task's name in the current language, lower case ("copy", "复制").
QString trainTaskName(core::train::Task task);

// `items` (runs or their live views: anything with a `config`) grouped by variant in the order of
// their first member; `keep` leaves items out.
template <class T, class Keep>
std::vector<std::pair<TrainVariant, std::vector<const T*>>> groupByVariant(
    const std::vector<T>& items, Keep keep) {
    std::vector<std::pair<TrainVariant, std::vector<const T*>>> out;
    for (const T& item : items) {
        if (!keep(item)) continue;
        const TrainVariant v = trainVariantOf(item.config);
        auto at = std::find_if(out.begin(), out.end(), [&](const auto& g) { return g.first == v; });
        if (at == out.end())
            out.push_back({v, {&item}});
        else
            at->second.push_back(&item);
    }
    return out;
}

// The chart of a comparison: variants in the order of their first run, seeds pooled; a variant's
// colour is its index in `colours` where it is there (the page keeps colours as runs finish),
// else its place. Runs that share neither task nor test sizes are refused (one line), as is an
// empty list.
core::Expected<LinesData> trainAccuracyLines(const std::vector<core::train::RunRecord>& runs,
                                             const std::vector<TrainVariant>& colours = {});

// The figure: the chart with its title, axis names and a footer of every setting.
core::Expected<Figure> trainFigure(const std::vector<core::train::RunRecord>& runs);

}  // namespace poslab::ui
