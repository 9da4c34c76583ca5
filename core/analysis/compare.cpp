#include "core/analysis/compare.h"

#include <algorithm>
#include <cmath>

namespace poslab::core {

namespace {

// max |a_k − b_k| for k < count; std::max keeps the running value when the new one is NaN.
double maxAbsOver(const Array& a, const Array& b, std::int64_t count) {
    double err = 0;
    for (std::int64_t k = 0; k < count; ++k) err = std::max(err, std::abs(a.at(k) - b.at(k)));
    return err;
}

Error shapesDiffer(const Array& a, const Array& b) {
    return fail(Errc::InvalidParameter, "shapes differ: cannot compare (" + shapeText(a.shape) +
                                            ") with (" + shapeText(b.shape) + ")");
}

}  // namespace

Expected<double> maxAbsDifference(const Array& a, const Array& b) {
    if (a.shape != b.shape) return shapesDiffer(a, b);
    return maxAbsOver(a, b, a.size());
}

Expected<double> maxAbsDifferenceLeadingRows(const Array& a, const Array& reference) {
    const bool fits = a.shape.size() == 2 && reference.shape.size() == 2 &&
                      a.shape[1] == reference.shape[1] && a.shape[0] >= reference.shape[0];
    if (!fits) return shapesDiffer(a, reference);
    // C order: the first rows of `a` are its first reference.size() elements.
    return maxAbsOver(a, reference, reference.size());
}

Expected<Array> difference(const Array& a, const Array& b) {
    if (a.shape != b.shape) return shapesDiffer(a, b);
    Array d = Array::real(a.shape);
    for (std::int64_t k = 0; k < a.size(); ++k)
        d.f64[static_cast<std::size_t>(k)] = a.at(k) - b.at(k);
    return d;
}

}  // namespace poslab::core
