// The data of the Model page's charts for a kind of layer, and optionally a second model's kind
// drawn on the same axes (Compare): frequencies before and after the scaling, wavelengths against
// the original and the extended context, the query-scale curve. Pure functions of the configs.
// Two models: x is 2j/d (pairAxisLabel), every legend row names its model, each model in its
// colour.
#pragma once

#include "ui/model/model_chart.h"
#include "ui/model/model_document.h"

namespace poslab::ui {

// One model's side of a chart: the model and its selected kind.
struct ModelSide {
    const LoadedModel* model = nullptr;
    const core::models::KindInfo* kind = nullptr;
    explicit operator bool() const { return model && kind; }
};

// The x of pair j of `pairs` (d/2) on an axis of `axis`, and the axis' title.
double pairX(int j, int pairs, PairAxis axis);
QString pairAxisLabel(PairAxis axis);

ModelChartData frequencyChart(ModelSide a, ModelSide b = {});
ModelChartData wavelengthChart(ModelSide a, ModelSide b = {});
// Over p in [1, max_position_embeddings] (1M when the config has none), log x.
ModelChartData queryScaleChart(ModelSide a, ModelSide b = {});

// Whether a side has a query-scale rule to draw.
bool hasQueryScale(ModelSide side);

}  // namespace poslab::ui
