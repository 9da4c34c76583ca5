// E3 KERPLE, kernelized relative positional embedding (Chi, Fan, Ramadge & Rudnicky, NeurIPS 2022,
// "KERPLE: Kernelized Relative Positional Embedding for Length Extrapolation"; the released code
// chijames/KERPLE, megatron/model/positional_embeddings.py, ParallelKerpleLog and
// ParallelKerplePower). With x = |i - j| and per-head r1, r2 > 0:
//   log:   bias[h, i, j] = -r1_h ln(1 + r2_h x)
//   power: bias[h, i, j] = -r1_h x^(r2_h)          (0 < r2 <= 2; 0^r = 0)
// causal: -inf for j > i. Power with r2 = 1 is ALiBi with slopes r1.
// Per-head values: a list (one value for every head, or one per head), else the init rule:
// - uniform (the released code): A_h = 2U for every head, then B_h = U for every head, both raised
//   to at least 0.01 (the code's eps clamp); log takes r1 = A (its bias_p), r2 = B (bias_a);
//   power r2 = A (the exponent bias_p), r1 = B (bias_a). A given list replaces its own draw only.
// - alibi (power only; kerple_power_original): r1 = ALiBi's slopes, r2 = 1, the bias exactly B1's.
//   The released code also clamps those slopes to >= 0.01 at every forward; PosLab does not.
#include <algorithm>
#include <cmath>

#include "core/encodings/alibi.h"
#include "core/encodings/distance_bias.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

constexpr double kEps = 0.01;  // the released code's clamp of every drawn parameter

struct Heads {
    std::vector<double> r1, r2;
};

// The values in use, per head (resolve has checked the lists).
Expected<Heads> kerpleHeads(const ParamSet& p) {
    const auto heads = p.integer("heads");
    const bool power = p.text("variant") == "power";
    Heads out;
    if (p.text("init") == "alibi") {
        out.r1 = alibiPaperSlopes(heads);
        out.r2.assign(static_cast<std::size_t>(heads), 1.0);
    } else {
        Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
        std::vector<double> a(static_cast<std::size_t>(heads)), b(a.size());
        for (auto& v : a) v = std::max(2.0 * rng.uniform(), kEps);
        for (auto& v : b) v = std::max(rng.uniform(), kEps);
        out.r1 = power ? b : a;
        out.r2 = power ? a : b;
    }
    for (auto [name, into] : {std::pair{"r1", &out.r1}, std::pair{"r2", &out.r2}}) {
        auto given = perHeadList(p, name, heads);
        if (!given) return given.error();
        if (!given->empty()) *into = std::move(*given);
    }
    return out;
}

// The kernel at distance x >= 0 (+0 at x = 0, as ALiBi's bias).
double kernel(bool power, double r1, double r2, double x) {
    if (x == 0) return 0.0;
    return power ? -(r1 * std::pow(x, r2)) : -(r1 * std::log1p(r2 * x));
}

Expected<std::vector<double>> table(const ParamSet& p, std::int64_t count) {
    auto hv = kerpleHeads(p);
    if (!hv) return hv.error();
    const bool power = p.text("variant") == "power";
    const auto heads = static_cast<std::int64_t>(hv->r1.size());
    std::vector<double> t(static_cast<std::size_t>(heads * count));
    for (std::int64_t h = 0; h < heads; ++h)
        for (std::int64_t x = 0; x < count; ++x)
            t[static_cast<std::size_t>(h * count + x)] =
                kernel(power, hv->r1[static_cast<std::size_t>(h)],
                       hv->r2[static_cast<std::size_t>(h)], static_cast<double>(x));
    return t;
}

