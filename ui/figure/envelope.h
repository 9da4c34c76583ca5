// The one way a curve with more points than pixel columns is drawn, on screen and in figures:
// per pixel column the exact min and max of every point in it (an envelope, like an
// oscilloscope), never a decimated polyline.
#pragma once

#include "ui/compute/compute_types.h"

namespace poslab::ui {

// The curve as it is drawn `columns` pixels wide over x in [xlo, xhi] (log: log-spaced columns):
// a line of at most `columns` points is returned as it is; a longer line becomes a band (one
// entry per non-empty column, its x range and exact min and max); a band with more entries than
// columns is joined column by column (each entry the union of whole entries: still exact).
// Points that the axes cannot show (non-finite, <= 0 on a log axis) are left out.
CurveData envelopeForColumns(const CurveData& curve, int columns, double xlo, double xhi, bool logX,
                             bool logY);

// The entry of a band holding x (the nearest when none does), or -1 for an empty band.
qsizetype bandIndexAt(const CurveData& band, double x);

}  // namespace poslab::ui
