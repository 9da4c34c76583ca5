// SeriesSpec::row's values beyond an index. "rows": "all" in views.json: a lines view draws one
// curve per row of a 2-D array (the heads of a per-head profile), the first kMaxMultiples of them.
// "row": "last": the last row, whatever the array's length (CoPE's gates as the last query sees
// them); a numeric row past the array draws nothing.
#pragma once

namespace poslab::ui {

inline constexpr int kAllRows = -2;
inline constexpr int kLastRow = -3;

}  // namespace poslab::ui
