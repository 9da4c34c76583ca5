// The name of an encoding page for its current parameters (issue 26 item 3): the catalogue's
// title, or a variant's name where the parameters make one. rope with scaling proportional and
// factor 1 is p-RoPE (spec E9): "RoPE (p-RoPE, p = 0.25)", p the partial_rotary_factor. The
// window title, the encoding browser's entry and the figures' titles (the presenter's too) say it.
#pragma once

#include "core/params/param_spec.h"
#include "ui/catalog/view_spec.h"

namespace poslab::ui {

// The name of `encoding`'s page, `plain` where the parameters make no variant.
LocalText encodingTitleFor(const QString& encoding, const LocalText& plain,
                           const core::ParamSet& params);

// The page's title for these parameters.
LocalText pageTitleFor(const PageSpec& page, const core::ParamSet& params);

}  // namespace poslab::ui
