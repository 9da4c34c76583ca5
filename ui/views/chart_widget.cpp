#include "ui/views/chart_widget.h"

#include <QFontMetricsF>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

#include "ui/compute/format.h"
#include "ui/figure/axis.h"
#include "ui/figure/lines_paint.h"

namespace poslab::ui {

namespace {

// What a line `columns` pixels wide can show: per pixel column the first, lowest, highest and
// last point, in their order. A 4097-point decay curve in a 700-pixel chart draws the same
// picture from a third of the points, and Qt Charts' cost is linear in points. Only for x in
// ascending order on a linear axis; otherwise the points are returned as they are.
QList<QPointF> decimated(const QList<QPointF>& pts, int columns) {
    const qsizetype n = pts.size();
    if (columns < 1 || n <= 4 * columns) return pts;
    const double x0 = pts.front().x(), x1 = pts.back().x();
    if (!(x1 > x0)) return pts;
    for (qsizetype i = 1; i < n; ++i)
        if (!(pts[i].x() >= pts[i - 1].x())) return pts;
    QList<QPointF> out;
    out.reserve(4 * columns + 4);
    const double scale = columns / (x1 - x0);
    qsizetype start = 0;
    while (start < n) {
        const auto col = static_cast<qint64>((pts[start].x() - x0) * scale);
        qsizetype end = start + 1, lo = start, hi = start;
        while (end < n && static_cast<qint64>((pts[end].x() - x0) * scale) == col) {
            if (pts[end].y() < pts[lo].y()) lo = end;
            if (pts[end].y() > pts[hi].y()) hi = end;
            ++end;
        }
        qsizetype keep[4] = {start, std::min(lo, hi), std::max(lo, hi), end - 1};
        for (int k = 0; k < 4; ++k)
            if (k == 0 || keep[k] != keep[k - 1]) out.append(pts[keep[k]]);
        start = end;
    }
    return out;
}

}  // namespace

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
    m_title = title;
    m_xLabel = xLabel;
    m_yLabel = yLabel;
    rebuild();
}

void ChartWidget::rebuild() {
    const bool layoutChanged = m_curves.size() != m_data.curves.size() || m_logY != m_data.logY ||
                               m_logX != m_data.logX || !m_axisX;
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
    for (int i = 0; i < m_data.curves.size(); ++i) {
        auto* s = new QLineSeries;
        c->addSeries(s);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
        connect(s, &QLineSeries::hovered, this, [this, s, i](const QPointF& pt, bool state) {
            if (!state || i >= m_data.curves.size()) {
                emit hovered(QString());
                return;
            }
            // The exact point from the full data (the series holds a decimated copy).
            const auto& pts = m_data.curves[i].points;
            auto it = std::lower_bound(pts.begin(), pts.end(), pt.x() - 0.5,
                                       [](const QPointF& a, double x) { return a.x() < x; });
            if (it == pts.end()) return;
            emit hovered(QStringLiteral("%1 · x = %2: %3")
                             .arg(s->name(), exactText(it->x()), exactText(it->y())));
        });
        const auto& cd = m_data.curves[i];
        QPen pen(curveColor(cd.color));
        pen.setWidthF(2.0);
        if (cd.dashed) pen.setStyle(Qt::DashLine);
        s->setPen(pen);
        m_curves << s;
    }
}

void ChartWidget::rebuildSeries() {
    // The points are swapped in place (no clear + append, no relayout).
    for (int i = 0; i < m_curves.size(); ++i) {
        const auto& cd = m_data.curves[i];
        m_curves[i]->replace(m_logX ? cd.points : decimated(cd.points, width() / 4));
        const QString name = cd.name.text().toHtmlEscaped();
        if (m_curves[i]->name() != name) m_curves[i]->setName(name);
    }
}

QRectF ChartWidget::updateRanges() {
    DataRange r = lineDataRange(m_data);
    if (r.empty()) r = {0, 1, m_logY ? 0.1 : 0, 1};
    // Qt Charts gives each label axis-length / label-count pixels and elides it to "…" when it
    // needs more, so the label count is chosen to fit the plot area. Each axis changes at most
    // once per update (every change makes Qt Charts recompute the geometry of every series).
    const QRectF area = chart()->plotArea().isEmpty() ? QRectF(0, 0, width() - 80, height() - 90)
                                                      : chart()->plotArea();
    const QFontMetricsF fm(m_axisX->labelsFont());
    const int yLabels = std::max(2, static_cast<int>(area.height() / (fm.height() + 14)));
    const int xLabels = std::max(
        2, static_cast<int>(area.width() / (fm.horizontalAdvance(QStringLiteral("-00000")) + 14)));
    const AxisRange ax = niceAxis(r.xlo, r.xhi, m_logX, xLabels);
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
    if (m_data.vmarker) {
        const double x = *m_data.vmarker;
        const QString text = tr("monotone bound x < %1").arg(QString::number(x, 'f', 2));
        marker(m_vmarker, QPointF(x, range.top()), QPointF(x, range.bottom()),
               text.toHtmlEscaped());
    } else {
        remove(m_vmarker);
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
    if (c->legend()->isVisible() != legend) c->legend()->setVisible(legend);
}

}  // namespace poslab::ui
