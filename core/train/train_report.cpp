#include "core/train/train_report.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

namespace poslab::core::train {

namespace {

using nlohmann::json;

json matrixJson(const Eigen::Map<const Mat<float>>& m) {
    json rows = json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        json row = json::array();
        for (Eigen::Index c = 0; c < m.cols(); ++c) row.push_back(static_cast<double>(m(r, c)));
        rows.push_back(std::move(row));
    }
    return rows;
}

double softplus(double x) {
    return x > 30 ? x : std::log1p(std::exp(x));
}

// The encoding's trained tensors, by their layout names ("t5.0", "kerple.1", ...), grouped as T5
// shows them: "learned": P; "t5": [layer][head][bucket]; "kerple": {"r1": [layer][head], "r2"};
// "fire": [layer] {"w1", "b1", "w2", "b2", "c", "threshold"}.
json paramsJson(const TrainConfig& config, const Vec<float>& params) {
    const Model<float> model(modelConfigOf(config));
    const ParamLayout& layout = model.layout();
    json out = json::object();
    const auto layers = config.layers;
    auto tensor = [&](const std::string& name) {
        const int i = layout.find(name);
        return i < 0 ? json() : matrixJson(view(params, layout, i));
    };
    switch (config.encoding) {
        case Encoding::Learned:
            out["learned"] = tensor("pos.learned");
            break;
        case Encoding::T5: {
            json t = json::array();
            for (std::int64_t l = 0; l < layers; ++l)
                t.push_back(tensor("t5." + std::to_string(l)));
            out["t5"] = std::move(t);
            break;
        }
        case Encoding::Kerple: {
            json r1 = json::array(), r2 = json::array();
            for (std::int64_t l = 0; l < layers; ++l) {
                const int i = layout.find("kerple." + std::to_string(l));
                if (i < 0) continue;
                const auto rho = view(params, layout, i);
                json a = json::array(), b = json::array();
                for (Eigen::Index h = 0; h < rho.cols(); ++h) {
                    a.push_back(softplus(static_cast<double>(rho(0, h))));
                    b.push_back(softplus(static_cast<double>(rho(1, h))));
                }
                r1.push_back(std::move(a));
                r2.push_back(std::move(b));
            }
            out["kerple"] = {{"r1", std::move(r1)}, {"r2", std::move(r2)}};
            break;
        }
        case Encoding::Fire: {
            json f = json::array();
            for (std::int64_t l = 0; l < layers; ++l) {
                const std::string p = "fire." + std::to_string(l) + ".";
                json layer = json::object();
                for (const char* part : {"w1", "b1", "w2", "b2", "c", "threshold"})
                    layer[part] = tensor(p + part);
                f.push_back(std::move(layer));
            }
            out["fire"] = std::move(f);
            break;
        }
        default:
            break;
    }
    return out;
}

json configJson(const TrainConfig& c, int threads) {
    json m = json::array();
    for (double x : c.task.multiples) m.push_back(x);
    return {{"task", taskId(c.task.task)},
            {"n_min", c.task.nMin},
            {"n_max", c.task.nMax},
            {"multiples", std::move(m)},
            {"random_positions", c.task.randomPositions},
            {"d", c.d},
            {"heads", c.heads},
            {"layers", c.layers},
            {"learned_init", c.learnedInit},
            {"steps", c.steps},
            {"batch", c.batch},
            {"eval_samples", c.evalSamples},
            {"lr", c.optimiser.lr},
            {"beta1", c.optimiser.beta1},
            {"beta2", c.optimiser.beta2},
            {"eps", c.optimiser.eps},
            {"weight_decay", c.optimiser.weightDecay},
            {"clip_norm", c.optimiser.clipNorm},
            {"warmup", c.optimiser.warmup},
            {"final_lr_fraction", c.optimiser.finalFraction},
            {"threads", threads}};
}

}  // namespace

std::string multipleKey(double multiple) {
    std::ostringstream s;
    s << multiple;
    return s.str();
}

std::string trainReportJson(const std::vector<RunRecord>& runs, int threads) {
    json out = json::object();
    if (!runs.empty()) {
        out["task"] = taskId(runs.front().config.task.task);
        out["config"] = configJson(runs.front().config, threads);
    }
    json list = json::array();
    for (const RunRecord& r : runs) {
        json loss = json::array();
        for (const auto& row : r.result.loss) loss.push_back({row[0], row[1], row[2]});
        json token = json::object(), sequence = json::object();
        for (const EvalResult& e : r.result.eval) {
            token[multipleKey(e.multiple)] = e.tokenAcc;
            sequence[multipleKey(e.multiple)] = e.sequenceAcc;
        }
        list.push_back({{"encoding", encodingEntry(r.config.encoding).id},
                        {"seed", r.config.seed},
                        {"steps", r.result.steps},
                        {"wall_s", r.wallSeconds},
                        {"ms_per_step", r.msPerStep},
                        {"loss", std::move(loss)},
                        {"train_token_acc", r.result.trainTokenAcc},
                        {"token_acc", std::move(token)},
                        {"sequence_acc", std::move(sequence)},
                        {"params", paramsJson(r.config, r.result.params)}});
    }
    out["runs"] = std::move(list);
    return out.dump(1) + "\n";
}

}  // namespace poslab::core::train
