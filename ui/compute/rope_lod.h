// Level of detail for RoPE over long ranges (issue 12, spec long_context.md L1): the decay,
// angles, scores and rotated-input views at millions of positions draw only what the plot can
// show, exactly: the decay curve as the per-pixel-column envelope (core's decay_envelope) of the
// visible window; angles as band means (cos_mean, sin_mean, the angle's closed form, or angle
// mod 2π summed band by band); scores as the exact cell means of the Toeplitz matrix, in closed
// form from the Dirichlet kernel (never the n x n matrix); the rotated all-ones input from the
// cos and sin band means. The arrays asked for are bounded by the plot's pixels, so every view
// opens at 10,485,760 positions within the memory budget.
#pragma once

#include <QString>
#include <optional>
#include <vector>

#include "ui/compute/prepare_view.h"

namespace poslab::ui {

// Precision: angle_error / cos_error views, drawn by precision_lod.h.
enum class RopeLodKind { Decay, Angles, Scores, Rotated, Precision };

// The RoPE view kind a view is, for level of detail (nullopt: another view).
std::optional<RopeLodKind> ropeLodKind(const ViewSpec& view);

// Whether the view is drawn at level of detail for these page parameters and state (then its
// arrays are small and need no budget check of the full quantity).
bool ropeLodApplies(const ViewSpec& view, const ViewState& state, const core::ParamSet& params);

// What the angles view shows: "angle", "mod", "cos" or "sin" (the state's, else cos past 4096
// positions and the angle below).
QString angleShow(const ViewState& state, qint64 n);

// Prepares a view at level of detail; false when it does not apply (the ordinary preparers
// draw it).
bool prepareRopeLod(PrepareContext& ctx, const ViewSpec& view, const ViewState& state,
                    ViewResult& out);

// The exact cell means of the RoPE score matrix (q = k = ones) over rows of query positions
// [m0, m0 + mSpan) split into `rows` bands and key positions [k0, k0 + kSpan) into `cols`:
// mean over the cell of 2 a^2 sum_j cos((k - m) theta_j) + pass, from the Dirichlet kernel.
// `theta` the frequencies, `af2` the attention factor squared, `pass` the unrotated channels.
core::Array ropeScoreCellMeans(const std::vector<double>& theta, double af2, double pass, qint64 m0,
                               qint64 mSpan, qint64 rows, qint64 k0, qint64 kSpan, qint64 cols);

// Band means of (offset + p) theta_j mod 2π over the bands of positions [p0, p0 + span) split
// into `rows`, band by band with the angle re-anchored exactly at each band's start.
core::Array angleModMeans(const std::vector<double>& theta, qint64 offset, qint64 p0, qint64 span,
                          qint64 rows);

// Shared by the level-of-detail preparers.
namespace lod {

struct Window {
    qint64 start = 0, end = 0;  // inclusive
    qint64 width() const { return end - start + 1; }
};

// The window [start, end] (end -1: the last index) clamped to indices [0, total).
Window windowOf(qint64 start, qint64 end, qint64 total);
bool isWindowed(const Window& w, qint64 total);
qint64 integer(const core::ParamSet& p, const char* name, qint64 fallback = 0);
QString text(const core::ParamSet& p, const char* name);
// Rows (or columns) of a level-of-detail image: the plot's pixels, at most maxImageSide.
qint64 sideOf(const ViewState& st, const ComputeRequest& r);

// The heatmap views (angles, scores, rotated) at level of detail (rope_lod_heatmap.cpp).
bool prepareHeatmap(PrepareContext& ctx, RopeLodKind kind, const ViewSpec& view,
                    const ViewState& st, ViewResult& out);

}  // namespace lod

}  // namespace poslab::ui
