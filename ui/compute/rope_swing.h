// The exact extremes of a turning pair over a range of integer positions (gui-review-2 #5a):
// a level-of-detail cell of the angles (or rotated-input) view shows the mean of cos(x·θ), sin,
// the angle mod 2π or the angle over many positions x; where those values swing across much of
// the colour range the mean hides it, and the figure marks the cell (ui/figure/swing_hatch.h).
// The extremes are found analytically, never by sampling: between two consecutive critical
// angles (the extrema of the cosine, the wraps of the angle mod 2π) the value is monotone in x,
// so over the integers of [x0, x1] it is extreme only at x0, x1 or next to a critical point.
#pragma once

#include <QtGlobal>
#include <limits>
#include <utility>

class QString;

namespace poslab::ui {

// A value of position x for a pair of frequency t: amp · cos(x·t + phase) (cos: phase 0, sin:
// phase −π/2, the rotated all-ones input af·(cos ∓ sin): amp af·√2, phase ±π/4), the angle x·t
// mod 2π in [0, 2π), or the angle x·t itself.
struct TurnValue {
    enum Kind { Cosine, Mod, Angle };
    Kind kind = Cosine;
    double amp = 1, phase = 0;
    double at(qint64 x, double t) const;
};

// The TurnValue the angles view draws for its "show" ("cos", "sin", "mod", "angle").
TurnValue turnValueOf(const QString& show);

// The exact min and max of v over the integers x in [x0, x1] (x0 <= x1) for frequency t >= 0.
// With `stopAbove`, it returns as soon as max − min exceeds it (the extremes found so far: a
// range at least that wide). More than `maxCritical` critical points in the range: (NaN, NaN)
// (not computed; the caller says so).
std::pair<double, double> turnRange(const TurnValue& v, qint64 x0, qint64 x1, double t,
                                    double stopAbove = std::numeric_limits<double>::infinity(),
                                    double maxCritical = 4e6);

}  // namespace poslab::ui
