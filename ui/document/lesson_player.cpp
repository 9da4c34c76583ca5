#include "ui/document/lesson_player.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/math/math_label.h"

namespace poslab::ui {

namespace {
enum Action { None = 0, Next, Previous, First, Last, Leave };

// Widgets that use arrows, Home/End and Space for themselves: while one of them has the key,
// those keys stay with it (PageUp/PageDown, what clickers send, always step the lesson).
bool usesArrows(const QObject* o) {
    return qobject_cast<const QLineEdit*>(o) || qobject_cast<const QAbstractSpinBox*>(o) ||
           qobject_cast<const QTextEdit*>(o) || qobject_cast<const QPlainTextEdit*>(o) ||
           qobject_cast<const QComboBox*>(o) || qobject_cast<const QAbstractItemView*>(o);
}
}  // namespace

LessonPlayer::LessonPlayer(QWidget* window, QWidget* parent) : QFrame(parent), m_window(window) {
    setObjectName("lessonPlayer");
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto* h = new QHBoxLayout(this);
    h->setContentsMargins(12, 6, 8, 8);
    auto* text = new QVBoxLayout;
    m_title = new math::MathLabel(this);  // a step's title may hold $maths$ too
    m_title->setObjectName("lessonTitle");
    m_caption = new math::MathLabel(this);  // prose with typeset $maths$
    m_caption->setObjectName("lessonCaption");
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: #d62728;"));
    m_note->hide();
    // The captions wrap to whatever width the page has; they must not widen the window.
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    QSizePolicy textPolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    textPolicy.setHeightForWidth(true);
    m_title->setSizePolicy(textPolicy);
    m_caption->setSizePolicy(textPolicy);
    text->addWidget(m_title);
    text->addWidget(m_caption);
    text->addWidget(m_note);
    h->addLayout(text, 1);
    m_counter = new QLabel(this);
    m_prev = new QToolButton(this);
    m_prev->setText(QString::fromUtf8("◀"));
    m_next = new QToolButton(this);
    m_next->setText(QString::fromUtf8("▶"));
    m_close = new QToolButton(this);
    m_close->setText(QString::fromUtf8("✕"));
    for (QToolButton* b : {m_prev, m_next, m_close}) {
        b->setAutoRaise(true);
        b->setFocusPolicy(Qt::NoFocus);  // the keys must keep stepping, not press a button
    }
    h->addWidget(m_counter, 0, Qt::AlignTop);
    h->addWidget(m_prev, 0, Qt::AlignTop);
    h->addWidget(m_next, 0, Qt::AlignTop);
    h->addWidget(m_close, 0, Qt::AlignTop);
    connect(m_prev, &QToolButton::clicked, this, &LessonPlayer::previous);
    connect(m_next, &QToolButton::clicked, this, &LessonPlayer::next);
    connect(m_close, &QToolButton::clicked, this, &LessonPlayer::stop);
    hide();
    updateFonts();
    retranslate();
}

LessonPlayer::~LessonPlayer() {
    if (m_filtering) qApp->removeEventFilter(this);
}

bool LessonPlayer::start(const Lesson& lesson) {
    if (lesson.steps.isEmpty()) return false;
    m_lesson = lesson;
    m_active = true;
    m_index = -1;
    show();
    updateFilter();
    go(0);
    return true;
}

void LessonPlayer::stop() {
    if (!m_active) return;
    m_active = false;
    m_index = -1;
    m_lesson = Lesson{};
    hide();
    updateFilter();
    emit stopped();
}

const LessonStep* LessonPlayer::step() const {
    if (!m_active || m_index < 0 || m_index >= count()) return nullptr;
    return &m_lesson.steps[m_index];
}

void LessonPlayer::go(int index) {
    if (!m_active) return;
    index = std::clamp(index, 0, count() - 1);
    if (index == m_index) return;
    m_index = index;
    setNote(QString());
    retranslate();
    emit stepChanged(m_index);
}

void LessonPlayer::setPresenting(bool on) {
    m_presenting = on;
    updateFonts();
    updateFilter();
}

void LessonPlayer::setNote(const QString& text) {
    m_note->setText(text);
    m_note->setVisible(!text.isEmpty());
}

QString LessonPlayer::titleText() const {
    return m_title->text();
}
QString LessonPlayer::captionText() const {
    return m_caption->text();
}

void LessonPlayer::updateFilter() {
    const bool want = m_active || m_presenting;
    if (want == m_filtering) return;
    m_filtering = want;
    if (want)
        qApp->installEventFilter(this);
    else
        qApp->removeEventFilter(this);
}

int LessonPlayer::keyAction(const QKeyEvent* key, const QObject* receiver) const {
    if ((key->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier) return None;
    if (key->key() == Qt::Key_Escape) return m_presenting ? Leave : None;
    if (!m_active) return None;
    switch (key->key()) {
        case Qt::Key_PageDown:
            return Next;
        case Qt::Key_PageUp:
            return Previous;
        default:
            break;
    }
    if (usesArrows(receiver)) return None;
    switch (key->key()) {
        case Qt::Key_Right:
        case Qt::Key_Down:
            return Next;
        case Qt::Key_Space:
            return qobject_cast<const QAbstractButton*>(receiver) ? None : Next;
        case Qt::Key_Left:
        case Qt::Key_Up:
            return Previous;
        case Qt::Key_Home:
            return First;
        case Qt::Key_End:
            return Last;
        default:
            return None;
    }
}

bool LessonPlayer::eventFilter(QObject* watched, QEvent* event) {
    const QEvent::Type type = event->type();
    if (type != QEvent::KeyPress && type != QEvent::ShortcutOverride) return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget->window() != m_window) return false;
    const int action = keyAction(static_cast<QKeyEvent*>(event), watched);
    if (action == None) return false;
    // Claiming the override keeps a window shortcut (Escape cancels a computation) from taking
    // the key; the key press that follows then comes here. The step runs once the event is
    // delivered: it rebuilds the page, and the widget that has the key may be one it deletes.
    event->accept();
    if (type == QEvent::KeyPress)
        QMetaObject::invokeMethod(
            this, [this, action] { runKeyAction(action); }, Qt::QueuedConnection);
    return true;
}

void LessonPlayer::runKeyAction(int action) {
    switch (action) {
        case Next:
            next();
            break;
        case Previous:
            previous();
            break;
        case First:
            go(0);
            break;
        case Last:
            go(count() - 1);
            break;
        case Leave:
            emit leavePresentationRequested();
            break;
        default:
            break;
    }
}

void LessonPlayer::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslate();
    if (e->type() == QEvent::FontChange || e->type() == QEvent::ApplicationFontChange)
        updateFonts();
    QFrame::changeEvent(e);
}

