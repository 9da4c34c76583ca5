// Biases side by side (issue 26): the distance profiles of the biases that extrapolate, one head
// at a time, on one axis: ALiBi (B1), KERPLE log and power (E3), Sandwich (E5), FIRE (E4) and T5's
// bucket staircase (C1). Each family is computed by its own encoding's code (the registry's
// kerple profile and sandwich head_profiles, ALiBi's slopes, FIRE's MLP and normaliser, T5's
// buckets and weights), at that encoding's defaults except for the shared heads and seed.
//
// A profile is b(x) - b(0), the bias a key x places before the query gets relative to the query's
// own position: softmax ignores a constant per query, so only this difference acts (ALiBi,
// KERPLE and Sandwich are 0 at x = 0 already; FIRE and T5 are not). FIRE's bias depends on the
// query's position too; its profile is the one the query at position max_distance sees (every
// distance 0 .. max_distance exists for it). T5 is read in the decoder's direction (key before the
// query). The receptive field of a head is the first distance whose profile is below the
// threshold (exp(threshold): the key's weight against the query's own), max_distance + 1 if none.
#include <array>
#include <cmath>

#include "core/compute.h"
#include "core/encodings/alibi.h"
#include "core/encodings/common.h"
#include "core/encodings/distance_bias.h"
#include "core/encodings/fire_mlp.h"
#include "core/encodings/t5.h"
#include "core/encodings/t5_bucket.h"

