#include "ui/document/lesson_deck.h"

#include <string>

#include "ui/catalog/view_state_json.h"

namespace poslab::ui {

core::Expected<QVector<Figure>> lessonFigures(const Lesson& lesson, const Catalog& catalog,
                                              double memoryBudget) {
    QVector<Figure> figures;
    for (int i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        const std::string where = "lesson step " + std::to_string(i + 1) + ": ";
        const PageSpec* page = catalog.find(step.page);
        const ViewSpec* view = page ? page->findView(step.view) : nullptr;
        auto params = stepParams(step, catalog);
        if (!page || !view || !params)
            return core::fail(where +
                              (params ? std::string("view not found") : params.error().message));
        ViewState state = step.state;
        if (state.cmpQuantity.isEmpty()) {
            const ViewState def = defaultViewState(*view, *page);
            state.cmpQuantity = def.cmpQuantity;
            if (state.cmpParam.isEmpty()) {
                state.cmpParam = def.cmpParam;
                state.cmpValue = def.cmpValue;
            }
        }
        auto figure =
            computeFigure(*page, *view, *params, state, ColormapChoice::Auto, memoryBudget);
        if (!figure) return core::fail(where + figure.error().message);
        figure->subtitle = step.title.text();
        figure->caption = step.caption.text();
        figures << *figure;
    }
    return figures;
}

}  // namespace poslab::ui
