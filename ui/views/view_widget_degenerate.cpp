// A view constant or the identity at the current parameters (ui/compute/degenerate_views.h):
// its words in place of the figure, in the body's font a little larger, wrapped.
#include <QLabel>
#include <QStackedWidget>

#include "ui/views/view_widget.h"

namespace poslab::ui {

bool ViewWidget::showDegenerate() {
    if (m_last.degenerate.isEmpty() || !m_last.error.isEmpty()) return false;
    if (!m_degenerate) {
        m_degenerate = new QLabel(this);
        m_degenerate->setObjectName(QStringLiteral("viewDegenerate"));
        m_degenerate->setWordWrap(true);
        m_degenerate->setAlignment(Qt::AlignCenter);
        m_degenerate->setContentsMargins(24, 12, 24, 12);
        m_degenerate->setTextInteractionFlags(Qt::TextSelectableByMouse);
        QFont f = m_degenerate->font();
        f.setPointSizeF(f.pointSizeF() * 1.15);
        m_degenerate->setFont(f);
        m_stack->addWidget(m_degenerate);
    }
    m_degenerate->setText(m_last.degenerate.text());
    m_stack->setCurrentWidget(m_degenerate);
    return true;
}

}  // namespace poslab::ui
