// The parameters that act on a view: figure footers list them as "name = value" (identifiers,
// so that they can be typed back into the command line) and the presentation strip in words
// (issue 13: a footer of 35 values hides the few that act).
#pragma once

#include <QStringList>

#include "core/params/param_spec.h"
#include "ui/catalog/view_spec.h"

namespace poslab::ui {

// Not those the current values make irrelevant (YaRN's betas without YaRN), not those the view
// ignores (views.json "ignores": n on rope/decay), not the views' own
// zoom windows, not those every series of the view sets itself; long lists by their length and
// numbers exactly, written as people read them (number_format.h: "base = 500 000" with a narrow
// no-break space, "eps = 2.5 × 10⁻⁶", never "5e+05").
struct ActingParam {
    std::string name;
    const core::ParamSpec* spec = nullptr;  // null for a value the encoding does not declare
    core::ParamValue value;
    QString valueText;  // the number or list as written in footers ("500 000", "3 values")
};
QList<ActingParam> actingParams(const ViewSpec& view, const core::ParamSet& params);
// The same as "name = value" texts, for footers.
QStringList actingParamTexts(const ViewSpec& view, const core::ParamSet& params);

}  // namespace poslab::ui
