// Helpers shared by the core test suites.
#pragma once

#include <QtTest>

#include "core/registry.h"

namespace poslab::test {

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
inline std::string computeError(std::string_view enc, std::string_view qty,
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
