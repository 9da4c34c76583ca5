// Inside computeRequest: what one view's preparer is given, and the preparers of each kind of
// view. A preparer turns the fetched arrays into what the widgets draw (cell images, curve
// points, rotation arrows, a value text) and may fetch more (sweep points, references, markers).
// All of it runs on the worker thread, so texts are chosen in the request's language.
#pragma once

#include <QString>
#include <QVector>
#include <cstddef>

#include "ui/compute/compute_types.h"
#include "ui/compute/series_fetch.h"
#include "ui/shell/language.h"

namespace poslab::ui {

struct PrepareContext {
    const ComputeRequest& request;
    SeriesFetcher& fetcher;
    Lang lang;  // the request's snapshot, never the GUI thread's current language
};

// One view with its series and their arrays (all present when a preparer is called; a sweep's
// entry is empty: its points are fetched by the preparer).
struct ViewInput {
    const ViewSpec& view;
    const ViewState& state;
    QVector<SeriesSpec> series;
    QVector<Fetch> fetched;
};

// Pixel columns of a curve's envelope when the view's state gives no plot width (figures).
inline constexpr int kFigureColumns = 1600;

// A heatmap view: one panel per series (plus an A − B panel), or small multiples.
void prepareHeatmaps(PrepareContext& ctx, const ViewInput& in, ViewResult& out);
// A lines view: curves of 1-D arrays, of rows or columns of tables, and sweeps of an error.
void prepareLines(PrepareContext& ctx, const ViewInput& in, ViewResult& out);
// The rotation view: a few pairs of two (d/2, 2) arrays as arrows.
void prepareRotation(PrepareContext& ctx, const ViewInput& in, ViewResult& out);
// A value view: the first numbers, or a check of the first rows against a reference table.
void prepareValue(PrepareContext& ctx, const ViewInput& in, ViewResult& out);

// The colour map of a heatmap of quantity `q` (null: unknown) in `view` (null: none): the user's
// choice, else the view's "colormap", else the quantity's declaration (signed -> diverging,
// integer indices -> ordinal, else sequential). Never from the values.
ColormapKind colormapFor(const ViewSpec* view, const core::QuantitySpec* q, ColormapChoice user);
// h.lo, h.hi (and h.constant, h.annotation) for data in [lo, hi] on h.colormap: symmetric about
// 0 when diverging; from 0 for one-signed data that come near it; a constant "≡ c".
void setColourRange(HeatmapData& h, const core::QuantitySpec* q, double lo, double hi);

// The translated name of axis `dim` of a rank-`rank` quantity ("" when it has none).
QString axisName(const core::QuantitySpec* q, std::size_t dim, std::size_t rank, Lang lang);

}  // namespace poslab::ui
