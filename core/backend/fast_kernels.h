// Kernels the CPU fast paths of several encodings share (see core/backend/fast_path.h): the
// Toeplitz fill for quantities that depend only on k - m, a row softmax in T, and when a loop is
// worth a parallel region.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <Eigen/Core>

namespace poslab::core::fast {

// Below this many elements one core finishes in well under a millisecond, less than what a
// parallel region can cost when the other core is busy (a descheduled OpenMP thread).
constexpr std::int64_t kParallelElements = std::int64_t{1} << 18;

template <class T>
using RowMat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Toeplitz shortcut for quantities that depend only on k - m: `planes` stacked (n, n) matrices,
// plane p row m = v[p (2n-1) + n-1-m ..][0 .. n), one memcpy per row (v holds value(k - m) at
// index k - m + n - 1 of its plane).
template <class T>
void toeplitzFill(const std::vector<T>& v, std::int64_t planes, std::int64_t n,
                  std::vector<T>& out) {
    out.resize(static_cast<std::size_t>(planes * n * n));
    T* dst = out.data();
    const std::int64_t rowsTotal = planes * n;
#pragma omp parallel for schedule(static) if (rowsTotal * n >= kParallelElements)
    for (std::int64_t pr = 0; pr < rowsTotal; ++pr) {
        const std::int64_t p = pr / n, m = pr % n;
        std::memcpy(dst + pr * n, v.data() + p * (2 * n - 1) + (n - 1 - m),
                    static_cast<std::size_t>(n) * sizeof(T));
    }
}

// Row softmax in place, both cores; the same formula as the reference (attention::softmaxRows).
template <class T>
void softmaxRows(Eigen::Map<RowMat<T>> m) {
#pragma omp parallel for schedule(static) if (m.size() >= kParallelElements)
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        auto row = m.row(i);
        const T mx = row.maxCoeff();
        if (!std::isfinite(mx)) {
            row.setZero();
            continue;
        }
        row = (row.array() - mx).exp();
        row /= row.sum();
    }
}

}  // namespace poslab::core::fast
