#include "core/encodings/mrope_math.h"

#include <cmath>
#include <limits>

#include "core/encodings/common.h"

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
    const Eigen::Index n = angles.rows(), half = angles.cols();
    // Per pair j = channels (a, b) = (j, j + d/2): A_j = q_a k_a + q_b k_b, B_j = q_b k_a - q_a
    // k_b.
    Eigen::VectorXd A(half), B(half);
    for (Eigen::Index j = 0; j < half; ++j) {
        const auto a = static_cast<std::size_t>(j), b = static_cast<std::size_t>(j + half);
        const double qa = q.empty() ? 1 : q[a], qb = q.empty() ? 1 : q[b];
        const double ka = k.empty() ? 1 : k[a], kb = k.empty() ? 1 : k[b];
        const bool on = onlyAxis < 0 || axis[a] == onlyAxis;
        A(j) = on ? qa * ka + qb * kb : 0;
        B(j) = on ? qb * ka - qa * kb : 0;
    }
    // cos(pk - pm) = cos pk cos pm + sin pk sin pm, sin(pk - pm) = sin pk cos pm - cos pk sin pm:
    // S = Cm (A Ck)^T + Sm (A Sk)^T + Cm (B Sk)^T - Sm (B Ck)^T, four products.
    const RowMatrix C = angles.array().cos().matrix(), S = angles.array().sin().matrix();
    const RowMatrix keyCos = (C.array().rowwise() * A.transpose().array()).matrix() +
                             (S.array().rowwise() * B.transpose().array()).matrix();
    const RowMatrix keySin = (S.array().rowwise() * A.transpose().array()).matrix() -
                             (C.array().rowwise() * B.transpose().array()).matrix();
    RowMatrix out(n, n);
    out.noalias() = C * keyCos.transpose();
    out.noalias() += S * keySin.transpose();
    return out;
}

}  // namespace poslab::core::enc