void LessonPlayer::updateFonts() {
    // Relative to the application font, which presentation mode already enlarges: the caption
    // must read from the back of a classroom.
    const QFont base = QApplication::font();
    QFont title = base;
    title.setBold(true);
    title.setPointSizeF(base.pointSizeF() * (m_presenting ? 1.6 : 1.25));
    QFont caption = base;
    caption.setPointSizeF(base.pointSizeF() * (m_presenting ? 1.3 : 1.05));
    m_title->setFont(title);
    m_caption->setFont(caption);
}

void LessonPlayer::retranslate() {
    m_prev->setToolTip(tr("Previous step (Page Up, Left)"));
    m_next->setToolTip(tr("Next step (Page Down, Right, Space)"));
    m_close->setToolTip(tr("End the lesson"));
    const LessonStep* s = step();
    if (!s) {
        m_title->clear();
        m_caption->clear();
        m_counter->clear();
        return;
    }
    m_title->setText(QStringLiteral("%1 — %2").arg(m_lesson.title.text(), s->title.text()));
    m_caption->setText(s->caption.text());
    m_counter->setText(QStringLiteral("%1 / %2").arg(m_index + 1).arg(count()));
    m_prev->setEnabled(m_index > 0);
    m_next->setEnabled(m_index + 1 < count());
}

}  // namespace poslab::ui
