// A model's marks on the views that reach its length (models.md M5.4), for `poslab render
// --model` and for the GUI's pages opened from the Model page alike: L, max and s as labelled
// vertical markers on rope's decay (in a compare view of two models, each side's in its curve's
// colour) and as dotted lines on both position axes of rope's scores; the models' names for the
// footer.
#pragma once

#include <QString>
#include <QVector>

#include "core/params/param_spec.h"
#include "ui/catalog/view_spec.h"
#include "ui/compute/compute_types.h"

namespace poslab::ui {

// The parameter that sets how far a view reaches, for the views that open at a model's length:
// rope's decay (max_distance) and scores (n), also as the quantity of a compare view; "" for
// every other view.
QString modelLengthParam(const ViewSpec& view, const ViewState& state,
                         const core::EncodingDescriptor& enc);

// "model NAME" for one model, "A: NAME, B: NAME" for two; "" for none.
QString modelFooterWords(const QVector<ModelMarks>& models);

// Adds the models' marks to a view reaching `lengthParam` (decay: one marker per mark and model;
// scores: one model's marks on both axes) and their names to result.models. Other views get the
// names only.
void markModelView(const QString& lengthParam, const QVector<ModelMarks>& models,
                   ViewResult& result);

}  // namespace poslab::ui
