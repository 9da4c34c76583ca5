#include "core/encodings/mrope_math.h"

#include <cmath>
#include <limits>

#include "core/encodings/common.h"
#include "core/encodings/rotary_scores.h"

namespace poslab::core::enc {

std::vector<double> mropeFrequencies(std::int64_t d, double base) {
    std::vector<double> theta(static_cast<std::size_t>(d / 2));
    for (std::int64_t j = 0; j < d / 2; ++j) theta[static_cast<std::size_t>(j)] = omega(j, d, base);
    return theta;
}

std::array<std::array<double, 2>, 3> mropeAxisFrequencyRange(const std::vector<double>& theta,
                                                             const std::vector<int>& axis) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::array<std::array<double, 2>, 3> out{{{nan, nan}, {nan, nan}, {nan, nan}}};
    for (std::size_t j = 0; j < theta.size(); ++j) {
        auto& r = out[static_cast<std::size_t>(axis[j])];
        if (std::isnan(r[0]) || theta[j] > r[0]) r[0] = theta[j];
        if (std::isnan(r[1]) || theta[j] < r[1]) r[1] = theta[j];
    }
    return out;
}

RowMatrix mropeAngles(const MropePositions& p, const std::vector<double>& theta,
                      const std::vector<int>& axis) {
    const auto half = static_cast<Eigen::Index>(theta.size());
    RowMatrix phi(p.n, half);
    for (Eigen::Index i = 0; i < p.n; ++i)
        for (Eigen::Index j = 0; j < half; ++j) {
            const auto a = static_cast<std::size_t>(axis[static_cast<std::size_t>(j)]);
            phi(i, j) = static_cast<double>(p.ids[a][static_cast<std::size_t>(i)]) *
                        theta[static_cast<std::size_t>(j)];
        }
    return phi;
}

RowMatrix mropeRotated(const RowMatrix& angles, const RowMatrix* input) {
    const Eigen::Index n = angles.rows(), half = angles.cols();
    RowMatrix out(n, 2 * half);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < half; ++j) {
            const double a = input ? (*input)(i, j) : 1.0, b = input ? (*input)(i, j + half) : 1.0;
            const double c = std::cos(angles(i, j)), s = std::sin(angles(i, j));
            out(i, j) = a * c - b * s;
            out(i, j + half) = a * s + b * c;
        }
    return out;
}

RowMatrix mropeScores(const RowMatrix& angles, const std::vector<double>& q,
                      const std::vector<double>& k, const std::vector<int>& axis, int onlyAxis) {
    std::vector<bool> keep(axis.size());
    for (std::size_t j = 0; j < axis.size(); ++j) keep[j] = onlyAxis < 0 || axis[j] == onlyAxis;
    const auto c = pairCoefficients(q, k, 2 * angles.cols(), true, keep);
    RowMatrix out(angles.rows(), angles.rows());
    (void)rotaryScores(angles, c, out.data());
    return out;
}

}  // namespace poslab::core::enc
