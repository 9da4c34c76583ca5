// Presentation mode's strip (issue 13 item 4): with the docks hidden, the class still sees the
// current view's formula, typeset, and the parameters that act on it ("n = 512 · base = 500 000").
// It follows the tab, every result and the language. While the Model page is shown it shows the
// model instead: its name, the selected kind's key numbers (keyReadouts) and the formula of the
// kind's encoding page (none for NoPE and layers without positions). A lesson step may give the
// formula of what it shows instead of the view's.
// With the parameter panel given (setParamPanel), the strip is editable (issue 25 item 2): the
// parameters stand on one line (strip_params.h) and a click on one opens a large slider for it
// (param_popup.h) that edits the page through the panel, undoably.
#pragma once

#include <QFrame>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace poslab::ui {

namespace math {
class MathLabel;
}
class LessonPlayer;
class ModelPage;
class TrainPage;
class PageWidget;
class ParamPanel;
class ParamPopup;
class StripParams;

class PresentationStrip : public QFrame {
    Q_OBJECT
public:
    explicit PresentationStrip(PageWidget* page, QWidget* parent = nullptr);
    void refresh();
    // The Model page it follows (its changes, and whether it is the one shown); null: none.
    void setModelPage(ModelPage* page);
    // The Training lab it follows: while shown, the strip says what the lab compares.
    void setTrainPage(TrainPage* page);
    // The lesson whose running step's own formula ("formula" in the lesson file) stands for the
    // view's while that step's view is shown; null: none.
    void setLessonPlayer(const LessonPlayer* player) { m_player = player; }
    // The formula above the parameters, each on the full width (the presenter view).
    void setStacked(bool stacked);
    // The panel whose editors the strip's sliders move; null: the strip is read-only.
    void setParamPanel(ParamPanel* panel);
    QString formulaText() const;  // the TeX shown, empty when none
    QString paramsText() const;
    // The encoding page's parameters as items (hidden on the Model page), and the slider open.
    StripParams* paramItems() const { return m_items; }
    ParamPopup* popup() const;
    // Opens the large slider of a parameter under `where` (global; empty: under its item).
    ParamPopup* openPopup(const QString& name, const QRect& where = {});

protected:
    void changeEvent(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void refreshModel();
    void refreshTrain();
    PageWidget* m_page;
    TrainPage* m_trainPage = nullptr;
    ModelPage* m_modelPage = nullptr;
    const LessonPlayer* m_player = nullptr;
    math::MathLabel* m_formula;
    QLabel* m_params;  // the Model page's words (one line per model)
    StripParams* m_items;
    QPointer<ParamPanel> m_panel;
    QPointer<ParamPopup> m_popup;
};

}  // namespace poslab::ui
