// A17 Concatenating a one-hot position is adding a learned position vector (note 003; the same
// argument as in Ke, He & Liu, 2021, "Rethinking Positional Encoding in Language Pre-training",
// §3). With token x_i, one-hot position p_i = e_i and W = [W_I, W_P] (d, d + n):
//   concat_i = W [x_i; p_i]      (project the concatenation)
//   add_i    = W_I x_i + W_P p_i = W_I x_i + (column i of W_P)   (add a learned row)
//   difference = concat - add = 0 up to rounding.
// Seeded draws, in this order: tokens x (n, d) standard normal; W (d, d + n) standard normal
// scaled 1/sqrt(d + n) (its fan-in), row by row.
#include <cmath>

#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

struct ConcatInputs {
    RowMatrix x;  // (n, d)
    RowMatrix w;  // (d, d + n)
};

ConcatInputs inputs(const ParamSet& p) {
    const auto n = p.integer("n");
    const auto d = p.integer("d");
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    ConcatInputs in;
    in.x = normalMatrix(rng, n, d);
    in.w = normalMatrix(rng, d, d + n, 1.0 / std::sqrt(static_cast<double>(d + n)));
    return in;
}

// Rows are positions: concat = [x, I] W^T, the literal product with the one-hot block.
RowMatrix concatenated(const ConcatInputs& in) {
    const auto n = in.x.rows();
    const auto d = in.x.cols();
    RowMatrix joined = RowMatrix::Zero(n, d + n);
    joined.leftCols(d) = in.x;
    joined.rightCols(n).setIdentity();
    return joined * in.w.transpose();
}

// add = x W_I^T + W_P^T: the one-hot product is a lookup of column i of W_P.
RowMatrix added(const ConcatInputs& in) {
    const auto n = in.x.rows();
    const auto d = in.x.cols();
    RowMatrix out = in.x * in.w.leftCols(d).transpose();
    out += in.w.rightCols(n).transpose();
    return out;
}

}  // namespace

void registerConcat(Registry& r) {
    EncodingDescriptor e;
    e.id = "concat";
    e.nameEn = "Concatenate vs add";
    e.nameZh = "拼接与相加";
    e.family = Family::Argument;
    e.summaryEn =
        "Appending a one-hot position and projecting equals adding a learned position "
        "vector.";
    e.summaryZh = "拼接 one-hot 位置再做线性投影，等价于加上一个可学习的位置向量。";
    e.params = {specN(), specD(), specSeed()};
    auto nd = [](const ParamSet& p) { return Shape{p.integer("n"), p.integer("d")}; };
    // The concatenated input, W and two results.
    auto work = [](const ParamSet& p) {
        const double n = static_cast<double>(p.integer("n"));
        const double d = static_cast<double>(p.integer("d"));
        return 8.0 * (n * (d + n) + d * (d + n) + 3 * n * d);
    };
    e.quantities.push_back(
        quantity("concat", "n,d", nd,
                 [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                     return Array::fromMatrix(concatenated(inputs(p)));
                 })
            .title("Concatenate then project W [x; p]", "拼接后投影 W [x; p]")
            .axisNames({"position i", "dimension k"})
            .work(work));
    e.quantities.push_back(
        quantity("add", "n,d", nd,
                 [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                     return Array::fromMatrix(added(inputs(p)));
                 })
            .title("Add a learned row per position", "加上每个位置的可学习行")
            .axisNames({"position i", "dimension k"})
            .work(work));
    e.quantities.push_back(
        quantity("difference", "n,d", nd,
                 [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                     const ConcatInputs in = inputs(p);
                     return Array::fromMatrix(concatenated(in) - added(in));
                 })
            .title("concat − add (zero up to rounding)", "拼接 − 相加（舍入误差内为零）")
            .axisNames({"position i", "dimension k"})
            .work(work));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
