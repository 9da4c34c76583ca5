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
// The index ticks of the largest target that gives at most `most` of them (axes and ordinal
// colour bars: never more labels than fit).
QVector<qint64> indexTicksAtMost(qint64 first, qint64 last, int most);

}  // namespace poslab::ui
