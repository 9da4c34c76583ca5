#include "ui/figure/acting_params.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

#include "core/registry.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

namespace {

// An integer exactly, grouped like formatExact ("65 536", "4096", "−12").
QString groupedInteger(std::int64_t v) {
    if (std::abs(static_cast<double>(v)) < 1e15) return formatExact(static_cast<double>(v));
    return QString::number(v);
}

}  // namespace

QList<ActingParam> actingParams(const ViewSpec& view, const core::ParamSet& params) {
    const auto* enc = core::registry().find(view.encoding.toStdString());
    QList<ActingParam> parts;
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in the lambda below.
    for (const auto& entry : params.values()) {
        const std::string& name = entry.first;
        const core::ParamValue& value = entry.second;
        const core::ParamSpec* spec = enc ? enc->findParam(name) : nullptr;
        if (spec && (spec->viewControlled || !spec->relevant(params))) continue;
        if (view.ignores.contains(QString::fromStdString(name))) continue;  // acts elsewhere
        if (spec && spec->quietAtDefault && value == spec->defaultValue) continue;
        // Set by every series of the view (rope/precision's two formats): the page's value
        // does not act; the panels' titles name theirs.
        if (!view.series.isEmpty() &&
            std::all_of(view.series.begin(), view.series.end(), [&](const SeriesSpec& s) {
                return s.set.contains(QString::fromStdString(name));
            }))
            continue;
        // Numbers as people read them (number_format.h): the exact value, grouped ("base =
        // 500 000", "eps = 2.5 × 10⁻⁶"), so that it can be typed back; lists by their length.
        QString text;
        if (const double* r = std::get_if<double>(&value))
            text = formatExact(*r);
        else if (const std::int64_t* i = std::get_if<std::int64_t>(&value))
            text = groupedInteger(*i);
        else
            text = QString::fromStdString(core::formatValue(value));
        if (spec && spec->type == core::ParamType::RealList &&
            core::isNumberList(core::formatValue(value)))
            text = QCoreApplication::translate("poslab::ui::Figure", "%1 values")
                       .arg(core::numberListValues(core::formatValue(value)).size());
        if (text.isEmpty()) continue;  // an unset file parameter
        parts.append({name, spec, value, text});
    }
    return parts;
}

QStringList actingParamTexts(const ViewSpec& view, const core::ParamSet& params) {
    QStringList texts;
    for (const ActingParam& a : actingParams(view, params))
        texts << QStringLiteral("%1 = %2").arg(QString::fromStdString(a.name), a.valueText);
    return texts;
}

}  // namespace poslab::ui
