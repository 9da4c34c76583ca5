// models.md M2 written again, independently of core/models, in plain loops: the expectations of
// tst_models and tst_model_layers. Written from the spec's formulas, not from the code's.
#pragma once

#include <QString>
#include <QVector>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/models/model_config.h"

namespace poslab::test::ref {

using Vec = QVector<double>;
using Classes = QVector<int>;

constexpr double kTwoPi = 6.283185307179586476925286766559;

// b^(-2j/denominator) for j < pairs (exp/log form, unlike the code's pow).
inline Vec plain(double b, double denominator, int pairs) {
    Vec out;
    for (int j = 0; j < pairs; ++j) out.append(std::exp(-(2.0 * j / denominator) * std::log(b)));
    return out;
}

inline double getMscale(double s, double m = 1) {
    if (s <= 1) return 1.0;
    return 0.1 * m * std::log(s) + 1.0;
}

struct Result {
    Vec inv;
    Classes cls;  // empty: not checked
};

inline Result yarn(double b, int d, double f, double L, double betaFast, double betaSlow,
                   bool truncate) {
    const Vec base = plain(b, d, d / 2);
    const double low0 = d * std::log(L / (kTwoPi * betaFast)) / (2 * std::log(b));
    const double high0 = d * std::log(L / (kTwoPi * betaSlow)) / (2 * std::log(b));
    double low = truncate ? std::floor(low0) : low0;
    double high = truncate ? std::ceil(high0) : high0;
    if (low < 0) low = 0;
    if (high > d - 1) high = d - 1;
    if (low == high) high = high + 0.001;
    Result r;
    for (int j = 0; j < d / 2; ++j) {
        double ramp = (j - low) / (high - low);
        if (ramp < 0) ramp = 0;
        if (ramp > 1) ramp = 1;
        r.inv.append(base[j] / f * ramp + base[j] * (1 - ramp));
        r.cls.append(ramp == 0 ? 0 : (ramp == 1 ? 2 : 1));
    }
    return r;
}

inline Result llama3(double b, int d, double f, double lowFreq, double highFreq, double L) {
    const Vec base = plain(b, d, d / 2);
    Result r;
    for (int j = 0; j < d / 2; ++j) {
        const double wavelength = kTwoPi / base[j];
        if (highFreq == lowFreq) {
            if (wavelength <= L / highFreq) {
                r.inv.append(base[j]);
                r.cls.append(0);
            } else {
                r.inv.append(base[j] / f);
                r.cls.append(2);
            }
        } else if (wavelength < L / highFreq) {
            r.inv.append(base[j]);
            r.cls.append(0);
        } else if (wavelength > L / lowFreq) {
            r.inv.append(base[j] / f);
            r.cls.append(2);
        } else {
            const double s = (L / wavelength - lowFreq) / (highFreq - lowFreq);
            r.inv.append((1 - s) * base[j] / f + s * base[j]);
            r.cls.append(1);
        }
    }
    return r;
}

inline Vec longrope(double b, int d, const Vec& factors) {
    Vec out;
    for (int j = 0; j < d / 2; ++j)
        out.append(1.0 / (factors[j] * std::exp((2.0 * j / d) * std::log(b))));
    return out;
}

inline Vec dynamic(double b, int d, double f, double M, double s) {
    const double S = s > M ? s : M;
    const double scaled = b * std::pow(f * S / M - (f - 1), double(d) / (d - 2));
    return plain(scaled, d, d / 2);
}

inline Vec proportional(double b, int headDim, double p, double f) {
    const int rotating = static_cast<int>(std::floor(p * headDim / 2));
    Vec out;
    for (int j = 0; j < headDim / 2; ++j)
        out.append(j < rotating ? std::exp(-(2.0 * j / headDim) * std::log(b)) / f : 0.0);
    return out;
}

inline Vec divided(Vec v, double f) {
    for (double& x : v) x /= f;
    return v;
}

// The largest relative difference (exact equality required where the expectation is 0).
inline double maxRelDiff(const std::vector<double>& got, const Vec& want) {
    if (got.size() != static_cast<std::size_t>(want.size()))
        return std::numeric_limits<double>::infinity();
    double m = 0;
    for (int j = 0; j < want.size(); ++j) {
        const double g = got[static_cast<std::size_t>(j)], w = want[j];
        const double e = w == 0 ? (g == 0 ? 0 : std::numeric_limits<double>::infinity())
                                : std::abs(g - w) / std::abs(w);
        m = std::max(m, e);
    }
    return m;
}

}  // namespace poslab::test::ref
