// A named n-dimensional result: shape, dtype and C-order data, plus what the views need to draw it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace poslab::core {

enum class DType { F64, I64 };
using Shape = std::vector<std::int64_t>;

// The product of the dimensions; saturates at INT64_MAX instead of overflowing (such a size is
// then refused by every budget check).
std::int64_t elementCount(const Shape& shape);
std::string shapeText(const Shape& shape);  // "8,4096,4096"

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct Array {
    Shape shape;
    DType dtype = DType::F64;
    std::vector<double> f64;        // used when dtype == F64
    std::vector<std::int64_t> i64;  // used when dtype == I64

    static Array real(Shape shape);     // zero-filled
    static Array integer(Shape shape);  // zero-filled
    // C order, assigned straight from the expression (a row-major matrix is not copied through a
    // column-major temporary: the result is the only copy).
    template <class Derived>
    static Array fromMatrix(const Eigen::DenseBase<Derived>& m) {
        Array a = real({m.rows(), m.cols()});
        a.matrix() = m;
        return a;
    }
    static Array scalar(double v);

    std::int64_t size() const { return elementCount(shape); }
    // Element k in C order, as a double.
    double at(std::int64_t k) const {
        return dtype == DType::F64 ? f64[static_cast<std::size_t>(k)]
                                   : static_cast<double>(i64[static_cast<std::size_t>(k)]);
    }
    // The last two dimensions as a row-major matrix view (F64 only); leading dims fold into rows.
    Eigen::Map<RowMatrix> matrix();
    Eigen::Map<const RowMatrix> matrix() const;
};

}  // namespace poslab::core
