// The Training lab's part of a session (issue 27 item 5: "a finished comparison is kept in the
// session"): the settings and every finished run with its loss log, accuracies, timings and,
// while their total stays under kSessionWeightBytes, its trained weights (float32, base64), so
// that a reopened session shows the same charts, attention maps and learned parameters. Runs past
// that total keep their numbers; the lab says that their weights were not kept.
//
// {"settings": {...train_settings.h...},
//  "runs": [{"encoding": "learned:1", "seed": 0, "steps": 2000, "train_token_acc": 0.99,
//            "wall_s": 9.1, "ms_per_step": 4.3, "loss": [[step, loss, acc], ...],
//            "eval": [[multiple, n, token_acc, sequence_acc], ...], "weights": "<base64>"}]}
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <vector>

#include "core/train/train_report.h"
#include "ui/train/train_settings.h"

namespace poslab::ui {

inline constexpr qint64 kSessionWeightBytes = 8 << 20;  // of base64, all runs together

QJsonObject trainSessionJson(const TrainSettings& settings,
                             const std::vector<core::train::RunRecord>& records);
// Validates everything (settings, each run's encoding and seed among them, sizes matching the
// task's tests, finite numbers in range, weights of the model's exact size); false with one line.
bool trainSessionFromJson(const QJsonObject& object, TrainSettings* settings,
                          std::vector<core::train::RunRecord>* records, QString* error);

// Whether a record holds its trained weights (a session may have dropped them).
bool hasWeights(const core::train::RunRecord& record);

}  // namespace poslab::ui
