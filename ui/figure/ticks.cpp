#include "ui/figure/ticks.h"

#include <algorithm>
#include <cmath>

namespace poslab::ui {

namespace {
double niceStep(double span, int target) {
    if (!(span > 0) || target < 1) return 1;
    const double raw = span / target;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / mag;
    const double nice = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
    return nice * mag;
}
}  // namespace

QVector<double> niceTicks(double lo, double hi, int target) {
    QVector<double> out;
    if (!std::isfinite(lo) || !std::isfinite(hi) || hi <= lo) return out;
    const double step = niceStep(hi - lo, target);
    const double first = std::ceil(lo / step - 1e-9) * step;
    for (double v = first; v <= hi + step * 1e-9 && out.size() < 50; v += step)
        out << (std::abs(v) < step * 1e-9 ? 0.0 : v);
    return out;
}

QVector<double> ticksAtMost(double lo, double hi, int maxCount) {
    QVector<double> out;
    if (!std::isfinite(lo) || !std::isfinite(hi) || hi <= lo) return out;
    maxCount = std::max(2, maxCount);
    const double span = hi - lo;
    // From a step giving about 2 * maxCount ticks up through the 1-2-5 steps.
    double mag = std::pow(10.0, std::floor(std::log10(span / (2.0 * maxCount))));
    for (int i = 0; i < 60; ++i) {
        for (double m : {1.0, 2.0, 5.0}) {
            const double step = m * mag;
            const double first = std::ceil(lo / step - 1e-9) * step;
            const auto count = static_cast<int>(std::floor((hi - first) / step + 1e-9)) + 1;
            if (count > maxCount) continue;
            for (int k = 0; k < count; ++k) {
                const double v = first + k * step;
                out << (std::abs(v) < step * 1e-9 ? 0.0 : v);
            }
            return out;
        }
        mag *= 10;
    }
    return out;
}

QVector<qint64> indexTicks(qint64 first, qint64 last, int target) {
    QVector<qint64> out;
    if (last < first) return out;
    const double stepD = std::max(1.0, niceStep(static_cast<double>(last - first + 1), target));
    const auto step = static_cast<qint64>(std::llround(stepD));
    qint64 v = ((first + step - 1) / step) * step;
    for (; v <= last && out.size() < 50; v += step) out << v;
    return out;
}

QVector<qint64> indexTicksAtMost(qint64 first, qint64 last, int most) {
    QVector<qint64> ticks;
    for (int target = most; target >= 1; --target)
        if ((ticks = indexTicks(first, last, target)).size() <= most) break;
    return ticks;
}

}  // namespace poslab::ui
