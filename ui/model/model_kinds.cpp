#include "ui/model/model_kinds.h"

#include "ui/figure/number_format.h"

#include <QStringList>
#include <cmath>
#include <numbers>
#include <unordered_map>

#include "core/registry.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace cm = core::models;

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

bool isOtherEncoding(const std::string& e) {
    return e == "alibi" || e == "t5" || e == "learned" || e == "shaw";
}

// What kind of layer carries no positions, from its layer type.
QString noAttentionWhat(const cm::KindInfo& kind) {
    const QString n = qs(kind.name).toLower();
    if (n.contains(QLatin1String("linear"))) return ModelKindText::tr("linear attention");
    if (n.contains(QLatin1String("mamba"))) return ModelKindText::tr("Mamba");
    if (n.contains(QLatin1String("conv"))) return ModelKindText::tr("convolution");
    return ModelKindText::tr("not attention");
}

QString number(double v) {
    return formatExact(v);  // the house format, the config's value: "500 000"
}

}  // namespace

const std::vector<cm::ParamText>& impliedParams(const cm::KindInfo& kind) {
    return kind.encodingParams;
}

KindCategory kindCategory(const cm::KindInfo& kind) {
    if (!kind.attention || kind.encoding == "none") return KindCategory::NoAttention;
    if (!kind.rope && isOtherEncoding(kind.encoding)) return KindCategory::OtherEncoding;
    if (!kind.rope) return KindCategory::NoPE;
    const QString n = qs(kind.name);
    if (kind.window || n.contains(QLatin1String("sliding")) || n.contains(QLatin1String("local")) ||
        n.contains(QLatin1String("chunked")))
        return KindCategory::Local;
    return KindCategory::Rope;
}

QString encodingName(const std::string& id) {
    if (id == "rope") return ModelKindText::tr("RoPE");
    if (id == "mrope") return ModelKindText::tr("M-RoPE (multimodal RoPE)");
    if (id == "alibi") return ModelKindText::tr("ALiBi");
    if (id == "t5") return ModelKindText::tr("T5 relative buckets");
    if (id == "learned") return ModelKindText::tr("learned absolute");
    if (id == "shaw") return ModelKindText::tr("Shaw relative positions");
    if (id == "nope") return ModelKindText::tr("NoPE");
    if (id == "none") return ModelKindText::tr("no positions");
    return qs(id);
}

QString kindSummary(const cm::KindInfo& kind) {
    const QString window = kind.window ? ModelKindText::tr(", window %1").arg(*kind.window) : "";
    switch (kindCategory(kind)) {
        case KindCategory::NoAttention:
            return ModelKindText::tr("no positions (%1)").arg(noAttentionWhat(kind));
        case KindCategory::NoPE:
            return ModelKindText::tr("NoPE (attention without positions)") + window;
        case KindCategory::OtherEncoding:
            return encodingName(kind.encoding) + window;
        default:
            break;
    }
    const QString mrope = kind.encoding == "mrope" ? QStringLiteral("M-RoPE ") : QString();
    return mrope + ModelKindText::tr("%1, base %2").arg(qs(kind.ropeType), number(kind.ropeTheta)) +
           window;
}

QString encodingHeadline(const cm::ModelConfig& config) {
    const cm::EncodingInfo& e = config.encoding;
    if (!isChinese() && !e.summary.empty()) return qs(e.summary);
    QString out = encodingName(e.id);
    QStringList parts;
    const core::EncodingDescriptor* enc = core::registry().find(e.id);
    for (const auto& [key, value] : e.params) {
        const core::ParamSpec* spec = enc ? enc->findParam(key) : nullptr;
        const QString label = spec ? pick(spec->labelEn, spec->labelZh) : qs(key);
        parts << ModelKindText::tr("%1 = %2").arg(label, qs(value));
    }
    if (e.id == "rope" || e.id == "mrope") {
        const LayerCounts n = layerCounts(config);
        if (n.nope + n.noAttention > 0)
            parts << ModelKindText::tr("on %1 of %2 layers")
                         .arg(n.total - n.nope - n.noAttention)
                         .arg(n.total);
        if (n.nope > 0) parts << ModelKindText::tr("%1 NoPE").arg(n.nope);
        if (n.noAttention > 0)
            parts << ModelKindText::tr("%1 without positions (not attention)").arg(n.noAttention);
    }
    if (e.id == "mrope")
        for (const cm::KindInfo& k : config.kinds)
            if (!k.mropeSection.empty()) {
                QStringList s;
                for (std::int64_t v : k.mropeSection) s << QString::number(v);
                parts << ModelKindText::tr("sections [%1]").arg(s.join(QStringLiteral(", ")));
                break;
            }
    if (!parts.isEmpty()) out += ModelKindText::tr(": ") + parts.join(ModelKindText::tr(", "));
    return out;
}

ExploreTarget exploreTarget(const cm::KindInfo& kind) {
    switch (kindCategory(kind)) {
        case KindCategory::NoAttention:
        case KindCategory::NoPE:
            return {};
        case KindCategory::OtherEncoding: {
            static const std::unordered_map<std::string, const char*> kNames = {
                {"alibi", QT_TRANSLATE_NOOP("poslab::ui::ModelKindText", "ALiBi")},
                {"t5", QT_TRANSLATE_NOOP("poslab::ui::ModelKindText", "T5")},
                {"learned", QT_TRANSLATE_NOOP("poslab::ui::ModelKindText", "Learned")},
                {"shaw", QT_TRANSLATE_NOOP("poslab::ui::ModelKindText", "Shaw")}};
            return {qs(kind.encoding), ModelKindText::tr(kNames.at(kind.encoding)), false};
        }
        default:
            return {QStringLiteral("rope"), ModelKindText::tr("RoPE"), true};
    }
}

QVector<int> fullTurnPairs(const cm::KindInfo& kind, std::int64_t window) {
    QVector<int> out;
    if (!kind.rope || window <= 0) return out;
    const double w = static_cast<double>(window);
    for (int j = 0; j < static_cast<int>(kind.invFreq.size()); ++j)
        if (kind.invFreq[j] * w >= 2 * std::numbers::pi) out.append(j);
    return out;
}

QVector<int> fullTurnPairs(const cm::KindInfo& kind) {
    return kind.window ? fullTurnPairs(kind, *kind.window) : QVector<int>();
}

LayerCounts layerCounts(const cm::ModelConfig& config) {
    LayerCounts c;
    c.total = static_cast<int>(config.layers.size());
    for (const std::string& l : config.layers) {
        const cm::KindInfo* k = config.kind(l);
        if (!k) continue;
        const KindCategory cat = kindCategory(*k);
        c.nope += cat == KindCategory::NoPE ? 1 : 0;
        c.noAttention += cat == KindCategory::NoAttention ? 1 : 0;
        c.windowed += k->window ? 1 : 0;
    }
    return c;
}

}  // namespace poslab::ui
