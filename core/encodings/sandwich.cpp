// E5 Sandwich (Chi, Fan, Rudnicky & Ramadge, ACL 2023, "Dissecting Transformer Length
// Extrapolation via the Lens of Receptive Field Analysis"; NVIDIA NeMo's
// SandwichRelativePositionEmbedding, nemo/collections/nlp/modules/common/megatron/
// position_embedding/sandwich_relative_position_embedding.py). The inner product of two sinusoids
// at distance x, less its value at 0, as a bias:
//   w_k = base^(-2k/d), k = 1 .. d/2            (one step lower than A1's omega_j, j from 0:
//                                                the paper's sum and NeMo's arange(1, d/2 + 1))
//   P(x) = sum_k cos(x w_k) - d/2                (<= 0, P(0) = 0; P + d/2 = p_i . p_j)
//   rho_h = 8 (h + 1) / heads,  bias[h, i, j] = P(|i - j|) / rho_h;  causal: -inf for j > i.
#include <cmath>

#include "core/encodings/distance_bias.h"

namespace poslab::core::enc {

namespace {

std::vector<double> frequencies(const ParamSet& p) {
    const auto d = p.integer("d");
    const double base = p.real("base");
    std::vector<double> w(static_cast<std::size_t>(d / 2));
    for (std::int64_t k = 1; k <= d / 2; ++k)
        w[static_cast<std::size_t>(k - 1)] = omega(k, d, base);
    return w;
}

// P(x) for x = 0 .. count-1: the cosines summed in k order, then d/2 taken off (exactly 0 at 0).
std::vector<double> profile(const ParamSet& p, std::int64_t count) {
    const auto w = frequencies(p);
    const double half = static_cast<double>(w.size());
    std::vector<double> out(static_cast<std::size_t>(count));
#pragma omp parallel for schedule(static) if (count * static_cast <std::int64_t>(w.size()) > 65536)
    for (std::int64_t x = 0; x < count; ++x) {
        double s = 0;
        for (double wk : w) s += std::cos(static_cast<double>(x) * wk);
        out[static_cast<std::size_t>(x)] = s - half;
    }
    return out;
}

double scale(std::int64_t h, std::int64_t heads) {
    return 8.0 * static_cast<double>(h + 1) / static_cast<double>(heads);
}

Expected<std::vector<double>> table(const ParamSet& p, std::int64_t count) {
    const auto heads = p.integer("heads");
    const auto prof = profile(p, count);
    std::vector<double> t(static_cast<std::size_t>(heads * count));
    for (std::int64_t h = 0; h < heads; ++h) {
        const double rho = scale(h, heads);
        for (std::int64_t x = 0; x < count; ++x)
            t[static_cast<std::size_t>(h * count + x)] = prof[static_cast<std::size_t>(x)] / rho;
    }
    return t;
}

Expected<Array> vectorArray(std::vector<double> v) {
    Array a = Array::real({static_cast<std::int64_t>(v.size())});
    a.f64 = std::move(v);
    return a;
}

std::vector<ParamSpec> sandwichSpecs() {
    ParamSpec d = specD();
    d.help("sinusoid dimension d' (even): its d/2 frequencies make the profile",
           "正弦维度 d′（偶数）：其 d/2 个频率构成距离曲线");
    return {
        specN(),
        specHeads(8),
        std::move(d),
        specBase(),
        boolParam("causal", false)
            .label("Causal mask", "因果掩码")
            .help("decoder mask: keys after the query get -inf", "解码器掩码：查询之后的键取 -inf"),
        profileMaxDistanceSpec(),
        thresholdSpec()};
}

}  // namespace

void registerSandwich(Registry& r) {
    EncodingDescriptor e;
    e.id = "sandwich";
    e.nameEn = "Sandwich";
    e.nameZh = "Sandwich 正弦内积偏置";
    e.family = Family::Relative;
    e.summaryEn =
        "The inner product of sinusoids at distance x, less d/2, as a bias per head (Sandwich, "
        "2023).";
    e.summaryZh = "以距离 x 处正弦向量的内积减去 d/2 作为各头的偏置（Sandwich，2023）。";
    e.params = sandwichSpecs();
    e.resolve = [](ParamSet& p) -> Status {
        return requireEven(p, "d", "Sandwich's sinusoids pair sin and cos dimensions");
    };
    e.quantities.push_back(
        quantity(
            "frequencies", "d/2", [](const ParamSet& p) { return Shape{p.integer("d") / 2}; },
            [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                return vectorArray(frequencies(p));
            })
            .title("Frequency wₖ = base⁻²ᵏᐟᵈ, k from 1", "频率 wₖ = base⁻²ᵏᐟᵈ，k 从 1 开始")
            .axisNames({"k - 1"})
            .nonNegative());
    e.quantities.push_back(
        quantity(
            "profile", "max_distance+1",
            [](const ParamSet& p) { return Shape{p.integer("max_distance") + 1}; },
            [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                return vectorArray(profile(p, p.integer("max_distance") + 1));
            })
            .title("Profile P(x) = Σ cos(x wₖ) - d/2", "距离曲线 P(x) = Σ cos(x wₖ) - d/2")
            .axisNames({"distance x"})
            .oneSigned());
    e.quantities.push_back(quantity(
                               "scales", "heads",
                               [](const ParamSet& p) { return Shape{p.integer("heads")}; },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   const auto heads = p.integer("heads");
                                   std::vector<double> s(static_cast<std::size_t>(heads));
                                   for (std::int64_t h = 0; h < heads; ++h)
                                       s[static_cast<std::size_t>(h)] = scale(h, heads);
                                   return vectorArray(std::move(s));
                               })
                               .title("Divisor ρₕ = 8(h+1)/heads", "除数 ρₕ = 8(h+1)/heads")
                               .axisNames({"head h"})
                               .nonNegative());
    // Beyond the spec's list: each head's P(x) / rho_h (the bias row of query 0, longer), for
    // the per-head profile view and its threshold.
    e.quantities.push_back(distanceProfileQuantity("head_profiles", table)
                               .title("Bias against distance x, per head: P(x) / ρₕ",
                                      "各头偏置随距离 x 的变化：P(x) / ρₕ"));
    e.quantities.push_back(
        distanceBiasQuantity(table)
            .title("Bias added to the logits, per head", "加到注意力 logits 上的偏置（每个头）")
            .axisNames({"head", "query i", "key j"})
            .oneSigned());
    e.quantities.push_back(receptiveFieldQuantity(table));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
