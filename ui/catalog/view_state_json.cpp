#include "ui/catalog/view_state_json.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonValue>
#include <cmath>

#include "core/compute.h"

namespace poslab::ui {

QJsonObject viewStateToJson(const ViewState& s) {
    QJsonObject o;
    o[QStringLiteral("slice")] = s.slice;
    QJsonArray dims;
    for (int d : s.dims) dims.append(d);
    o[QStringLiteral("dims")] = dims;
    o[QStringLiteral("m")] = static_cast<double>(s.m);
    o[QStringLiteral("delta")] = static_cast<double>(s.delta);
    if (!s.cmpQuantity.isEmpty()) o[QStringLiteral("compareQuantity")] = s.cmpQuantity;
    if (!s.cmpParam.isEmpty()) o[QStringLiteral("compareParam")] = s.cmpParam;
    if (!s.cmpValue.isEmpty()) o[QStringLiteral("compareValue")] = s.cmpValue;
    // Level of detail (issue 12): the zoom windows, the angles' "show" and a log distance axis,
    // written only when not the defaults (the plot's pixels follow the widget and are not kept).
    if (s.winStart != 0 || s.winEnd != -1)
        o[QStringLiteral("window")] =
            QJsonArray{static_cast<double>(s.winStart), static_cast<double>(s.winEnd)};
    if (s.colWinStart != 0 || s.colWinEnd != -1)
        o[QStringLiteral("keyWindow")] =
            QJsonArray{static_cast<double>(s.colWinStart), static_cast<double>(s.colWinEnd)};
    if (!s.show.isEmpty()) o[QStringLiteral("show")] = s.show;
    if (s.logX) o[QStringLiteral("logX")] = true;
    if (s.logColorHi > 0)
        o[QStringLiteral("logColorRange")] = QJsonArray{s.logColorLo, s.logColorHi};
    return o;
}

namespace {

// A window [start, end] of indices: start in [0, 2^24], end -1 (to the end) or in [start, 2^24].
bool readWindow(const QJsonObject& o, const QString& key, qint64* start, qint64* end,
                QString* error) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined()) return true;
    constexpr double kMax = double(1 << 24);
    const QJsonArray a = v.toArray();
    bool ok = v.isArray() && a.size() == 2 && a[0].isDouble() && a[1].isDouble();
    const double lo = ok ? a[0].toDouble() : 0, hi = ok ? a[1].toDouble() : 0;
    ok = ok && lo >= 0 && lo <= kMax && lo == std::floor(lo) && hi == std::floor(hi) &&
         (hi == -1 || (hi >= lo && hi <= kMax));
    if (!ok) {
        *error = QStringLiteral(
                     "view state \"%1\" must be [start, end] with 0 <= start <= end "
                     "<= 16777216, or end -1")
                     .arg(key);
        return false;
    }
    *start = static_cast<qint64>(lo);
    *end = static_cast<qint64>(hi);
    return true;
}

// A fixed log colour range [lo, hi], 0 < lo < hi, both finite.
bool readLogColorRange(const QJsonObject& o, double* lo, double* hi, QString* error) {
    const QJsonValue v = o.value(QStringLiteral("logColorRange"));
    if (v.isUndefined()) return true;
    const QJsonArray a = v.toArray();
    const bool ok = v.isArray() && a.size() == 2 && a[0].isDouble() && a[1].isDouble() &&
                    a[0].toDouble() > 0 && a[1].toDouble() > a[0].toDouble() &&
                    std::isfinite(a[1].toDouble());
    if (!ok) {
        *error = QStringLiteral("\"logColorRange\" must be [lo, hi] with 0 < lo < hi");
        return false;
    }
    *lo = a[0].toDouble();
    *hi = a[1].toDouble();
    return true;
}

}  // namespace

bool readIntField(const QJsonObject& o, const QString& key, qint64 lo, qint64 hi, qint64* out,
                  QString* error) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined()) return true;
    const double x = v.toDouble();
    // Range first: converting a double outside qint64's range is undefined behaviour.
    if (!v.isDouble() || !(x >= static_cast<double>(lo) && x <= static_cast<double>(hi)) ||
        x != std::floor(x)) {
        *error = QCoreApplication::translate("poslab::ui::Session",
                                             "\"%1\" must be an integer from %2 to %3")
                     .arg(key)
                     .arg(lo)
                     .arg(hi);
        return false;
    }
    *out = static_cast<qint64>(x);
    return true;
}

