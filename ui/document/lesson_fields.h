// The JSON fields of a lesson file (lesson.h) that every kind of step shares: allowed keys, texts
// in both languages and the step's formula, each refused with one line naming the key.
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include "ui/catalog/view_spec.h"

namespace poslab::ui::lessonfields {

// Unknown keys are errors rather than ignored: a misspelt "parmas" would otherwise silently show
// the preset, and the author would never know.
bool checkKeys(const QJsonObject& o, const QStringList& allowed, const QString& what, QString* why);
// {"en": "...", "zh": "..."}, both required: a lesson is shown in either language and must never
// fall back to the other one in the middle of a deck.
bool readText(const QJsonObject& o, const QString& key, LocalText* out, QString* why);
// The step's own formula (optional): TeX, one text or {"en": ..., "zh": ...}; it must parse.
bool readFormula(const QJsonObject& o, LocalText* out, QString* why);

}  // namespace poslab::ui::lessonfields
