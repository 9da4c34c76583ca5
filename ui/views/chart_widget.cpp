#include "ui/views/chart_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "ui/compute/format.h"
#include "ui/figure/envelope.h"

namespace poslab::ui {

ChartWidget::ChartWidget(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void ChartWidget::setDark(bool dark) {
    if (dark == m_dark) return;
    m_dark = dark;
    update();
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

void ChartWidget::setGhost(const QVector<CurveData>& curves, const LocalText& name) {
    m_ghost = curves;
    for (int i = 0; i < m_ghost.size(); ++i) {
        CurveData& c = m_ghost[i];
        c.dashed = true;
        c.color = kGhostColor;
        // One legend entry for all of them.
        c.name = i == 0 ? name : LocalText{};
    }
    rebuild();
}

PaintStyle ChartWidget::style() const {
    return makeScreenStyle(m_dark, font());
}

LinesOptions ChartWidget::options() const {
    // A chart too small for axis titles or a legend keeps its plot (the hover readout names the
    // axes and the curves).
    LinesOptions o;
    o.axisTitles = height() >= 190 && width() >= 260;
    o.legend = height() >= 200;
    return o;
}

LinesData ChartWidget::shown() const {
    LinesData d = m_data;
    d.curves = m_ghost + d.curves;  // under the view's own curves
    if (m_viewX) {
        d.xFrom = m_viewX->first;
        d.xTo = m_viewX->second;
    }
    return d;
}

void ChartWidget::rebuild() {
    const LinesData d = shown();
    m_layout = layoutLines(QRectF(rect()), d, style(), options());
    // What is drawn: each curve as it is, or its exact per-pixel-column envelope (a band).
    m_drawn = d;
    if (!m_layout.empty) {
        const int columns = std::max(16, static_cast<int>(m_layout.plot.width()));
        for (auto& c : m_drawn.curves)
            c = envelopeForColumns(c, columns, m_layout.ax.lo, m_layout.ax.hi, d.logX, d.logY);
    }
    update();
}

void ChartWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const PaintStyle s = style();
    p.fillRect(rect(), s.bg);
    paintLines(p, QRectF(rect()), m_drawn, m_xLabel, m_yLabel, s, options());
}

void ChartWidget::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    rebuild();
}

double ChartWidget::dataX(double px) const {
    const AxisRange& ax = m_layout.ax;
    const QRectF& plot = m_layout.plot;
    const double t = (px - plot.left()) / std::max(1.0, plot.width());
    if (ax.log)
        return std::pow(10.0, std::log10(ax.lo) + t * (std::log10(ax.hi) - std::log10(ax.lo)));
    return ax.lo + t * (ax.hi - ax.lo);
}

QString ChartWidget::hoverTextAt(QPointF pos) const {
    if (m_layout.empty || !m_layout.plot.contains(pos)) return {};
    const double x = dataX(pos.x());
    auto num = [](double v) { return QString::number(v, 'g', 7).replace('-', QChar(0x2212)); };
    auto py = [&](double y) {
        return m_layout.ay.map(y, m_layout.plot.bottom(), m_layout.plot.top());
    };
    // The curve nearest the cursor at this x (a band holding the cursor: distance 0).
    QString best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (int i = 0; i < m_drawn.curves.size(); ++i) {
        const CurveData& c = m_drawn.curves[i];
        const QString name = c.name.text();
        QString text;
        double distance = std::numeric_limits<double>::infinity();
        if (c.isBand()) {
            const qsizetype k = bandIndexAt(c, x);
            if (k < 0) continue;
            const double top = py(c.bandHi[k]), bottom = py(c.bandLo[k]);
            distance = pos.y() < top ? top - pos.y() : pos.y() > bottom ? pos.y() - bottom : 0.0;
            const QString xs = c.bandX0[k] == c.bandX1[k] ? num(c.bandX0[k])
                                                          : QStringLiteral("%1–%2").arg(
                                                                num(c.bandX0[k]), num(c.bandX1[k]));
            text =
                tr("%1 · x = %2: min %3, max %4").arg(name, xs, num(c.bandLo[k]), num(c.bandHi[k]));
        } else {
            // The full data's point nearest x (the drawn line is the data itself).
            const auto& pts = i < m_data.curves.size() ? m_data.curves[i].points : c.points;
            if (pts.isEmpty()) continue;
            auto it = std::lower_bound(pts.begin(), pts.end(), x,
                                       [](const QPointF& a, double v) { return a.x() < v; });
            if (it == pts.end() || (it != pts.begin() && x - (it - 1)->x() < it->x() - x)) --it;
            if (!std::isfinite(it->y())) continue;
            distance = std::abs(py(it->y()) - pos.y());
            text =
                QStringLiteral("%1 · x = %2: %3").arg(name, exactText(it->x()), exactText(it->y()));
        }
        if (distance < bestDistance) {
            bestDistance = distance;
            best = text;
        }
    }
    return best;
}

void ChartWidget::leaveEvent(QEvent* e) {
    QWidget::leaveEvent(e);
    emit hovered(QString());
}

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
    if (!m_zoomable || m_layout.empty) return QWidget::wheelEvent(e);
    const QRectF& area = m_layout.plot;
    const double lo = m_layout.ax.lo, hi = m_layout.ax.hi;
    const double f = std::clamp((e->position().x() - area.left()) / area.width(), 0.0, 1.0);
    const double factor = std::pow(0.8, e->angleDelta().y() / 120.0);
    if (m_layout.ax.log && lo > 0) {
        const double a = std::log(lo), b = std::log(hi), c = a + f * (b - a);
        setXWindow(std::exp(c - f * (b - a) * factor), std::exp(c + (1 - f) * (b - a) * factor));
    } else {
        const double c = lo + f * (hi - lo);
        setXWindow(c - f * (hi - lo) * factor, c + (1 - f) * (hi - lo) * factor);
    }
    e->accept();
}

void ChartWidget::mousePressEvent(QMouseEvent* e) {
    if (!m_zoomable || m_layout.empty || e->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(e);
    m_dragFrom = e->position().x();
    m_dragWindow = qMakePair(m_layout.ax.lo, m_layout.ax.hi);
    m_dragging = true;
    setCursor(Qt::ClosedHandCursor);
}

void ChartWidget::mouseMoveEvent(QMouseEvent* e) {
    if (!m_dragging) {
        emit hovered(hoverTextAt(e->position()));
        return QWidget::mouseMoveEvent(e);
    }
    const double w = m_layout.plot.width();
    const double dx = (e->position().x() - m_dragFrom) / std::max(1.0, w);
    const double span = m_dragWindow.second - m_dragWindow.first;
    m_viewX = qMakePair(m_dragWindow.first - dx * span, m_dragWindow.second - dx * span);
    rebuild();
}

void ChartWidget::mouseReleaseEvent(QMouseEvent* e) {
    if (!m_dragging) return QWidget::mouseReleaseEvent(e);
    m_dragging = false;
    unsetCursor();
    if (m_viewX) setXWindow(m_viewX->first, m_viewX->second);
}

void ChartWidget::mouseDoubleClickEvent(QMouseEvent* e) {
    if (!m_zoomable) return QWidget::mouseDoubleClickEvent(e);
    const bool had = m_viewX.has_value() || m_data.xFrom.has_value();
    m_viewX.reset();
    rebuild();
    if (had) emit windowChanged(-1, -1);
}

}  // namespace poslab::ui
