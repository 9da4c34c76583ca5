#include "ui/document/model_presets.h"

#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <new>

#include "core/io/input_file.h"

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

core::Expected<std::string> modelConfigText(const std::string& fileOrPreset, double budget) {
    // A regular file is read; else a preset of that name (a folder named like a preset, as a
    // downloaded model's may be, does not hide it); else whatever is there (a folder, a FIFO, a
    // device) is refused by the one input rule before it is opened.
    struct stat st {};
    const bool exists = ::stat(fileOrPreset.c_str(), &st) == 0;
    if (!exists || !S_ISREG(st.st_mode)) {
        if (std::string text = modelPresetText(QString::fromStdString(fileOrPreset)); !text.empty())
            return text;
    }
    if (exists) {
        try {
            return core::io::readInputFile(fileOrPreset, core::io::InputKind::Config, budget);
        } catch (const std::bad_alloc&) {  // a limit on the address space below the budget
            return core::fail(core::Errc::OverBudget,
                              "config file '" + core::echo(fileOrPreset, core::kEchoPathLimit) +
                                  "': out of memory while reading it");
        }
    }
    return core::fail("'" + core::echo(fileOrPreset, core::kEchoPathLimit) +
                      "' is neither a file nor a preset (see 'poslab model --list')");
}

}  // namespace poslab::ui
