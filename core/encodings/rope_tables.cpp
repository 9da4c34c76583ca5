// The per-pair and scalar quantities of RoPE: what a model's scaling does to each pair
// (frequencies, pair_class), the factors it puts on the logits (attention_factor,
// logit_multiplier), the monotone-decay bound and the query-scale rules (models.md M1, M2).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/encodings/common.h"
#include "core/encodings/rope.h"
#include "core/encodings/rope_scaling.h"

namespace poslab::core::enc {

namespace {

Expected<RopeFrequencies> table(const ParamSet& p) {
    auto fp = RopeFrequencyParams::from(p);
    if (!fp) return fp.error();
    return ropeFrequencyTable(*fp);
}

Expected<Array> frequencyArray(const ParamSet& p, const ComputeContext&) {
    auto t = table(p);
    if (!t) return t.error();
    Array a = Array::real({static_cast<std::int64_t>(t->theta.size())});
    a.f64 = t->theta;
    return a;
}

Expected<Array> pairClassArray(const ParamSet& p, const ComputeContext&) {
    auto t = table(p);
    if (!t) return t.error();
    Array a = Array::integer({static_cast<std::int64_t>(t->pairClass.size())});
    for (std::size_t j = 0; j < t->pairClass.size(); ++j) a.i64[j] = t->pairClass[j];
    return a;
}

// pi / (2 theta_min) over the pairs that rotate (proportional leaves zeros); +inf when none does
// (p-RoPE with p = 0: the decay never starts).
Expected<Array> decayBoundArray(const ParamSet& p, const ComputeContext&) {
    auto t = table(p);
    if (!t) return t.error();
    double thetaMin = std::numeric_limits<double>::infinity();
    for (double th : t->theta)
        if (th > 0) thetaMin = std::min(thetaMin, th);
    if (std::isinf(thetaMin)) return Array::scalar(std::numeric_limits<double>::infinity());
    return Array::scalar(std::numbers::pi / (2.0 * thetaMin));
}

Expected<Array> attentionFactorArray(const ParamSet& p, const ComputeContext&) {
    auto t = table(p);
    if (!t) return t.error();
    return Array::scalar(t->attentionFactor);
}

Expected<Array> logitMultiplierArray(const ParamSet& p, const ComputeContext&) {
    auto t = table(p);
    if (!t) return t.error();
    return Array::scalar(t->logitMultiplier);
}

Expected<Array> queryScaleArray(const ParamSet& p, const ComputeContext&) {
    const auto q = QueryScaleParams::from(p);
    const auto n = p.integer("n");
    const double offset = static_cast<double>(p.integer("offset"));
    Array a = Array::real({n});
    for (std::int64_t i = 0; i < n; ++i)
        a.f64[static_cast<std::size_t>(i)] = queryScale(q, offset + static_cast<double>(i));
    return a;
}

Shape one(const ParamSet&) {
    return Shape{1};
}

}  // namespace

void addRopeTableQuantities(EncodingDescriptor& e) {
    auto half = [](const ParamSet& p) { return Shape{ropeRotaryDim(p) / 2}; };
    e.quantities.push_back(quantity("frequencies", "d_rot/2", half, frequencyArray)
                               .title("Frequency θⱼ per pair", "每对维度的频率 θⱼ")
                               .axisNames({"pair j"})
                               .nonNegative());
    e.quantities.push_back(
        quantity("pair_class", "d_rot/2", half, pairClassArray)
            .title("What the scaling did to pair j: 0 kept, 1 blended, 2 interpolated",
                   "缩放对第 j 对的处理：0 保持，1 混合，2 内插")
            .axisNames({"pair j"})
            .integer()
            .nonNegative());
    e.quantities.push_back(quantity("decay_bound", "1", one, decayBoundArray)
                               .title("Decay bound π/(2θₘᵢₙ)", "衰减界 π/(2θₘᵢₙ)")
                               .axisNames({""})
                               .nonNegative());
    e.quantities.push_back(
        quantity("attention_factor", "1", one, attentionFactorArray)
            .title("Attention factor a on cos and sin", "乘在 cos 与 sin 上的注意力因子 a")
            .axisNames({""})
            .nonNegative());
    e.quantities.push_back(
        quantity("logit_multiplier", "1", one, logitMultiplierArray)
            .title("Logit multiplier a² × softmax gain", "logit 乘数 a² × softmax 增益")
            .axisNames({""})
            .nonNegative());
    e.quantities.push_back(quantity(
                               "query_scale", "n",
                               [](const ParamSet& p) { return Shape{p.integer("n")}; },
                               queryScaleArray)
                               .title("Query scale at position p", "位置 p 处的查询缩放")
                               .axisNames({"position p"})
                               .nonNegative());
}

}  // namespace poslab::core::enc
