// Views that show nothing at the current parameters (issue 25 item 5, gui-review-2 #6): a lone
// "1" (RoPE's attention factor and logit multiplier without scaling), a "0" (no collisions), a
// flat line (pair classes without YaRN, a query scale of 1), the identity (positions a format
// holds exactly), or an error at its format's own rounding (float64's angle and cos errors,
// "exact to rounding", which a colour scale would stretch into full-colour noise).
//
// Judged on the computed data (a constant, the identity, errors within a few ulp of the angles'
// scale), never on a list of preset values: the view draws again as soon as a parameter makes
// it interesting. A constant or identity view draws no data: ViewResult::degenerate says in
// words what it would show and which parameter shows it, in the explorer and in every exported
// figure alike. Errors at rounding level are drawn as a difference at rounding level is: on a
// floored range, in the colour of "none", with "Exact to rounding (≤ 5.7 × 10⁻¹⁴)" over them.
#pragma once

#include "ui/compute/prepare_view.h"

namespace poslab::ui {

// Sets vr.degenerate and clears the drawn data, or words and a floored range for errors, when
// `view` (one series of its page's own encoding, no parameter overridden) is one of the views
// above at the request's parameters.
void noteDegenerateView(PrepareContext& ctx, const ViewSpec& view, const ViewState& state,
                        ViewResult& vr);

}  // namespace poslab::ui
