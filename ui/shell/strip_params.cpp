#include "ui/shell/strip_params.h"

#include <QEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

namespace poslab::ui {

namespace {

const QString kSeparator = QStringLiteral("   ·   ");

// The tries, in order, until the line fits: the panel's words, then the identifiers, a little
// smaller; never so small that the back row cannot read it (then "+N" holds the rest).
struct Form {
    bool shortForm;
    double scale;
};
constexpr Form kForms[] = {{false, 1.0}, {true, 1.0}, {true, 0.85}};

QFont scaled(const QFont& base, double scale) {
    QFont f = base;
    if (base.pointSizeF() > 0)
        f.setPointSizeF(base.pointSizeF() * scale);
    else
        f.setPixelSize(std::max(6, static_cast<int>(base.pixelSize() * scale)));
    return f;
}

int padOf(const QFontMetrics& fm) {
    return std::max(3, fm.height() / 4);
}
int gapOf(const QFontMetrics& fm) {
    return fm.height() * 3 / 5;
}

QString moreText(int hidden) {
    return QStringLiteral("+%1").arg(hidden);
}

}  // namespace

StripParams::StripParams(QWidget* parent) : QWidget(parent) {
    setObjectName("presentationParamItems");
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_drawFont = font();
}

void StripParams::setItems(const QVector<StripItem>& items) {
    m_items = items;
    m_hover = -1;
    relayout();
    updateGeometry();
    update();
}

void StripParams::setCentred(bool centred) {
    m_centred = centred;
    relayout();
    update();
}

QString StripParams::text() const {
    QStringList parts;
    for (const StripItem& item : m_items) parts << item.words;
    return parts.join(kSeparator);
}

QRect StripParams::itemRect(const QString& name) const {
    for (const Placed& p : m_placed)
        if (m_items[p.index].name == name) return p.rect;
    return {};
}

int StripParams::lineWidth(const QFont& f, bool shortForm, int count, int more) const {
    const QFontMetrics fm(f);
    const int pad = padOf(fm), gap = gapOf(fm);
    int w = 0;
    for (int i = 0; i < count; ++i) {
        const StripItem& item = m_items[i];
        w += fm.horizontalAdvance(shortForm ? item.shortText : item.words) + 2 * pad;
        if (i > 0) w += gap;
    }
    if (more > 0) w += (count > 0 ? gap : 0) + fm.horizontalAdvance(moreText(more)) + 2 * pad;
    return w;
}

int StripParams::naturalWidth() const {
    return lineWidth(font(), false, static_cast<int>(m_items.size()), 0);
}

QSize StripParams::sizeHint() const {
    const QFontMetrics fm(font());
    return {naturalWidth(), fm.height() + 2 * padOf(fm) / 2 + 2};
}

QSize StripParams::minimumSizeHint() const {
    return {0, sizeHint().height()};
}

void StripParams::relayout() {
    m_placed.clear();
    m_moreRect = {};
    const int n = static_cast<int>(m_items.size());
    const int width = this->width();
    int count = n;
    const Form* chosen = nullptr;
    for (const Form& form : kForms)
        if (lineWidth(scaled(font(), form.scale), form.shortForm, n, 0) <= width) {
            chosen = &form;
            break;
        }
    if (!chosen) {  // the last form, and as many items as fit beside "+N"
        chosen = &kForms[std::size(kForms) - 1];
        const QFont f = scaled(font(), chosen->scale);
        count = n - 1;
        while (count > 0 && lineWidth(f, true, count, n - count) > width) --count;
    }
    m_short = chosen->shortForm;
    m_drawFont = scaled(font(), chosen->scale);
    const QFontMetrics fm(m_drawFont);
    const int pad = padOf(fm), gap = gapOf(fm);
    const int h = fm.height() + pad / 2 * 2;
    const int top = (height() - h) / 2;
    // Right-aligned, like the strip's words were, or centred.
    const int spare = std::max(0, width - lineWidth(m_drawFont, m_short, count, n - count));
    int x = m_centred ? spare / 2 : spare;
    for (int i = 0; i < count; ++i) {
        const QString& t = m_short ? m_items[i].shortText : m_items[i].words;
        const int w = fm.horizontalAdvance(t) + 2 * pad;
        m_placed.append({i, QRect(x, top, w, h)});
        x += w + gap;
    }
    if (count < n)
        m_moreRect = QRect(x, top, fm.horizontalAdvance(moreText(n - count)) + 2 * pad, h);
}

void StripParams::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setFont(m_drawFont);
    const QColor text = palette().color(QPalette::WindowText);
    QColor frame = palette().color(QPalette::Mid);
    QColor hover = palette().color(QPalette::Highlight);
    hover.setAlpha(60);
    auto chip = [&](const QRect& r, const QString& t, bool clickable, bool hovered) {
        if (clickable) {
            QPainterPath path;
            path.addRoundedRect(QRectF(r).adjusted(0.5, 0.5, -0.5, -0.5), r.height() / 4.0,
                                r.height() / 4.0);
            if (hovered) p.fillPath(path, hover);
            p.setPen(QPen(frame, 1));
            p.drawPath(path);
        }
        p.setPen(text);
        p.drawText(r, Qt::AlignCenter, t);
    };
    for (qsizetype i = 0; i < m_placed.size(); ++i) {
        const Placed& pl = m_placed[i];
        const StripItem& item = m_items[pl.index];
        chip(pl.rect, m_short ? item.shortText : item.words, item.editable, m_hover == pl.index);
        if (i > 0) {  // the middle dot between two items
            const int gapLeft = m_placed[i - 1].rect.right() + 1;
            p.setPen(text);
            p.drawText(QRect(gapLeft, pl.rect.top(), pl.rect.left() - gapLeft, pl.rect.height()),
                       Qt::AlignCenter, QStringLiteral("·"));
        }
    }
    if (!m_moreRect.isEmpty())
        chip(m_moreRect, moreText(static_cast<int>(m_items.size() - m_placed.size())), true,
             m_hover == -2);
}

