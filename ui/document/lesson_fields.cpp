#include "ui/document/lesson_fields.h"

#include "ui/math/math_formula.h"

namespace poslab::ui::lessonfields {

bool checkKeys(const QJsonObject& o, const QStringList& allowed, const QString& what,
               QString* why) {
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!allowed.contains(it.key())) {
            *why = QStringLiteral("unknown %1 \"%2\" (allowed: %3)")
                       .arg(what, it.key(), allowed.join(QStringLiteral(", ")));
            return false;
        }
    return true;
}

// {"en": "...", "zh": "..."}, both required: a lesson is shown in either language and must never
// fall back to the other one in the middle of a deck.
bool readText(const QJsonObject& o, const QString& key, LocalText* out, QString* why) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined()) {
        *why = QStringLiteral("missing \"%1\"").arg(key);
        return false;
    }
    if (!v.isObject()) {
        *why = QStringLiteral("\"%1\" must be an object {\"en\": ..., \"zh\": ...}").arg(key);
        return false;
    }
    const QJsonObject t = v.toObject();
    for (const char* lang : {"en", "zh"}) {
        const QJsonValue s = t.value(QLatin1String(lang));
        if (!s.isString() || s.toString().trimmed().isEmpty()) {
            *why = QStringLiteral("\"%1\" has no \"%2\" text").arg(key, QLatin1String(lang));
            return false;
        }
    }
    *out = {t.value(QStringLiteral("en")).toString(), t.value(QStringLiteral("zh")).toString()};
    return true;
}

// The step's own formula (optional): TeX, one text or {"en": ..., "zh": ...}; it must parse.
bool readFormula(const QJsonObject& o, LocalText* out, QString* why) {
    const QJsonValue v = o.value(QStringLiteral("formula"));
    if (v.isUndefined()) return true;
    if (v.isString()) {
        *out = {v.toString(), v.toString()};
    } else if (!readText(o, QStringLiteral("formula"), out, why)) {
        return false;
    }
    for (const QString& tex : {out->en, out->zh})
        if (const math::MathFormula f(tex, math::MathMode::Display); !f.isValid()) {
            *why = QStringLiteral("\"formula\" does not parse: ") + f.error();
            return false;
        }
    return true;
}

}  // namespace poslab::ui::lessonfields
