#include "core/train/train_inspect.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace poslab::core::train {

namespace {

// The learned table's rows, or an empty matrix.
Mat<double> learnedTable(const TrainConfig& config, const Vec<float>& params) {
    if (config.encoding != Encoding::Learned) return {};
    const Model<float> model(modelConfigOf(config));
    const int i = model.layout().find("pos.learned");
    if (i < 0 || params.size() != model.layout().size()) return {};
    return view(params, model.layout(), i).cast<double>();
}

}  // namespace

SampleAttention sampleAttention(const TrainConfig& config, const Vec<float>& params, std::int64_t n,
                                std::uint64_t sampleSeed) {
    SampleAttention out;
    Model<float> model(modelConfigOf(config));
    if (params.size() != model.params().size()) return out;
    model.params() = params;
    Rng rng(sampleSeed);
    const Batch b = makeBatch(config.task, rng, 1, n);
    model.forward(b);
    out.n = n;
    out.tokens = b.inputs;
    for (std::int64_t l = 0; l < config.layers; ++l)
        for (const auto& m : model.attention(static_cast<int>(l))) out.maps.push_back(m);
    return out;
}

Mat<double> positionSimilarity(const TrainConfig& config, const Vec<float>& params,
                               std::int64_t rows) {
    const Mat<double> p = learnedTable(config, params);
    if (p.rows() == 0) return {};
    const auto k = std::min<Eigen::Index>(rows, p.rows());
    Mat<double> unit = p.topRows(k);
    for (Eigen::Index r = 0; r < k; ++r) {
        const double norm = unit.row(r).norm();
        if (norm > 0) unit.row(r) /= norm;
    }
    return unit * unit.transpose();
}

double adjacentCosine(const TrainConfig& config, const Vec<float>& params) {
    const Mat<double> p = learnedTable(config, params);
    const auto trained =
        config.task.randomPositions > 0 ? config.task.randomPositions : 2 * config.task.nMax + 1;
    const auto reach = std::min<Eigen::Index>(trained, p.rows());
    if (reach < 2) return std::numeric_limits<double>::quiet_NaN();
    double sum = 0;
    for (Eigen::Index r = 0; r + 1 < reach; ++r)
        sum += p.row(r).dot(p.row(r + 1)) / (p.row(r).norm() * p.row(r + 1).norm());
    return sum / static_cast<double>(reach - 1);
}

}  // namespace poslab::core::train
