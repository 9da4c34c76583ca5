// A1 Sinusoidal position encoding (Vaswani et al., 2017, "Attention Is All You Need", §3.5):
//   P[i, 2j] = sin(pos_i * omega_j),  P[i, 2j+1] = cos(pos_i * omega_j),  omega_j = base^(-2j/d).
// A fixed block-diagonal rotation M(delta) maps row i to row i+delta for every i, which is how an
// absolute encoding carries relative position (note 000). `variant` shows common mistakes.
#include <algorithm>

#include "core/backend/backend.h"
#include "core/backend/fast_kernels.h"
#include "core/encodings/common.h"

namespace poslab::core::enc {

namespace {

// Frequency of the sine column of pair j under the variant.
double pairFrequency(const ParamSet& p, std::int64_t j) {
    const auto d = p.integer("d");
    const double base = p.real("base");
    const auto& v = p.text("variant");
    if (v == "missing_norm") return std::pow(base, -2.0 * static_cast<double>(j));
    if (v == "per_dim_exponent") return omega(2 * j, d, base);
    return omega(j, d, base);
}

RowMatrix table(const ParamSet& p) {
    const auto n = p.integer("n");
    const auto d = p.integer("d");
    const double base = p.real("base");
    const double offset = static_cast<double>(p.integer("offset"));
    const auto& v = p.text("variant");
    if (v == "paper") return sinusoidalTable(n, d, base, offset);
    RowMatrix t(n, d);
    for (std::int64_t i = 0; i < n; ++i) {
        const double pos = offset + static_cast<double>(i);
        for (std::int64_t k = 0; k < d; ++k) {
            if (v == "missing_norm") {
                const double a = pos * std::pow(base, -2.0 * static_cast<double>(k / 2));
                t(i, k) = k % 2 == 0 ? std::sin(a) : std::cos(a);
            } else {  // per_dim_exponent: each column its own exponent, row 0 left zero
                const double a = pos * omega(k, d, base);
                t(i, k) = i == 0 ? 0.0 : (k % 2 == 0 ? std::sin(a) : std::cos(a));
            }
        }
    }
    return t;
}

RowMatrix shiftMatrix(const ParamSet& p) {
    const auto d = p.integer("d");
    const double delta = static_cast<double>(p.integer("delta"));
    RowMatrix m = RowMatrix::Zero(d, d);
    for (std::int64_t j = 0; j < d / 2; ++j) {
        const double a = delta * pairFrequency(p, j);
        const double c = std::cos(a), s = std::sin(a);
        m(2 * j, 2 * j) = c;
        m(2 * j, 2 * j + 1) = s;
        m(2 * j + 1, 2 * j) = -s;
        m(2 * j + 1, 2 * j + 1) = c;
    }
    return m;
}

// CPU fast path of the paper table, by angle addition from exact anchors every kAnchorRows rows:
//   sin((p0 + t) w) = sin(p0 w) cos(t w) + cos(p0 w) sin(t w), cos likewise,
// with sin/cos(p0 w) and sin/cos(t w), t < kAnchorRows, from std::sin/std::cos. The error does not
// grow along the table (no recurrence over more than one step); tst_backend_cpu bounds it against
// the reference.
constexpr std::int64_t kAnchorRows = 64;

template <class T>
void fastTable(std::int64_t n, std::int64_t d, double base, double offset, std::vector<T>& out) {
    const std::int64_t h = d / 2;
    const std::int64_t r = std::min<std::int64_t>(kAnchorRows, n);
    out.resize(static_cast<std::size_t>(n * d));
    std::vector<double> w(static_cast<std::size_t>(h));
    for (std::int64_t j = 0; j < h; ++j) w[static_cast<std::size_t>(j)] = omega(j, d, base);
    // Step table: sin/cos(t w_j), t < r, stored per t as [sin... | cos...].
    std::vector<double> steps(static_cast<std::size_t>(r * d));
    for (std::int64_t t = 0; t < r; ++t)
        for (std::int64_t j = 0; j < h; ++j) {
            const double a = static_cast<double>(t) * w[static_cast<std::size_t>(j)];
            steps[static_cast<std::size_t>(t * d + j)] = std::sin(a);
            steps[static_cast<std::size_t>(t * d + h + j)] = std::cos(a);
        }
    const std::int64_t blocks = (n + r - 1) / r;
    T* dst = out.data();
#pragma omp parallel if (n * d >= fast::kParallelElements)
    {
        std::vector<double> anchor(static_cast<std::size_t>(d));
#pragma omp for schedule(static)
        for (std::int64_t b = 0; b < blocks; ++b) {
            const double p0 = offset + static_cast<double>(b * r);
            double* as = anchor.data();
            double* ac = anchor.data() + h;
            for (std::int64_t j = 0; j < h; ++j) {
                const double a = p0 * w[static_cast<std::size_t>(j)];
                as[j] = std::sin(a);
                ac[j] = std::cos(a);
            }
            const std::int64_t rows = std::min(r, n - b * r);
            for (std::int64_t t = 0; t < rows; ++t) {
                const double* ts = steps.data() + t * d;
                const double* tc = ts + h;
                T* row = dst + (b * r + t) * d;
#pragma omp simd
                for (std::int64_t j = 0; j < h; ++j) {
                    row[2 * j] = static_cast<T>(as[j] * tc[j] + ac[j] * ts[j]);
                    row[2 * j + 1] = static_cast<T>(ac[j] * tc[j] - as[j] * ts[j]);
                }
            }
        }
    }
}

FastPath fastTablePath() {
    FastPath f;
    f.accepts = [](const ParamSet& p, Precision) { return p.text("variant") == "paper"; };
    f.run = [](const ParamSet& p, Precision precision, Result& out,
               const ComputeContext&) -> Status {
        const auto n = p.integer("n"), d = p.integer("d");
        const double base = p.real("base"), off = static_cast<double>(p.integer("offset"));
        if (precision == Precision::F32)
            fastTable(n, d, base, off, out.f32);
        else
            fastTable(n, d, base, off, out.f64);
        return {};
    };
    return f;
}

}  // namespace

void registerSinusoidal(Registry& r) {
    EncodingDescriptor e;
    e.id = "sinusoidal";
    e.nameEn = "Sinusoidal";
    e.nameZh = "正弦位置编码";
    e.family = Family::Absolute;
    e.summaryEn = "Fixed sin/cos pairs at geometric frequencies (Transformer, 2017).";
    e.summaryZh = "按几何级数频率排列的固定正弦/余弦对（Transformer，2017）。";
    e.params = {
        specN(),
        specD(),
        specBase(),
        specOffset(),
        enumParam("variant", {"paper", "missing_norm", "per_dim_exponent"})
            .label("Formula variant", "公式变体")
            .help("paper form, or a common implementation mistake", "论文形式，或常见的实现错误"),
        intParam("delta", 1)
            .range(0, kMaxPositions)
            .slider(0, 512)
            .label("Shift δ", "平移量 δ")
            .help("shift for shift_matrix / shift_error (0 <= delta < n)",
                  "shift_matrix / shift_error 的平移量（0 <= delta < n）")};
    e.resolve = [](ParamSet& p) -> Status {
        if (auto st = requireEven(p, "d", "sinusoidal pairs sin and cos dimensions"); !st)
            return st;
        if (p.integer("delta") >= p.integer("n"))
            return paramError("delta", p.integer("delta"),
                              "must be smaller than n = " + std::to_string(p.integer("n")),
                              "0 <= delta < n");
        return {};
    };
    auto n = [](const ParamSet& p) { return p.integer("n"); };
    auto d = [](const ParamSet& p) { return p.integer("d"); };

    e.quantities.push_back(quantity(
                               "table", "n,d",
                               [=](const ParamSet& p) {
                                   return Shape{n(p), d(p)};
                               },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   return Array::fromMatrix(table(p));
                               })
                               .copiesResult()
                               .title("Position table P", "位置编码表 P")
                               .axisNames({"position i", "dimension k"})
                               .withFast(fastTablePath()));
    e.quantities.push_back(quantity(
                               "frequencies", "d/2",
                               [=](const ParamSet& p) { return Shape{d(p) / 2}; },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   Array a = Array::real({p.integer("d") / 2});
                                   for (std::int64_t j = 0; j < a.size(); ++j)
                                       a.f64[static_cast<std::size_t>(j)] = pairFrequency(p, j);
                                   return a;
                               })
                               .title("Angular frequency per pair", "每对维度的角频率")
                               .axisNames({"pair j"})
                               .nonNegative());
    e.quantities.push_back(similarityQuantity(
        "n,n", n, d,
        [](const ParamSet& p, const ComputeContext&) -> Expected<RowMatrix> { return table(p); }));
    e.quantities.push_back(quantity(
                               "shift_matrix", "d,d",
                               [=](const ParamSet& p) {
                                   return Shape{d(p), d(p)};
                               },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   return Array::fromMatrix(shiftMatrix(p));
                               })
                               .copiesResult()
                               .title("Shift as rotation M(δ)", "平移即旋转 M(δ)")
                               .axisNames({"output dimension", "input dimension"}));
    e.quantities.push_back(quantity(
                               "shift_error", "n-delta",
                               [=](const ParamSet& p) { return Shape{n(p) - p.integer("delta")}; },
                               [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                                   // M is block diagonal: apply it pair by pair (same numbers as M
                                   // * P[i]).
                                   const RowMatrix t = table(p);
                                   const RowMatrix m = shiftMatrix(p);
                                   const auto delta = p.integer("delta");
                                   Array a = Array::real({t.rows() - delta});
                                   for (std::int64_t i = 0; i + delta < t.rows(); ++i) {
                                       if (ctx.cancelledAt(i, t.rows() - delta))
                                           return cancelledError();
                                       double worst = 0;
                                       for (std::int64_t k = 0; k < t.cols(); k += 2) {
                                           const double x = t(i, k), y = t(i, k + 1);
                                           const double u = m(k, k) * x + m(k, k + 1) * y;
                                           const double v = m(k + 1, k) * x + m(k + 1, k + 1) * y;
                                           worst = std::max({worst, std::abs(u - t(i + delta, k)),
                                                             std::abs(v - t(i + delta, k + 1))});
                                       }
                                       a.f64[static_cast<std::size_t>(i)] = worst;
                                   }
                                   return a;
                               })
                               .title("max |M P[i] − P[i+δ]|", "max |M P[i] − P[i+δ]|")
                               .axisNames({"position i"})
                               .nonNegative()
                               .work([](const ParamSet& p) {
                                   return 8.0 *
                                          static_cast<double>(p.integer("n") * p.integer("d") +
                                                              p.integer("d") * p.integer("d"));
                               }));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
