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

}  // namespace poslab::ui
