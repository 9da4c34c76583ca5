// The encoding browser's search (issue 13): pages are found by what they are about, not only by
// name. "decay" finds RoPE, xPos and the long-range decay argument; "bias" ALiBi, T5 and Shaw;
// "旋转" RoPE and xPos.
#pragma once

#include <QString>

namespace poslab::ui {

struct PageSpec;

// True when every word of `query` occurs in the page's id, title, keywords (views.json),
// explanation, or one of its views' titles and texts, in English or Chinese whatever the
// interface language. Case, hyphens and underscores are ignored ("long-context" = "Long
// context"); an empty query matches every page.
bool pageMatches(const PageSpec& page, const QString& query);

// The text `pageMatches` searches, normalised as the query is (lower case, '-' and '_' as
// spaces, runs of spaces as one).
QString searchText(const PageSpec& page);
QString normalizeSearch(const QString& text);

}  // namespace poslab::ui
