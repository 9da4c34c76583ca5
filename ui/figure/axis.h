// One axis helper for the explorer's line chart and the figure's: the range of the points a chart
// can show, and round axis ranges with their ticks, so that both draw the same axes.
#pragma once

#include <QString>
#include <QVector>

#include "ui/compute/compute_types.h"

namespace poslab::ui {

// A log axis spanning at most this many decades gets minor ticks at 2..9 × 10ⁿ.
inline constexpr int kMinorTickDecades = 6;

struct AxisRange {
    bool log = false;
    double lo = 0, hi = 1;
    double step = 1;        // linear: the distance between ticks
    QVector<double> ticks;  // labelled
    // Log: short unlabelled ticks. The decades between labelled ones, and 2..9 × 10ⁿ where the
    // axis spans at most kMinorTickDecades decades (matplotlib's LogLocator subs). Linear: none.
    QVector<double> minorTicks;
    // v on this axis mapped linearly (or by its logarithm) from [lo, hi] onto [a, b].
    double map(double v, double a, double b) const;
    // v written in the one format of this axis's labels (number_format.h).
    QString label(double v) const;
};

// A round axis covering [lo, hi]. Linear: the ends snap to multiples of a 1-2-5 step chosen for
// about `target` ticks, or fewer when more than `maxLabels` labels would be needed (then, if
// even one step does not fit, the data range itself with a step at least as long). Log: whole
// decades (the range changes only when the data cross a power of ten), a tick every decade or
// every few: every decade wherever that stays within `maxLabels` and about two labels per
// `target` (the multiples of k otherwise, so that 10⁰ is labelled whenever it is in range). An
// empty or reversed range is widened first.
AxisRange niceAxis(double lo, double hi, bool log, int maxLabels, int target = 6);

// Narrows an axis to exactly [lo, hi] (the data, or a fitted window), keeping the ticks inside
// it; a log axis only where at least two labelled decades stay (else it keeps whole decades).
void fitAxisTo(AxisRange& axis, double lo, double hi);

// A linear axis whose round end lies more than half a step past the data (data −53…128 on
// −100…150): that end is pulled in to the data plus 5 % of its span (matplotlib's margin), with
// the ticks outside dropped; at least two ticks stay, else the axis is left as it is.
void trimAxisEnds(AxisRange& axis, double lo, double hi);

struct DataRange {
    double xlo, xhi, ylo, yhi;
    bool empty() const { return !(xlo <= xhi); }
};

// The range of the points a chart can show: finite, and positive on a log axis; when there are
// any, widened to include the markers.
DataRange lineDataRange(const LinesData& data);

}  // namespace poslab::ui
