// SeriesSpec::row's value for "rows": "all" in views.json: a lines view draws one curve per row
// of a 2-D array (the heads of a per-head profile), the first kMaxMultiples of them.
#pragma once

namespace poslab::ui {

inline constexpr int kAllRows = -2;

}  // namespace poslab::ui
