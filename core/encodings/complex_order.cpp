// A5 Complex-order embedding (Wang, Zhao, Li, Simonsen, Lioma & Pedersen, 2020, "Encoding Word
// Order in Complex Embeddings", ICLR): each of d complex dimensions is a wave in the position,
//   f_k(pos) = r_k exp(i (w_k pos + theta_k)),
// geometric: w_k = base^(-k/d); seeded: w_k ~ U(0, 1]; r_k = amplitude; theta_k = 0 or
// seeded U[0, 2 pi). Then f(pos + delta) = f(pos) * exp(i w delta) (a per-dimension linear map),
// and Re sum_k f_k(m) conj(f_k(n)) = sum_k r_k^2 cos(w_k (m - n)): relative position only.
#include <cmath>
#include <numbers>

#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

struct Waves {
    Eigen::VectorXd w, theta;
    double r = 1.0;
};

// One Rng(seed): the d seeded frequencies are drawn first (when frequency = seeded), then the d
// seeded phases (when phase = seeded), in the order the spec lists w_k and theta_k.
Waves waves(const ParamSet& p) {
    const auto d = p.integer("d");
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    Waves v;
    v.r = p.real("amplitude");
    v.w.resize(d);
    v.theta = Eigen::VectorXd::Zero(d);
    if (p.text("frequency") == "seeded") {
        for (std::int64_t k = 0; k < d; ++k) v.w(k) = 1.0 - rng.uniform();  // (0, 1]
    } else {
        const double base = p.real("base");
        for (std::int64_t k = 0; k < d; ++k)
            v.w(k) = std::pow(base, -static_cast<double>(k) / static_cast<double>(d));
    }
    if (p.text("phase") == "seeded")
        for (std::int64_t k = 0; k < d; ++k) v.theta(k) = 2.0 * std::numbers::pi * rng.uniform();
    return v;
}

// part: 0 real, 1 imaginary.
RowMatrix component(const ParamSet& p, int part) {
    const auto n = p.integer("n");
    const auto d = p.integer("d");
    const Waves v = waves(p);
    RowMatrix m(n, d);
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t k = 0; k < d; ++k) {
            const double a = v.w(k) * static_cast<double>(i) + v.theta(k);
            m(i, k) = v.r * (part == 0 ? std::cos(a) : std::sin(a));
        }
    return m;
}

// (n, 2d): column 2k the real part, 2k+1 the imaginary part of f_k.
RowMatrix table(const ParamSet& p) {
    const auto n = p.integer("n");
    const auto d = p.integer("d");
    const Waves v = waves(p);
    RowMatrix m(n, 2 * d);
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t k = 0; k < d; ++k) {
            const double a = v.w(k) * static_cast<double>(i) + v.theta(k);
            m(i, 2 * k) = v.r * std::cos(a);
            m(i, 2 * k + 1) = v.r * std::sin(a);
        }
    return m;
}

}  // namespace

void registerComplexOrder(Registry& r) {
    EncodingDescriptor e;
    e.id = "complex_order";
    e.nameEn = "Complex order";
    e.nameZh = "复数式位置编码";
    e.family = Family::Absolute;
    e.summaryEn =
        "Each complex dimension is a wave $r\\,e^{i(\\omega\\,\\mathrm{pos} + \\theta)}$; shifts "
        "are "
        "phase turns.";
    e.summaryZh =
        "每个复数维度是一个波 $r\\,e^{i(\\omega\\,\\mathrm{pos} + \\theta)}$；平移即相位旋转。";
    e.params = {specN(),
                specD().help("number of complex dimensions (the real table has 2d columns)",
                             "复数维度个数（实数表有 2d 列）"),
                specBase().help("frequency base C: geometric w_k = C^(-k/d)",
                                "频率底数 C：几何频率 w_k = C^(-k/d)"),
                realParam("amplitude", 1.0)
                    .range(0, 1e6)
                    .slider(0, 4)
                    .label("Amplitude r", "振幅 r")
                    .help("amplitude r_k of every dimension", "每个维度的振幅 r_k"),
                enumParam("phase", {"zero", "seeded"})
                    .label("Initial phases θ", "初始相位 θ")
                    .help("initial phases theta_k: zero, or seeded uniform in [0, 2 pi)",
                          "初始相位 theta_k：零，或在 [0, 2 pi) 内均匀随机"),
                enumParam("frequency", {"geometric", "seeded"})
                    .label("Frequencies ω", "频率 ω")
                    .help("frequencies w_k: geometric C^(-k/d), or seeded uniform in (0, 1]",
                          "频率 w_k：几何级数 C^(-k/d)，或在 (0, 1] 内均匀随机"),
                specSeed()};
    auto n = [](const ParamSet& p) { return p.integer("n"); };
    auto d = [](const ParamSet& p) { return p.integer("d"); };

    e.quantities.push_back(quantity(
                               "real", "n,d",
                               [=](const ParamSet& p) {
                                   return Shape{n(p), d(p)};
                               },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   return Array::fromMatrix(component(p, 0));
                               })
                               .copiesResult()
                               .title("Real part r cos(ω·pos + θ)", "实部 r cos(ω·pos + θ)")
                               .axisNames({"position i", "complex dimension k"}));
    e.quantities.push_back(quantity(
                               "imag", "n,d",
                               [=](const ParamSet& p) {
                                   return Shape{n(p), d(p)};
                               },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   return Array::fromMatrix(component(p, 1));
                               })
                               .copiesResult()
                               .title("Imaginary part r sin(ω·pos + θ)", "虚部 r sin(ω·pos + θ)")
                               .axisNames({"position i", "complex dimension k"}));
    e.quantities.push_back(
        quantity(
            "table", "n,2d",
            [=](const ParamSet& p) {
                return Shape{n(p), 2 * d(p)};
            },
            [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                return Array::fromMatrix(table(p));
            })
            .copiesResult()
            .title("Real table (Re fₖ, Im fₖ interleaved)", "实数表（Re fₖ 与 Im fₖ 交错）")
            .axisNames({"position i", "column 2k (real), 2k+1 (imaginary)"}));
    e.quantities.push_back(
        // Re f f^H = Re Re^T + Im Im^T, the Gram matrix of the real table.
        similarityQuantity(
            "n,n", n, [](const ParamSet& p) { return 2 * p.integer("d"); },
            [](const ParamSet& p, const ComputeContext&) -> Expected<RowMatrix> {
                return table(p);
            })
            .title("Similarity Re Σₖ fₖ(m) fₖ(n)*", "相似度 Re Σₖ fₖ(m) fₖ(n)*"));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
