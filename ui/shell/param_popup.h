// The large slider of presentation mode (issue 25 item 2): a click on a parameter in the strip
// opens it under the item. It mirrors the parameter panel's own editor for that parameter (its
// slider, choice list or check box, hidden with the docks in presentation mode) and moves that
// editor, so that an edit goes exactly the panel's way: the panel's edited() signal, the main
// window's undoable command, one undo step per drag (the panel's slider is held down while this
// one is). Esc or a click outside closes it.
#pragma once

#include <QFrame>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QAbstractButton;
class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
QT_END_NAMESPACE

namespace poslab::ui {

class ParamPanel;

class ParamPopup : public QFrame {
    Q_OBJECT
public:
    // Whether the panel has an editor for `name` that the popup can mirror (a slider, a list of
    // choices, a check box; not a typed list or a file).
    static bool canEdit(const ParamPanel* panel, const QString& name);

    ParamPopup(ParamPanel* panel, const QString& name, QWidget* parent);
    // Opens under (or, near the screen's bottom, over) `item`, a rectangle in global coordinates.
    void showUnder(const QRect& item);

    QString name() const { return m_name; }
    QSlider* slider() const { return m_slider; }  // null for choices and check boxes
    QList<QAbstractButton*> choices() const { return m_choices; }
    QString valueText() const;

protected:
    void hideEvent(QHideEvent* e) override;

private:
    void buildSlider(QSlider* source);
    void buildChoices();
    void syncFromPanel();

    QPointer<ParamPanel> m_panel;
    QString m_name;
    QPointer<QSlider> m_panelSlider;
    QPointer<QComboBox> m_panelCombo;
    QPointer<QCheckBox> m_panelCheck;
    QSlider* m_slider = nullptr;
    QList<QAbstractButton*> m_choices;
    QLabel* m_title;
    QLabel* m_value;
    QLabel* m_hint;
    bool m_syncing = false;
};

}  // namespace poslab::ui
