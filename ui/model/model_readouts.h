// The Model page's readouts (issues 11 and 24): one row per quantity of a kind of layer and of its
// model, in the current language, with a stable key that tests and the compare table match rows
// by. The encoding comes first; then the kind's RoPE set (base, rotary dim, pairing and where the
// pairing came from, MLA's q.k dim), or the parameters another encoding implies; its sliding
// window and the pairs that turn fully inside it; and the model's NoPE, window and no-position
// layers.
#pragma once

#include <QString>
#include <QVector>

#include "ui/model/model_document.h"

namespace poslab::ui {

struct Readout {
    QString key, label, value;
    QString tip;  // a tooltip beyond the value ("-p heads=112"); may be empty
};

// `layerRows`: always list the model's NoPE / window / no-position layer counts (two models
// compared), not only the non-zero ones.
QVector<Readout> kindReadouts(const LoadedModel& model, const core::models::KindInfo& kind,
                              bool layerRows = false);

// The key numbers of a kind for a room with one line (presentation mode's strip): the encoding,
// the RoPE type, base θ, rotary dim, factor, original context L, the extended context and s, the
// sliding window, or another encoding's parameters; only what the config says; the readouts'
// labels, numbers in the house format (formatExact: "5 000 000").
QVector<Readout> keyReadouts(const LoadedModel& model, const core::models::KindInfo& kind);

// A number as the readouts write it: up to 12 significant digits, no trailing zeros.
QString readoutNumber(double v);

}  // namespace poslab::ui
