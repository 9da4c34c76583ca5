// Comparisons of two arrays, as the GUI's comparison views show them: the largest elementwise
// distance (a sweep's error curve, a check against a reference table) and the A − B difference
// panel. Kept in core so the numbers the views print are core's, not the UI's own arithmetic.
#pragma once

#include "core/array.h"
#include "core/expected.h"

namespace poslab::core {

// max_k |a_k − b_k| over all elements (0 for empty arrays). Pairs whose difference is NaN (a NaN
// on either side, or the same infinity twice) are skipped: one undefined element does not hide
// the error of the others. A difference that is infinite gives +inf. Symmetric in a and b.
// Errc::InvalidParameter when the shapes differ.
Expected<double> maxAbsDifference(const Array& a, const Array& b);

// The same over the first rows of `a` against a smaller `reference` table: both 2-D with the
// same number of columns, `a` at least as many rows (a longer table that must start with the
// reference). Errc::InvalidParameter otherwise.
Expected<double> maxAbsDifferenceLeadingRows(const Array& a, const Array& reference);

// a − b elementwise, as doubles (integer arrays are converted). Errc::InvalidParameter when the
// shapes differ. NaN and infinities follow IEEE arithmetic.
Expected<Array> difference(const Array& a, const Array& b);

}  // namespace poslab::core
