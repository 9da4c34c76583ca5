#include "core/array.h"

#include <limits>

namespace poslab::core {

std::int64_t elementCount(const Shape& shape) {
    std::int64_t n = 1;
    for (auto s : shape) {
        if (s == 0) return 0;
        if (__builtin_mul_overflow(n, s, &n)) return std::numeric_limits<std::int64_t>::max();
    }
    return n;
}

std::string shapeText(const Shape& shape) {
    std::string out;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i) out += ",";
        out += std::to_string(shape[i]);
    }
    return out;
}

Array Array::real(Shape shape) {
    Array a;
    a.shape = std::move(shape);
    a.dtype = DType::F64;
    a.f64.assign(static_cast<std::size_t>(elementCount(a.shape)), 0.0);
    return a;
}

Array Array::integer(Shape shape) {
    Array a;
    a.shape = std::move(shape);
    a.dtype = DType::I64;
    a.i64.assign(static_cast<std::size_t>(elementCount(a.shape)), 0);
    return a;
}

Array Array::scalar(double v) {
    Array a = real({1});
    a.f64[0] = v;
    return a;
}

namespace {
std::pair<Eigen::Index, Eigen::Index> matrixDims(const Shape& shape) {
    if (shape.empty()) return {1, 1};
    if (shape.size() == 1) return {1, shape[0]};
    const Eigen::Index cols = shape.back();
    return {cols == 0 ? 0 : elementCount(shape) / cols, cols};
}
}  // namespace

Eigen::Map<RowMatrix> Array::matrix() {
    auto [r, c] = matrixDims(shape);
    return {f64.data(), r, c};
}

Eigen::Map<const RowMatrix> Array::matrix() const {
    auto [r, c] = matrixDims(shape);
    return {f64.data(), r, c};
}

}  // namespace poslab::core
