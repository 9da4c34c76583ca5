// What differs between two models' selected kinds (issue 24, spec models.md M5.4): the Model
// page marks these rows of its compare table. Compared on the values themselves, not on their
// text: base, rotary dim, pairing, pairs kept / blended / interpolated, attention factor, the
// window, the pairs turning inside it, and the model's NoPE, window and no-position layers.
//
// The page's own small comparison until core/models/compare.h (`poslab model A B`, written on
// branch h/cli) lands; then this function is one call to it.
#pragma once

#include <QStringList>

#include "ui/model/model_series.h"

namespace poslab::ui {

// The readout keys (model_readouts.h) whose values differ, in the table's order. Empty when
// either side is missing.
QStringList differingReadouts(ModelSide a, ModelSide b);

}  // namespace poslab::ui
