// A lesson as a deck of figures (`poslab render --lesson`, and the tests that render every
// shipped lesson): each step computed as the explorer shows it, with the step's title above the
// view's and its caption (prose with typeset maths) under the panels.
#pragma once

#include <QVector>

#include "core/compute.h"
#include "ui/document/lesson.h"
#include "ui/figure/figure.h"

namespace poslab::ui {

// The figures of every step, in the current language; the first failing step's error names it
// ("lesson step 3: ...").
core::Expected<QVector<Figure>> lessonFigures(const Lesson& lesson, const Catalog& catalog,
                                              double memoryBudget);

}  // namespace poslab::ui
