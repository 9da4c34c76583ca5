// Which of a page's views are tabs and which are under "More views" (issue 25 item 5): a
// projector's tab bar holds at most kMaxTabs, the views a lecturer needs first.
#pragma once

#include <QStringList>

#include "ui/catalog/view_spec.h"

namespace poslab::ui {

inline constexpr int kMaxTabs = 10;

// The page's views under "More views", in the page's order: none when the Overview and every
// view fit in kMaxTabs tabs. Else every view but the page's "tabs" (without that list, the
// first ones) and its Compare view, keeping at most kMaxTabs − 2 of them, so that the Overview,
// those and one slot for a view chosen from the menu make at most kMaxTabs tabs.
QStringList moreViews(const PageSpec& page);

}  // namespace poslab::ui
