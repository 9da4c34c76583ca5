// The bundled model presets (resources/models/*.json, embedded under :/poslab/models): the
// relevant keys of published config.json files, each naming its model card. Shared by the
// `model` command, `--model` on export and render, and the GUI's Model page.
#pragma once

#include <QList>
#include <QString>
#include <string>

#include "core/expected.h"

namespace poslab::ui {

struct ModelPreset {
    QString id;      // file name without .json: "llama-3.1-8b"
    QString name;    // "Llama 3.1 8B"
    QString source;  // the model card it comes from
};

// Every preset, ordered by id.
QList<ModelPreset> modelPresets();
// A preset's config text, or "" when `id` names none.
std::string modelPresetText(const QString& id);

// A config's text from FILE or PRESET: an existing file is read (Errc::Io if it cannot be), else a
// preset id; otherwise one line: "'x' is neither a file nor a preset (see 'poslab model --list')".
core::Expected<std::string> modelConfigText(const std::string& fileOrPreset);

}  // namespace poslab::ui