void StripParams::resizeEvent(QResizeEvent* e) {
    relayout();
    QWidget::resizeEvent(e);
}

void StripParams::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) {
        relayout();
        updateGeometry();
        update();
    }
    QWidget::changeEvent(e);
}

int StripParams::hitItem(const QPoint& pos) const {
    for (const Placed& p : m_placed)
        if (p.rect.contains(pos)) return p.index;
    if (m_moreRect.contains(pos)) return -2;
    return -1;
}

void StripParams::mouseMoveEvent(QMouseEvent* e) {
    const int hit = hitItem(e->position().toPoint());
    const bool clickable = hit == -2 || (hit >= 0 && m_items[hit].editable);
    const int hover = clickable ? hit : -1;
    if (hover != m_hover) {
        m_hover = hover;
        update();
    }
    if (clickable)
        setCursor(Qt::PointingHandCursor);
    else
        unsetCursor();
    QWidget::mouseMoveEvent(e);
}

void StripParams::leaveEvent(QEvent* e) {
    m_hover = -1;
    unsetCursor();
    update();
    QWidget::leaveEvent(e);
}

void StripParams::mouseReleaseEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return QWidget::mouseReleaseEvent(e);
    const int hit = hitItem(e->position().toPoint());
    if (hit == -2) return showHidden(mapToGlobal(m_moreRect.bottomLeft()));
    if (hit < 0 || !m_items[hit].editable) return;
    const QRect r = itemRect(m_items[hit].name);
    emit itemClicked(m_items[hit].name, QRect(mapToGlobal(r.topLeft()), r.size()));
}

// The items behind "+N", in a menu: choosing an editable one opens its slider.
void StripParams::showHidden(const QPoint& at) {
    QMenu menu(this);
    menu.setFont(m_drawFont);
    for (qsizetype i = m_placed.size(); i < m_items.size(); ++i) {
        QAction* a = menu.addAction(m_items[i].words);
        a->setData(m_items[i].name);
        a->setEnabled(m_items[i].editable);
    }
    const QAction* chosen = menu.exec(at);
    if (chosen)
        emit itemClicked(chosen->data().toString(),
                         QRect(mapToGlobal(m_moreRect.topLeft()), m_moreRect.size()));
}

}  // namespace poslab::ui
