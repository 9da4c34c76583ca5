#include "ui/compute/rope_swing.h"

#include <QString>
#include <algorithm>
#include <cmath>

#include "core/numeric/angle.h"

namespace poslab::ui {

namespace {
constexpr double kPi = 3.141592653589793;
constexpr double kTwoPi = 6.283185307179586;
}  // namespace

double TurnValue::at(qint64 x, double t) const {
    const auto xd = static_cast<double>(x);
    if (kind == Angle) return xd * t;
    const double a = core::numeric::reducedAngle(xd, t);  // x·t reduced to [−π, π]
    if (kind == Mod) return a < 0 ? a + kTwoPi : a;
    return amp * std::cos(a + phase);
}

TurnValue turnValueOf(const QString& show) {
    if (show == QLatin1String("sin")) return {TurnValue::Cosine, 1.0, -0.5 * kPi};
    if (show == QLatin1String("mod")) return {TurnValue::Mod, 1.0, 0.0};
    if (show == QLatin1String("angle")) return {TurnValue::Angle, 1.0, 0.0};
    return {TurnValue::Cosine, 1.0, 0.0};
}

std::pair<double, double> turnRange(const TurnValue& v, qint64 x0, qint64 x1, double t,
                                    double stopAbove, double maxCritical) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (x1 < x0) return {nan, nan};
    double lo = std::min(v.at(x0, t), v.at(x1, t)), hi = std::max(v.at(x0, t), v.at(x1, t));
    // The angle rises with x (t >= 0); a pair that does not turn is constant.
    if (v.kind == TurnValue::Angle || !(t > 0) || x1 - x0 < 2) return {lo, hi};
    // The critical points: x·t + phase = kπ (the cosine's extrema) or x·t = 2kπ (the wraps).
    const double spacing = v.kind == TurnValue::Cosine ? kPi : kTwoPi;
    const double shift = v.kind == TurnValue::Cosine ? v.phase : 0.0;
    const double k0 = std::ceil((static_cast<double>(x0) * t + shift) / spacing);
    const double k1 = std::floor((static_cast<double>(x1) * t + shift) / spacing);
    if (k1 - k0 + 1 > maxCritical) return {nan, nan};
    for (double k = k0; k <= k1; ++k) {
        const double at = (k * spacing - shift) / t;
        // Its integer neighbours (one more each side: the rounding of `at` may miss by one).
        const auto f = static_cast<qint64>(std::floor(at));
        for (qint64 x = std::max(x0, f - 1); x <= std::min(x1, f + 2); ++x) {
            const double y = v.at(x, t);
            lo = std::min(lo, y);
            hi = std::max(hi, y);
        }
        if (hi - lo > stopAbove) break;
    }
    return {lo, hi};
}

}  // namespace poslab::ui
