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

// A config's text from FILE or PRESET: a regular file is read, else a preset id; a folder, FIFO or
// device of another name is refused before it is read, as is a file over the config cap or the
// memory budget `budget` (the configured one when negative): core::io::readInputFile, Errc::Io
// or OverBudget. Otherwise one line: "'x' is neither a file nor a preset (see 'poslab model
// --list')".
core::Expected<std::string> modelConfigText(const std::string& fileOrPreset, double budget = -1);

}  // namespace poslab::ui
