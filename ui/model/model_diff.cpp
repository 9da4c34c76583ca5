#include "ui/model/model_diff.h"

#include <QVariant>

#include "ui/model/model_kinds.h"

namespace poslab::ui {

namespace cm = core::models;

namespace {

template <typename T>
QVariant optional(const std::optional<T>& v) {
    return v ? QVariant::fromValue(*v) : QVariant();
}

// The value behind a readout, comparable with ==; invalid where the side has no such row.
QVariant valueOf(ModelSide s, const QString& key) {
    const cm::KindInfo& k = *s.kind;
    const LayerCounts n = layerCounts(s.model->config);
    if (key == QLatin1String("encoding")) return QString::fromStdString(k.encoding);
    if (key == QLatin1String("window")) return optional(k.window);
    if (key == QLatin1String("nope_layers")) return n.nope;
    if (key == QLatin1String("window_layers")) return n.windowed;
    if (key == QLatin1String("linear_layers")) return n.noAttention;
    if (key == QLatin1String("max")) return optional(s.model->config.maxPositionEmbeddings);
    if (key.startsWith(QLatin1String("param:"))) {
        for (const auto& [name, value] : impliedParams(k))
            if (key.mid(6) == QString::fromStdString(name)) return QString::fromStdString(value);
        return {};
    }
    if (!k.rope) return {};
    if (key == QLatin1String("rope_type")) return QString::fromStdString(k.ropeType);
    if (key == QLatin1String("base")) return k.ropeTheta;
    if (key == QLatin1String("rotary_dim"))
        return QStringLiteral("%1/%2/%3").arg(k.rotaryDim).arg(k.headDim).arg(k.rotatingPairs());
    if (key == QLatin1String("pairing")) return QString::fromStdString(k.pairing);
    if (key == QLatin1String("qk_head_dim")) return optional(k.qkHeadDim);
    if (key == QLatin1String("factor")) return k.factor;
    if (key == QLatin1String("original")) return optional(k.originalMax);
    if (key == QLatin1String("attention_factor")) return k.attentionFactor;
    if (key == QLatin1String("logit_multiplier")) return k.logitMultiplier;
    if (key == QLatin1String("kept")) return k.countOf(cm::kKept);
    if (key == QLatin1String("blended")) return k.countOf(cm::kBlended);
    if (key == QLatin1String("interpolated")) return k.countOf(cm::kInterpolated);
    if (key == QLatin1String("full_turn"))
        return k.window ? QVariant(static_cast<int>(fullTurnPairs(k).size())) : QVariant();
    return {};
}

}  // namespace

QStringList differingReadouts(ModelSide a, ModelSide b) {
    QStringList out;
    if (!a || !b) return out;
    QStringList keys = {QStringLiteral("encoding"),
                        QStringLiteral("rope_type"),
                        QStringLiteral("base"),
                        QStringLiteral("rotary_dim"),
                        QStringLiteral("pairing"),
                        QStringLiteral("qk_head_dim"),
                        QStringLiteral("factor"),
                        QStringLiteral("original"),
                        QStringLiteral("window"),
                        QStringLiteral("full_turn"),
                        QStringLiteral("max"),
                        QStringLiteral("attention_factor"),
                        QStringLiteral("logit_multiplier"),
                        QStringLiteral("kept"),
                        QStringLiteral("blended"),
                        QStringLiteral("interpolated"),
                        QStringLiteral("nope_layers"),
                        QStringLiteral("window_layers"),
                        QStringLiteral("linear_layers")};
    for (const ModelSide s : {a, b})
        for (const auto& [name, value] : impliedParams(*s.kind))
            if (const QString key = QStringLiteral("param:") + QString::fromStdString(name);
                !keys.contains(key))
                keys << key;
    for (const QString& key : keys) {
        const QVariant va = valueOf(a, key), vb = valueOf(b, key);
        if ((va.isValid() || vb.isValid()) && va != vb) out << key;
    }
    return out;
}

}  // namespace poslab::ui
