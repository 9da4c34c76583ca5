// Presentation mode's strip (issue 13 item 4): with the docks hidden, the class still sees the
// current view's formula, typeset, and the parameters that act on it ("n = 512 · base = 500 000").
// It follows the tab, every result and the language. While the Model page is shown it shows the
// model instead: its name, the selected kind's key numbers (keyReadouts) and the formula of the
// kind's encoding page (none for NoPE and layers without positions). A lesson step may give the
// formula of what it shows instead of the view's.
#pragma once

#include <QFrame>

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace poslab::ui {

namespace math {
class MathLabel;
}
class LessonPlayer;
class ModelPage;
class PageWidget;

class PresentationStrip : public QFrame {
    Q_OBJECT
public:
    explicit PresentationStrip(PageWidget* page, QWidget* parent = nullptr);
    void refresh();
    // The Model page it follows (its changes, and whether it is the one shown); null: none.
    void setModelPage(ModelPage* page);
    // The lesson whose running step's own formula ("formula" in the lesson file) stands for the
    // view's while that step's view is shown; null: none.
    void setLessonPlayer(const LessonPlayer* player) { m_player = player; }
    QString formulaText() const;  // the TeX shown, empty when none
    QString paramsText() const;

protected:
    void changeEvent(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void refreshModel();
    PageWidget* m_page;
    ModelPage* m_modelPage = nullptr;
    const LessonPlayer* m_player = nullptr;
    math::MathLabel* m_formula;
    QLabel* m_params;
};

}  // namespace poslab::ui
