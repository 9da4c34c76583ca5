#include "ui/views/hover_tip.h"

#include <QScreen>
#include <QStyleOption>
#include <QStylePainter>
#include <algorithm>

namespace poslab::ui {

HoverTip::HoverTip(QWidget* figure)
    : QLabel(figure, Qt::ToolTip | Qt::BypassGraphicsProxyWidget), m_figure(figure) {
    setObjectName(QStringLiteral("hoverTip"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_ShowWithoutActivating);
    setForegroundRole(QPalette::ToolTipText);
    setBackgroundRole(QPalette::ToolTipBase);
    setTextFormat(Qt::RichText);
    setMargin(std::max(4, fontMetrics().height() / 4));
    hide();
}

void HoverTip::showNear(const QPoint& globalPos, const QStringList& lines) {
    if (lines.isEmpty()) {
        hide();
        return;
    }
    const QFont font = m_figure->font();
    if (lines != m_lines || font != m_font) {
        m_lines = lines;
        m_font = font;
        setFont(font);
        setMargin(std::max(4, QFontMetrics(font).height() / 4));
        // The value larger and bold, the rest at the figure's size.
        const QString size = font.pointSizeF() > 0
                                 ? QStringLiteral("%1pt").arg(font.pointSizeF() * 1.35, 0, 'f', 1)
                                 : QStringLiteral("%1px").arg(font.pixelSize() * 1.35, 0, 'f', 1);
        QString html = QStringLiteral("<div style=\"font-size:%1; font-weight:600\">%2</div>")
                           .arg(size, lines.front().toHtmlEscaped());
        for (qsizetype i = 1; i < lines.size(); ++i)
            html += QStringLiteral("<div>%1</div>").arg(lines[i].toHtmlEscaped());
        setText(html);
        adjustSize();
    }
    m_anchor = globalPos;
    // Below right of the cursor, clear of it; flipped where the screen ends.
    const QScreen* screen = m_figure->screen();
    const QRect avail = screen ? screen->availableGeometry() : QRect(globalPos, size());
    const int dx = std::max(12, fontMetrics().height()), dy = std::max(16, fontMetrics().height());
    QPoint at = globalPos + QPoint(dx, dy);
    if (at.x() + width() > avail.right()) at.setX(globalPos.x() - dx / 2 - width());
    if (at.y() + height() > avail.bottom()) at.setY(globalPos.y() - dy / 2 - height());
    at.setX(std::max(at.x(), avail.left()));
    at.setY(std::max(at.y(), avail.top()));
    move(at);
    if (!isVisible()) show();
}

void HoverTip::paintEvent(QPaintEvent* e) {
    // The platform's tooltip panel, then the text (as QToolTip draws it).
    QStylePainter p(this);
    QStyleOptionFrame opt;
    opt.initFrom(this);
    p.drawPrimitive(QStyle::PE_PanelTipLabel, opt);
    p.end();
    QLabel::paintEvent(e);
}

}  // namespace poslab::ui
