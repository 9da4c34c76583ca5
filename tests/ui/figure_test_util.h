// The figure of a view computed as `poslab render` does: the view on its encoding's own page, at
// the page preset with `texts` on top (and a view state, default: the view's own). Shared by the
// figure suites (tst_figure, tst_figure_labels, tst_figure_numbers, tst_colour_honesty).
#pragma once

#include <QMap>
#include <QString>
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
