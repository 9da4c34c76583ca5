// A lesson's Training lab steps (issue 27 item 6; the format in lesson.h): read and checked with
// the lab's own rules, and drawn as a deck draws them: the step's comparison trained here (once
// per deck for steps that share it) and the chart it names.
#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/train/train_report.h"
#include "ui/document/lesson.h"
#include "ui/figure/figure.h"
#include "ui/train/train_settings.h"

namespace poslab::ui {

// Reads "train" and "show" of a step object into `step` (its view and page too); false with one
// line naming the key.
bool readTrainStep(const QJsonObject& o, LessonStep* step, QString* why);
// The settings of a train step (empty step.train: none).
bool trainStepSettings(const LessonStep& step, TrainSettings* settings);

// What "show" names: the chart ("accuracy", "loss", "learned", "attention") and, for the last two,
// the variant whose first seed is drawn.
struct TrainShow {
    QString chart = QStringLiteral("accuracy");
    TrainVariant variant;
};
TrainShow trainShowOf(const LessonStep& step);

// The comparisons of a deck, each trained once: `stepCap` > 0 trains each run that many steps at
// most (the test suites' decks; the window and `poslab render` train the step's own steps).
class TrainStepCache {
public:
    // `note` hears each comparison as it starts training ("training 7 runs of copy, ...").
    TrainStepCache(int threads, std::int64_t stepCap,
                   std::function<void(const std::string&)> note = {})
        : m_threads(threads), m_cap(stepCap), m_note(std::move(note)) {}
    core::Expected<Figure> figure(const LessonStep& step);

private:
    core::Expected<std::vector<core::train::RunRecord>> runs(const TrainSettings& settings);
    int m_threads;
    std::int64_t m_cap;
    std::function<void(const std::string&)> m_note;
    QMap<QByteArray, std::vector<core::train::RunRecord>> m_done;  // by trainSettingsKey
};

// The chart a step names, from its comparison's finished runs.
core::Expected<Figure> trainStepFigure(const TrainShow& show,
                                       const std::vector<core::train::RunRecord>& runs);

}  // namespace poslab::ui
