// A model as the Model page holds it (issue 11): the config text itself (so that a session keeps
// the model by content and opens on another machine), a name to show, and what the config means
// (core/models). Loading from a file, a bundled preset or a text all go through the same reader,
// so a bad config is refused with one line however it arrives.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <string>

#include "core/expected.h"
#include "core/models/model_config.h"

namespace poslab::ui {

struct LoadedModel {
    QString name;    // "Llama 3.1 8B", or the file's name
    QString source;  // the model card of a preset, or the file's path
    std::string text;
    std::optional<std::int64_t> seqLen;  // the sequence length s it was read at (longrope, dynamic)
    core::models::ModelConfig config;

    bool valid() const { return !text.empty(); }
    // The kind named `name`, else the first kind with RoPE, else the first kind (nullptr: none).
    const core::models::KindInfo* kindOr(const QString& wanted) const;
};

// `name` and `source` are shown as given; the name falls back to the config's own "name" key (the
// presets carry one) and then to "model".
core::Expected<LoadedModel> loadModelText(const std::string& text, const QString& name = {},
                                          const QString& source = {},
                                          std::optional<std::int64_t> seqLen = std::nullopt);
// The error starts with the file name: "config.json: rope_scaling.factor: ...".
core::Expected<LoadedModel> loadModelFile(const QString& path);
core::Expected<LoadedModel> loadModelPreset(const QString& id,
                                            std::optional<std::int64_t> seqLen = std::nullopt);

class ModelText {
    Q_DECLARE_TR_FUNCTIONS(poslab::ui::ModelText)
};

}  // namespace poslab::ui
