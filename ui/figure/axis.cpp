#include "ui/figure/axis.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/figure/number_format.h"
#include "ui/figure/ticks.h"

namespace poslab::ui {

double AxisRange::map(double v, double a, double b) const {
    const double t = log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo))
                         : (v - lo) / (hi - lo);
    return a + t * (b - a);
}

QString AxisRange::label(double v) const {
    return AxisNumberFormat(ticks, step, log).text(v);
}

namespace {

AxisRange logAxis(double lo, double hi, int maxLabels, int target) {
    AxisRange a;
    a.log = true;
    if (!(lo > 0)) lo = hi > 0 ? hi / 10 : 0.1;
    if (!(hi > lo)) hi = lo * 10;
    const int e0 = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
    const int e1 = std::max(e0 + 1, static_cast<int>(std::ceil(std::log10(hi) - 1e-9)));
    a.lo = std::pow(10.0, e0);
    a.hi = std::pow(10.0, e1);
    // Every decade where the labels fit; else the multiples of k (so that 10⁰ is one of them);
    // the two ends when fewer than two multiples fall inside.
    const int most = std::max(2, std::min(maxLabels, 2 * std::max(2, target)));
    auto multiples = [&](int k) {
        QVector<double> out;
        for (int e = e0; e <= e1; ++e)
            if (e % k == 0) out << std::pow(10.0, e);
        return out;
    };
    for (int k : {1, 2, 3, 5, 10, 20, 50, 100, 200, 500}) {
        a.ticks = multiples(k);
        if (a.ticks.size() <= most) break;
    }
    if (a.ticks.size() < 2 || a.ticks.size() > most) a.ticks = {a.lo, a.hi};
    for (int e = e0; e <= e1; ++e) {
        const double decade = std::pow(10.0, e);
        if (!a.ticks.contains(decade)) a.minorTicks << decade;
        if (e < e1 && e1 - e0 <= kMinorTickDecades)
            for (int m = 2; m <= 9; ++m) a.minorTicks << m * decade;
    }
    return a;
}

// The multiples of `step` from `first` to `last` (0 printed as 0, not as -2.8e-17).
QVector<double> stepTicks(double first, double last, double step) {
    QVector<double> out;
    for (double v = first; v <= last + step * 1e-9 && out.size() < 200; v += step)
        out << (std::abs(v) < step * 1e-9 ? 0.0 : v);
    return out;
}

}  // namespace

AxisRange niceAxis(double lo, double hi, bool log, int maxLabels, int target) {
    if (log) return logAxis(lo, hi, maxLabels, target);
    AxisRange a;
    if (!(hi > lo)) {
        lo -= 0.5;
        hi += 0.5;
    }
    for (int t = std::max(1, target); t >= 1; --t) {
        const auto ticks = niceTicks(lo, hi, t);
        const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : hi - lo;
        const double first = std::floor(lo / step + 1e-9) * step;
        const double last = std::ceil(hi / step - 1e-9) * step;
        if (std::lround((last - first) / step) + 1 <= maxLabels) {
            a.lo = first;
            a.hi = last;
            a.step = step;
            a.ticks = stepTicks(first, last, step);
            return a;
        }
    }
    // Too small for round end points: the data range; a step as long as the range puts at most
    // two ticks in it.
    const auto ticks = niceTicks(lo, hi, 1);
    a.lo = lo;
    a.hi = hi;
    a.step = ticks.size() > 1 ? ticks[1] - ticks[0] : std::max(hi - lo, 1e-300);
    a.ticks = stepTicks(std::ceil(lo / a.step - 1e-9) * a.step, hi, a.step);
    return a;
}

void fitAxisTo(AxisRange& a, double lo, double hi) {
    if (!(hi > lo) || (a.log && !(lo > 0))) return;
    auto within = [&](double t) {
        return a.log ? t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9)
                     : t >= lo - 1e-9 * a.step && t <= hi + 1e-9 * a.step;
    };
    QVector<double> inside, minorInside;
    for (double t : a.ticks)
        if (within(t)) inside << t;
    // A log axis keeps its whole decades when the data span fewer than two labelled ones.
    if (a.log && inside.size() < 2) return;
    for (double t : a.minorTicks)
        if (within(t)) minorInside << t;
    a.lo = lo;
    a.hi = hi;
    a.ticks = inside;
    a.minorTicks = minorInside;
}

void trimAxisEnds(AxisRange& a, double lo, double hi) {
    if (a.log || !(hi > lo) || !(a.step > 0)) return;
    const double margin = 0.05 * (hi - lo);
    AxisRange t = a;
    if (lo - a.lo > 0.5 * a.step) t.lo = std::max(a.lo, lo - margin);
    if (a.hi - hi > 0.5 * a.step) t.hi = std::min(a.hi, hi + margin);
    t.ticks.clear();
    for (double v : a.ticks)
        if (v >= t.lo - 1e-9 * a.step && v <= t.hi + 1e-9 * a.step) t.ticks << v;
    if (t.ticks.size() >= 2) a = t;
}

DataRange lineDataRange(const LinesData& d) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    DataRange r{inf, -inf, inf, -inf};
    auto add = [&](double x, double y) {
        if (!std::isfinite(x) || !std::isfinite(y)) return;
        if ((d.logX && x <= 0) || (d.logY && y <= 0)) return;
        r.xlo = std::min(r.xlo, x);
        r.xhi = std::max(r.xhi, x);
        r.ylo = std::min(r.ylo, y);
        r.yhi = std::max(r.yhi, y);
    };
    for (const auto& c : d.curves) {
        for (const auto& pt : c.points) add(pt.x(), pt.y());
        for (qsizetype i = 0; i < c.rangeLo.size() && i < c.points.size(); ++i) {
            add(c.points[i].x(), c.rangeLo[i]);
            add(c.points[i].x(), c.rangeHi[i]);
        }
        for (qsizetype i = 0; i < c.bandX0.size(); ++i) {
            add(c.bandX0[i], c.bandLo[i]);
            add(c.bandX1[i], c.bandHi[i]);
        }
    }
    if (r.empty()) return r;
    if (d.xShade && (!d.logX || d.xShade->first > 0))
        r.xlo = std::min(r.xlo, d.xShade->first), r.xhi = std::max(r.xhi, d.xShade->second);
    // The x range fits the data (or the view's window); a vertical marker outside it is drawn
    // as an off-scale arrow with its value, never by stretching the axis to it.
    if (d.xFrom && d.xTo && *d.xTo > *d.xFrom && (!d.logX || *d.xFrom > 0)) {
        r.xlo = *d.xFrom;
        r.xhi = *d.xTo;
    }
    if (d.hmarker) r.ylo = std::min(r.ylo, *d.hmarker), r.yhi = std::max(r.yhi, *d.hmarker);
    if (d.yFrom && d.yTo && *d.yTo >= *d.yFrom && (!d.logY || *d.yFrom > 0))
        r.ylo = std::min(r.ylo, *d.yFrom), r.yhi = std::max(r.yhi, *d.yTo);
    return r;
}

}  // namespace poslab::ui
