#include "ui/figure/envelope.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace poslab::ui {

namespace {

bool drawable(double x, double y, bool logX, bool logY) {
    return std::isfinite(x) && std::isfinite(y) && !(logX && x <= 0) && !(logY && y <= 0);
}

}  // namespace

CurveData envelopeForColumns(const CurveData& c, int columns, double xlo, double xhi, bool logX,
                             bool logY) {
    const qsizetype entries = c.isBand() ? c.bandX0.size() : c.points.size();
    if (columns < 1 || entries <= columns || !(xhi > xlo) || (logX && xlo <= 0)) return c;
    const double a = logX ? std::log(xlo) : xlo, b = logX ? std::log(xhi) : xhi;
    auto column = [&](double x) {
        const double t = ((logX ? std::log(std::max(x, 1e-300)) : x) - a) / (b - a);
        return std::min<qint64>(columns - 1,
                                static_cast<qint64>(std::floor(std::clamp(t, 0.0, 1.0) * columns)));
    };
    CurveData out;
    out.name = c.name;
    out.dashed = c.dashed;
    out.color = c.color;
    qint64 last = std::numeric_limits<qint64>::min();
    auto put = [&](double x0, double x1, double lo, double hi) {
        const qint64 col = column(0.5 * (x0 + x1));
        if (col == last && !out.bandX0.isEmpty()) {
            out.bandX0.back() = std::min(out.bandX0.back(), x0);
            out.bandX1.back() = std::max(out.bandX1.back(), x1);
            out.bandLo.back() = std::min(out.bandLo.back(), lo);
            out.bandHi.back() = std::max(out.bandHi.back(), hi);
            return;
        }
        last = col;
        out.bandX0 << x0;
        out.bandX1 << x1;
        out.bandLo << lo;
        out.bandHi << hi;
    };
    if (c.isBand()) {
        for (qsizetype i = 0; i < entries; ++i)
            if (drawable(c.bandX0[i], c.bandLo[i], logX, logY) &&
                drawable(c.bandX1[i], c.bandHi[i], logX, logY))
                put(c.bandX0[i], c.bandX1[i], c.bandLo[i], c.bandHi[i]);
    } else {
        for (const QPointF& p : c.points)
            if (drawable(p.x(), p.y(), logX, logY)) put(p.x(), p.x(), p.y(), p.y());
    }
    return out;
}

qsizetype bandIndexAt(const CurveData& c, double x) {
    const qsizetype n = c.bandX0.size();
    if (n == 0) return -1;
    // Entries are in ascending x: the first whose end is at or past x.
    const auto it = std::lower_bound(c.bandX1.begin(), c.bandX1.end(), x);
    qsizetype i = std::min<qsizetype>(n - 1, it - c.bandX1.begin());
    if (i > 0 && x < c.bandX0[i] && (c.bandX0[i] - x) > (x - c.bandX1[i - 1])) --i;
    return i;
}

}  // namespace poslab::ui
