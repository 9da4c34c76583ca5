#include "ui/views/chart_widget.h"

#include <QFontMetricsF>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/compute/render.h"
#include "ui/figure/ticks.h"

namespace poslab::ui {

QColor curveColor(int index) {
    static const QRgb kColors[] = {0x1f77b4, 0xd62728, 0x2ca02c, 0xff7f0e, 0x9467bd,
                                   0x8c564b, 0xe377c2, 0x17becf, 0xbcbd22, 0x7f7f7f};
    return QColor::fromRgb(kColors[((index % 10) + 10) % 10]);
}

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
    QChart* c = chart();
    const bool layoutChanged = m_curves.size() != m_data.curves.size() || m_logY != m_data.logY ||
                               m_logX != m_data.logX || !m_axisX;
    if (layoutChanged) {
        c->removeAllSeries();
        m_curves.clear();
        m_vmarker = m_hmarker = nullptr;
        for (auto* a : c->axes()) {
            c->removeAxis(a);
            delete a;
        }
        m_logY = m_data.logY;
        m_logX = m_data.logX;
        if (m_logX) {
            auto* ax = new QLogValueAxis;
            ax->setBase(10);
            ax->setLabelFormat("%g");
            ax->setMinorTickCount(-1);
            m_axisX = ax;
        } else {
            auto* ax = new QValueAxis;
            ax->setLabelFormat("%g");
            m_axisX = ax;
        }
        if (m_logY) {
            auto* ay = new QLogValueAxis;
            ay->setBase(10);
            ay->setLabelFormat("%g");
            ay->setMinorTickCount(-1);
            m_axisY = ay;
        } else {
            auto* ay = new QValueAxis;
            ay->setLabelFormat("%g");
            m_axisY = ay;
        }
        c->addAxis(m_axisX, Qt::AlignBottom);
        c->addAxis(m_axisY, Qt::AlignLeft);
        for (int i = 0; i < m_data.curves.size(); ++i) {
            auto* s = new QLineSeries;
            s->replace(m_logX ? m_data.curves[i].points
                              : decimated(m_data.curves[i].points, width() / 4));
            c->addSeries(s);
            s->attachAxis(m_axisX);
            s->attachAxis(m_axisY);
            connect(s, &QLineSeries::hovered, this, [this, s, i](const QPointF& pt, bool state) {
                if (!state || i >= m_data.curves.size()) {
                    emit hovered(QString());
                    return;
                }
                // The exact point from the full data (the series may hold a decimated copy).
                const auto& pts = m_data.curves[i].points;
                auto it = std::lower_bound(pts.begin(), pts.end(), pt.x() - 0.5,
                                           [](const QPointF& a, double x) { return a.x() < x; });
                if (it == pts.end()) return;
                emit hovered(QStringLiteral("%1 · x = %2: %3")
                                 .arg(s->name(), exactText(it->x()), exactText(it->y())));
            });
            m_curves << s;
        }
    } else {
        // Same layout: swap the points in place (no clear + append, no relayout).
        for (int i = 0; i < m_curves.size(); ++i)
            m_curves[i]->replace(m_logX ? m_data.curves[i].points
                                        : decimated(m_data.curves[i].points, width() / 4));
    }
    // (Ranges are set after the points: an axis change recomputes every series anyway.)
    double xmin = std::numeric_limits<double>::infinity(), xmax = -xmin, ymin = xmin, ymax = -xmin;
    for (int i = 0; i < m_curves.size(); ++i) {
        const auto& cd = m_data.curves[i];
        if (layoutChanged) {
            QPen pen(curveColor(cd.color));
            pen.setWidthF(2.0);
            if (cd.dashed) pen.setStyle(Qt::DashLine);
            m_curves[i]->setPen(pen);
        }
        const QString name = cd.name.text().toHtmlEscaped();
        if (m_curves[i]->name() != name) m_curves[i]->setName(name);
        for (const auto& pt : cd.points) {
            xmin = std::min(xmin, pt.x());
            xmax = std::max(xmax, pt.x());
            ymin = std::min(ymin, pt.y());
            ymax = std::max(ymax, pt.y());
        }
    }
    if (!std::isfinite(xmin)) {
        xmin = 0;
        xmax = 1;
        ymin = m_logY ? 0.1 : 0;
        ymax = 1;
    }
    if (m_data.hmarker) {
        ymin = std::min(ymin, *m_data.hmarker);
        ymax = std::max(ymax, *m_data.hmarker);
    }
    if (m_data.vmarker) {
        xmin = std::min(xmin, *m_data.vmarker);
        xmax = std::max(xmax, *m_data.vmarker);
    }
    if (xmax == xmin) xmax = xmin + 1;
    if (ymax == ymin) {
        ymin -= 0.5;
        ymax += 0.5;
        if (m_logY) ymin = ymax / 10;
    }
    // Round ranges, and ticks anchored at 0 in round steps (so 0 prints as 0, not -2.8e-17);
    // each axis changes at most once per update (every change makes Qt Charts recompute the
    // geometry of every series). Qt Charts gives each label axis-length / label-count pixels and
    // elides it to "…" when it needs more, so the label count is chosen to fit the plot area.
    const QRectF area =
        c->plotArea().isEmpty() ? QRectF(0, 0, width() - 80, height() - 90) : c->plotArea();
    const QFontMetricsF fm(m_axisX->labelsFont());
    const int yLabels = std::max(2, static_cast<int>(area.height() / (fm.height() + 14)));
    const int xLabels = std::max(
        2, static_cast<int>(area.width() / (fm.horizontalAdvance(QStringLiteral("-00000")) + 14)));
    auto niceRange = [](double& lo, double& hi, int maxLabels) {
        for (int target = 6; target >= 1; --target) {
            const auto ticks = niceTicks(lo, hi, target);
            const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : (hi - lo);
            const double first = std::floor(lo / step + 1e-9) * step;
            const double last = std::ceil(hi / step - 1e-9) * step;
            if (std::lround((last - first) / step) + 1 <= maxLabels) {
                lo = first;
                hi = last;
                return step;
            }
        }
        // Too small for round end points: keep the data range; a step as long as the range puts
        // at most two ticks in it.
        const auto ticks = niceTicks(lo, hi, 1);
        return ticks.size() > 1 ? ticks[1] - ticks[0] : std::max(hi - lo, 1e-300);
    };
    // Log axes span whole decades: the range then changes only when the data cross a power of
    // ten, not at every step of a slider (each change relayouts the whole chart).
    auto decades = [](double& lo, double& hi) {
        if (!(lo > 0) || !(hi > 0)) return;
        lo = std::pow(10.0, std::floor(std::log10(lo) + 1e-12));
        hi = std::pow(10.0, std::ceil(std::log10(hi) - 1e-12));
        if (hi <= lo) hi = lo * 10;
    };
    auto setLinear = [](QAbstractAxis* axis, double lo, double hi, double step) {
        auto* v = qobject_cast<QValueAxis*>(axis);
        if (!v) return;
        if (v->tickType() != QValueAxis::TicksDynamic) {
            v->setTickType(QValueAxis::TicksDynamic);
            v->setTickAnchor(0.0);
        }
        if (v->tickInterval() != step) v->setTickInterval(step);
        if (v->min() != lo || v->max() != hi) v->setRange(lo, hi);
    };
    if (m_logX) {
        if (xmin <= 0) xmin = xmax / 10;
        decades(xmin, xmax);
        auto* l = qobject_cast<QLogValueAxis*>(m_axisX);
        if (l->min() != xmin || l->max() != xmax) l->setRange(xmin, xmax);
    } else {
        const double xStep = niceRange(xmin, xmax, xLabels);
        setLinear(m_axisX, xmin, xmax, xStep);
    }
    if (m_logY) {
        if (ymin <= 0) ymin = ymax / 10;
        decades(ymin, ymax);
        auto* l = qobject_cast<QLogValueAxis*>(m_axisY);
        if (l->min() != ymin || l->max() != ymax) l->setRange(ymin, ymax);
    } else {
        const double yStep = niceRange(ymin, ymax, yLabels);
        setLinear(m_axisY, ymin, ymax, yStep);
    }
    // A chart too small for axis titles drops them (the hover readout still names the axes).
    const bool roomy = height() >= 190 && width() >= 260;
    const QString xTitle = roomy ? m_xLabel : QString(), yTitle = roomy ? m_yLabel : QString();
    if (m_axisX->titleText() != xTitle) m_axisX->setTitleText(xTitle);
    if (m_axisY->titleText() != yTitle) m_axisY->setTitleText(yTitle);

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
    m_markerText.clear();
    if (m_data.vmarker) {
        const double x = *m_data.vmarker;
        m_markerText = tr("monotone bound x < %1").arg(QString::number(x, 'f', 2));
        marker(m_vmarker, QPointF(x, ymin), QPointF(x, ymax), m_markerText.toHtmlEscaped());
    } else if (m_vmarker) {
        c->removeSeries(m_vmarker);
        delete m_vmarker;
        m_vmarker = nullptr;
    }
    if (m_data.hmarker) {
        const double y = *m_data.hmarker;
        const QString text = tr("original length L = %1").arg(exactText(y));
        marker(m_hmarker, QPointF(xmin, y), QPointF(xmax, y), text.toHtmlEscaped());
        if (m_markerText.isEmpty()) m_markerText = text;
    } else if (m_hmarker) {
        c->removeSeries(m_hmarker);
        delete m_hmarker;
        m_hmarker = nullptr;
    }
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
