// The figure of a view computed as `poslab render` does: the view on its encoding's own page, at
// the page preset with `texts` on top (and a view state, default: the view's own). Shared by the
// figure suites (tst_figure, tst_figure_labels, tst_figure_numbers, tst_colour_honesty), with the
// catalogue's views and the sizes they are drawn at.
#pragma once

#include <QMap>
#include <QSize>
#include <QString>
#include <map>
#include <optional>

#include "core/registry.h"
#include "ui/catalog/view_spec.h"
#include "ui/catalog/view_state_json.h"
#include "ui/figure/figure.h"

namespace poslab::ui::test {

// The encoding's own page holding the view (not a page of arguments that shows it too).
inline const PageSpec* pageOf(const QString& viewId) {
    for (const auto& page : Catalog::instance().pages())
        if (page.id == page.encoding && page.findView(viewId)) return &page;
    return nullptr;
}

// Every view of the catalogue once, as on its encoding's own page; `compareOnly`: the compare
// views alone.
inline QStringList catalogViewIds(bool compareOnly = false) {
    QStringList out;
    for (const auto& page : Catalog::instance().pages())
        if (page.id == page.encoding)
            for (const auto& v : page.views)
                if (!compareOnly || v.kind == ViewKind::Compare) out << v.id;
    return out;
}

// A figure size: pixels and the dots per inch that give them their physical size.
struct FigureSize {
    QSize pixels;
    double dpi;
};

// Two slides and two print presets, as small pixel sizes with the physical size of the real
// presets (fonts follow both).
inline std::map<QString, FigureSize> figureSizes() {
    return {{"16:9", {{960, 540}, 72}},
            {"4:3", {{800, 600}, 72}},
            {"a4-portrait", {sizeForPreset("a4-portrait", 60), 60}},
            {"column", {sizeForPreset("column", 150), 150}}};
}

inline core::Expected<Figure> figureOf(const QString& viewId,
                                       const QMap<QString, QString>& texts = {},
                                       const std::optional<ViewState>& state = std::nullopt) {
    const PageSpec* page = pageOf(viewId);
    if (!page) return core::fail("no view " + viewId.toStdString());
    const ViewSpec* v = page->findView(viewId);
    const auto* enc = core::registry().find(page->encoding.toStdString());
    auto params = paramsFromTexts(*enc, pagePresetParams(*page), texts);
    if (!params) return params.error();
    return computeFigure(*page, *v, *params, state ? *state : defaultViewState(*v, *page));
}

}  // namespace poslab::ui::test
