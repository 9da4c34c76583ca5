#include "ui/model/model_readouts.h"

#include <algorithm>

#include "core/models/position_marks.h"
#include "core/registry.h"
#include "ui/figure/number_format.h"
#include "ui/model/model_kinds.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace cm = core::models;

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString ofLayers(int n, int total) {
    return ModelText::tr("%1 of %2").arg(n).arg(total);
}

QString pairingText(const cm::KindInfo& kind) {
    const QString pairing = kind.pairing == "interleaved" ? ModelText::tr("interleaved")
                                                          : ModelText::tr("half (rotate_half)");
    if (kind.pairingSource.empty()) return pairing;
    const QString source = kind.pairingSource == "default (rotate_half)"
                               ? ModelText::tr("the default")
                               : qs(kind.pairingSource);
    return ModelText::tr("%1 — from %2").arg(pairing, source);
}

QString queryScaleRule(const cm::QueryScale& q) {
    if (q.kind == "llama4_temperature")
        return QStringLiteral("ln(⌊(p+1)/%1⌋+1)·%2+1")
            .arg(readoutNumber(q.floorScale), readoutNumber(q.attnScale));
    if (q.kind == "qwen_logn")
        return ModelText::tr("log_L(p+1) where p+1 > L = %1").arg(q.originalMax);
    return QStringLiteral("1+%1·ln(1+⌊p/%2⌋)").arg(readoutNumber(q.beta)).arg(q.originalMax);
}

// A count of positions in the house format ("131 072").
QString wholeNumber(std::int64_t v) {
    return formatExact(static_cast<double>(v));
}

void addRopeRows(QVector<Readout>* out, const cm::KindInfo& kind) {
    auto add = [&](const char* key, const QString& label, const QString& value) {
        out->append({QLatin1String(key), label, value, {}});
    };
    add("rope_type", ModelText::tr("RoPE type"), qs(kind.ropeType));
    add("base", ModelText::tr("base θ"), formatExact(kind.ropeTheta));  // as the config says
    QString dim = ModelText::tr("%1 of head dim %2").arg(kind.rotaryDim).arg(kind.headDim);
    if (kind.rotatingPairs() < static_cast<int>(kind.invFreq.size()))
        dim += ModelText::tr(" (%1 of %2 pairs rotate)")
                   .arg(kind.rotatingPairs())
                   .arg(kind.invFreq.size());
    add("rotary_dim", ModelText::tr("rotary dim"), dim);
    add("pairing", ModelText::tr("pairing"), pairingText(kind));
    if (kind.qkHeadDim)
        add("qk_head_dim", ModelText::tr("q·k dim (MLA)"),
            ModelText::tr("%1 (softmax scale 1/√%1)").arg(*kind.qkHeadDim));
    add("factor", ModelText::tr("factor"), formatExact(kind.factor));
    add("original", ModelText::tr("original context L"),
        kind.originalMax ? wholeNumber(*kind.originalMax) : QStringLiteral("—"));
}

// The parameters another encoding implies, each labelled as its parameter panel labels it.
void addImpliedRows(QVector<Readout>* out, const cm::KindInfo& kind) {
    const core::EncodingDescriptor* enc = core::registry().find(kind.encoding);
    for (const auto& [key, value] : impliedParams(kind)) {
        const core::ParamSpec* spec = enc ? enc->findParam(key) : nullptr;
        const QString label = spec ? pick(spec->labelEn, spec->labelZh) : qs(key);
        out->append({QStringLiteral("param:") + qs(key), label, qs(value),
                     QStringLiteral("-p %1=%2").arg(qs(key), qs(value))});
    }
}

}  // namespace

QString readoutNumber(double v) {
    return formatNumber(v, 12);  // the house format: "5 000 000", "1.13862943611"
}