namespace poslab::core::enc {

namespace {

constexpr std::int64_t kFamilies = 6;
constexpr std::int64_t kMaxHeads = 64;
constexpr std::int64_t kMaxDistanceShown = 1 << 20;

// Per-head profiles of one family at x = 0 .. count-1, laid out [h * count + x].
using Table = std::vector<double>;

// A parameter set of another encoding: its defaults with `given` (as on the command line),
// checked and resolved as any request to it.
Expected<ParamSet> paramsOf(std::string_view id, const TextParams& given) {
    const EncodingDescriptor* enc = registry().find(id);
    if (!enc) return fail("the " + std::string(id) + " encoding is not registered");
    auto p = parseParams(*enc, given);
    if (!p) return p.error();
    if (auto st = validate(*enc, *p); !st) return st.error();
    return p;
}

// A (heads, count) quantity of another encoding, computed by the registry.
Expected<Table> registryTable(std::string_view id, std::string_view quantity,
                              const TextParams& given, const ComputeContext& ctx) {
    auto p = paramsOf(id, given);
    if (!p) return p.error();
    ComputeOptions options;
    options.cancel = ctx.cancel;
    auto a = compute(id, quantity, *p, options);
    if (!a) return a.error();
    return std::move(a->f64);
}

Table alibiTable(std::int64_t heads, std::int64_t count) {
    const auto slopes = alibiPaperSlopes(heads);
    Table t(static_cast<std::size_t>(heads * count));
    for (std::int64_t h = 0; h < heads; ++h)
        for (std::int64_t x = 0; x < count; ++x)
            t[static_cast<std::size_t>(h * count + x)] =
                x == 0 ? 0.0 : -slopes[static_cast<std::size_t>(h)] * static_cast<double>(x);
    return t;
}

Expected<Table> fireTable(const ParamSet& p, std::int64_t heads, std::int64_t count) {
    auto fp = paramsOf("fire", {{"heads", std::to_string(heads)},
                                {"seed", std::to_string(p.integer("seed"))},
                                {"threshold", formatValue(p.real("fire_threshold"))}});
    if (!fp) return fp.error();
    auto mlp = fireMlp(*fp);
    if (!mlp) return mlp.error();
    const double c = fp->real("c");
    const double norm =
        fireNormalizer(c, fp->real("threshold"), static_cast<double>(count - 1));  // query x_max
    Table t(static_cast<std::size_t>(heads * count));
    std::vector<double> at0(static_cast<std::size_t>(heads)), v(at0.size());
    mlp->eval(fireNormalizedDistance(c, norm, 0), at0.data());
    for (std::int64_t x = 0; x < count; ++x) {
        mlp->eval(fireNormalizedDistance(c, norm, x), v.data());
        for (std::int64_t h = 0; h < heads; ++h)
            t[static_cast<std::size_t>(h * count + x)] =
                v[static_cast<std::size_t>(h)] - at0[static_cast<std::size_t>(h)];
    }
    return t;
}

Expected<Table> t5Table(const ParamSet& p, std::int64_t heads, std::int64_t count) {
    auto tp = paramsOf(
        "t5", {{"heads", std::to_string(heads)}, {"seed", std::to_string(p.integer("seed"))}});
    if (!tp) return tp.error();
    auto w = t5Weights(*tp);
    if (!w) return w.error();
    const bool bidirectional = tp->boolean("bidirectional");
    const auto buckets = tp->integer("num_buckets"), reach = tp->integer("max_distance");
    const std::int64_t b0 = t5Bucket(0, bidirectional, buckets, reach);
    Table t(static_cast<std::size_t>(heads * count));
    for (std::int64_t x = 0; x < count; ++x) {
        const std::int64_t b = t5Bucket(-x, bidirectional, buckets, reach);  // key x before
        for (std::int64_t h = 0; h < heads; ++h)
            t[static_cast<std::size_t>(h * count + x)] = (*w)(b, h) - (*w)(b0, h);
    }
    return t;
}

// The six families' tables in the order of the `profiles` rows.
Expected<std::array<Table, kFamilies>> tables(const ParamSet& p, const ComputeContext& ctx) {
    const auto heads = p.integer("heads");
    const auto count = p.integer("max_distance") + 1;
    const TextParams sizes{{"heads", std::to_string(heads)},
                           {"max_distance", std::to_string(count - 1)}};
    std::array<Table, kFamilies> out;
    out[0] = alibiTable(heads, count);
    for (int k = 0; k < 2; ++k) {
        TextParams given = sizes;
        given.emplace_back("seed", std::to_string(p.integer("seed")));
        given.emplace_back("variant", k == 0 ? "log" : "power");
        auto t = registryTable("kerple", "profile", given, ctx);
        if (!t) return t.error();
        out[static_cast<std::size_t>(1 + k)] = std::move(*t);
    }
    auto s = registryTable("sandwich", "head_profiles", sizes, ctx);
    if (!s) return s.error();
    out[3] = std::move(*s);
    auto f = fireTable(p, heads, count);
    if (!f) return f.error();
    out[4] = std::move(*f);
    auto t = t5Table(p, heads, count);
    if (!t) return t.error();
    out[5] = std::move(*t);
    return out;
}

std::int64_t fieldOf(const double* profile, std::int64_t count, double threshold) {
    std::int64_t x = 0;
    while (x < count && !(profile[x] < threshold)) ++x;
    return x;
}

Status resolve(ParamSet& p) {
    if (p.integer("head") < p.integer("heads")) return {};
    return paramError("head", p.integer("head"),
                      "there are only heads = " + std::to_string(p.integer("heads")),
                      "0 .. " + std::to_string(p.integer("heads") - 1));
}

std::vector<ParamSpec> biasesSpecs() {
    return {specHeads(8).range(1, kMaxHeads),
            intParam("head", 0)
                .range(0, kMaxHeads - 1)
                .slider(0, 15)
                .label("Head", "注意力头")
                .help("the head whose profiles are drawn (0: the steepest ALiBi slope)",
                      "绘制哪个头的距离曲线（0：ALiBi 斜率最陡的头）"),
            profileMaxDistanceSpec(1024)
                .range(1, kMaxDistanceShown)
                .slider(16, 65536)
                .log()
                .help("largest distance x of the profiles (FIRE: the query at this position)",
                      "距离曲线的最大距离 x（FIRE：位于此位置的查询）"),
            thresholdSpec(),
            realParam("fire_threshold", 512)
                .range(0, 1e15)
                .exclusiveMin()
                .slider(0, 65536)
                .label("FIRE threshold L", "FIRE 阈值 L")
                .help("FIRE's threshold L: queries before it share its normaliser",
                      "FIRE 的阈值 L：位置在它之前的查询共用它的归一化分母"),
            specSeed()};
}

}  // namespace

void registerBiases(Registry& r) {
    EncodingDescriptor e;
    e.id = "biases";
    e.nameEn = "Biases side by side";
    e.nameZh = "偏置并排比较";
    e.family = Family::Argument;
    e.summaryEn =
        "ALiBi, KERPLE, Sandwich, FIRE and T5 against distance, one head at a time, "
        "with the receptive field each implies.";
    e.summaryZh =
        "ALiBi、KERPLE、Sandwich、FIRE 与 T5 的偏置随距离的变化（逐个头），以及各自的感受野。";
    e.params = biasesSpecs();
    e.resolve = resolve;
    e.quantities.push_back(
        quantity(
            "profiles", "6,max_distance+1",
            [](const ParamSet& p) {
                return Shape{kFamilies, p.integer("max_distance") + 1};
            },
            [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                auto t = tables(p, ctx);
                if (!t) return t.error();
                const auto count = p.integer("max_distance") + 1, h = p.integer("head");
                Array a = Array::real({kFamilies, count});
                for (std::int64_t f = 0; f < kFamilies; ++f)
                    std::copy_n((*t)[static_cast<std::size_t>(f)].begin() + h * count, count,
                                a.f64.begin() + f * count);
                return a;
            })
            .title("Bias against distance, per family", "各种偏置随距离的变化")
            .axisNames({"family", "distance x"}));
    e.quantities.push_back(quantity(
                               "fields", "6,heads",
                               [](const ParamSet& p) {
                                   return Shape{kFamilies, p.integer("heads")};
                               },
                               [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                                   auto t = tables(p, ctx);
                                   if (!t) return t.error();
                                   const auto count = p.integer("max_distance") + 1,
                                              heads = p.integer("heads");
                                   Array a = Array::integer({kFamilies, heads});
                                   for (std::int64_t f = 0; f < kFamilies; ++f)
                                       for (std::int64_t h = 0; h < heads; ++h)
                                           a.i64[static_cast<std::size_t>(f * heads + h)] = fieldOf(
                                               (*t)[static_cast<std::size_t>(f)].data() + h * count,
                                               count, p.real("threshold"));
                                   return a;
                               })
                               .integer()
                               .nonNegative()
                               .title("Receptive field per head", "各头的感受野")
                               .axisNames({"family", "head h"}));
    e.quantities.push_back(
        quantity(
            "receptive_fields", "6", [](const ParamSet&) { return Shape{kFamilies}; },
            [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                auto t = tables(p, ctx);
                if (!t) return t.error();
                const auto count = p.integer("max_distance") + 1, h = p.integer("head");
                Array a = Array::integer({kFamilies});
                for (std::int64_t f = 0; f < kFamilies; ++f)
                    a.i64[static_cast<std::size_t>(f)] =
                        fieldOf((*t)[static_cast<std::size_t>(f)].data() + h * count, count,
                                p.real("threshold"));
                return a;
            })
            .integer()
            .nonNegative()
            .title("Receptive field of the head, per family", "该头的感受野（按偏置种类）")
            .axisNames({"family"}));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
