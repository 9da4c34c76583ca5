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

QVector<qint64> indexTicks(qint64 first, qint64 last, int target) {
    QVector<qint64> out;
    if (last < first) return out;
    const double stepD = std::max(1.0, niceStep(static_cast<double>(last - first + 1), target));
    const auto step = static_cast<qint64>(std::llround(stepD));
    qint64 v = ((first + step - 1) / step) * step;
    for (; v <= last && out.size() < 50; v += step) out << v;
    return out;
}

QString tickLabel(double v, double step) {
    const double a = std::abs(v);
    if (a != 0 && (a >= 1e5 || a < 1e-3)) return QString::number(v, 'g', 3);
    int decimals = 0;
    if (step > 0 && step < 1) decimals = static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    return QString::number(v, 'f', std::clamp(decimals, 0, 6));
}

}  // namespace poslab::ui
