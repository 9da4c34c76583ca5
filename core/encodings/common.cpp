#include "core/encodings/common.h"

#include <algorithm>

#include "core/io/npy.h"

namespace poslab::core::enc {

ParamSpec specN(std::int64_t def) {
    return intParam("n", def)
        .range(1, kMaxPositions)
        .slider(1, 8192)
        .label("Positions n", "位置数 n")
        .help("number of positions", "位置个数");
}

ParamSpec specD(std::int64_t def) {
    return intParam("d", def)
        .range(2, kMaxDim)
        .slider(2, 1024)
        .label("Dimension d", "维度 d")
        .help("model (head) dimension", "模型（注意力头）维度");
}

ParamSpec specBase(double def) {
    return realParam("base", def)
        .range(1, 1e300)
        .exclusiveMin()
        .log()
        .slider(2, 1e7)
        .label("Frequency base", "频率底数")
        .help("frequency base C: omega_j = C^(-2j/d)", "频率底数 C:omega_j = C^(-2j/d)");
}

ParamSpec specSeed() {
    return intParam("seed", 0)
        .range(0, 9007199254740991.0)
        .slider(0, 1000)
        .label("Random seed", "随机种子")
        .help("seed of the project's PRNG (same numbers on every machine)",
              "伪随机数种子（在任何机器上结果相同）");
}

ParamSpec specOffset() {
    return intParam("offset", 0)
        .range(0, kMaxPositions)
        .slider(0, 8192)
        .label("First position", "起始位置")
        .help("first position: pos_i = offset + i", "起始位置：pos_i = offset + i");
}

ParamSpec specHeads(std::int64_t def) {
    return intParam("heads", def)
        .range(1, 1024)
        .slider(1, 64)
        .label("Attention heads", "注意力头数")
        .help("number of attention heads", "注意力头数");
}

ParamSpec specQueryVector() {
    return pathParam("q")
        .label("Query vector q", "查询向量 q")
        .help(".npy (d) query vector (default all ones)", ".npy (d) 查询向量（默认全 1）");
}

ParamSpec specKeyVector() {
    return pathParam("k")
        .label("Key vector k", "键向量 k")
        .help(".npy (d) key vector (default all ones)", ".npy (d) 键向量（默认全 1）");
}

void sinusoidalRow(double pos, std::int64_t d, double base, double* out) {
    for (std::int64_t j = 0; j < d / 2; ++j) {
        const double a = pos * omega(j, d, base);
        out[2 * j] = std::sin(a);
        out[2 * j + 1] = std::cos(a);
    }
}

RowMatrix sinusoidalTable(std::int64_t n, std::int64_t d, double base, double offset) {
    RowMatrix t(n, d);
    std::vector<double> w(static_cast<std::size_t>(d / 2));
    for (std::int64_t j = 0; j < d / 2; ++j) w[static_cast<std::size_t>(j)] = omega(j, d, base);
#pragma omp parallel for schedule(static) if (n * d > 65536)
    for (std::int64_t i = 0; i < n; ++i) {
        const double pos = offset + static_cast<double>(i);
        for (std::int64_t j = 0; j < d / 2; ++j) {
            const double a = pos * w[static_cast<std::size_t>(j)];
            t(i, 2 * j) = std::sin(a);
            t(i, 2 * j + 1) = std::cos(a);
        }
    }
    return t;
}

Status requireEven(const ParamSet& p, const std::string& name, const std::string& why) {
    const auto v = p.integer(name);
    if (v % 2 != 0) return paramError(name, v, "must be even: " + why, "an even integer >= 2");
    return {};
}

Expected<Array> gram(const Eigen::Ref<const RowMatrix>& x, const ComputeContext& ctx) {
    Array a = Array::real({x.rows(), x.rows()});
    auto m = a.matrix();
    constexpr Eigen::Index kBlock = 256;
    for (Eigen::Index r0 = 0; r0 < x.rows(); r0 += kBlock) {
        if (ctx.cancelledAt(r0, x.rows())) return cancelledError();
        const Eigen::Index rows = std::min(kBlock, x.rows() - r0);
        m.middleRows(r0, rows).noalias() = x.middleRows(r0, rows) * x.transpose();
    }
    ctx.report(1, 1);
    return a;
}

double tableShare(std::int64_t rows, double elementCost) {
    // Only the pace of the progress bar depends on it, never a number. The default, 64, is a
    // table element made of a few transcendental functions.
    return elementCost / (elementCost + static_cast<double>(std::max<std::int64_t>(rows, 1)));
}

QuantitySpec similarityQuantity(std::string shapeDoc, SizeFn rows, SizeFn cols, TableFn table,
                                CostFn elementCost) {
    return quantity(
               "similarity", std::move(shapeDoc),
               [rows](const ParamSet& p) {
                   return Shape{rows(p), rows(p)};
               },
               [rows, table, elementCost](const ParamSet& p,
                                          const ComputeContext& ctx) -> Expected<Array> {
                   const double split =
                       elementCost ? tableShare(rows(p), elementCost(p)) : tableShare(rows(p));
                   auto t = table(p, ctx.part(0.0, split));
                   if (!t) return t.error();
                   return gram(*t, ctx.part(split, 1.0));
               })
        .title("Similarity P Pᵀ", "相似度 P Pᵀ")
        .axisNames({"position m", "position n"})
        .work([rows, cols](const ParamSet& p) {
            return 8.0 * static_cast<double>(rows(p)) * static_cast<double>(rows(p) + cols(p));
        });
}

Status checkNpyShape(const std::string& param, const std::string& path, const Shape& shape) {
    auto h = io::readNpyHeader(path);
    if (!h) return fail("parameter '" + param + "': " + h.error().message);
    bool match = h->shape.size() == shape.size();
    for (std::size_t i = 0; match && i < shape.size(); ++i)
        match = shape[i] < 0 || shape[i] == h->shape[i];
    if (!match) {
        std::string want;
        for (std::size_t i = 0; i < shape.size(); ++i)
            want += (i ? "," : "") + (shape[i] < 0 ? std::string("any") : std::to_string(shape[i]));
        return fail("parameter '" + param + "' = " + echo(path, kEchoPathLimit) +
                    ": array has shape (" + shapeText(h->shape) + "), expected (" + want + ")");
    }
    return {};
}

Expected<RowMatrix> loadMatrix(const std::string& param, const std::string& path, std::int64_t rows,
                               std::int64_t cols) {
    // Under the budget of the request being computed (io::inputBudget, `--memory-budget`).
    auto a = io::readNpy(path);
    if (!a) return fail(a.error().code, "parameter '" + param + "': " + a.error().message);
    if (a->size() != rows * cols)
        return fail("parameter '" + param + "' = " + echo(path, kEchoPathLimit) +
                    ": array has shape (" + shapeText(a->shape) + "), expected " +
                    std::to_string(rows) + " x " + std::to_string(cols) + " values");
    RowMatrix m(rows, cols);
    for (std::int64_t k = 0; k < rows * cols; ++k) m.data()[k] = a->at(k);
    if (!m.allFinite())
        return fail("parameter '" + param + "' = " + echo(path, kEchoPathLimit) +
                    ": array holds non-finite values");
    return m;
}

QuantitySpec quantity(std::string id, std::string shapeDoc,
                      std::function<Shape(const ParamSet&)> shape,
                      std::function<Expected<Array>(const ParamSet&, const ComputeContext&)> fn) {
    QuantitySpec q;
    q.id = std::move(id);
    q.shapeDoc = std::move(shapeDoc);
    q.shape = std::move(shape);
    q.compute = std::move(fn);
    return q;
}

}  // namespace poslab::core::enc
