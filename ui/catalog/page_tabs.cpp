#include "ui/catalog/page_tabs.h"

namespace poslab::ui {

QStringList moreViews(const PageSpec& page) {
    if (page.views.size() + 1 <= kMaxTabs) return {};
    QStringList tabs, more;
    // Compare first: it always keeps its tab, whatever the list says.
    for (const auto& v : page.views)
        if (v.kind == ViewKind::Compare) tabs << v.id;
    for (const auto& v : page.views) {
        if (v.kind == ViewKind::Compare) continue;
        const bool wanted = page.tabs.isEmpty() || page.tabs.contains(v.id);
        if (wanted && tabs.size() < kMaxTabs - 2)
            tabs << v.id;
        else
            more << v.id;
    }
    return more;
}

}  // namespace poslab::ui
