#include "core/encodings/rope2d_core.h"

#include <cmath>
#include <numbers>
#include <string>

#include "core/random.h"

namespace poslab::core::enc {

Expected<std::vector<std::array<std::int64_t, 2>>> rope2dPositions(std::int64_t height,
                                                                   std::int64_t width,
                                                                   Rope2dVariant variant,
                                                                   std::int64_t merge) {
    if (height < 1 || width < 1)
        return fail("parameters 'height' and 'width' must be integers >= 1");
    std::vector<std::array<std::int64_t, 2>> out;
    out.reserve(static_cast<std::size_t>(height * width));
    if (variant != Rope2dVariant::QwenVision) {
        for (std::int64_t i = 0; i < height * width; ++i) out.push_back({i / width, i % width});
        return out;
    }
    if (merge < 1) return fail("parameter 'merge' must be an integer >= 1");
    if (height % merge != 0 || width % merge != 0)
        return fail(
            "qwen_vision needs height and width multiples of merge = " + std::to_string(merge) +
            " (height " + std::to_string(height) + ", width " + std::to_string(width) + ")");
    // Blocks of merge x merge patches in raster order, raster order inside each block.
    for (std::int64_t R = 0; R < height / merge; ++R)
        for (std::int64_t C = 0; C < width / merge; ++C)
            for (std::int64_t u = 0; u < merge; ++u)
                for (std::int64_t v = 0; v < merge; ++v)
                    out.push_back({R * merge + u, C * merge + v});
    return out;
}

std::vector<std::vector<std::array<double, 2>>> rope2dFrequencies(const Rope2dFrequencyOptions& o) {
    const std::int64_t quarter = o.d / 4;
    std::vector<double> mu(static_cast<std::size_t>(quarter));
    for (std::int64_t k = 0; k < quarter; ++k)
        mu[static_cast<std::size_t>(k)] =
            std::pow(o.base, -4.0 * static_cast<double>(k) / static_cast<double>(o.d));
    Rng rng(o.seed);
    std::vector<std::vector<std::array<double, 2>>> out;
    for (std::int64_t h = 0; h < o.heads; ++h) {
        std::vector<std::array<double, 2>> f(static_cast<std::size_t>(2 * quarter));
        const double alpha = o.variant != Rope2dVariant::Mixed ? 0
                             : o.init == Rope2dInit::Seeded
                                 ? 2 * std::numbers::pi * rng.uniform()
                                 : o.rotation + 2 * std::numbers::pi * static_cast<double>(h) /
                                                    static_cast<double>(o.heads);
        for (std::int64_t k = 0; k < quarter; ++k) {
            const double m = mu[static_cast<std::size_t>(k)];
            auto& first = f[static_cast<std::size_t>(k)];
            auto& second = f[static_cast<std::size_t>(quarter + k)];
            switch (o.variant) {
                case Rope2dVariant::Axial:  // columns first, then rows
                    first = {0, m};
                    second = {m, 0};
                    break;
                case Rope2dVariant::QwenVision:  // rows first, then columns
                    first = {m, 0};
                    second = {0, m};
                    break;
                case Rope2dVariant::Mixed: {  // (fr, fc) = mu (sin, cos) of alpha, alpha + pi/2
                    const double beta = alpha + std::numbers::pi / 2;
                    first = {m * std::sin(alpha), m * std::cos(alpha)};
                    second = {m * std::sin(beta), m * std::cos(beta)};
                    break;
                }
            }
        }
        out.push_back(std::move(f));
    }
    return out;
}

RowMatrix rope2dAngles(const std::vector<std::array<std::int64_t, 2>>& positions,
                       const std::vector<std::array<double, 2>>& frequencies) {
    const auto n = static_cast<Eigen::Index>(positions.size());
    const auto half = static_cast<Eigen::Index>(frequencies.size());
    RowMatrix phi(n, half);
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto& p = positions[static_cast<std::size_t>(i)];
        for (Eigen::Index j = 0; j < half; ++j) {
            const auto& f = frequencies[static_cast<std::size_t>(j)];
            phi(i, j) = static_cast<double>(p[0]) * f[0] + static_cast<double>(p[1]) * f[1];
        }
    }
    return phi;
}

std::vector<double> rope2dScoresRow(const RowMatrix& angles, const std::vector<double>& q,
                                    const std::vector<double>& k, bool half, Eigen::Index m) {
    const Eigen::Index n = angles.rows(), pairs = angles.cols();
    std::vector<double> A(static_cast<std::size_t>(pairs)), B(static_cast<std::size_t>(pairs));
    for (Eigen::Index j = 0; j < pairs; ++j) {
        const auto a = static_cast<std::size_t>(half ? j : 2 * j);
        const auto b = static_cast<std::size_t>(half ? j + pairs : 2 * j + 1);
        const double qa = q.empty() ? 1 : q[a], qb = q.empty() ? 1 : q[b];
        const double ka = k.empty() ? 1 : k[a], kb = k.empty() ? 1 : k[b];
        A[static_cast<std::size_t>(j)] = qa * ka + qb * kb;
        B[static_cast<std::size_t>(j)] = qb * ka - qa * kb;
    }
    std::vector<double> row(static_cast<std::size_t>(n));
    for (Eigen::Index key = 0; key < n; ++key) {
        double s = 0;
        for (Eigen::Index j = 0; j < pairs; ++j) {
            const double x = angles(key, j) - angles(m, j);
            s += A[static_cast<std::size_t>(j)] * std::cos(x) +
                 B[static_cast<std::size_t>(j)] * std::sin(x);
        }
        row[static_cast<std::size_t>(key)] = s;
    }
    return row;
}

Expected<RowMatrix> rope2dSimilarity(const std::vector<std::array<std::int64_t, 2>>& positions,
                                     const RowMatrix& angles, const std::vector<double>& q,
                                     const std::vector<double>& k, bool half, std::int64_t height,
                                     std::int64_t width, std::int64_t queryRow,
                                     std::int64_t queryCol) {
    if (queryRow < 0 || queryRow >= height)
        return fail("parameter 'query_row' = " + std::to_string(queryRow) + " must be in [0, " +
                    std::to_string(height) + ")");
    if (queryCol < 0 || queryCol >= width)
        return fail("parameter 'query_col' = " + std::to_string(queryCol) + " must be in [0, " +
                    std::to_string(width) + ")");
    Eigen::Index m = 0;
    while (m < static_cast<Eigen::Index>(positions.size()) &&
           positions[static_cast<std::size_t>(m)] !=
               std::array<std::int64_t, 2>{queryRow, queryCol})
        ++m;
    if (m == static_cast<Eigen::Index>(positions.size()))
        return fail("the query patch is not among the tokens");
    const std::vector<double> row = rope2dScoresRow(angles, q, k, half, m);
    RowMatrix out(height, width);
    for (std::size_t i = 0; i < positions.size(); ++i)
        out(positions[i][0], positions[i][1]) = row[i];
    return out;
}

}  // namespace poslab::core::enc
