#include "ui/figure/acting_params.h"

#include <algorithm>
#include <cmath>

#include "core/registry.h"

namespace poslab::ui {

QStringList actingParamTexts(const ViewSpec& view, const core::ParamSet& params) {
    const auto* enc = core::registry().find(view.encoding.toStdString());
    QStringList parts;
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in the lambda below.
    for (const auto& entry : params.values()) {
        const std::string& name = entry.first;
        const core::ParamValue& value = entry.second;
        const core::ParamSpec* spec = enc ? enc->findParam(name) : nullptr;
        if (spec && (spec->viewControlled || !spec->relevant(params))) continue;
        if (spec && spec->quietAtDefault && value == spec->defaultValue) continue;
        // Set by every series of the view (rope/precision's two formats): the page's value
        // does not act; the panels' titles name theirs.
        if (!view.series.isEmpty() &&
            std::all_of(view.series.begin(), view.series.end(), [&](const SeriesSpec& s) {
                return s.set.contains(QString::fromStdString(name));
            }))
            continue;
        std::string text = core::formatValue(value);
        if (spec && spec->type == core::ParamType::RealList && core::isNumberList(text))
            text = std::to_string(core::numberListValues(text).size()) + " values";
        // Whole reals as integers ("base = 500000", not the shorter "5e+05").
        if (const double* r = std::get_if<double>(&value);
            r && std::floor(*r) == *r && std::abs(*r) < 1e15)
            text = std::to_string(static_cast<long long>(*r));
        if (text.empty()) continue;  // an unset file parameter
        parts << QStringLiteral("%1 = %2").arg(QString::fromStdString(name),
                                               QString::fromStdString(text));
    }
    return parts;
}

}  // namespace poslab::ui
