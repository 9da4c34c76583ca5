#include "ui/model/model_document.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <new>

#include "core/io/input_file.h"
#include "ui/document/model_presets.h"

namespace poslab::ui {

namespace cm = core::models;

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

const cm::KindInfo* LoadedModel::kindOr(const QString& wanted) const {
    if (const cm::KindInfo* k = config.kind(wanted.toStdString())) return k;
    for (const cm::KindInfo& k : config.kinds)
        if (k.rope) return &k;
    return config.kinds.empty() ? nullptr : &config.kinds.front();
}

core::Expected<LoadedModel> loadModelText(const std::string& text, const QString& name,
                                          const QString& source,
                                          std::optional<std::int64_t> seqLen) {
    auto config = cm::readModelConfigText(text, seqLen);
    if (!config) return config.error();
    LoadedModel m;
    m.text = text;
    m.seqLen = seqLen;
    m.config = std::move(*config);
    m.source = source;
    m.name = name;
    if (m.name.isEmpty()) {
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
        m.name = o.value(QStringLiteral("name")).toString().trimmed();
    }
    if (m.name.isEmpty()) m.name = ModelText::tr("model");
    return m;
}

core::Expected<LoadedModel> loadModelFile(const QString& path) {
    const QFileInfo info(path);
    const std::string shown = core::echo(info.fileName().toStdString(), core::kEchoPathLimit);
    if (!info.exists())
        return core::Error{
            core::Errc::Io,
            "cannot read '" + core::echo(path.toStdString(), core::kEchoPathLimit) + "'"};
    // The one input rule (core/io/input_file.h): a folder, FIFO or device is refused before it is
    // opened, a file over the config cap or the memory budget before it is read.
    core::Expected<std::string> text = core::fail("");
    try {
        text = core::io::readInputFile(path.toStdString(), core::io::InputKind::Config);
    } catch (const std::bad_alloc&) {  // a limit on the address space below the budget
        return core::fail(core::Errc::OverBudget, shown + ": out of memory while reading it");
    }
    if (!text) return text.error();
    // A file named config.json says little: its folder usually names the model.
    QString name = info.completeBaseName();
    if (name == QLatin1String("config") && !info.dir().dirName().isEmpty())
        name = info.dir().dirName();
    auto model = loadModelText(*text, name, info.absoluteFilePath());
    if (!model) return core::Error{model.error().code, shown + ": " + model.error().message};
    // The config's own name wins; read once the reader has accepted the text (depth, size).
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(*text)).object();
    if (const QString own = o.value(QStringLiteral("name")).toString().trimmed(); !own.isEmpty())
        model->name = own;
    return model;
}

core::Expected<LoadedModel> loadModelPreset(const QString& id, std::optional<std::int64_t> seqLen) {
    const std::string text = modelPresetText(id);
    if (text.empty())
        return core::fail("'" + core::echo(id.toStdString()) + "' is not a bundled preset");
    QString source;
    for (const ModelPreset& p : modelPresets())
        if (p.id == id) source = p.source;
    auto model = loadModelText(text, {}, source, seqLen);
    if (!model)
        return core::Error{model.error().code,
                           core::echo(id.toStdString()) + ": " + model.error().message};
    return model;
}

KindCategory kindCategory(const cm::KindInfo& kind) {
    if (!kind.rope) return KindCategory::NoPE;
    const QString n = qs(kind.name);
    if (n.contains(QLatin1String("sliding")) || n.contains(QLatin1String("local")) ||
        n.contains(QLatin1String("chunked")))
        return KindCategory::Local;
    return KindCategory::Rope;
}

QString readoutNumber(double v) {
    return QString::number(v, 'g', 12);
}

QString kindSummary(const cm::KindInfo& kind) {
    if (!kind.rope) return ModelText::tr("NoPE (no rotation)");
    return ModelText::tr("%1, base %2").arg(qs(kind.ropeType), readoutNumber(kind.ropeTheta));
}

QVector<Readout> kindReadouts(const LoadedModel& model, const cm::KindInfo& kind) {
    QVector<Readout> out;
    const cm::ModelConfig& c = model.config;
    int layers = 0;
    for (const std::string& l : c.layers) layers += l == kind.name ? 1 : 0;
    auto add = [&](const char* key, const QString& label, const QString& value) {
        out.append({QLatin1String(key), label, value});
    };
    add("kind", ModelText::tr("layer kind"), qs(kind.name));
    add("layers", ModelText::tr("layers"),
        ModelText::tr("%1 of %2").arg(layers).arg(c.layers.size()));
    if (!kind.rope) {
        add("rope_type", ModelText::tr("RoPE type"), ModelText::tr("none (NoPE)"));
    } else {
        add("rope_type", ModelText::tr("RoPE type"), qs(kind.ropeType));
        add("base", ModelText::tr("base θ"), readoutNumber(kind.ropeTheta));
        QString dim = ModelText::tr("%1 of head dim %2").arg(kind.rotaryDim).arg(kind.headDim);
        if (kind.rotatingPairs() < static_cast<int>(kind.invFreq.size()))
            dim += ModelText::tr(" (%1 of %2 pairs rotate)")
                       .arg(kind.rotatingPairs())
                       .arg(kind.invFreq.size());
        add("rotary_dim", ModelText::tr("rotary dim"), dim);
        add("pairing", ModelText::tr("pairing"),
            kind.pairing == "interleaved" ? ModelText::tr("interleaved")
                                          : ModelText::tr("half (rotate_half)"));
        add("factor", ModelText::tr("factor"), readoutNumber(kind.factor));
        add("original", ModelText::tr("original context L"),
            kind.originalMax ? QString::number(*kind.originalMax) : QStringLiteral("—"));
    }
    if (model.seqLen)
        add("seq_len", ModelText::tr("sequence length s"), QString::number(*model.seqLen));
    add("max", ModelText::tr("extended context"),
        c.maxPositionEmbeddings ? QString::number(*c.maxPositionEmbeddings) : QStringLiteral("—"));
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
    if (kind.queryScale) {
        const cm::QueryScale& q = *kind.queryScale;
        const QString rule =
            q.kind == "llama4_temperature"
                ? QStringLiteral("ln(⌊(p+1)/%1⌋+1)·%2+1")
                      .arg(readoutNumber(q.floorScale), readoutNumber(q.attnScale))
                : QStringLiteral("1+%1·ln(1+⌊p/%2⌋)").arg(readoutNumber(q.beta)).arg(q.originalMax);
        add("query_scale", ModelText::tr("query scale"), rule);
    }
    return out;
}

}  // namespace poslab::ui
