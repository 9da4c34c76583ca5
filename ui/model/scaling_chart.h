// The Model page's "Scaling methods" chart (long_context.md L3): theta'_j / theta_j over the pairs
// for every context-extension method of core/encodings/rope_scaling (linear, ntk, dynamic, yarn,
// llama3, longrope with its short and long tables, proportional), all through ropeFrequencyTable
// with the selected kind's rotary dim, base, factor and original context L. The model's own
// method is listed first and drawn thicker. Pure functions of the configs, like model_series.h.
#pragma once

#include <QStringList>

#include "core/encodings/rope_scaling.h"
#include "ui/model/model_series.h"

namespace poslab::ui {

// What one side's methods are drawn with, and where each number came from.
struct ScalingSetup {
    // d (the kind's rotary dim; head_dim for proportional), base, factor f, L, yarn's betas,
    // llama3's bands and longrope's lists as the kind has them (defaults otherwise); scaling
    // "none" and partial rotation 1: the reference every ratio divides by.
    core::enc::RopeFrequencyParams params;
    std::int64_t extended = 0;  // the extended context s, dynamic's sequence length
    QString own;                // the kind's method id, "none" when it does not scale
    bool illustrative = false;  // the kind does not scale: f is chosen for the chart
    // Where L comes from: the kind's original_max_position_embeddings (dynamic: its M), else
    // max_position_embeddings (a kind that does not scale), max_position_embeddings / f (linear,
    // proportional), or 2048 when the config has no context length at all.
    enum class LFrom { Config, MaxPosition, MaxOverFactor, Default } lFrom = LFrom::Config;
    bool hasLists = false;        // longrope's short_factor and long_factor (d/2 each)
    double proportionalP = 0.25;  // the proportional curve's partial_rotary_factor
    bool chosenP = true;          // not the kind's own (it is not proportional): 0.25
};

// The factor a chart uses for a kind that does not scale (stated on the chart).
inline constexpr double kIllustrativeFactor = 4;

ScalingSetup scalingSetup(ModelSide side);

// The curve ids in drawing order, the kind's own first: none (only when it does not scale),
// linear, ntk, dynamic, yarn, llama3, longrope_short and longrope_long (only with the lists),
// proportional.
QStringList scalingMethods(const ScalingSetup& setup);
// Whether `id` is the kind's own method (both longrope tables for a longrope kind).
bool isOwnMethod(const ScalingSetup& setup, const QString& id);
// The parameters of curve `id` for ropeFrequencyTable.
core::enc::RopeFrequencyParams methodParams(const ScalingSetup& setup, const QString& id);

// One model: every method. Two models (Compare): each one's own method, coloured by model.
ModelChartData scalingChart(ModelSide a, ModelSide b = {});

}  // namespace poslab::ui
