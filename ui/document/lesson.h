// Guided lessons (issue 5): JSON files in resources/lessons/, each a sequence of steps that open a
// view with parameters and show a caption in English and Chinese. Presentation mode steps through
// them with the keyboard; `poslab render --lesson FILE -o deck.pdf` writes one page per step.
//
// File format (format 1):
// {
//   "format": 1,
//   "id": "rope",                                    stable id, [a-z0-9_]+
//   "title": {"en": "...", "zh": "..."},
//   "steps": [
//     {"view": "rope/decay",                        a view id as `poslab render --list` names it
//      "page": "arg/decay",                         optional: the page to open (an argument page);
//                                                   default: the view's encoding page
//      "params": {"d": "4", "base": "10000"},       optional: texts as `-p KEY=VALUE` takes them,
//                                                   over the page's starting preset
//      "state": {"slice": 0, "dims": [0, 2], "m": 0, "delta": 8,
//                "compareParam": "base", "compareValue": "500000"},   optional (view_state_json.h)
//      "model": "llama-3.1-8b",                     optional: a bundled model preset (issue 11);
//      "kind": "full_attention",                    the step's parameters start from the rope
//                                                   parameters of that kind of layer (default:
//                                                   the first kind with RoPE), "params" over them;
//                                                   the window shows the Model page with it, and
//                                                   a deck draws the view (a rope view)
//      "title": {"en": "...", "zh": "..."},         a short heading for the step
//      "caption": {"en": "...", "zh": "..."},       two or three sentences
//      "formula": "TeX" or {"en": ..., "zh": ...}}  optional: the formula of what the step
//                                                   shows, in the presentation strip and the
//                                                   deck (default: the view's, else the page's)
// A Training lab step (issue 27) has no "view", "page", "params", "state" or "model": it holds
//     {"train": {"task": "copy", "encodings": [...], "seeds": [0], "steps": 2000,
//                "random_positions": 0},              the lab's settings (train_settings.h)
//      "show": "accuracy" | "loss" | "learned ENC" | "attention ENC",   optional (accuracy):
//                                                   the chart; ENC one of the settings'
//                                                   encodings ("learned:1"), its first seed
//      "title", "caption", "formula"}
// The window shows the lab with those settings and trains them (unless the lab already shows
// them); a deck trains them (ui/document/lesson_train.h).
// The state may also hold "window": [first, last] (a lines view or a long-context rope view
// drawn over those x only) and "logColorRange": [lo, hi] (a precision view on that fixed log
// colour scale, so that two steps share one).
//   ]
// }
#pragma once

#include <QMap>
#include <QString>
#include <QVector>

#include "core/params/param_spec.h"
#include "ui/catalog/view_spec.h"

namespace poslab::ui {

struct LessonStep {
    QString view;                   // "rope/decay"
    QString page;                   // page id to open ("rope", "arg/decay")
    QMap<QString, QString> params;  // as written in the file
    ViewState state;
    QString model, kind;  // a model preset and its kind of layer; empty: none
    LocalText title, caption;
    LocalText formula;  // the step's own; empty: the view's (or the page's)
    // A Training lab step: its settings as compact JSON, and what it shows ("accuracy", "loss",
    // "learned learned:1", ...); the view is "train/<what>" and the page "train". Empty: none.
    QString train, show;
};

struct Lesson {
    QString id;
    QString path;  // where it was read from (":/poslab/lessons/rope.json" for built-in ones)
    LocalText title;
    QVector<LessonStep> steps;
};

// Parses a lesson and validates it against the catalog and the registry: every view exists,
// the page holds the view, every parameter is known and its value valid (parsed and checked as
// on the command line, over the page's preset), and every title and caption has both languages.
// On failure returns false and sets `error` to one line naming the step and the problem
// ("step 3: unknown view \"rope/decya\"").
bool parseLesson(const QByteArray& json, const Catalog& catalog, Lesson* lesson, QString* error);
bool loadLesson(const QString& path, const Catalog& catalog, Lesson* lesson, QString* error);

// The built-in lessons, in teaching order (the file names in resources/lessons/ sorted).
QVector<Lesson> builtinLessons(const Catalog& catalog);

// The full parameter set of a step: the page's preset (MainWindow::presetParams), the model's
// rope parameters when the step names a model, then the step's texts; an error when one does not
// parse.
core::Expected<core::ParamSet> stepParams(const LessonStep& step, const Catalog& catalog);

}  // namespace poslab::ui
