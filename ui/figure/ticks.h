// Ticks at round numbers (1, 2, 5 x 10^k) for axes and colour bars.
#pragma once

#include <QString>
#include <QVector>

namespace poslab::ui {

// About `target` round values covering [lo, hi] (only those inside).
QVector<double> niceTicks(double lo, double hi, int target = 6);
// Round values inside [lo, hi] at the finest 1-2-5 step that gives at most `maxCount` of them
// (4 to 9 ticks for maxCount 9, where niceTicks(lo, hi, 6) gives 3 to 10).
QVector<double> ticksAtMost(double lo, double hi, int maxCount);
// Integer ticks for indices in [0, count) (round steps, never fractional).
QVector<qint64> indexTicks(qint64 first, qint64 last, int target = 6);
// A label for a lone tick value in the convention of number_format.h ("0.5", "10⁻⁵", "12 000");
// the labels of a whole axis come from formatTicks (one format for all of them).
QString tickLabel(double v, double step);

}  // namespace poslab::ui
