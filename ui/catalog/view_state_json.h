// ViewState and parameter values as JSON objects, shared by session files and lesson files.
// Parameters are stored as the texts the command line takes ("10000", "half", "true"), so a file
// is read back through the same ParamSpec validation as `-p key=value`.
#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include "core/params/param_spec.h"
#include "core/registry.h"
#include "ui/catalog/view_spec.h"

namespace poslab::ui {

// Optional fields of a JSON object (session and lesson files): absent leaves `out` alone;
// present but of the wrong type or out of range gives false and one line naming the key
// ("\"tab\" must be an integer from 0 to 7"). `allowed`, when not empty, lists the only texts.
bool readIntField(const QJsonObject& o, const QString& key, qint64 lo, qint64 hi, qint64* out,
                  QString* error);
bool readTextField(const QJsonObject& o, const QString& key, const QStringList& allowed,
                   QString* out, QString* error);

QJsonObject viewStateToJson(const ViewState& state);
// Unknown keys are ignored; a key of the wrong type is an error (the message names the key).
bool viewStateFromJson(const QJsonObject& object, ViewState* state, QString* error);

// Every value of `params`, as command-line text.
QMap<QString, QString> paramTexts(const core::ParamSet& params);
// Each value must be a string (or a number or boolean, taken as its text).
bool paramTextsFromJson(const QJsonObject& object, QMap<QString, QString>* texts, QString* error);
// Defaults of `enc` overlaid with `texts`, each parsed and checked by its ParamSpec; the first
// bad one is reported as the command line would ("base = -1: must be > 1").
core::Expected<core::ParamSet> paramsFromTexts(const core::EncodingDescriptor& enc,
                                               const core::ParamSet& start,
                                               const QMap<QString, QString>& texts);

}  // namespace poslab::ui
