// Presentation mode's strip (issue 13 item 4): with the docks hidden, the class still sees the
// current view's formula, typeset, and the parameters that act on it ("n = 512 · base = 500 000").
// It follows the tab, every result and the language.
#pragma once

#include <QFrame>

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace poslab::ui {

namespace math {
class MathLabel;
}
class PageWidget;

class PresentationStrip : public QFrame {
    Q_OBJECT
public:
    explicit PresentationStrip(PageWidget* page, QWidget* parent = nullptr);
    void refresh();
    QString formulaText() const;  // the TeX shown, empty when none
    QString paramsText() const;

protected:
    void changeEvent(QEvent* e) override;

private:
    PageWidget* m_page;
    math::MathLabel* m_formula;
    QLabel* m_params;
};

}  // namespace poslab::ui
