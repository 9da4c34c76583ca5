#include "ui/views/chart_widget.h"

#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

#include "ui/compute/format.h"
#include "ui/figure/axis.h"
#include "ui/figure/envelope.h"
#include "ui/figure/lines_paint.h"

namespace poslab::ui {

ChartWidget::ChartWidget(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing, true);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    chart()->setMargins(QMargins(4, 4, 4, 4));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    applyTheme();
}

void ChartWidget::setDark(bool dark) {
    if (dark == m_dark) return;
    m_dark = dark;
    applyTheme();
    rebuild();
}

void ChartWidget::applyTheme() {
    chart()->setTheme(m_dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundRoundness(0);
}

void ChartWidget::resizeEvent(QResizeEvent* e) {
    QChartView::resizeEvent(e);
    // Tick counts and axis titles depend on the size: recompute the axes (not on every pixel:
    // in steps of a label's size).
    const int sizeClass = (width() / 40) * 1000 + height() / 20;
    if (sizeClass != m_sizeClass) {
        m_sizeClass = sizeClass;
        if (m_axisX) rebuild();
    }
}

void ChartWidget::setData(const LinesData& data, const QString& title, const QString& xLabel,
                          const QString& yLabel) {
    m_data = data;
    m_viewX.reset();  // the data covers the window it was asked for
    m_title = title;
    m_xLabel = xLabel;
    m_yLabel = yLabel;
    rebuild();
}

int ChartWidget::plotColumns() const {
    const QRectF area = chart()->plotArea();
    return std::max(16, static_cast<int>(area.isEmpty() ? width() - 80 : area.width()));
}

void ChartWidget::rebuild() {
    // What is drawn: each curve as it is, or its exact per-pixel-column envelope (a band).
    DataRange r = lineDataRange(m_data);
    if (m_viewX) r.xlo = m_viewX->first, r.xhi = m_viewX->second;
    m_drawn = m_data;
    for (auto& c : m_drawn.curves)
        c = envelopeForColumns(c, plotColumns(), r.xlo, r.xhi, m_data.logX, m_data.logY);
    bool layoutChanged = m_curves.size() != m_drawn.curves.size() || m_logY != m_data.logY ||
                         m_logX != m_data.logX || !m_axisX;
    for (int i = 0; !layoutChanged && i < m_drawn.curves.size(); ++i)
        layoutChanged = m_isBand[i] != m_drawn.curves[i].isBand();
    if (layoutChanged) rebuildLayout();
    rebuildSeries();
    // (Ranges are set after the points: an axis change recomputes every series anyway.)
    const QRectF range = updateRanges();
    updateMarkers(range);
    updateTitleAndLegend();
}

namespace {

QAbstractAxis* makeAxis(bool log) {
    if (log) {
        auto* a = new QLogValueAxis;
        a->setBase(10);
        a->setLabelFormat("%g");
        a->setMinorTickCount(-1);
        return a;
    }
    auto* a = new QValueAxis;
    a->setLabelFormat("%g");
    return a;
}

}  // namespace

void ChartWidget::rebuildLayout() {
    QChart* c = chart();
    c->removeAllSeries();
    m_curves.clear();
    m_isBand.clear();
    m_vmarker = m_hmarker = nullptr;
    for (auto* a : c->axes()) {
        c->removeAxis(a);
        delete a;
    }
    m_logY = m_data.logY;
    m_logX = m_data.logX;
    m_axisX = makeAxis(m_logX);
    m_axisY = makeAxis(m_logY);
    c->addAxis(m_axisX, Qt::AlignBottom);
    c->addAxis(m_axisY, Qt::AlignLeft);
    for (int i = 0; i < m_drawn.curves.size(); ++i) {
        const auto& cd = m_drawn.curves[i];
        QPen pen(curveColor(cd.color));
        // A band is drawn as one stroke per pixel column from its min to its max (a filled
        // envelope, like an oscilloscope): a thin pen so the columns tile.
        pen.setWidthF(cd.isBand() ? 1.0 : 2.0);
        if (cd.dashed && !cd.isBand()) pen.setStyle(Qt::DashLine);
        auto* s = new QLineSeries;
        c->addSeries(s);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
        s->setPen(pen);
        connect(s, &QLineSeries::hovered, this, [this, s, i](const QPointF& pt, bool state) {
            if (i < m_drawn.curves.size() && m_drawn.curves[i].isBand())
                return hoverBand(s, i, pt, state);
            if (!state || i >= m_data.curves.size()) {
                emit hovered(QString());
                return;
            }
            const auto& pts = m_data.curves[i].points;
            auto it = std::lower_bound(pts.begin(), pts.end(), pt.x() - 0.5,
                                       [](const QPointF& a, double x) { return a.x() < x; });
            if (it == pts.end()) return;
            emit hovered(QStringLiteral("%1 · x = %2: %3")
                             .arg(s->name(), exactText(it->x()), exactText(it->y())));
        });
        m_curves << s;
        m_isBand << cd.isBand();
    }
}

void ChartWidget::hoverBand(QLineSeries* band, int i, const QPointF& pt, bool on) {
    if (!on || i >= m_drawn.curves.size()) {
        emit hovered(QString());
        return;
    }
    const CurveData& c = m_drawn.curves[i];
    const qsizetype k = bandIndexAt(c, pt.x());
    if (k < 0) return;
    auto num = [](double v) { return QString::number(v, 'g', 7).replace('-', QChar(0x2212)); };
    const QString x = c.bandX0[k] == c.bandX1[k]
                          ? num(c.bandX0[k])
                          : QStringLiteral("%1–%2").arg(num(c.bandX0[k]), num(c.bandX1[k]));
    emit hovered(
        tr("%1 · x = %2: min %3, max %4").arg(band->name(), x, num(c.bandLo[k]), num(c.bandHi[k])));
}

void ChartWidget::rebuildSeries() {
    // The points are swapped in place (no clear + append, no relayout).
    for (int i = 0; i < m_curves.size(); ++i) {
        const auto& cd = m_drawn.curves[i];
        const QString name = cd.name.text().toHtmlEscaped();
        if (m_isBand[i]) {
            // Per column a vertical stroke from min to max, alternating up and down so that
            // the joins between columns run along the envelope's edges.
            QList<QPointF> zig;
            zig.reserve(2 * cd.bandX0.size());
            for (qsizetype k = 0; k < cd.bandX0.size(); ++k) {
                const double x = 0.5 * (cd.bandX0[k] + cd.bandX1[k]);
                const bool up = k % 2 == 0;
                zig << QPointF(x, up ? cd.bandLo[k] : cd.bandHi[k])
                    << QPointF(x, up ? cd.bandHi[k] : cd.bandLo[k]);
            }
            m_curves[i]->replace(zig);
            if (m_curves[i]->name() != name) m_curves[i]->setName(name);
        } else {
            m_curves[i]->replace(cd.points);
            if (m_curves[i]->name() != name) m_curves[i]->setName(name);
        }
    }
}

QRectF ChartWidget::updateRanges() {
    DataRange r = lineDataRange(m_data);
    if (r.empty()) r = {0, 1, m_logY ? 0.1 : 0, 1};
    if (m_viewX) r.xlo = m_viewX->first, r.xhi = m_viewX->second;
    // Qt Charts gives each label axis-length / label-count pixels and elides it to "…" when it
    // needs more, so the label count is chosen to fit the plot area. Each axis changes at most
    // once per update (every change makes Qt Charts recompute the geometry of every series).
    const QRectF area = chart()->plotArea().isEmpty() ? QRectF(0, 0, width() - 80, height() - 90)
                                                      : chart()->plotArea();
    const QFontMetricsF fm(m_axisX->labelsFont());
    const int yLabels = std::max(2, static_cast<int>(area.height() / (fm.height() + 14)));
    const int xLabels = std::max(
        2, static_cast<int>(area.width() / (fm.horizontalAdvance(QStringLiteral("-00000")) + 14)));
    // A fitted window (the data's or a zoom) keeps its exact ends: no rounding out to a tick.
    AxisRange ax = niceAxis(r.xlo, r.xhi, m_logX, xLabels);
    if ((m_data.xFrom || m_viewX) && !m_logX) fitAxisTo(ax, r.xlo, r.xhi);
    const AxisRange ay = niceAxis(r.ylo, r.yhi, m_logY, yLabels);
    auto apply = [](QAbstractAxis* axis, const AxisRange& a) {
        if (auto* l = qobject_cast<QLogValueAxis*>(axis)) {
            if (l->min() != a.lo || l->max() != a.hi) l->setRange(a.lo, a.hi);
            return;
        }
        // Ticks anchored at 0 in round steps (so 0 prints as 0, not -2.8e-17).
        auto* v = qobject_cast<QValueAxis*>(axis);
        if (v->tickType() != QValueAxis::TicksDynamic) {
            v->setTickType(QValueAxis::TicksDynamic);
            v->setTickAnchor(0.0);
        }
        if (v->tickInterval() != a.step) v->setTickInterval(a.step);
        if (v->min() != a.lo || v->max() != a.hi) v->setRange(a.lo, a.hi);
    };
    apply(m_axisX, ax);
    apply(m_axisY, ay);
    // A chart too small for axis titles drops them (the hover readout still names the axes).
    const bool roomy = height() >= 190 && width() >= 260;
    const QString xTitle = roomy ? m_xLabel : QString(), yTitle = roomy ? m_yLabel : QString();
    if (m_axisX->titleText() != xTitle) m_axisX->setTitleText(xTitle);
    if (m_axisY->titleText() != yTitle) m_axisY->setTitleText(yTitle);
    return QRectF(QPointF(ax.lo, ay.lo), QPointF(ax.hi, ay.hi));
}

void ChartWidget::updateMarkers(const QRectF& range) {
    QChart* c = chart();
    auto marker = [&](QLineSeries*& s, QPointF a, QPointF b, const QString& name) {
        if (!s) {
            s = new QLineSeries;
            c->addSeries(s);
            s->attachAxis(m_axisX);
            s->attachAxis(m_axisY);
            QPen pen(m_dark ? QColor(0xff, 0xd0, 0x60) : QColor(0x80, 0x50, 0x00));
            pen.setWidthF(1.5);
            pen.setStyle(Qt::DotLine);
            s->setPen(pen);
        }
        const QList<QPointF> pts{a, b};
        if (s->points() != pts) s->replace(pts);
        if (s->name() != name) s->setName(name);
    };
    auto remove = [&](QLineSeries*& s) {
        if (!s) return;
        c->removeSeries(s);
        delete s;
        s = nullptr;
    };
    const bool offScale =
        m_data.vmarker && (*m_data.vmarker > range.right() || *m_data.vmarker < range.left());
    if (m_data.vmarker && !offScale) {
        const double x = *m_data.vmarker;
        const QString text = tr("monotone bound x < %1").arg(QString::number(x, 'f', 2));
        marker(m_vmarker, QPointF(x, range.top()), QPointF(x, range.bottom()),
               text.toHtmlEscaped());
    } else {
        remove(m_vmarker);
    }
    // A bound beyond the axis: an arrow at the edge with its value (the axis fits the data).
    if (!m_offScale) {
        m_offScale = new QGraphicsSimpleTextItem(c);
        m_offScale->setZValue(20);
    }
    m_offScale->setVisible(offScale);
    if (offScale) {
        const double x = *m_data.vmarker;
        const bool right = x > range.right();
        const QString v = QLocale(QLocale::English).toString(x, 'f', 0);
        m_offScale->setText(right ? tr("bound π/(2θ_min) = %1 →").arg(v)
                                  : tr("← bound π/(2θ_min) = %1").arg(v));
        m_offScale->setBrush(m_dark ? QColor(0xff, 0xd0, 0x60) : QColor(0x80, 0x50, 0x00));
        const QRectF area = c->plotArea();
        const QRectF box = m_offScale->boundingRect();
        m_offScale->setPos(right ? area.right() - box.width() - 6 : area.left() + 6,
                           area.top() + 4);
    }
    if (m_data.hmarker) {
        const double y = *m_data.hmarker;
        const QString text = tr("original length L = %1").arg(exactText(y));
        marker(m_hmarker, QPointF(range.left(), y), QPointF(range.right(), y),
               text.toHtmlEscaped());
    } else {
        remove(m_hmarker);
    }
}

void ChartWidget::updateTitleAndLegend() {
    QChart* c = chart();
    QString title = m_title.toHtmlEscaped();
    if (m_data.maxValue)
        title += (title.isEmpty() ? QString() : QStringLiteral("   —   ")) +
                 tr("max = %1").arg(exactText(*m_data.maxValue));
    if (c->title() != title) c->setTitle(title);
    // A chart too short for a legend keeps its plot (the names show in the hover readout).
    const bool legend = (m_curves.size() > 1 || m_vmarker || m_hmarker) && height() >= 200;
    if (m_offScale && m_offScale->isVisible()) {  // after a relayout the plot area moved
        const QRectF area = c->plotArea();
        const bool right = m_offScale->text().endsWith(QChar(0x2192));
        m_offScale->setPos(
            right ? area.right() - m_offScale->boundingRect().width() - 6 : area.left() + 6,
            area.top() + 4);
    }
    if (c->legend()->isVisible() != legend) c->legend()->setVisible(legend);
}

}  // namespace poslab::ui

