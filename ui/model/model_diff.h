// What differs between two models' selected kinds (issue 24, spec models.md M5.4): the Model
// page marks these rows of its compare table. Compared on the values themselves, not on their
// text: base, rotary dim, pairing, pairs kept / blended / interpolated, attention factor, the
// window, the pairs turning inside it, and the model's NoPE, window and no-position layers.
//
// Not core/models/compare.h (`poslab model A B`): that one matches kinds by name and compares
// its own rows; the page compares the two kinds the user selected, row by row of its readout
// table (which has rows the command line prints elsewhere: the pairs turning inside a window).
#pragma once

#include <QStringList>

#include "ui/model/model_series.h"

namespace poslab::ui {

// The readout keys (model_readouts.h) whose values differ, in the table's order. Empty when
// either side is missing.
QStringList differingReadouts(ModelSide a, ModelSide b);

}  // namespace poslab::ui
