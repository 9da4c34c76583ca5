#include "ui/figure/log_scale.h"

#include <QColor>
#include <algorithm>
#include <cmath>

namespace poslab::ui {

std::pair<double, double> logColorRange(double minPositive, double maxPositive) {
    const bool any = minPositive > 0 && std::isfinite(minPositive) && maxPositive > 0 &&
                     std::isfinite(maxPositive);
    if (!any) return {kLogColorFloor, 10 * kLogColorFloor};
    const double floorExp = std::round(std::log10(kLogColorFloor));
    // A hair of tolerance, so that 1e-3 computed as 0.0010000000000000002 stays in its decade.
    const double lo = std::max(floorExp, std::floor(std::log10(minPositive) + 1e-12));
    const double hi = std::max(lo + 1, std::ceil(std::log10(maxPositive) - 1e-12));
    return {std::pow(10.0, lo), std::pow(10.0, hi)};
}

double logColorPosition(double v, double lo, double hi) {
    if (!(v > 0) || !std::isfinite(v)) return -1;
    const double a = std::log10(lo), b = std::log10(hi);
    if (!(b > a)) return 0;
    return std::clamp((std::log10(v) - a) / (b - a), 0.0, 1.0);
}

QRgb logColorOf(const Colormap& cmap, double v, double lo, double hi) {
    if (v == 0) return zeroColor();
    return cmap.at(std::max(0.0, logColorPosition(v, lo, hi)));
}

QRgb zeroColor(bool dark) {
    return dark ? qRgb(0x9d, 0xa1, 0xa6) : qRgb(255, 255, 255);
}

QVector<int> logTickExponents(double lo, double hi, int count) {
    QVector<int> out;
    if (!(lo > 0) || !(hi > lo)) return out;
    const auto a = static_cast<int>(std::ceil(std::log10(lo) - 1e-9));
    const auto b = static_cast<int>(std::floor(std::log10(hi) + 1e-9));
    if (b < a) return out;
    int step = 1;
    for (int k : {1, 2, 3, 5, 10, 20, 50, 100})
        if ((b - a) / k + 1 <= std::max(2, count)) {
            step = k;
            break;
        }
    // Multiples of the step, so that 10⁰ is labelled whenever it is in range.
    for (int e = a; e <= b; ++e)
        if (e % step == 0) out << e;
    if (out.isEmpty()) out << a;
    return out;
}

}  // namespace poslab::ui