bool readTextField(const QJsonObject& o, const QString& key, const QStringList& allowed,
                   QString* out, QString* error) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined()) return true;
    if (!v.isString() || (!allowed.isEmpty() && !allowed.contains(v.toString()))) {
        *error =
            allowed.isEmpty()
                ? QCoreApplication::translate("poslab::ui::Session", "\"%1\" must be a string")
                      .arg(key)
                : QCoreApplication::translate("poslab::ui::Session", "\"%1\" must be one of: %2")
                      .arg(key, allowed.join(QStringLiteral(", ")));
        return false;
    }
    *out = v.toString();
    return true;
}

bool viewStateFromJson(const QJsonObject& o, ViewState* state, QString* error) {
    ViewState s;
    qint64 slice = s.slice;
    constexpr qint64 kBig = qint64(1) << 40;
    const QStringList any;
    QString why;
    if (!readIntField(o, QStringLiteral("slice"), 0, 1 << 20, &slice, &why) ||
        !readIntField(o, QStringLiteral("m"), 0, kBig, &s.m, &why) ||
        !readIntField(o, QStringLiteral("delta"), -kBig, kBig, &s.delta, &why) ||
        !readTextField(o, QStringLiteral("compareQuantity"), any, &s.cmpQuantity, &why) ||
        !readTextField(o, QStringLiteral("compareParam"), any, &s.cmpParam, &why) ||
        !readTextField(o, QStringLiteral("compareValue"), any, &s.cmpValue, &why) ||
        !readWindow(o, QStringLiteral("window"), &s.winStart, &s.winEnd, &why) ||
        !readWindow(o, QStringLiteral("keyWindow"), &s.colWinStart, &s.colWinEnd, &why) ||
        !readTextField(o, QStringLiteral("show"),
                       {QString(), QStringLiteral("angle"), QStringLiteral("mod"),
                        QStringLiteral("cos"), QStringLiteral("sin")},
                       &s.show, &why) ||
        !readLogColorRange(o, &s.logColorLo, &s.logColorHi, &why)) {
        *error = QStringLiteral("view state ") + why;
        return false;
    }
    s.slice = static_cast<int>(slice);
    const QJsonValue logX = o.value(QStringLiteral("logX"));
    if (!logX.isUndefined()) {
        if (!logX.isBool()) {
            *error = QStringLiteral("view state \"logX\" must be true or false");
            return false;
        }
        s.logX = logX.toBool();
    }
    const QJsonValue dims = o.value(QStringLiteral("dims"));
    if (!dims.isUndefined()) {
        if (!dims.isArray()) {
            *error = QStringLiteral("view state \"dims\" must be an array of integers");
            return false;
        }
        for (const QJsonValue& d : dims.toArray()) {
            const double x = d.toDouble(-1);
            if (!d.isDouble() || x < 0 || x > (1 << 24) || x != static_cast<int>(x)) {
                *error = QStringLiteral("view state \"dims\" must be an array of integers >= 0");
                return false;
            }
            s.dims.append(static_cast<int>(x));
        }
    }
    *state = s;
    return true;
}

QMap<QString, QString> paramTexts(const core::ParamSet& params) {
    QMap<QString, QString> out;
    for (const auto& [name, value] : params.values())
        out[QString::fromStdString(name)] = QString::fromStdString(core::formatValue(value));
    return out;
}

bool paramTextsFromJson(const QJsonObject& o, QMap<QString, QString>* texts, QString* error) {
    QMap<QString, QString> out;
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QJsonValue v = it.value();
        if (v.isString())
            out[it.key()] = v.toString();
        else if (v.isBool())
            out[it.key()] = v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        else if (v.isDouble())
            out[it.key()] = QString::number(v.toDouble(), 'g', 17);
        else {
            *error = QStringLiteral("parameter \"%1\" must be a string, number or boolean")
                         .arg(QString::fromStdString(core::printable(it.key().toStdString())));
            return false;
        }
    }
    *texts = out;
    return true;
}

core::Expected<core::ParamSet> paramsFromTexts(const core::EncodingDescriptor& enc,
                                               const core::ParamSet& start,
                                               const QMap<QString, QString>& texts) {
    core::TextParams given;
    for (auto it = texts.begin(); it != texts.end(); ++it)
        given.emplace_back(it.key().toStdString(), it.value().toStdString());
    auto out = core::parseParams(enc, given, start);
    if (!out) return out;
    // Every value in range; files named by a path parameter are read when the view computes.
    core::ParamSet checked = *out;
    if (auto st = core::validate(enc, checked, core::Inputs::Skip); !st) return st.error();
    return out;
}

}  // namespace poslab::ui
