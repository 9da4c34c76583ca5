#include "ui/document/lesson_deck.h"

#include <algorithm>
#include <string>
#include <thread>

#include "ui/catalog/view_state_json.h"
#include "ui/document/lesson_train.h"
#include "ui/figure/lines_paint.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

namespace {

// The one parameter step `index` changes from the step before on the same view, or "".
QString changedParam(const Lesson& lesson, int index) {
    if (index <= 0 || index >= lesson.steps.size()) return {};
    const LessonStep& before = lesson.steps[index - 1];
    const LessonStep& now = lesson.steps[index];
    if (before.view != now.view || before.page != now.page || before.model != now.model ||
        before.kind != now.kind)
        return {};
    QStringList changed;
    for (const QString& key : before.params.keys() + now.params.keys())
        if (before.params.value(key) != now.params.value(key) && !changed.contains(key))
            changed << key;
    if (changed.size() != 1) return {};
    return changed.front();
}

ViewState completedState(const LessonStep& step, const ViewSpec& view, const PageSpec& page) {
    ViewState state = step.state;
    if (state.cmpQuantity.isEmpty()) {
        const ViewState def = defaultViewState(view, page);
        state.cmpQuantity = def.cmpQuantity;
        if (state.cmpParam.isEmpty()) {
            state.cmpParam = def.cmpParam;
            state.cmpValue = def.cmpValue;
        }
    }
    return state;
}

}  // namespace

bool lessonStepHasGhost(const Lesson& lesson, int index) {
    return !changedParam(lesson, index).isEmpty();
}

std::optional<LessonGhost> lessonGhostOf(const Lesson& lesson, int index, const Catalog& catalog,
                                         double memoryBudget) {
    const QString key = changedParam(lesson, index);
    if (key.isEmpty()) return std::nullopt;
    const LessonStep& before = lesson.steps[index - 1];
    const PageSpec* page = catalog.find(before.page);
    const ViewSpec* view = page ? page->findView(before.view) : nullptr;
    if (!view || view->kind != ViewKind::Lines) return std::nullopt;
    auto params = stepParams(before, catalog);
    if (!params) return std::nullopt;
    auto figure = computeFigure(*page, *view, *params, completedState(before, *view, *page),
                                ColormapChoice::Auto, memoryBudget);
    if (!figure || figure->result.lines.curves.isEmpty()) return std::nullopt;
    // The value the step before had: its own, or the page's preset it left as it was.
    QString was = before.params.value(key);
    if (const core::ParamValue* v = params->find(key.toStdString()); v && was.isEmpty())
        was = QString::fromStdString(core::formatValue(*v));
    if (was.isEmpty()) return std::nullopt;
    bool number = false;
    if (const double x = was.toDouble(&number); number) was = formatExact(x);  // "10 000"
    const QString value = key + QStringLiteral(" = ") + was;
    return LessonGhost{figure->result.lines.curves,
                       LocalText{QStringLiteral("previous step: %1").arg(value),
                                 QString::fromUtf8("上一步：%1").arg(value)}};
}

QVector<CurveData> ghostCurves(const LessonGhost& ghost) {
    QVector<CurveData> curves = ghost.curves;
    for (int i = 0; i < curves.size(); ++i) {
        curves[i].dashed = true;
        curves[i].color = kGhostColor;
        curves[i].name = i == 0 ? ghost.name : LocalText{};  // one legend entry for all
    }
    return curves;
}

core::Expected<QVector<Figure>> lessonFigures(const Lesson& lesson, const Catalog& catalog,
                                              double memoryBudget, std::int64_t trainStepCap,
                                              const std::function<void(const std::string&)>& note) {
    QVector<Figure> figures;
    std::string stepName;  // "lesson step 3: ", for the note
    TrainStepCache trained(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())),
                           trainStepCap, [&](const std::string& what) {
                               if (note) note(stepName + what);
                           });
    for (int i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        const std::string where = "lesson step " + std::to_string(i + 1) + ": ";
        if (!step.train.isEmpty()) {
            stepName = where;
            auto figure = trained.figure(step);
            if (!figure) return core::fail(where + figure.error().message);
            if (!step.formula.isEmpty()) figure->formula = step.formula.text();
            figure->subtitle = step.title.text();
            figure->caption = step.caption.text();
            figures << *figure;
            continue;
        }
        const PageSpec* page = catalog.find(step.page);
        const ViewSpec* view = page ? page->findView(step.view) : nullptr;
        auto params = stepParams(step, catalog);
        if (!page || !view || !params)
            return core::fail(where +
                              (params ? std::string("view not found") : params.error().message));
        auto figure = computeFigure(*page, *view, *params, completedState(step, *view, *page),
                                    ColormapChoice::Auto, memoryBudget);
        if (!figure) return core::fail(where + figure.error().message);
        if (const auto ghost = lessonGhostOf(lesson, i, catalog, memoryBudget))
            figure->result.lines.curves = ghostCurves(*ghost) + figure->result.lines.curves;
        if (!step.formula.isEmpty()) figure->formula = step.formula.text();  // the step's own
        figure->subtitle = step.title.text();
        figure->caption = step.caption.text();
        figures << *figure;
    }
    return figures;
}

}  // namespace poslab::ui