namespace poslab::ui {

// Zoom and pan on x (a windowed view asks for the visible window): the axis moves at once,
// the new envelope follows from the scheduler.
void ChartWidget::setXWindow(double lo, double hi) {
    const DataRange full = lineDataRange(m_data);
    const double flo = m_fullX ? m_fullX->first : full.xlo,
                 fhi = m_fullX ? m_fullX->second : full.xhi;
    if (!(fhi > flo)) return;
    const double minSpan = 4;
    if (hi - lo < minSpan) {
        const double mid = 0.5 * (lo + hi);
        lo = mid - minSpan / 2;
        hi = mid + minSpan / 2;
    }
    if (hi - lo > fhi - flo) lo = flo, hi = fhi;
    if (lo < flo) hi += flo - lo, lo = flo;
    if (hi > fhi) lo -= hi - fhi, hi = fhi;
    m_viewX = qMakePair(std::round(lo), std::round(hi));
    rebuild();
    const bool whole = m_viewX->first <= flo && m_viewX->second >= fhi;
    emit windowChanged(whole ? -1 : m_viewX->first, whole ? -1 : m_viewX->second);
}

void ChartWidget::setFullXRange(double lo, double hi) {
    m_fullX = qMakePair(lo, hi);
}

void ChartWidget::wheelEvent(QWheelEvent* e) {
    if (!m_zoomable || !m_axisX) return QChartView::wheelEvent(e);
    const QRectF area = chart()->plotArea();
    const DataRange r = lineDataRange(m_data);
    const double lo = m_viewX ? m_viewX->first : r.xlo, hi = m_viewX ? m_viewX->second : r.xhi;
    const double f = std::clamp((e->position().x() - area.left()) / area.width(), 0.0, 1.0);
    const double factor = std::pow(0.8, e->angleDelta().y() / 120.0);
    if (m_logX && lo > 0) {
        const double a = std::log(lo), b = std::log(hi), c = a + f * (b - a);
        setXWindow(std::exp(c - f * (b - a) * factor), std::exp(c + (1 - f) * (b - a) * factor));
    } else {
        const double c = lo + f * (hi - lo);
        setXWindow(c - f * (hi - lo) * factor, c + (1 - f) * (hi - lo) * factor);
    }
    e->accept();
}

void ChartWidget::mousePressEvent(QMouseEvent* e) {
    if (!m_zoomable || e->button() != Qt::LeftButton) return QChartView::mousePressEvent(e);
    const DataRange r = lineDataRange(m_data);
    m_dragFrom = e->position().x();
    m_dragWindow = m_viewX ? *m_viewX : qMakePair(r.xlo, r.xhi);
    m_dragging = true;
    setCursor(Qt::ClosedHandCursor);
}

void ChartWidget::mouseMoveEvent(QMouseEvent* e) {
    if (!m_dragging) return QChartView::mouseMoveEvent(e);
    const double w = chart()->plotArea().width();
    const double dx = (e->position().x() - m_dragFrom) / std::max(1.0, w);
    const double span = m_dragWindow.second - m_dragWindow.first;
    m_viewX = qMakePair(m_dragWindow.first - dx * span, m_dragWindow.second - dx * span);
    rebuild();
}

void ChartWidget::mouseReleaseEvent(QMouseEvent* e) {
    if (!m_dragging) return QChartView::mouseReleaseEvent(e);
    m_dragging = false;
    unsetCursor();
    if (m_viewX) setXWindow(m_viewX->first, m_viewX->second);
}

void ChartWidget::mouseDoubleClickEvent(QMouseEvent* e) {
    if (!m_zoomable) return QChartView::mouseDoubleClickEvent(e);
    const bool had = m_viewX.has_value() || m_data.xFrom.has_value();
    m_viewX.reset();
    rebuild();
    if (had) emit windowChanged(-1, -1);
}

}  // namespace poslab::ui
