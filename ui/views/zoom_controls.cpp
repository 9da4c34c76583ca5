#include "ui/views/zoom_controls.h"

#include <QAbstractButton>
#include <QEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace poslab::ui {

namespace {

enum class Glyph { Plus, Minus, Fit };

// A small square button that draws its glyph (a font may lack "⤢"), in the palette's button
// colours, faint while the mouse is elsewhere.
class ZoomButton : public QAbstractButton {
public:
    ZoomButton(Glyph glyph, QWidget* parent) : QAbstractButton(parent), m_glyph(glyph) {
        setAttribute(Qt::WA_Hover);
        setFocusPolicy(Qt::NoFocus);
        setCursor(Qt::PointingHandCursor);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const QWidget* figure = parentWidget() ? parentWidget()->parentWidget() : nullptr;
        const bool near = figure && figure->underMouse();
        const double alpha = !isEnabled()   ? (near ? 0.4 : 0.3)
                             : underMouse() ? 1.0
                             : near         ? 0.85
                                            : 0.55;
        QColor bg = palette().color(QPalette::Button);
        QColor fg = palette().color(QPalette::ButtonText);
        QColor edge = fg;
        bg.setAlphaF(isDown() ? alpha : 0.85 * alpha);
        fg.setAlphaF(alpha);
        edge.setAlphaF(0.45 * alpha);
        const QRectF r = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
        p.setPen(QPen(edge, 1));
        p.setBrush(isDown() ? bg.darker(115) : bg);
        p.drawRoundedRect(r, 3, 3);
        const double w = std::max(1.5, r.width() / 11.0);
        p.setPen(QPen(fg, w, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.setBrush(Qt::NoBrush);
        const QPointF c = r.center();
        const double h = 0.27 * r.width();  // half the glyph's extent
        if (m_glyph != Glyph::Fit) p.drawLine(QPointF(c.x() - h, c.y()), QPointF(c.x() + h, c.y()));
        if (m_glyph == Glyph::Plus)
            p.drawLine(QPointF(c.x(), c.y() - h), QPointF(c.x(), c.y() + h));
        if (m_glyph == Glyph::Fit) {
            // Four corners pointing outwards: the whole extent.
            const double a = 0.45 * h;
            QPainterPath path;
            for (int sx : {-1, 1})
                for (int sy : {-1, 1}) {
                    const QPointF corner(c.x() + sx * h, c.y() + sy * h);
                    path.moveTo(corner.x() - sx * a, corner.y());
                    path.lineTo(corner);
                    path.lineTo(corner.x(), corner.y() - sy * a);
                }
            p.drawPath(path);
        }
    }

private:
    Glyph m_glyph;
};

}  // namespace

ZoomControls::ZoomControls(QWidget* figure) : QWidget(figure) {
    setObjectName(QStringLiteral("zoomControls"));
    m_in = new ZoomButton(Glyph::Plus, this);
    m_out = new ZoomButton(Glyph::Minus, this);
    m_reset = new ZoomButton(Glyph::Fit, this);
    m_in->setObjectName(QStringLiteral("zoomIn"));
    m_out->setObjectName(QStringLiteral("zoomOut"));
    m_reset->setObjectName(QStringLiteral("zoomReset"));
    connect(m_in, &QAbstractButton::clicked, this, &ZoomControls::zoomInClicked);
    connect(m_out, &QAbstractButton::clicked, this, &ZoomControls::zoomOutClicked);
    connect(m_reset, &QAbstractButton::clicked, this, &ZoomControls::resetClicked);
    figure->installEventFilter(this);
    setState(false, false);
    retranslate();
    hide();
}

int ZoomControls::side() const {
    return std::max(18, static_cast<int>(std::lround(fontMetrics().height() * 1.25)));
}

int ZoomControls::columnWidth() const {
    return side() + 6;
}

void ZoomControls::place(int top, int left) {
    const int s = side(), gap = std::max(3, s / 6);
    int y = 0;
    for (QAbstractButton* b : {m_in, m_out, m_reset}) {
        b->setGeometry(0, y, s, s);
        y += s + gap;
    }
    const QWidget* figure = parentWidget();
    const int column = figure->width() - columnWidth();
    const int x = (left >= 0 ? std::min(left, column) : column) + (columnWidth() - s) / 2;
    setGeometry(x, std::clamp(top, 0, std::max(0, figure->height() - y)), s, y - gap);
    raise();
}

void ZoomControls::setState(bool canZoomIn, bool zoomed) {
    m_in->setEnabled(canZoomIn);
    m_out->setEnabled(zoomed);
    m_reset->setEnabled(zoomed);
}

void ZoomControls::retranslate() {
    m_in->setToolTip(tr("Zoom in (wheel up; then drag to move around)"));
    m_out->setToolTip(tr("Zoom out (wheel down)"));
    m_reset->setToolTip(tr("Show everything (double-click)"));
    m_in->setAccessibleName(tr("Zoom in"));
    m_out->setAccessibleName(tr("Zoom out"));
    m_reset->setAccessibleName(tr("Show everything"));
}

void ZoomControls::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(e);
}

void ZoomControls::enterEvent(QEnterEvent* e) {
    QWidget::enterEvent(e);
    emit entered();
}

bool ZoomControls::eventFilter(QObject* watched, QEvent* e) {
    // The buttons brighten while the mouse is over the figure.
    if (watched == parentWidget() && (e->type() == QEvent::Enter || e->type() == QEvent::Leave))
        for (QAbstractButton* b : {m_in, m_out, m_reset}) b->update();
    return QWidget::eventFilter(watched, e);
}

}  // namespace poslab::ui