QVector<Readout> kindReadouts(const LoadedModel& model, const cm::KindInfo& kind, bool layerRows) {
    QVector<Readout> out;
    const cm::ModelConfig& c = model.config;
    const int total = static_cast<int>(c.layers.size());
    const int layers = static_cast<int>(std::count(c.layers.begin(), c.layers.end(), kind.name));
    auto add = [&](const char* key, const QString& label, const QString& value) {
        out.append({QLatin1String(key), label, value, {}});
    };
    const KindCategory cat = kindCategory(kind);
    add("encoding", ModelText::tr("positions"),
        cat == KindCategory::Rope || cat == KindCategory::Local ? encodingName(kind.encoding)
                                                                : kindSummary(kind));
    add("kind", ModelText::tr("layer kind"), qs(kind.name));
    add("layers", ModelText::tr("layers"), ofLayers(layers, total));
    if (cat == KindCategory::NoPE)
        add("rope_type", ModelText::tr("RoPE type"), ModelText::tr("none (NoPE)"));
    if (cat == KindCategory::OtherEncoding) addImpliedRows(&out, kind);
    if (kind.rope) addRopeRows(&out, kind);
    if (cat != KindCategory::NoAttention)
        add("window", ModelText::tr("sliding window"),
            kind.window ? ModelText::tr("%1 tokens").arg(wholeNumber(*kind.window))
                        : ModelText::tr("none (full attention)"));
    if (kind.rope && kind.window)
        add("full_turn", ModelText::tr("pairs turning fully in the window"),
            ModelText::tr("%1 of %2 pairs")
                .arg(fullTurnPairs(kind).size())
                .arg(kind.invFreq.size()));
    if (model.seqLen)
        add("seq_len", ModelText::tr("sequence length s"), wholeNumber(*model.seqLen));
    // The one extended context of the kind (core's extendedContext): the wavelength chart's line
    // and the figures say the same number.
    if (const auto ext = cm::extendedContext(c, kind); ext && ext->fromFactor)
        out.append({QStringLiteral("max"), ModelText::tr("extended context"),
                    ModelText::tr("%1 (factor × L)").arg(wholeNumber(ext->positions)),
                    ModelText::tr("max_position_embeddings = %1; factor × L = %2 × %3 is larger")
                        .arg(c.maxPositionEmbeddings ? wholeNumber(*c.maxPositionEmbeddings)
                                                     : QStringLiteral("—"),
                             formatExact(kind.factor), wholeNumber(kind.originalMax.value_or(0)))});
    else
        add("max", ModelText::tr("extended context"),
            ext ? wholeNumber(ext->positions) : QStringLiteral("—"));
    if (kind.rope) {
        add("attention_factor", ModelText::tr("attention factor"),
            readoutNumber(kind.attentionFactor));
        add("logit_multiplier", ModelText::tr("logit multiplier"),
            readoutNumber(kind.logitMultiplier));
        add("kept", ModelText::tr("pairs kept"), QString::number(kind.countOf(cm::kKept)));
        add("blended", ModelText::tr("pairs blended"), QString::number(kind.countOf(cm::kBlended)));
        add("interpolated", ModelText::tr("pairs interpolated"),
            QString::number(kind.countOf(cm::kInterpolated)));
    }
    if (kind.queryScale)
        add("query_scale", ModelText::tr("query scale"), queryScaleRule(*kind.queryScale));
    // The model's layers by group: the rows a comparison of two models needs.
    const LayerCounts n = layerCounts(c);
    if (layerRows || n.nope > 0)
        add("nope_layers", ModelText::tr("NoPE layers"), ofLayers(n.nope, total));
    if (layerRows || n.windowed > 0)
        add("window_layers", ModelText::tr("sliding-window layers"), ofLayers(n.windowed, total));
    if (layerRows || n.noAttention > 0)
        add("linear_layers", ModelText::tr("layers without positions"),
            ofLayers(n.noAttention, total));
    return out;
}

QVector<Readout> keyReadouts(const LoadedModel& model, const cm::KindInfo& kind) {
    static const QStringList keys = {"encoding", "rope_type", "base",    "rotary_dim", "factor",
                                     "original", "max",       "seq_len", "window"};
    QVector<Readout> out;
    for (Readout r : kindReadouts(model, kind)) {
        if (!keys.contains(r.key) && !r.key.startsWith(QLatin1String("param:"))) continue;
        // What the config does not say, and a window the kind does not have.
        if (r.value == QStringLiteral("—") || (r.key == QLatin1String("window") && !kind.window))
            continue;
        if (r.key == QLatin1String("rotary_dim") && kind.rotaryDim == kind.headDim &&
            kind.rotatingPairs() == static_cast<int>(kind.invFreq.size()))
            r.value = QString::number(kind.rotaryDim);  // "128", not "128 of head dim 128"
        if (r.key == QLatin1String("base")) r.value = formatExact(kind.ropeTheta);
        if (r.key == QLatin1String("factor")) r.value = formatExact(kind.factor);
        if (r.key == QLatin1String("original") && kind.originalMax)
            r.value = formatExact(static_cast<double>(*kind.originalMax));
        if (r.key == QLatin1String("seq_len") && model.seqLen)
            r.value = formatExact(static_cast<double>(*model.seqLen));
        if (r.key == QLatin1String("window") && kind.window)
            r.value =
                ModelText::tr("%1 tokens").arg(formatExact(static_cast<double>(*kind.window)));
        out.append(r);
    }
    return out;
}

}  // namespace poslab::ui
