// The training lab's parameters in one flat vector with named (rows, cols) views, so that AdamW,
// gradient clipping and the gradient checks treat every tensor the same way. Gradients use the
// same layout.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace poslab::core::train {

template <class S>
using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class S>
using Vec = Eigen::Matrix<S, Eigen::Dynamic, 1>;

struct TensorSpec {
    std::string name;  // "layer0.wqkv", "t5.layer1", ...
    Eigen::Index rows = 0, cols = 0;
    Eigen::Index offset = 0;  // into the flat vector
    bool decay = false;       // AdamW's weight decay applies (weight matrices only)
    // Initialisation: N(0, initScale^2) drawn row by row when initScale > 0, else initValue.
    double initScale = 0.0, initValue = 0.0;
    Eigen::Index size() const { return rows * cols; }
};

class ParamLayout {
public:
    // Appends a tensor; returns its index.
    int add(std::string name, Eigen::Index rows, Eigen::Index cols, bool decay, double initScale,
            double initValue = 0.0) {
        m_specs.push_back({std::move(name), rows, cols, m_size, decay, initScale, initValue});
        m_size += rows * cols;
        return static_cast<int>(m_specs.size()) - 1;
    }
    const std::vector<TensorSpec>& tensors() const { return m_specs; }
    const TensorSpec& operator[](int i) const { return m_specs[static_cast<std::size_t>(i)]; }
    Eigen::Index size() const { return m_size; }
    int find(const std::string& name) const {
        for (std::size_t i = 0; i < m_specs.size(); ++i)
            if (m_specs[i].name == name) return static_cast<int>(i);
        return -1;
    }

private:
    std::vector<TensorSpec> m_specs;
    Eigen::Index m_size = 0;
};

// The (rows, cols) row-major view of tensor i inside `flat`.
template <class S>
Eigen::Map<Mat<S>> view(Vec<S>& flat, const ParamLayout& layout, int i) {
    const auto& t = layout[i];
    return Eigen::Map<Mat<S>>(flat.data() + t.offset, t.rows, t.cols);
}
template <class S>
Eigen::Map<const Mat<S>> view(const Vec<S>& flat, const ParamLayout& layout, int i) {
    const auto& t = layout[i];
    return Eigen::Map<const Mat<S>>(flat.data() + t.offset, t.rows, t.cols);
}

}  // namespace poslab::core::train
