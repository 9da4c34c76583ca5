#include "ui/document/model_presets.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace poslab::ui {

namespace {
const QString kPresetDir = QStringLiteral(":/poslab/models");
}

QList<ModelPreset> modelPresets() {
    QList<ModelPreset> out;
    const QStringList files = QDir(kPresetDir).entryList({"*.json"}, QDir::Files, QDir::Name);
    for (const QString& file : files) {
        QFile f(kPresetDir + "/" + file);
        if (!f.open(QIODevice::ReadOnly)) continue;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        out.push_back({QFileInfo(file).completeBaseName(), o.value("name").toString(),
                       o.value("source").toString()});
    }
    return out;
}

std::string modelPresetText(const QString& id) {
    if (id.isEmpty() || id.contains('/')) return {};
    QFile f(kPresetDir + "/" + id + ".json");
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll().toStdString();
}

core::Expected<std::string> modelConfigText(const std::string& fileOrPreset) {
    const QString path = QString::fromStdString(fileOrPreset);
    if (QFileInfo(path).isFile()) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return core::Error{core::Errc::Io, "cannot read '" + core::printable(fileOrPreset) +
                                                   "': " + f.errorString().toStdString()};
        return f.readAll().toStdString();
    }
    if (std::string text = modelPresetText(path); !text.empty()) return text;
    return core::fail("'" + core::printable(fileOrPreset) +
                      "' is neither a file nor a preset (see 'poslab model --list')");
}

}  // namespace poslab::ui
