#include "core/encodings/rotary_scores.h"

#include <algorithm>
#include <cmath>

namespace poslab::core::enc {

PairCoefficients pairCoefficients(const std::vector<double>& q, const std::vector<double>& k,
                                  std::int64_t d, bool half, const std::vector<bool>& keep) {
    PairCoefficients c;
    const std::int64_t pairs = d / 2;
    c.A.resize(static_cast<std::size_t>(pairs));
    c.B.resize(static_cast<std::size_t>(pairs));
    for (std::int64_t j = 0; j < pairs; ++j) {
        const auto a = static_cast<std::size_t>(half ? j : 2 * j);
        const auto b = static_cast<std::size_t>(half ? j + pairs : 2 * j + 1);
        const double qa = q.empty() ? 1 : q[a], qb = q.empty() ? 1 : q[b];
        const double ka = k.empty() ? 1 : k[a], kb = k.empty() ? 1 : k[b];
        const bool on = keep.empty() || keep[static_cast<std::size_t>(j)];
        c.A[static_cast<std::size_t>(j)] = on ? qa * ka + qb * kb : 0;
        c.B[static_cast<std::size_t>(j)] = on ? qb * ka - qa * kb : 0;
    }
    return c;
}

Status rotaryScores(const RowMatrix& angles, const PairCoefficients& c, double* out,
                    const ComputeContext& ctx) {
    const Eigen::Index n = angles.rows(), pairs = angles.cols();
    const Eigen::Map<const Eigen::RowVectorXd> A(c.A.data(), pairs), B(c.B.data(), pairs);
    // cos(pk - pm) = cos pk cos pm + sin pk sin pm, sin(pk - pm) = sin pk cos pm - cos pk sin pm:
    // S = Cm (A Ck + B Sk)^T + Sm (A Sk - B Ck)^T.
    const RowMatrix C = angles.array().cos().matrix(), S = angles.array().sin().matrix();
    const RowMatrix keyCos =
        (C.array().rowwise() * A.array()).matrix() + (S.array().rowwise() * B.array()).matrix();
    const RowMatrix keySin =
        (S.array().rowwise() * A.array()).matrix() - (C.array().rowwise() * B.array()).matrix();
    Eigen::Map<RowMatrix> o(out, n, n);
    const Eigen::Index block =
        std::max<Eigen::Index>(16, (Eigen::Index(1) << 22) / std::max<Eigen::Index>(n, 1));
    for (Eigen::Index r = 0; r < n; r += block) {
        if (ctx.cancelledAt(static_cast<double>(r), static_cast<double>(n)))
            return fail(Errc::Cancelled, "cancelled");
        const Eigen::Index rows = std::min(block, n - r);
        o.middleRows(r, rows).noalias() = C.middleRows(r, rows) * keyCos.transpose();
        o.middleRows(r, rows).noalias() += S.middleRows(r, rows) * keySin.transpose();
    }
    ctx.report(1, 1);
    return {};
}

}  // namespace poslab::core::enc
