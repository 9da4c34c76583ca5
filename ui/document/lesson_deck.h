// A lesson as a deck of figures (`poslab render --lesson`, and the tests that render every
// shipped lesson): each step computed as the explorer shows it, with the step's title above the
// view's and its caption (prose with typeset maths) under the panels.
#pragma once

#include <QVector>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/compute.h"
#include "ui/document/lesson.h"
#include "ui/figure/figure.h"

namespace poslab::ui {

// The "ghost" of step `index`: where the step before shows the same line view and the step
// changes one parameter, that step's curves, dashed in grey under the step's own, named by the
// value they had ("previous step: base = 10000"). Empty otherwise. The explorer and the decks
// draw the same ghost, however the step was reached.
struct LessonGhost {
    QVector<CurveData> curves;
    LocalText name;
};
std::optional<LessonGhost> lessonGhostOf(const Lesson& lesson, int index, const Catalog& catalog,
                                         double memoryBudget);
// Whether step `index` has a ghost (the condition above, without computing it).
bool lessonStepHasGhost(const Lesson& lesson, int index);
// The ghost's curves as drawn: dashed, grey, one legend entry.
QVector<CurveData> ghostCurves(const LessonGhost& ghost);

// The figures of every step, in the current language, each with its ghost; the first failing
// step's error names it ("lesson step 3: ..."). A Training lab step trains its comparison on the
// machine's threads (each comparison once); `trainStepCap` > 0 caps every run's steps (the test
// suites' decks: the lab's numbers are the training suites' business, a deck's layout theirs).
// `note` hears what takes long ("lesson step 1: training 7 runs of copy, 2000 steps each").
core::Expected<QVector<Figure>> lessonFigures(
    const Lesson& lesson, const Catalog& catalog, double memoryBudget,
    std::int64_t trainStepCap = 0, const std::function<void(const std::string&)>& note = {});

}  // namespace poslab::ui
