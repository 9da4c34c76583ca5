#include "ui/views/chart_widget.h"

#include <QFontInfo>

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "ui/compute/format.h"
#include "ui/figure/envelope.h"
#include "ui/figure/number_format.h"
#include "ui/views/hover_tip.h"
#include "ui/views/zoom_controls.h"

namespace poslab::ui {

namespace {

// Charts this wide show the zoom buttons (a narrower one keeps its plot; the wheel, drag and
// double-click still work).
constexpr int kZoomButtonsFrom = 240;
// The narrowest x window (setXWindow).
constexpr double kMinSpan = 4;

// x as people read it: a whole x (a position, a distance) in full ("4097", "13 603"), another
// to 5 significant digits.
QString xText(double x) {
    return std::floor(x) == x && std::abs(x) < 1e15 ? formatExact(x) : formatNumber(x, 5);
}

}  // namespace

ChartWidget::ChartWidget(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_zoom = new ZoomControls(this);
    connect(m_zoom, &ZoomControls::zoomInClicked, this, [this] { zoomBy(0.5); });
    connect(m_zoom, &ZoomControls::zoomOutClicked, this, [this] { zoomBy(2.0); });
    connect(m_zoom, &ZoomControls::resetClicked, this, &ChartWidget::resetZoom);
    connect(m_zoom, &ZoomControls::entered, this, &ChartWidget::endHover);
}

void ChartWidget::setZoomable(bool on) {
    if (on == m_zoomable) return;
    m_zoomable = on;
    rebuild();
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

void ChartWidget::setGhost(const QVector<CurveData>& curves) {
    m_ghost = curves;
    rebuild();
}

QSize ChartWidget::minimumSizeHint() const {
    const double u = std::max(8.0, QFontInfo(font()).pixelSize() / 0.75);
    return {static_cast<int>(std::ceil(10 * u)), static_cast<int>(std::ceil(8 * u))};
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

QRectF ChartWidget::figureArea() const {
    QRectF area(rect());
    if (!m_zoom->isHidden()) area.setRight(area.right() - m_zoom->columnWidth());
    return area;
}

void ChartWidget::rebuild() {
    m_zoom->setVisible(m_zoomable && width() >= kZoomButtonsFrom && !m_data.curves.isEmpty());
    const LinesData d = shown();
    m_layout = layoutLines(figureArea(), d, style(), options());
    // What is drawn: each curve as it is, or its exact per-pixel-column envelope (a band).
    m_drawn = d;
    if (!m_layout.empty) {
        const int columns = std::max(16, static_cast<int>(m_layout.plot.width()));
        for (auto& c : m_drawn.curves)
            c = envelopeForColumns(c, columns, m_layout.ax.lo, m_layout.ax.hi, d.logX, d.logY);
    }
    updateZoomControls();
    if (m_cursor) hoverAt(*m_cursor);  // the point under the cursor, read again
    update();
}

void ChartWidget::updateZoomControls() {
    if (m_zoom->isHidden()) return;
    const DataRange r = lineDataRange(m_data);
    const LinesData d = shown();
    const double span = d.xTo.value_or(r.xhi) - d.xFrom.value_or(r.xlo);
    m_zoom->setState(!m_layout.empty && span > kMinSpan + 1e-9, zoomed());
    m_zoom->place(static_cast<int>(m_layout.empty ? 0 : m_layout.plot.top()));
}

bool ChartWidget::zoomed() const {
    const DataRange r = lineDataRange(m_data);
    if (m_data.curves.isEmpty() || r.empty()) return false;
    const double flo = m_fullX ? m_fullX->first : r.xlo, fhi = m_fullX ? m_fullX->second : r.xhi;
    const LinesData d = shown();
    return d.xFrom.value_or(r.xlo) > flo + 1e-9 || d.xTo.value_or(r.xhi) < fhi - 1e-9;
}

void ChartWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const PaintStyle s = style();
    p.fillRect(rect(), s.bg);
    paintLines(p, figureArea(), m_drawn, m_xLabel, m_yLabel, s, options());
    paintHover(p, s);
}

// The crosshair through the point read and a marker on it (a band: its column's range).
void ChartWidget::paintHover(QPainter& p, const PaintStyle& s) const {
    if (!m_hit || m_dragging || m_layout.empty) return;
    const QRectF& plot = m_layout.plot;
    const Hit& h = *m_hit;
    p.save();
    p.setClipRect(plot.adjusted(-4, -4, 4, 4));
    p.setRenderHint(QPainter::Antialiasing);
    QColor guide = s.fg;
    guide.setAlphaF(0.45);
    p.setPen(QPen(guide, 1, Qt::DashLine));
    p.drawLine(QPointF(h.at.x(), plot.top()), QPointF(h.at.x(), plot.bottom()));
    if (!h.band) p.drawLine(QPointF(plot.left(), h.at.y()), QPointF(plot.right(), h.at.y()));
    const CurveData& c = m_drawn.curves[h.curve];
    const QColor color = curveColor(c.color, s.dark);
    const double r = std::max(3.5, 0.22 * s.unit);
    if (h.band) {
        p.setPen(QPen(s.fg, 2 * r / 3 + 2, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(h.at.x(), h.top), QPointF(h.at.x(), h.bottom));
        p.setPen(QPen(color, 2 * r / 3, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(h.at.x(), h.top), QPointF(h.at.x(), h.bottom));
    } else {
        p.setPen(QPen(s.bg, 2));
        p.setBrush(color);
        p.drawEllipse(h.at, r, r);
        p.setPen(QPen(s.fg, 1.2));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(h.at, r + 1.5, r + 1.5);
    }
    p.restore();
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

std::optional<ChartWidget::Hit> ChartWidget::hitAt(QPointF pos) const {
    if (m_layout.empty || !m_layout.plot.contains(pos)) return std::nullopt;
    const double x = dataX(pos.x());
    auto px = [&](double v) {
        return m_layout.ax.map(v, m_layout.plot.left(), m_layout.plot.right());
    };
    auto py = [&](double v) {
        return m_layout.ay.map(v, m_layout.plot.bottom(), m_layout.plot.top());
    };
    // The curve nearest the cursor at this x, however far (a band holding the cursor: distance
    // 0): the cursor need not touch the line.
    std::optional<Hit> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (int i = 0; i < m_drawn.curves.size(); ++i) {
        const CurveData& c = m_drawn.curves[i];
        Hit h;
        h.curve = i;
        double distance = std::numeric_limits<double>::infinity();
        if (c.isBand()) {
            const qsizetype k = bandIndexAt(c, x);
            if (k < 0) continue;
            h.band = true;
            h.x0 = c.bandX0[k];
            h.x1 = c.bandX1[k];
            h.lo = c.bandLo[k];
            h.hi = c.bandHi[k];
            h.top = py(h.hi);
            h.bottom = py(h.lo);
            h.at = QPointF(px(0.5 * (h.x0 + h.x1)), 0.5 * (h.top + h.bottom));
            distance = pos.y() < h.top      ? h.top - pos.y()
                       : pos.y() > h.bottom ? pos.y() - h.bottom
                                            : 0.0;
        } else {
            // The point nearest x (a drawn line holds every point of the data it can show).
            const auto& pts = c.points;
            if (pts.isEmpty()) continue;
            auto it = std::lower_bound(pts.begin(), pts.end(), x,
                                       [](const QPointF& a, double v) { return a.x() < v; });
            if (it == pts.end() || (it != pts.begin() && x - (it - 1)->x() < it->x() - x)) --it;
            if (!std::isfinite(it->y())) continue;
            h.x0 = h.x1 = it->x();
            h.y = it->y();
            h.at = QPointF(px(h.x0), py(h.y));
            distance = std::abs(h.at.y() - pos.y());
        }
        if (distance < bestDistance) {
            bestDistance = distance;
            best = h;
        }
    }
    return best;
}

QString ChartWidget::hoverTextAt(QPointF pos) const {
    const auto hit = hitAt(pos);
    if (!hit) return {};
    auto num = [](double v) { return QString::number(v, 'g', 7).replace('-', QChar(0x2212)); };
    const QString name = m_drawn.curves[hit->curve].name.text();
    if (hit->band) {
        const QString xs = hit->x0 == hit->x1
                               ? num(hit->x0)
                               : QStringLiteral("%1–%2").arg(num(hit->x0), num(hit->x1));
        return tr("%1 · x = %2: min %3, max %4").arg(name, xs, num(hit->lo), num(hit->hi));
    }
    return QStringLiteral("%1 · x = %2: %3").arg(name, exactText(hit->x0), exactText(hit->y));
}

QStringList ChartWidget::hoverTipAt(QPointF pos) const {
    const auto hit = hitAt(pos);
    if (!hit) return {};
    const QString name = m_drawn.curves[hit->curve].name.text();
    const QString xs = hit->x0 == hit->x1
                           ? xText(hit->x0)
                           : QStringLiteral("%1–%2").arg(xText(hit->x0), xText(hit->x1));
    const QString where = QStringLiteral("x = %1").arg(xs);
    return {hit->band ? tr("min %1, max %2").arg(formatNumber(hit->lo, 5), formatNumber(hit->hi, 5))
                      : formatNumber(hit->y, 5),
            name.isEmpty() ? where : QStringLiteral("%1 · %2").arg(name, where)};
}

void ChartWidget::hoverAt(QPointF pos) {
    m_cursor = pos;
    const auto hit = m_dragging ? std::nullopt : hitAt(pos);
    const bool moved = hit.has_value() != m_hit.has_value() ||
                       (hit && (hit->curve != m_hit->curve || hit->at != m_hit->at));
    m_hit = hit;
    if (moved) update();
    if (!hit) {
        if (m_tip) m_tip->hide();
        return;
    }
    if (!m_tip) m_tip = new HoverTip(this);
    m_tip->showNear(mapToGlobal(pos.toPoint()), hoverTipAt(pos));
}

void ChartWidget::endHover() {
    m_cursor.reset();
    if (m_tip) m_tip->hide();
    if (m_hit) {
        m_hit.reset();
        update();
    }
    emit hovered(QString());
}

void ChartWidget::hideEvent(QHideEvent* e) {
    QWidget::hideEvent(e);
    endHover();
}

void ChartWidget::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    // A larger font (presentation mode): larger buttons, a wider column, a new layout.
    if (e->type() == QEvent::FontChange) rebuild();
}

void ChartWidget::leaveEvent(QEvent* e) {
    QWidget::leaveEvent(e);
    endHover();
}

// Zoom and pan on x (a windowed view asks for the visible window): the axis moves at once,
// the new envelope follows from the scheduler.
void ChartWidget::setXWindow(double lo, double hi) {
    const DataRange full = lineDataRange(m_data);
    const double flo = m_fullX ? m_fullX->first : full.xlo,
                 fhi = m_fullX ? m_fullX->second : full.xhi;
    if (!(fhi > flo)) return;
    if (hi - lo < kMinSpan) {
        const double mid = 0.5 * (lo + hi);
        lo = mid - kMinSpan / 2;
        hi = mid + kMinSpan / 2;
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
    updateZoomControls();
}

void ChartWidget::zoomBy(double factor, double anchor) {
    if (!m_zoomable || m_layout.empty || !(factor > 0)) return;
    const double lo = m_layout.ax.lo, hi = m_layout.ax.hi;
    const double f = std::clamp(anchor, 0.0, 1.0);
    if (m_layout.ax.log && lo > 0) {
        const double a = std::log(lo), b = std::log(hi), c = a + f * (b - a);
        setXWindow(std::exp(c - f * (b - a) * factor), std::exp(c + (1 - f) * (b - a) * factor));
    } else {
        const double c = lo + f * (hi - lo);
        setXWindow(c - f * (hi - lo) * factor, c + (1 - f) * (hi - lo) * factor);
    }
}

void ChartWidget::resetZoom() {
    const bool had = zoomed() || m_viewX.has_value();
    m_viewX.reset();
    rebuild();
    if (had) emit windowChanged(-1, -1);
}

void ChartWidget::wheelEvent(QWheelEvent* e) {
    if (!m_zoomable || m_layout.empty) return QWidget::wheelEvent(e);
    const QRectF& area = m_layout.plot;
    zoomBy(std::pow(0.8, e->angleDelta().y() / 120.0),
           (e->position().x() - area.left()) / area.width());
    e->accept();
}

void ChartWidget::mousePressEvent(QMouseEvent* e) {
    if (!m_zoomable || m_layout.empty || e->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(e);
    m_dragFrom = e->position().x();
    m_dragWindow = qMakePair(m_layout.ax.lo, m_layout.ax.hi);
    m_dragging = true;
    setCursor(Qt::ClosedHandCursor);
    hoverAt(e->position());  // no readout while dragging
}

void ChartWidget::mouseMoveEvent(QMouseEvent* e) {
    if (!m_dragging) {
        emit hovered(hoverTextAt(e->position()));
        hoverAt(e->position());
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
    hoverAt(e->position());
}

void ChartWidget::mouseDoubleClickEvent(QMouseEvent* e) {
    if (!m_zoomable) return QWidget::mouseDoubleClickEvent(e);
    resetZoom();
}

}  // namespace poslab::ui