Status resolve(ParamSet& p) {
    const bool power = p.text("variant") == "power";
    if (!power && p.text("init") == "alibi")
        return paramError("init", p.text("init"), "ALiBi's slopes start the power kernel only",
                          "uniform with variant=log; uniform or alibi with variant=power");
    const auto heads = p.integer("heads");
    for (const char* name : {"r1", "r2"}) {
        auto v = perHeadList(p, name, heads);
        if (!v) return v.error();
        const bool exponent = power && std::string(name) == "r2";
        for (std::size_t k = 0; k < v->size(); ++k) {
            const double x = (*v)[k];
            if (std::isfinite(x) && x > 0 && (!exponent || x <= 2)) continue;
            return paramError(
                name, p.text(name),
                "item " + std::to_string(k) + " = " + formatValue(x) + " is out of range",
                exponent ? "finite reals > 0 and <= 2 (the power's exponent)" : "finite reals > 0");
        }
    }
    return {};
}

QuantitySpec headsVector(const char* id, bool first) {
    return quantity(
               id, "heads", [](const ParamSet& p) { return Shape{p.integer("heads")}; },
               [first](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                   auto hv = kerpleHeads(p);
                   if (!hv) return hv.error();
                   Array a = Array::real({p.integer("heads")});
                   a.f64 = first ? hv->r1 : hv->r2;
                   return a;
               })
        .axisNames({"head h"})
        .nonNegative();
}

std::vector<ParamSpec> kerpleSpecs() {
    return {
        specN(),
        specHeads(8),
        enumParam("variant", {"log", "power"})
            .label("Kernel", "核函数")
            .help("log: -r1 ln(1 + r2 x); power: -r1 x^r2 (r2 <= 2)",
                  "log:-r1 ln(1 + r2 x);power:-r1 x^r2(r2 ≤ 2)"),
        realListParam("r1")
            .range(0, 1e300)
            .exclusiveMin()
            .label("Scales r1", "系数 r1")
            .help(
                "per-head r1: one value for every head or one per head (comma list or .npy); "
                "empty: the init rule",
                "各头的 r1：一个值（所有头共用）或每头一个（逗号分隔或 .npy）；留空：按初始化规则"),
        realListParam("r2")
            .range(0, 1e300)
            .exclusiveMin()
            .label("Rates r2", "参数 r2")
            .help("per-head r2 (the log's rate, the power's exponent <= 2): one value or one per "
                  "head (comma list or .npy); empty: the init rule",
                  "各头的 r2（log 的速率，power 的指数，≤ 2）：一个值或每头一个（逗号分隔或 "
                  ".npy）；留空：按初始化规则"),
        enumParam("init", {"uniform", "alibi"})
            .label("Initialisation", "初始化")
            .help("uniform: the released code's draws (2U, then U, at least 0.01); alibi (power "
                  "only): ALiBi's slopes with r2 = 1",
                  "uniform：发布代码的随机初值（先 2U，再 U，至少 0.01）；alibi（仅 power）：ALiBi "
                  "的斜率，r2 = 1"),
        boolParam("causal", false)
            .label("Causal mask", "因果掩码")
            .help("decoder mask: keys after the query get -inf", "解码器掩码：查询之后的键取 -inf"),
        profileMaxDistanceSpec(),
        specSeed(),
        thresholdSpec()};
}

}  // namespace

void registerKerple(Registry& r) {
    EncodingDescriptor e;
    e.id = "kerple";
    e.nameEn = "KERPLE";
    e.nameZh = "KERPLE 核化相对位置";
    e.family = Family::Relative;
    e.summaryEn = "A learned kernel of the distance per head, logarithmic or power (KERPLE, 2022).";
    e.summaryZh = "每个头一个可学习的距离核函数，对数型或幂型（KERPLE，2022）。";
    e.params = kerpleSpecs();
    e.resolve = resolve;
    e.quantities.push_back(headsVector("r1", true).title("r1 per head", "每个头的 r1"));
    e.quantities.push_back(headsVector("r2", false).title("r2 per head", "每个头的 r2"));
    e.quantities.push_back(
        distanceBiasQuantity(table)
            .title("Bias added to the logits, per head", "加到注意力 logits 上的偏置（每个头）")
            .axisNames({"head", "query i", "key j"})
            .oneSigned());
    e.quantities.push_back(
        distanceProfileQuantity("profile", table)
            .title("Bias against distance x, per head", "偏置随距离 x 的变化（每个头）"));
    e.quantities.push_back(receptiveFieldQuantity(table));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
