// A logarithmic colour scale for heatmaps (HeatmapData::logColor, issue 12): values from lo to hi
// (powers of ten) map linearly in log10 onto the colour map, so every decade gets the same share
// of colours; positive values below lo take the lowest colour (rounding noise under the floor is
// not exaggerated); an exact zero takes zeroColor(), which no colour map holds and the colour
// bar's legend names; a value that is not finite stays transparent (the painter's "missing").
#pragma once

#include <QRgb>
#include <QString>
#include <QVector>
#include <utility>

#include "ui/figure/colormap.h"

namespace poslab::ui {

// Positive values below this are drawn at the bottom of any log colour scale.
inline constexpr double kLogColorFloor = 1e-17;

// The whole decades covering [minPositive, maxPositive] (each end a power of ten, lo at least
// kLogColorFloor, hi at least ten times lo). No positive value (both <= 0 or not finite): the
// floor's decade [1e-17, 1e-16].
std::pair<double, double> logColorRange(double minPositive, double maxPositive);

// Where v lies on the scale [lo, hi]: 0..1 (clamped); -1 for v <= 0 or not finite.
double logColorPosition(double v, double lo, double hi);

// The colour of v on the scale (see above; v must be finite).
QRgb logColorOf(const Colormap& cmap, double v, double lo, double hi);

// The colour of an exact zero, which none of the colour maps uses: white, and in the dark theme a
// light neutral grey (white cells would glare on the dark page). Cell images are made with the
// light one; Colormap::themed swaps it.
QRgb zeroColor(bool dark = false);

// The exponents to label on [lo, hi]: every decade, or the multiples of k (k = 2, 3, 5, 10, ...,
// so that 10⁰ is among them when in range) when every decade would be more than about `count`.
QVector<int> logTickExponents(double lo, double hi, int count);

}  // namespace poslab::ui
