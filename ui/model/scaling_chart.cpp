#include "ui/model/scaling_chart.h"

#include <QHash>
#include <algorithm>
#include <cmath>

#include "ui/figure/number_format.h"

namespace poslab::ui {

namespace cm = core::models;
namespace enc = core::enc;

namespace {

// In the house format ("1 000 000", "32 768", "0.25"), as the rest of the page.
QString number(double v) {
    return formatExact(v);
}

// Colours are fixed per method (the same method looks the same on every model); tab10 without
// brown, which is too dark on the dark theme.
int methodColor(const QString& id) {
    static const QHash<QString, int> kColors{{QStringLiteral("none"), 9},
                                             {QStringLiteral("linear"), 0},
                                             {QStringLiteral("ntk"), 1},
                                             {QStringLiteral("dynamic"), 7},
                                             {QStringLiteral("yarn"), 3},
                                             {QStringLiteral("llama3"), 2},
                                             {QStringLiteral("longrope_short"), 4},
                                             {QStringLiteral("longrope_long"), 6},
                                             {QStringLiteral("proportional"), 8}};
    return kColors.value(id, 9);
}

QString methodLabel(const ScalingSetup& s, const QString& id) {
    if (id == QLatin1String("none")) return ModelChartText::tr("unscaled (ratio 1)");
    if (id == QLatin1String("linear"))
        return ModelChartText::tr("linear (PI), 1/%1").arg(number(s.params.factor));
    if (id == QLatin1String("ntk")) return ModelChartText::tr("NTK-aware");
    if (id == QLatin1String("dynamic"))
        return ModelChartText::tr("dynamic NTK, s = %1").arg(s.extended);
    if (id == QLatin1String("yarn")) return ModelChartText::tr("YaRN");
    if (id == QLatin1String("llama3")) return ModelChartText::tr("llama3");
    if (id == QLatin1String("longrope_short")) return ModelChartText::tr("LongRoPE, s ≤ L (short)");
    if (id == QLatin1String("longrope_long")) return ModelChartText::tr("LongRoPE, s > L (long)");
    return s.chosenP
               ? ModelChartText::tr("proportional, p = %1 (chosen)").arg(number(s.proportionalP))
               : ModelChartText::tr("proportional, p = %1").arg(number(s.proportionalP));
}

// theta'_j / theta_j of curve `id`, theta_j the unscaled frequency of the same d and base.
QVector<QPointF> ratios(const ScalingSetup& s, const QString& id) {
    const std::vector<double> ref = enc::ropeFrequencyTable(s.params).theta;
    const std::vector<double> scaled = enc::ropeFrequencyTable(methodParams(s, id)).theta;
    QVector<QPointF> out;
    const std::size_t n = std::min(ref.size(), scaled.size());
    for (std::size_t j = 0; j < n; ++j)
        out.append(QPointF(static_cast<double>(j), scaled[j] / ref[j]));
    return out;
}

// What the methods are drawn with, said once: "The model's own d = 128, base 500000, ...".
QString setupNote(const ScalingSetup& s) {
    const auto& p = s.params;
    const auto L = static_cast<std::int64_t>(p.originalMaxPosition);
    QStringList parts;
    parts << (s.illustrative
                  ? ModelChartText::tr("No scaling in this kind: factor %1 chosen for the chart, "
                                       "d = %2, base %3, L = %4 → %5.")
                  : ModelChartText::tr("The model's d = %2, base %3, factor %1, L = %4 → %5."))
                 .arg(number(p.factor))
                 .arg(p.d)
                 .arg(number(p.base))
                 .arg(number(static_cast<double>(L)))
                 .arg(number(static_cast<double>(s.extended)));
    if (s.lFrom == ScalingSetup::LFrom::MaxPosition)
        parts << ModelChartText::tr("L = max_position_embeddings.");
    else if (s.lFrom == ScalingSetup::LFrom::MaxOverFactor)
        parts << ModelChartText::tr("L = max_position_embeddings / factor.");
    else if (s.lFrom == ScalingSetup::LFrom::Default)
        parts << ModelChartText::tr("L = %1: the config gives no context length.")
                     .arg(number(static_cast<double>(L)));
    if (s.hasLists)
        parts << ModelChartText::tr("LongRoPE: short_factor up to s = L = %1, long_factor from %2.")
                     .arg(number(static_cast<double>(L)))
                     .arg(number(static_cast<double>(L + 1)));
    else
        parts << ModelChartText::tr("LongRoPE needs the model's short_factor and long_factor.");
    const int r = static_cast<int>(std::floor(s.proportionalP * static_cast<double>(p.d) / 2));
    if (r < p.d / 2)
        parts << ModelChartText::tr("proportional: pairs j ≥ %1 do not rotate (×).").arg(r);
    return parts.join(QLatin1Char(' '));
}

}  // namespace

ScalingSetup scalingSetup(ModelSide side) {
    ScalingSetup s;
    if (!side || !side.kind->rope) return s;
    const cm::KindInfo& k = *side.kind;
    const auto maxPos = side.model->config.maxPositionEmbeddings;
    enc::RopeFrequencyParams& p = s.params;
    p = k.params;  // yarn's betas, llama3's bands, longrope's lists where the kind has them
    s.own = QString::fromStdString(k.params.scaling);
    p.scaling = "none";
    p.d = k.rotaryDim;
    p.partialRotary = 1;
    s.illustrative = s.own == QLatin1String("none") || !(k.factor > 1);
    p.factor = s.illustrative ? kIllustrativeFactor : k.factor;
    if (k.originalMax) {
        p.originalMaxPosition = static_cast<double>(*k.originalMax);
    } else if (s.own == QLatin1String("dynamic")) {
        p.originalMaxPosition = k.params.originalMaxPosition;  // M, dynamic's own L
    } else {
        using LFrom = ScalingSetup::LFrom;
        s.lFrom = !maxPos          ? LFrom::Default
                  : s.illustrative ? LFrom::MaxPosition
                                   : LFrom::MaxOverFactor;
        p.originalMaxPosition =
            maxPos ? static_cast<double>(*maxPos) / (s.illustrative ? 1 : p.factor) : 2048;
    }
    const double L = p.originalMaxPosition;
    s.extended = side.model->seqLen.value_or(
        std::max<std::int64_t>(s.illustrative ? 0 : maxPos.value_or(0),
                               static_cast<std::int64_t>(std::llround(p.factor * L))));
    const auto pairs = static_cast<std::size_t>(p.rotaryDim() / 2);
    s.hasLists = p.shortFactor.size() == pairs && p.longFactor.size() == pairs && pairs > 0;
    // Proportional's p is the kind's own only where the kind is proportional (elsewhere d has
    // already taken any partial rotation): Gemma 4's 0.25 otherwise, said on the chart.
    if (s.own == QLatin1String("proportional") && k.partialRotaryFactor > 0 &&
        k.partialRotaryFactor <= 1) {
        s.proportionalP = k.partialRotaryFactor;
        s.chosenP = false;
    }
    return s;
}

QStringList scalingMethods(const ScalingSetup& s) {
    QStringList all{QStringLiteral("linear"),  QStringLiteral("ntk"),
                    QStringLiteral("dynamic"), QStringLiteral("yarn"),
                    QStringLiteral("llama3"),  QStringLiteral("proportional")};
    if (s.hasLists) {
        all.insert(5, QStringLiteral("longrope_long"));
        all.insert(5, QStringLiteral("longrope_short"));
    }
    QStringList own, rest;
    if (s.own == QLatin1String("none")) own << QStringLiteral("none");
    for (const QString& id : all) (isOwnMethod(s, id) ? own : rest) << id;
    return own + rest;
}

bool isOwnMethod(const ScalingSetup& s, const QString& id) {
    if (s.own == QLatin1String("longrope")) return id.startsWith(QLatin1String("longrope"));
    return id == s.own;
}

enc::RopeFrequencyParams methodParams(const ScalingSetup& s, const QString& id) {
    enc::RopeFrequencyParams p = s.params;
    const bool longrope = id.startsWith(QLatin1String("longrope"));
    p.scaling = longrope ? std::string("longrope") : id.toStdString();
    if (id == QLatin1String("dynamic")) p.length = s.extended;
    // LongRoPE's switch: the short table up to s = L, the long one from L + 1.
    if (longrope)
        p.length = static_cast<std::int64_t>(p.originalMaxPosition) +
                   (id == QLatin1String("longrope_long") ? 1 : 0);
    if (id == QLatin1String("proportional")) p.partialRotary = s.proportionalP;
    return p;
}

ModelChartData scalingChart(ModelSide a, ModelSide b) {
    ModelChartData d;
    d.legendAside = true;
    d.title = ModelChartText::tr("Scaling methods: θ′ⱼ / θⱼ per pair");
    const bool two = static_cast<bool>(b);
    d.pairAxis = two ? PairAxis::Normalised : PairAxis::Index;
    d.xLabel = pairAxisLabel(*d.pairAxis);
    d.yLabel = ModelChartText::tr("θ′ⱼ / θⱼ (log)");
    int side = 0;
    for (ModelSide s : {a, b}) {
        const int color = side++;
        if (!s || !s.kind->rope) continue;
        const ScalingSetup setup = scalingSetup(s);
        for (const QString& id : scalingMethods(setup)) {
            const bool own = isOwnMethod(setup, id) || id == QLatin1String("none");
            if (two && !own) continue;  // Compare: each model's own method
            ModelCurve c;
            c.id = id;
            c.points = ratios(setup, id);
            c.pairs = static_cast<int>(c.points.size());
            if (two)  // 2j/d: models of other head sizes line up
                for (int j = 0; j < c.points.size(); ++j)
                    c.points[j].setX(pairX(j, c.pairs, PairAxis::Normalised));
            c.color = two ? color : methodColor(id);
            // Dashed where a curve may lie on another: proportional on linear (below r), the short
            // table beside the long one.
            c.dashed = id == QLatin1String("longrope_short") || id == QLatin1String("proportional");
            c.emphasized = own && !two;
            const QString label = methodLabel(setup, id);
            c.name = two   ? ModelChartText::tr("%1: %2").arg(s.model->name, label)
                     : own ? ModelChartText::tr("%1 (this model)").arg(label)
                           : label;
            d.curves.append(c);
        }
        if (!two) d.note = setupNote(setup);
    }
    // Compare says what it draws in the title: the page is short of height with two layer maps.
    if (two) d.title = ModelChartText::tr("Each model's own scaling: θ′ⱼ / θⱼ per pair");
    if (d.curves.isEmpty())
        d.empty = ModelChartText::tr("This kind carries no RoPE (NoPE): no frequencies to scale.");
    return d;
}

}  // namespace poslab::ui
