// The Model page's chart widget: paintModelChart at the screen's size, and the hover readout
// (modelChartHit) in the encoding views' tip (HoverTip) with a ring on the point read.
#include <QEvent>
#include <QMouseEvent>
#include <QPainter>

#include "ui/model/model_chart.h"
#include "ui/views/hover_tip.h"

namespace poslab::ui {

ModelChartWidget::ModelChartWidget(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
}

void ModelChartWidget::setData(const ModelChartData& data) {
    m_data = data;
    // The whole title and note, where a narrow chart elides them.
    setToolTip(data.note.isEmpty() ? data.title : data.title + QLatin1Char('\n') + data.note);
    endHover();
    update();
}

void ModelChartWidget::setDark(bool dark) {
    m_dark = dark;
    update();
}

QSize ModelChartWidget::minimumSizeHint() const {
    const int line = fontMetrics().height();
    // Small: the Model page's arrangement (model_page_fit.cpp) asks each chart whether its plot
    // fits and tries another arrangement where one does not. A larger least size would make the
    // window grow past a 720p screen while the page is shown in a stale arrangement (a lesson
    // step opening the page in F11), and a window never shrinks back.
    return {6 * line, 4 * line};
}

bool ModelChartWidget::plotFitsIn(QSize size) const {
    return modelChartPlotFits(QRectF(QPointF(0, 0), QSizeF(size)), m_data, style());
}

PaintStyle ModelChartWidget::style() const {
    return makeScreenStyle(m_dark, font());
}

QStringList ModelChartWidget::hoverTipAt(QPointF pos) const {
    const auto hit = modelChartHit(QRectF(rect()), m_data, style(), pos);
    return hit ? hit->lines : QStringList();
}

QStringList ModelChartWidget::shownTip() const {
    return m_tip ? m_tip->lines() : QStringList();
}

void ModelChartWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const PaintStyle s = style();
    paintModelChart(p, rect(), m_data, s);
    if (!m_hit) return;
    // A ring on the point read (a marker line: a short tick at the cursor).
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(s.fg, std::max(1.5, s.unit / 10)));
    p.setBrush(Qt::NoBrush);
    const double r = 0.4 * s.unit;
    p.drawEllipse(m_hit->at, r, r);
}

void ModelChartWidget::hoverAt(QPointF pos) {
    auto hit = modelChartHit(QRectF(rect()), m_data, style(), pos);
    const bool moved = hit.has_value() != m_hit.has_value() || (hit && hit->at != m_hit->at);
    m_hit = std::move(hit);
    if (moved) update();
    if (!m_hit) {
        if (m_tip) m_tip->hide();
        return;
    }
    if (!m_tip) m_tip = new HoverTip(this);
    m_tip->showNear(mapToGlobal(pos.toPoint()), m_hit->lines);
}

void ModelChartWidget::endHover() {
    if (m_tip) m_tip->hide();
    if (m_hit) {
        m_hit.reset();
        update();
    }
}

void ModelChartWidget::mouseMoveEvent(QMouseEvent* e) {
    hoverAt(e->position());
    QWidget::mouseMoveEvent(e);
}

void ModelChartWidget::leaveEvent(QEvent* e) {
    QWidget::leaveEvent(e);
    endHover();
}

void ModelChartWidget::hideEvent(QHideEvent* e) {
    QWidget::hideEvent(e);
    endHover();
}

bool ModelChartWidget::event(QEvent* e) {
    // Over a point the readout speaks; the title's tooltip only elsewhere.
    if (e->type() == QEvent::ToolTip && m_hit) return true;
    return QWidget::event(e);
}

}  // namespace poslab::ui
