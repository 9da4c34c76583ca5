// The explanation of the current view: its title, its formula typeset (ui/math) and a few
// sentences with inline maths, in the current language.
#pragma once

#include <QWidget>

#include "ui/catalog/view_spec.h"

namespace poslab::ui {

namespace math {
class MathLabel;
}

class ExplanationPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExplanationPanel(QWidget* parent = nullptr);
    // Shows the view's explanation, or the page's when view is null (the Overview).
    void showFor(const PageSpec* page, const ViewSpec* view);
    // What the view draws where it is not what its title and formula say (the angles view
    // showing cos(m·θⱼ)); empty: the view's own. showFor clears them.
    void setDrawn(const LocalText& title, const LocalText& formula);
    // Title, formula (its TeX) and text, one per line, as shown.
    QString plainText() const;

protected:
    void changeEvent(QEvent* e) override;

private:
    void refresh();
    void updateFonts();
    const PageSpec* m_page = nullptr;
    const ViewSpec* m_view = nullptr;
    LocalText m_drawnTitle, m_drawnFormula;
    math::MathLabel* m_title;
    math::MathLabel* m_formula;
    math::MathLabel* m_text;
};

}  // namespace poslab::ui
