#include "ui/compute/degenerate_views.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/compute/cell_blocks.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

namespace {

using core::Array;

constexpr double kEps = std::numeric_limits<double>::epsilon();
// An error at most this many ulp of the values' scale (and of 1) is the format's own rounding:
// float64's product p·θ is off by half an ulp of the angle, its cos by that plus an ulp or two.
constexpr double kRoundingUlps = 4;
// Such errors are drawn on a range from 0 to at least this fraction of their values' scale (as a
// difference at rounding level: prepare_heatmap.cpp), so that they take the colour of "none".
constexpr double kErrorFloor = 1e-6;

LocalText words(const QString& en, const QString& zh) {
    return {en, zh};
}

// Every element equal (to the first); its value.
std::optional<double> constantOf(const Array& a) {
    if (a.size() == 0) return std::nullopt;
    const double first = a.at(0);
    for (qint64 k = 1; k < static_cast<qint64>(a.size()); ++k)
        if (a.at(k) != first) return std::nullopt;
    return first;
}

// positions[i] = offset + i for every i.
bool isIdentity(const Array& a, qint64 offset) {
    for (qint64 k = 0; k < static_cast<qint64>(a.size()); ++k)
        if (a.at(k) != static_cast<double>(offset + k)) return false;
    return true;
}

// The largest error a view's panels hold (exact over the whole window where the cells are
// means), or NaN when one is not finite or nothing is known.
double largestError(const ViewResult& vr) {
    double worst = 0;
    for (const HeatmapData& h : vr.heatmaps) {
        if (!h.array) return std::numeric_limits<double>::quiet_NaN();
        double hi = 0;
        if (h.exactRange) {
            const qint64 r1 = h.rowMap.start(h.rows, h.rows) - 1;
            const qint64 c1 = h.colMap.start(h.cols, h.cols) - 1;
            hi = h.exactRange(h.rowMap.first, r1, h.colMap.first, c1).second;
        } else {
            const Array& a = *h.array;
            for (qint64 k = 0; k < static_cast<qint64>(a.size()); ++k) hi = std::max(hi, a.at(k));
            for (qint64 k = 0; k < static_cast<qint64>(a.size()); ++k)
                if (!std::isfinite(a.at(k))) return std::numeric_limits<double>::quiet_NaN();
        }
        if (!std::isfinite(hi)) return std::numeric_limits<double>::quiet_NaN();
        worst = std::max(worst, hi);
    }
    return vr.heatmaps.isEmpty() ? std::numeric_limits<double>::quiet_NaN() : worst;
}

// The largest angle p·θⱼ of the request (the scale of its angle and cos errors).
double largestAngle(PrepareContext& ctx, const ViewState& state) {
    SeriesSpec f;
    f.quantity = QStringLiteral("frequencies");
    const Fetch theta = ctx.fetcher.fetch(f, state);
    if (!theta.array || theta.array->size() == 0) return 0;
    double top = 0;
    for (qint64 k = 0; k < static_cast<qint64>(theta.array->size()); ++k)
        top = std::max(top, std::abs(theta.array->at(k)));
    const core::ParamSet& p = ctx.request.params;
    return static_cast<double>(p.integer("offset") + p.integer("n") - 1) * top;
}

// "Exact to rounding" over the cells (as a difference at rounding level says "A = B up to …").
void sayRounding(HeatmapData& h, const QString& format, double err, double scale) {
    const QString e = formatNumber(err, 2).replace(QLatin1Char(' '), QChar(0x00A0));
    const QString s = formatNumber(scale, 3);
    h.annotation = words(
        QStringLiteral("Exact to rounding: every error ≤ %1, %2's own rounding of angles up to "
                       "%3. Choose float32, bfloat16 or float16 under Number format to see it "
                       "grow with the position.")
            .arg(e, format, s),
        QString::fromUtf8("精确到舍入误差：每个误差都 ≤ %1，只是 %2 对不超过 %3 的角度的舍入。在"
                          "“数值格式”中选择 float32、bfloat16 或 float16，可以看到它随位置增长。")
            .arg(e, format, s));
    h.annotationShort = words(QStringLiteral("Exact to rounding (≤ %1)").arg(e),
                              QString::fromUtf8("精确到舍入误差（≤ %1）").arg(e));
}

// RoPE's scaling views: a lone 1, a flat line.
LocalText scalingWords(const QString& quantity, double c, const core::ParamSet& p) {
    const bool none = p.text("scaling") == "none";
    if (quantity == QLatin1String("attention_factor") && c == 1)
        return none ? words(QStringLiteral("No context scaling: the attention factor a is 1 for "
                                           "every length. Choose YaRN or LongRoPE under Context "
                                           "scaling to see it grow with the length."),
                            QString::fromUtf8("没有上下文缩放：注意力因子 a 对任何长度都是 1。在"
                                              "“上下文缩放”中选择 YaRN 或 LongRoPE，可以看到它随"
                                              "长度增长。"))
                    : words(QStringLiteral("The attention factor a is 1 at these parameters: "
                                           "nothing multiplies cos and sin. Raise the scaling "
                                           "factor s above 1 under YaRN or LongRoPE to see it "
                                           "grow with the length."),
                            QString::fromUtf8("在当前参数下注意力因子 a 为 1：没有什么乘在 cos 和 "
                                              "sin 上。在 YaRN 或 LongRoPE 下把缩放因子 s 调到大于 "
                                              "1，可以看到它随长度增长。"));
    if (quantity == QLatin1String("logit_multiplier") && c == 1)
        return words(QStringLiteral("%1the logits are multiplied by 1 (a² × softmax gain). "
                                    "Choose YaRN under Context scaling with a scaling factor s "
                                    "above 1 (DeepSeek: Softmax gain) to see the softmax sharpen "
                                    "as the context grows.")
                         .arg(none ? QStringLiteral("No context scaling: ")
                                   : QStringLiteral("At these parameters ")),
                     QString::fromUtf8("%1logits 乘以 1（a² × softmax 增益）。在“上下文缩放”中选择 "
                                       "YaRN 并把缩放因子 s 调到大于 1（DeepSeek：softmax 增益），"
                                       "可以看到上下文变长时 softmax 变得更尖锐。")
                         .arg(none ? QString::fromUtf8("没有上下文缩放：")
                                   : QString::fromUtf8("在当前参数下，")));
    if (quantity == QLatin1String("pair_class")) {
        static const char* en[] = {"kept", "blended", "interpolated"};
        static const char* zh[] = {"保留", "混合", "插值"};
        const int k = std::clamp(static_cast<int>(c), 0, 2);
        const QString cls = QString::number(static_cast<int>(c));
        return words(
            QStringLiteral("%1every pair is %2 (class %3). Choose YaRN or Llama 3 under Context "
                           "scaling to see which pairs are kept, blended or interpolated.")
                .arg(none ? QStringLiteral("No context scaling: ")
                          : QStringLiteral("The scaling treats all pairs alike: "),
                     QLatin1String(en[k]), cls),
            QString::fromUtf8("%1每一对都是“%2”（类别 %3）。在“上下文缩放”中选择 YaRN 或 Llama 3，"
                              "可以看到哪些维度对被保留、混合或插值。")
                .arg(none ? QString::fromUtf8("没有上下文缩放：")
                          : QString::fromUtf8("当前缩放对所有维度对一视同仁："),
                     QString::fromUtf8(zh[k]), cls));
    }
    if (quantity == QLatin1String("query_scale")) {
        if (p.text("query_scale") == "none")
            return words(QStringLiteral("No query scaling: every query is multiplied by %1 at "
                                        "every position. Choose a rule under Query scaling "
                                        "(Llama 4, Qwen log-n) to see it grow with the position.")
                             .arg(formatNumber(c, 4)),
                         QString::fromUtf8("没有查询缩放：每个位置的查询都乘以 %1。在“查询缩放”中"
                                           "选择一种规则（Llama 4、Qwen log-n），可以看到它随位置"
                                           "增长。")
                             .arg(formatNumber(c, 4)));
        const QString last = formatNumber(static_cast<double>(p.integer("n") - 1), 8);
        return words(QStringLiteral("The query scale is %1 at every position shown (0 … %2): "
                                    "the rule starts further on. Show more positions (beyond "
                                    "Llama 4's floor scale or Qwen's L) to see it grow.")
                         .arg(formatNumber(c, 4), last),
                     QString::fromUtf8("在显示的每个位置（0 … %2）查询缩放都是 %1：规则从更后面"
                                       "的位置才起作用。显示更多位置（超过 Llama 4 的分段尺度或 "
                                       "Qwen 的 L），可以看到它增长。")
                         .arg(formatNumber(c, 4), last));
    }
    return {};
}

// RoPE's precision views: no collision, the identity.
LocalText precisionWords(const QString& quantity, const Array& a, const core::ParamSet& p) {
    const QString format = QString::fromStdString(p.text("precision"));
    const QString n = formatNumber(static_cast<double>(p.integer("n")), 9);
    if (quantity == QLatin1String("collisions") && a.size() == 1 && a.at(0) == 0)
        return words(QStringLiteral("No collisions: in %1 each of these %2 positions keeps a "
                                    "value of its own. Choose bfloat16 or float16 under Number "
                                    "format, or more positions, to count the positions that "
                                    "round onto a smaller one.")
                         .arg(format, n),
                     QString::fromUtf8("没有碰撞：在 %1 中这 %2 个位置各有自己的值。在“数值格式”"
                                       "中选择 bfloat16 或 float16，或增加位置数，可以数出舍入到"
                                       "更小位置上的位置。")
                         .arg(format, n));
    if (quantity == QLatin1String("position_rounded") && isIdentity(a, p.integer("offset")))
        return words(QStringLiteral("Every position is held exactly in %1: the rounded positions "
                                    "are the positions themselves (a straight line). Choose "
                                    "bfloat16 or float16 under Number format, or more positions, "
                                    "to see them round onto a grid.")
                         .arg(format),
                     QString::fromUtf8("在 %1 中每个位置都被精确保存：舍入后的位置就是位置本身"
                                       "（一条直线）。在“数值格式”中选择 bfloat16 或 float16，或"
                                       "增加位置数，可以看到它们被舍入到网格上。")
                         .arg(format));
    return {};
}

}  // namespace

