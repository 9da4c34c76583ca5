#include "ui/train/figure_pane.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>

#include "ui/figure/paint_style.h"

namespace poslab::ui {

FigureOptions onScreenFigureOptions(const QWidget& widget, bool dark, double minUnit) {
    FigureOptions options;
    options.pixels = widget.size();
    options.dpi = std::max(72, widget.logicalDpiY());
    options.dark = dark;
    options.footer = false;
    options.formula = false;
    options.minUnit = minUnit;
    return options;
}

FigurePane::FigurePane(QWidget* parent) : QWidget(parent) {
    setMinimumSize(160, 120);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void FigurePane::setFigure(const Figure& figure) {
    m_figure = figure;
    m_has = true;
    m_message.clear();
    update();
}

void FigurePane::setMessage(const QString& text) {
    m_has = false;
    m_figure = Figure{};
    m_message = text;
    update();
}

void FigurePane::setSelected(bool selected) {
    m_selected = selected;
    update();
}

void FigurePane::mousePressEvent(QMouseEvent* e) {
    emit clicked();
    QWidget::mousePressEvent(e);
}

void FigurePane::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QColor bg = palette().color(QPalette::Base);
    p.fillRect(rect(), bg);
    const bool dark = bg.lightness() < 128;
    if (m_has) {
        // Text at the widget font's size at least (the figure's own 1/45 of a small pane's
        // height would be unreadable); presentation mode's larger font grows it.
        paintFigure(p, QRectF(rect()), m_figure,
                    onScreenFigureOptions(*this, dark, 0.85 * fontMetrics().height()));
    } else if (!m_message.isEmpty()) {
        const PaintStyle style = makeScreenStyle(dark, font());
        paintCentredText(p, QRectF(rect()).adjusted(12, 0, -12, 0), m_message, 1.0, style);
    }
    if (m_selected) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
    }
}

}  // namespace poslab::ui
