#include "core/train/train_inspect.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace poslab::core::train {

namespace {

Mat<double> tensorOf(const TrainConfig& config, const Vec<float>& params, const std::string& name);

// The learned table's rows, or an empty matrix.
Mat<double> learnedTable(const TrainConfig& config, const Vec<float>& params) {
    if (config.encoding != Encoding::Learned) return {};
    return tensorOf(config, params, "pos.learned");
}

// Tensor `name` of the trained parameters as doubles, or an empty matrix.
Mat<double> tensorOf(const TrainConfig& config, const Vec<float>& params, const std::string& name) {
    const Model<float> model(modelConfigOf(config));
    const int i = model.layout().find(name);
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

std::vector<std::vector<double>> biasByDistance(const TrainConfig& config, const Vec<float>& params,
                                                std::int64_t t) {
    if (encodingEntry(config.encoding).kind != EncodingKind::Bias || t < 1) return {};
    const Model<float> model(modelConfigOf(config));
    if (params.size() != model.params().size() || t > model.encoding().config().maxPositions)
        return {};
    std::vector<std::int32_t> pos(static_cast<std::size_t>(t));
    for (std::int64_t i = 0; i < t; ++i)
        pos[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(i);
    std::vector<std::vector<double>> out;
    std::vector<Mat<float>> bias;
    for (std::int64_t l = 0; l < config.layers; ++l) {
        model.encoding().bias(params, static_cast<int>(l), pos.data(), t, bias);
        for (const auto& b : bias) {
            std::vector<double> row(static_cast<std::size_t>(t));
            for (std::int64_t k = 0; k < t; ++k)  // key t - 1 - k, at distance k
                row[static_cast<std::size_t>(k)] = static_cast<double>(b(t - 1, t - 1 - k));
            out.push_back(std::move(row));
        }
    }
    return out;
}

Mat<double> t5Biases(const TrainConfig& config, const Vec<float>& params, std::int64_t layer) {
    if (config.encoding != Encoding::T5) return {};
    return tensorOf(config, params, "t5." + std::to_string(layer));
}

Mat<double> kerpleRates(const TrainConfig& config, const Vec<float>& params, std::int64_t layer) {
    if (config.encoding != Encoding::Kerple) return {};
    Mat<double> r = tensorOf(config, params, "kerple." + std::to_string(layer));
    // softplus, as the encoding applies it (E3: r = softplus(rho) > 0)
    for (Eigen::Index i = 0; i < r.size(); ++i) {
        double& x = r.data()[i];
        x = x > 30 ? x : std::log1p(std::exp(x));
    }
    return r;
}

}  // namespace poslab::core::train
