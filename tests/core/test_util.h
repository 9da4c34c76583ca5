// Helpers shared by the core test suites.
#pragma once

#include <QtTest>

#include "core/compute.h"

namespace poslab::test {

// Parameter values as the tests write them, and a copy of `v` with `more` appended (later values
// win in paramsFor).
using Values = std::vector<std::pair<std::string, core::ParamValue>>;
inline Values with(Values v, const Values& more) {
    v.insert(v.end(), more.begin(), more.end());
    return v;
}

// Computes a quantity and fails the test (QVERIFY-style) with the error message if it errors.
inline core::Array computeOk(std::string_view enc, std::string_view qty,
                             const std::vector<std::pair<std::string, core::ParamValue>>& values) {
    auto r = core::compute(enc, qty, core::paramsFor(enc, values));
    if (!r) {
        qWarning("compute %s/%s failed: %s", std::string(enc).c_str(), std::string(qty).c_str(),
                 r.error().message.c_str());
        return {};
    }
    return std::move(*r);
}

// The error message of a computation that must fail ("" if it unexpectedly succeeded).
inline std::string computeError(
    std::string_view enc, std::string_view qty,
    const std::vector<std::pair<std::string, core::ParamValue>>& values) {
    auto r = core::compute(enc, qty, core::paramsFor(enc, values));
    return r ? std::string() : r.error().message;
}

inline double maxAbsDiff(const core::Array& a, const core::Array& b) {
    if (a.shape != b.shape) return std::numeric_limits<double>::infinity();
    double m = 0;
    for (std::int64_t k = 0; k < a.size(); ++k) m = std::max(m, std::abs(a.at(k) - b.at(k)));
    return m;
}

}  // namespace poslab::test

#include <fstream>

#include "core/io/npy.h"
#include "core/random.h"

namespace poslab::test {

// Writes a real matrix (or a vector when rows == 1 and asVector) to a .npy file.
inline void writeNpyFile(const std::string& path, const core::RowMatrix& m, bool asVector = false) {
    core::Array a =
        core::Array::real(asVector ? core::Shape{m.cols()} : core::Shape{m.rows(), m.cols()});
    for (std::int64_t k = 0; k < a.size(); ++k) a.f64[static_cast<std::size_t>(k)] = m.data()[k];
    std::ofstream(path, std::ios::binary) << core::io::encodeNpy(a);
}

// Writes raw bytes (e.g. a corrupt .npy) to a file; false if it could not be written whole.
inline bool writeBytes(const QString& path, const std::string& bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return false;
    return f.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
}

inline core::RowMatrix randomMatrix(std::int64_t rows, std::int64_t cols, std::uint64_t seed) {
    core::Rng rng(seed);
    return core::normalMatrix(rng, rows, cols);
}

// Random q and k of length d written as .npy files in `dir` (seeds `seed` and seed + 1), as the
// q and k parameters of the rotary encodings take them.
template <class Dir>
inline Values randomQkFiles(const Dir& dir, std::int64_t d, std::uint64_t seed) {
    const std::string qf = dir.filePath(QString("q%1.npy").arg(seed)).toStdString(),
                      kf = dir.filePath(QString("k%1.npy").arg(seed)).toStdString();
    writeNpyFile(qf, randomMatrix(1, d, seed), true);
    writeNpyFile(kf, randomMatrix(1, d, seed + 1), true);
    return {{"q", qf}, {"k", kf}};
}

}  // namespace poslab::test
