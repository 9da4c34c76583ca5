// The precision views at level of detail (issue 12 item 4, spec long_context.md L2): the generic
// rope/angle_error and rope/cos_error, and the curated rope/precision (bfloat16 everywhere, as
// transformers before PR #29285, beside hf_bf16 after it, on one log colour scale). Whatever n
// (10,485,760, offsets past 2^24), a request computes the visible window's bands only: per image
// row the exact mean, min and max of the error over every position of its band
// (core/encodings/rope_precision_bands.h), arrays bounded by the plot's pixels, cached and
// cancellable like a quantity. Under the view: each panel's collisions and distinct values over
// the window's positions.
#pragma once

#include "ui/compute/prepare_view.h"

namespace poslab::ui {

// A rope heatmap whose series all draw angle_error or cos_error of rope itself, overriding no
// parameter but `precision`.
bool isPrecisionView(const ViewSpec& view);

// Prepares such a view (rope_lod.cpp dispatches here for RopeLodKind::Precision).
void preparePrecisionLod(PrepareContext& ctx, const ViewSpec& view, const ViewState& state,
                         ViewResult& out);

}  // namespace poslab::ui
