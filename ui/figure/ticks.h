// Ticks at round numbers (1, 2, 5 x 10^k) for axes and colour bars.
#pragma once

#include <QString>
#include <QVector>

namespace poslab::ui {

// About `target` round values covering [lo, hi] (only those inside).
QVector<double> niceTicks(double lo, double hi, int target = 6);
// Integer ticks for indices in [0, count) (round steps, never fractional).
QVector<qint64> indexTicks(qint64 first, qint64 last, int target = 6);
// A compact label for a tick value ("0.5", "1e-05", "12000").
QString tickLabel(double v, double step);

}  // namespace poslab::ui
