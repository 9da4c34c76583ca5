// What the Training lab's page trains (issue 27 item 5), as the page's controls, a session and a
// lesson step set it: the task, the variants compared, the seeds, the steps and the random
// positions switch; every other setting is T2-T3's default. The runs it makes are those of
// `poslab train` with the same options.
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/train/train_run.h"
#include "ui/train/train_figure.h"

namespace poslab::ui {

inline constexpr std::int64_t kLessonRandomPositions = 256;  // T3's R for the lesson's fix

struct TrainSettings {
    core::train::Task task = core::train::Task::Copy;
    std::vector<TrainVariant> variants = defaultVariants();
    std::vector<std::uint64_t> seeds{0};
    std::int64_t steps = core::train::defaultSteps(core::train::Task::Copy);
    std::int64_t randomPositions = 0;  // R; 0: off
    bool operator==(const TrainSettings&) const = default;

    // T4's seven: none, sinusoidal, learned (init 0.02), RoPE, ALiBi, T5, KERPLE.
    static std::vector<TrainVariant> defaultVariants();
};

// Every variant the page offers, in the order of its checkboxes: T2's encodings, with the learned
// table from init 0.02 and from init 1.
std::vector<TrainVariant> offeredVariants();

// The runs: for each seed, every variant (so that the first seed of every variant finishes
// first); each checked (checkTrainConfig). An error names the setting.
core::Expected<std::vector<core::train::TrainConfig>> trainConfigs(const TrainSettings& settings);

// A variant as the settings JSON names it: the encoding's id ("rope"), with ":<init>" for a learned
// table from another scale than 0.02 ("learned:1"); and back (nullopt for an unknown encoding, or
// an init on another encoding than learned or out of [0, 100]).
QString trainVariantId(const TrainVariant& variant);
std::optional<TrainVariant> trainVariantFromId(const QString& id);

// The settings as compact JSON (trainSettingsJson): what names a comparison, for a lesson step,
// the page's kept comparisons and a deck's trained ones.
QByteArray trainSettingsKey(const TrainSettings& settings);

// {"task": "copy", "encodings": ["none", "learned", "learned:1", ...], "seeds": [0, 1],
//  "steps": 2000, "random_positions": 0}; a learned table from another init than 0.02 is
// "learned:<init>".
QJsonObject trainSettingsJson(const TrainSettings& settings);
// Parses and checks (the runs it makes included); false with one line naming the key.
bool trainSettingsFromJson(const QJsonObject& object, TrainSettings* settings, QString* error);

}  // namespace poslab::ui
