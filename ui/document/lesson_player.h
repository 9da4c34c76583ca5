// The lesson player (issue 5): the strip under the page that shows the current step's title and
// caption, and the keyboard that steps through a lesson. Presentation clickers send PageUp and
// PageDown (some send arrows), so while a lesson runs those keys step the lesson wherever the
// focus is in the window, even on a view's slider, through an application event filter that sees
// them before the widgets and their shortcuts do. It applies nothing itself: the window opens the
// step when `stepChanged` arrives.
#pragma once

#include <QFrame>

#include "ui/document/lesson.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QToolButton;
class QKeyEvent;
QT_END_NAMESPACE

namespace poslab::ui {

namespace math {
class MathLabel;
}

class LessonPlayer : public QFrame {
    Q_OBJECT
public:
    // `window`: key events are taken only when they go to a widget of this window.
    explicit LessonPlayer(QWidget* window, QWidget* parent = nullptr);
    ~LessonPlayer() override;

    // Starts at step 0 (emits stepChanged); an empty lesson is refused.
    bool start(const Lesson& lesson);
    void stop();
    bool active() const { return m_active; }
    const Lesson& lesson() const { return m_lesson; }
    int index() const { return m_index; }
    int count() const { return static_cast<int>(m_lesson.steps.size()); }
    const LessonStep* step() const;

    void next() { go(m_index + 1); }
    void previous() { go(m_index - 1); }
    void go(int index);

    // Presentation mode: larger text, and Escape asks to leave it.
    void setPresenting(bool on);
    // A note under the caption (a step that could not be opened); empty clears it.
    void setNote(const QString& text);

    QString titleText() const;
    QString captionText() const;

signals:
    void stepChanged(int index);
    void stopped();
    void leavePresentationRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* e) override;

private:
    // The action a key sent to `receiver` asks for; 0 when the key stays with the widgets.
    int keyAction(const QKeyEvent* key, const QObject* receiver) const;
    void runKeyAction(int action);
    void updateFilter();
    void updateFonts();
    void retranslate();

    QWidget* m_window;
    Lesson m_lesson;
    int m_index = -1;
    bool m_active = false;
    bool m_presenting = false;
    bool m_filtering = false;

    math::MathLabel* m_title;
    math::MathLabel* m_caption;
    QLabel* m_counter;
    QLabel* m_note;
    QToolButton* m_prev;
    QToolButton* m_next;
    QToolButton* m_close;
};

}  // namespace poslab::ui