void noteDegenerateView(PrepareContext& ctx, const ViewSpec& view, const ViewState& state,
                        ViewResult& vr) {
    if (!vr.error.isEmpty() || view.kind == ViewKind::Compare || view.series.size() != 1 ||
        view.encoding != QLatin1String("rope"))
        return;
    const SeriesSpec& s = view.series[0];
    if (!s.encoding.isEmpty() || !s.set.isEmpty() || !s.sweepParam.isEmpty()) return;
    const core::ParamSet& p = ctx.request.params;
    const QString q = s.quantity;
    LocalText said;
    if (q == QLatin1String("angle_error") || q == QLatin1String("cos_error")) {
        // Errors at the format's own rounding: drawn neutral on a range floored at a millionth of
        // their scale (never 10⁻¹⁴ noise in full colour) and said in words over the cells.
        const double err = largestError(vr);
        if (!std::isfinite(err)) return;
        const double scale = std::max(1.0, largestAngle(ctx, state));
        if (err > kRoundingUlps * kEps * scale) return;
        for (HeatmapData& h : vr.heatmaps) {
            if (h.logColor) return;
            h.lo = 0;
            // The floor in the quantity's own scale: angles for the angle error, 1 for cos.
            const double own = q == QLatin1String("angle_error") ? scale : 1.0;
            h.hi = std::max(err, kErrorFloor * own);
            h.colormap = ColormapKind::Viridis;
            sayRounding(h, QString::fromStdString(p.text("precision")), err, scale);
            paintBlockMeans(h);
        }
        return;
    } else if (q == QLatin1String("collisions") || q == QLatin1String("position_rounded")) {
        const Fetch f = ctx.fetcher.fetch(s, state);
        if (f.array) said = precisionWords(q, *f.array, p);
    } else if (q == QLatin1String("attention_factor") || q == QLatin1String("logit_multiplier") ||
               q == QLatin1String("pair_class") || q == QLatin1String("query_scale")) {
        const Fetch f = ctx.fetcher.fetch(s, state);
        if (!f.array) return;
        if (const auto c = constantOf(*f.array)) said = scalingWords(q, *c, p);
    }
    if (said.isEmpty()) return;  // drawn as computed
    vr.degenerate = said;
    vr.heatmaps.clear();
    vr.lines = LinesData{};
    vr.rotation = RotationData{};
    vr.value.clear();
}

}  // namespace poslab::ui
