// The Model page as figures (issue 25 item 6, gui-review-2 #8b): its charts for File › Export
// Figure (Ctrl+E), Edit › Copy Figure and `poslab render model/VIEW --model A [--model B]`, drawn
// by the charts' own painter (paintModelChart) in the house figure style, under a title that
// names the model or the two compared, with a footer. No widgets: the CLI reaches it first.
//   model/charts       the page's charts as it shows them for the kinds (what Ctrl+E exports)
//   model/frequencies  θⱼ per pair before and after the scaling
//   model/wavelengths  2π/θⱼ against the original and the extended context
//   model/scaling      θ′ⱼ / θⱼ of every scaling method (two models: each one's own)
//   model/query_scale  the factor on the queries over the position
//   model/encoding     what ALiBi, T5, learned or Shaw numbers imply (other_chart.h)
// Two models: x over the pairs is 2j/d, each model in its colour and named in every legend row.
#pragma once

#include <QStringList>

#include "core/expected.h"
#include "ui/figure/figure.h"
#include "ui/model/model_series.h"

namespace poslab::ui {

inline const QString kModelViewPrefix = QStringLiteral("model/");

// The views' ids without the prefix, in the order `render --list` gives them, and the title of
// one in the current language (empty for an unknown id).
QStringList modelViewIds();
QString modelViewTitle(const QString& id);

// How a side is named in titles, legends and footers: the model's name, and its layer kind
// where the model has several ("Gemma 3 4B (sliding_attention)").
QString modelSideName(ModelSide side);

// The charts of view `id` ("charts", "frequencies", …) for one model or two, or one line saying
// why there is none: an unknown view, or a view the kinds do not have (the frequencies of an
// ALiBi model, the query scale of a kind that does not scale its queries).
core::Expected<QVector<ModelChartData>> modelViewCharts(const QString& id, ModelSide a,
                                                        ModelSide b = {});

// The figure of view `id`: a title naming the model(s) and the view, the charts side by side
// (two rows from three charts), the footer "model/ID · A vs B · PosLab".
core::Expected<Figure> modelFigure(const QString& id, ModelSide a, ModelSide b = {});

}  // namespace poslab::ui
