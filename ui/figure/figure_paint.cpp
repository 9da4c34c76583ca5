#include "ui/figure/figure_paint.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "ui/compute/render.h"
#include "ui/figure/colormap.h"
#include "ui/figure/ticks.h"
#include "ui/views/chart_widget.h"

namespace poslab::ui::detail {

QFont FigureStyle::sized(double units, bool bold) const {
    QFont f = font;
    f.setPixelSize(std::max(1, static_cast<int>(std::lround(units * unit))));
    f.setBold(bold);
    return f;
}

FigureStyle makeFigureStyle(bool dark, double height, bool vector, bool chinese) {
    FigureStyle s;
    s.dark = dark;
    s.bg = dark ? QColor(0x1c, 0x1e, 0x22) : QColor(Qt::white);
    s.fg = dark ? QColor(0xec, 0xec, 0xec) : QColor(0x1a, 0x1a, 0x1a);
    s.muted = dark ? QColor(0xa0, 0xa4, 0xaa) : QColor(0x60, 0x60, 0x60);
    s.grid = dark ? QColor(0x3a, 0x3d, 0x44) : QColor(0xe2, 0xe2, 0xe2);
    s.missing = dark ? QColor(0x3a, 0x3a, 0x3a) : QColor(0xdd, 0xdd, 0xdd);
    s.marker = dark ? QColor(0xff, 0xd0, 0x60) : QColor(0x8a, 0x55, 0x00);
    // A body line is 1/45 of the height: 24 px on a 1080-px slide, readable from the back row.
    s.unit = std::max(9.0, height / 45.0);
    s.oversample = vector ? 2.0 : 1.0;
    // Explicit families, so that a figure looks the same on every machine: Noto Sans CJK SC for
    // Chinese (Qt would otherwise pick the JP glyphs), DejaVu Sans (wide symbol coverage) else.
    s.font = QFont(chinese ? QStringLiteral("Noto Sans CJK SC") : QStringLiteral("DejaVu Sans"));
    return s;
}

namespace {

QString chartText(const char* text) {
    // The chart widget's words, so the figure and the explorer say the same in both languages.
    return QCoreApplication::translate("poslab::ui::ChartWidget", text);
}

// The cell image scaled by whole factors with nearest-neighbour sampling, so that it has at least
// as many pixels as the device area it covers (times the oversampling): viewers that smooth
// stretched images then blur at most one image pixel, far below a cell.
QImage crispCells(const QImage& image, QSizeF deviceSize, double oversample) {
    if (image.isNull()) return image;
    constexpr double kMaxSide = 8192, kMaxPixels = 48e6;
    double kx = std::ceil(deviceSize.width() * oversample / image.width());
    double ky = std::ceil(deviceSize.height() * oversample / image.height());
    kx = std::clamp(kx, 1.0, std::max(1.0, std::floor(kMaxSide / image.width())));
    ky = std::clamp(ky, 1.0, std::max(1.0, std::floor(kMaxSide / image.height())));
    while (kx * ky * image.width() * image.height() > kMaxPixels && (kx > 1 || ky > 1)) {
        if (kx > 1) kx = std::max(1.0, std::floor(kx * 0.75));
        if (ky > 1) ky = std::max(1.0, std::floor(ky * 0.75));
    }
    if (kx == 1 && ky == 1) return image;
    return image.scaled(static_cast<int>(image.width() * kx), static_cast<int>(image.height() * ky),
                        Qt::IgnoreAspectRatio, Qt::FastTransformation);
}

void rotatedText(QPainter& p, QPointF centre, double width, double height, const QString& text) {
    p.save();
    p.translate(centre);
    p.rotate(-90);
    p.drawText(QRectF(-width / 2, -height / 2, width, height), Qt::AlignCenter, text);
    p.restore();
}

void paintColorbar(QPainter& p, const QRectF& bar, const HeatmapData& h, const QString& label,
                   double labelWidth, const FigureStyle& s) {
    const Colormap cmap(h.colormap);
    const QFont tickFont = s.sized(0.75);
    const QFontMetricsF fm(tickFont);
    p.setFont(tickFont);
    const double tick = 0.25 * s.unit;
    if (h.colormap == ColormapKind::Categorical) {
        const auto lo = static_cast<qint64>(std::llround(h.lo));
        const auto hi = static_cast<qint64>(std::llround(h.hi));
        const qint64 count = std::max<qint64>(1, hi - lo + 1);
        const double step = bar.height() / static_cast<double>(count);
        for (qint64 k = 0; k < count; ++k)
            p.fillRect(QRectF(bar.x(), bar.bottom() - (k + 1) * step, bar.width(), step),
                       QColor::fromRgb(cmap.category(k)));
        p.setPen(s.fg);
        for (qint64 v :
             indexTicks(lo, hi, std::max(2, static_cast<int>(bar.height() / (2.2 * s.unit))))) {
            const double y = bar.bottom() - (static_cast<double>(v - lo) + 0.5) * step;
            p.drawText(
                QRectF(bar.right() + 1.5 * tick, y - fm.height() / 2, labelWidth, fm.height()),
                Qt::AlignLeft | Qt::AlignVCenter, QString::number(v));
        }
    } else {
        // 256 colours drawn as a strip of rectangles (crisp and exact in vector output).
        const auto& table = cmap.table();
        const double step = bar.height() / static_cast<double>(table.size());
        for (int i = 0; i < table.size(); ++i)
            p.fillRect(QRectF(bar.x(), bar.bottom() - (i + 1) * step, bar.width(), step + 0.6),
                       QColor::fromRgb(table[i]));
        p.setPen(QPen(s.fg, std::max(1.0, s.unit / 16)));
        const auto ticks =
            niceTicks(h.lo, h.hi, std::max(2, static_cast<int>(bar.height() / (2.2 * s.unit))));
        const double tstep = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
        for (double v : ticks) {
            const double y = bar.bottom() - (v - h.lo) / (h.hi - h.lo) * bar.height();
            p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + tick, y));
            p.drawText(
                QRectF(bar.right() + 1.5 * tick, y - fm.height() / 2, labelWidth, fm.height()),
                Qt::AlignLeft | Qt::AlignVCenter, tickLabel(v, tstep));
        }
    }
    p.setPen(QPen(s.fg, std::max(1.0, s.unit / 16)));
    p.setBrush(Qt::NoBrush);
    p.drawRect(bar);
    if (!label.isEmpty()) {
        p.setFont(s.sized(0.8));
        rotatedText(p,
                    QPointF(bar.right() + 1.5 * tick + labelWidth + 0.7 * s.unit, bar.center().y()),
                    bar.height(), 1.3 * s.unit, label);
    }
}

void paintPanel(QPainter& p, const QRectF& area, const HeatmapData& h, bool showTitle,
                const QString& barLabel, const FigureStyle& s) {
    const QFont titleFont = s.sized(0.95, true);
    const QFont tickFont = s.sized(0.75);
    const QFontMetricsF ftick(tickFont);
    double top = area.top();
    if (showTitle) {
        p.setFont(titleFont);
        p.setPen(s.fg);
        p.drawText(QRectF(area.left(), top, area.width(), 1.4 * s.unit), Qt::AlignCenter,
                   h.title.text());
        top += 1.5 * s.unit;
    }
    if (!h.error.isEmpty() || h.image.isNull()) {
        paintCentredText(p, QRectF(area.left(), top, area.width(), area.bottom() - top),
                         h.error.isEmpty() ? QStringLiteral("—") : h.error, 0.8, s);
        return;
    }
    // Room for the tick labels, the axis names and the colour bar with its labels.
    const double rowLabelW =
        ftick.horizontalAdvance(QString::number(std::max<qint64>(h.rows - 1, 0))) + 0.5 * s.unit;
    QString widest;
    if (h.colormap == ColormapKind::Categorical) {
        widest = QString::number(static_cast<qint64>(std::llround(h.hi)));
    } else {
        const auto ticks = niceTicks(h.lo, h.hi, 6);
        const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
        for (double v : ticks)
            if (tickLabel(v, step).size() > widest.size()) widest = tickLabel(v, step);
    }
    const double barLabelW = ftick.horizontalAdvance(widest) + 0.3 * s.unit;
    const double left = (h.rows > 1 ? rowLabelW + 1.4 * s.unit : 0.5 * s.unit);
    const double right = 0.6 * s.unit + 0.8 * s.unit + 0.4 * s.unit + barLabelW +
                         (barLabel.isEmpty() ? 0.2 : 1.4) * s.unit;
    const double bottom = ftick.height() * 2 + 0.8 * s.unit;
    QRectF plot(area.left() + left, top + 0.3 * s.unit, std::max(10.0, area.width() - left - right),
                std::max(10.0, area.bottom() - top - 0.3 * s.unit - bottom));
    // Square cells unless the matrix is elongated (then it fills the space).
    const double aspect = static_cast<double>(std::max<qint64>(1, h.cols)) /
                          static_cast<double>(std::max<qint64>(1, h.rows));
    if (h.rows > 1 && aspect > 0.25 && aspect < 4.0) {
        if (plot.width() / plot.height() > aspect) {
            const double w = plot.height() * aspect;
            plot.moveLeft(plot.left() + (plot.width() - w) / 2);
            plot.setWidth(w);
        } else {
            plot.setHeight(plot.width() / aspect);
        }
    }
    p.fillRect(plot, s.missing);  // non-finite cells are transparent in the image
    const QSizeF device = p.deviceTransform().mapRect(plot).size();
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    // The image covers cols x rows cells at `step` cells per pixel; the last pixel may be partial.
    const double coveredW = static_cast<double>(h.image.width()) * h.step;
    const double coveredH = static_cast<double>(h.image.height()) * h.step;
    const double cw = plot.width() / static_cast<double>(std::max<qint64>(1, h.cols));
    const double ch = plot.height() / static_cast<double>(std::max<qint64>(1, h.rows));
    const QRectF target(plot.left(), plot.top(), coveredW * cw, coveredH * ch);
    p.save();
    p.setClipRect(plot);
    p.drawImage(target, crispCells(h.image, device, s.oversample));
    p.restore();

    auto rowY = [&](double r) { return plot.top() + r * ch; };
    p.setRenderHint(QPainter::Antialiasing, true);
    if (h.rowBlock > 0 && h.rowBlock * ch >= 0.2 * s.unit) {
        p.setPen(QPen(s.dark ? QColor(255, 255, 255, 170) : QColor(0, 0, 0, 150),
                      std::max(1.0, s.unit / 20)));
        for (qint64 b = h.rowBlock; b < h.rows; b += h.rowBlock)
            p.drawLine(QPointF(plot.left(), rowY(static_cast<double>(b))),
                       QPointF(plot.right(), rowY(static_cast<double>(b))));
    }
    if (h.dataRows >= 0 && h.dataRows < h.rows) {
        const double y = rowY(static_cast<double>(h.dataRows));
        p.setPen(QPen(s.marker, std::max(1.5, s.unit / 10), Qt::DashLine));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(s.fg);
        p.setFont(s.sized(0.8));
        p.drawText(
            QRectF(plot.left() + 0.3 * s.unit, y, plot.width() - 0.6 * s.unit, plot.bottom() - y),
            Qt::AlignCenter | Qt::TextWordWrap, h.blankNote.text());
    }

    // Axes: ticks at round indices, on cell centres; names under and left of the plot.
    p.setFont(tickFont);
    p.setPen(QPen(s.fg, std::max(1.0, s.unit / 16)));
    const double tick = 0.25 * s.unit;
    for (qint64 c :
         indexTicks(0, h.cols - 1, std::max(2, static_cast<int>(plot.width() / (3.2 * s.unit))))) {
        const double x = plot.left() + (static_cast<double>(c) + 0.5) * cw;
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + tick));
        p.drawText(QRectF(x - 3 * s.unit, plot.bottom() + 1.2 * tick, 6 * s.unit, ftick.height()),
                   Qt::AlignHCenter | Qt::AlignTop, QString::number(c));
    }
    if (h.rows > 1) {
        for (qint64 r : indexTicks(0, h.rows - 1,
                                   std::max(2, static_cast<int>(plot.height() / (2.2 * s.unit))))) {
            const double y = plot.top() + (static_cast<double>(r) + 0.5) * ch;
            p.drawLine(QPointF(plot.left() - tick, y), QPointF(plot.left(), y));
            p.drawText(QRectF(plot.left() - tick * 1.5 - rowLabelW, y - ftick.height() / 2,
                              rowLabelW, ftick.height()),
                       Qt::AlignRight | Qt::AlignVCenter, QString::number(r));
        }
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setBrush(Qt::NoBrush);
    p.drawRect(plot);
    p.setFont(s.sized(0.8));
    p.drawText(
        QRectF(plot.left() - 2 * s.unit, plot.bottom() + tick + ftick.height() + 0.2 * s.unit,
               plot.width() + 4 * s.unit, 1.3 * s.unit),
        Qt::AlignHCenter | Qt::AlignTop, h.colAxis);
    if (h.rows > 1 && !h.rowAxis.isEmpty())
        rotatedText(p,
                    QPointF(plot.left() - 1.5 * tick - rowLabelW - 0.7 * s.unit, plot.center().y()),
                    plot.height() + 4 * s.unit, 1.3 * s.unit, h.rowAxis);
    if (h.step > 1) {
        p.setFont(s.sized(0.65));
        p.setPen(s.muted);
        p.drawText(QRectF(plot.left(), plot.top() - 1.1 * s.unit, plot.width(), s.unit),
                   Qt::AlignRight | Qt::AlignBottom,
                   QCoreApplication::translate("poslab::ui::HeatmapWidget", "1:%1").arg(h.step));
    }
    const QRectF bar(plot.right() + 0.6 * s.unit, plot.top(), 0.8 * s.unit, plot.height());
    paintColorbar(p, bar, h, barLabel, barLabelW, s);
}

}  // namespace

void paintHeatmaps(QPainter& p, const QRectF& area, const QVector<HeatmapData>& panels,
                   const FigureStyle& s, const QString& valueName) {
    const int n = static_cast<int>(panels.size());
    if (n == 0) return;
    int cols =
        n <= 3 ? n
               : static_cast<int>(std::lround(std::sqrt(n * area.width() / area.height() * 0.8)));
    cols = std::clamp(cols, 1, n);
    const int rows = (n + cols - 1) / cols;
    const double w = area.width() / cols, h = area.height() / rows;
    for (int i = 0; i < n; ++i) {
        const QRectF cell(area.left() + (i % cols) * w, area.top() + (i / cols) * h, w, h);
        const bool single = n == 1;
        QString barLabel;
        if (single) barLabel = panels[i].title.isEmpty() ? valueName : panels[i].title.text();
        paintPanel(p, cell.adjusted(0.3 * s.unit, 0.2 * s.unit, -0.3 * s.unit, -0.2 * s.unit),
                   panels[i], !single, barLabel, s);
    }
}

void paintCentredText(QPainter& p, const QRectF& area, const QString& text, double units,
                      const FigureStyle& s) {
    p.setFont(s.sized(units));
    p.setPen(s.fg);
    p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, text);
}

namespace {

struct Axis {
    bool log = false;
    double lo = 0, hi = 1;
    QVector<double> ticks;
    double step = 1;
    double map(double v, double a, double b) const {
        const double t = log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo))
                             : (v - lo) / (hi - lo);
        return a + t * (b - a);
    }
    QString label(double v) const { return log ? QString::number(v, 'g', 3) : tickLabel(v, step); }
};

Axis makeAxis(double lo, double hi, bool log, int target) {
    Axis a;
    a.log = log;
    if (log) {
        if (!(lo > 0)) lo = hi > 0 ? hi / 10 : 0.1;
        if (!(hi > lo)) hi = lo * 10;
        const double e0 = std::floor(std::log10(lo) + 1e-9), e1 = std::ceil(std::log10(hi) - 1e-9);
        a.lo = std::pow(10.0, e0);
        a.hi = std::pow(10.0, std::max(e1, e0 + 1));
        const double decades = std::log10(a.hi / a.lo);
        const int every = std::max(1, static_cast<int>(std::ceil(decades / std::max(2, target))));
        for (double e = e0; e <= e1 + 1e-9; e += every) a.ticks << std::pow(10.0, e);
        return a;
    }
    if (!(hi > lo)) {
        lo -= 0.5;
        hi += 0.5;
    }
    auto t = niceTicks(lo, hi, target);
    a.step = t.size() > 1 ? t[1] - t[0] : hi - lo;
    a.lo = std::floor(lo / a.step + 1e-9) * a.step;
    a.hi = std::ceil(hi / a.step - 1e-9) * a.step;
    for (double v = a.lo; v <= a.hi + a.step * 1e-9; v += a.step)
        a.ticks << (std::abs(v) < a.step * 1e-9 ? 0.0 : v);
    return a;
}

}  // namespace

void paintLines(QPainter& p, const QRectF& area, const LinesData& d, const QString& xLabel,
                const QString& yLabel, const FigureStyle& s) {
    double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
    for (const auto& c : d.curves)
        for (const auto& pt : c.points) {
            if (!std::isfinite(pt.x()) || !std::isfinite(pt.y())) continue;
            if ((d.logX && pt.x() <= 0) || (d.logY && pt.y() <= 0)) continue;
            xmin = std::min(xmin, pt.x());
            xmax = std::max(xmax, pt.x());
            ymin = std::min(ymin, pt.y());
            ymax = std::max(ymax, pt.y());
        }
    if (!std::isfinite(xmin)) {
        paintCentredText(p, area, QStringLiteral("—"), 1, s);
        return;
    }
    if (d.vmarker) xmin = std::min(xmin, *d.vmarker), xmax = std::max(xmax, *d.vmarker);
    if (d.hmarker) ymin = std::min(ymin, *d.hmarker), ymax = std::max(ymax, *d.hmarker);
    const QFont tickFont = s.sized(0.75);
    const QFontMetricsF ftick(tickFont);
    const Axis ay =
        makeAxis(ymin, ymax, d.logY, std::max(3, static_cast<int>(area.height() / (3 * s.unit))));
    double labelW = 0;
    for (double v : ay.ticks) labelW = std::max(labelW, ftick.horizontalAdvance(ay.label(v)));
    const double tick = 0.25 * s.unit;
    const QRectF plot(area.left() + 1.6 * s.unit + labelW + 1.5 * tick, area.top() + 0.6 * s.unit,
                      area.width() - 1.6 * s.unit - labelW - 1.5 * tick - 1.2 * s.unit,
                      area.height() - 0.6 * s.unit - ftick.height() - 2.0 * s.unit);
    const Axis ax =
        makeAxis(xmin, xmax, d.logX, std::max(3, static_cast<int>(plot.width() / (5 * s.unit))));
    auto X = [&](double v) { return ax.map(v, plot.left(), plot.right()); };
    auto Y = [&](double v) { return ay.map(v, plot.bottom(), plot.top()); };

    // Grid and ticks.
    const double thin = std::max(1.0, s.unit / 16);
    p.setFont(tickFont);
    for (double v : ax.ticks) {
        const double x = X(v);
        p.setPen(QPen(s.grid, thin));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(QPen(s.fg, thin));
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + tick));
        p.drawText(QRectF(x - 4 * s.unit, plot.bottom() + 1.2 * tick, 8 * s.unit, ftick.height()),
                   Qt::AlignHCenter | Qt::AlignTop, ax.label(v));
    }
    for (double v : ay.ticks) {
        const double y = Y(v);
        p.setPen(QPen(s.grid, thin));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(QPen(s.fg, thin));
        p.drawLine(QPointF(plot.left() - tick, y), QPointF(plot.left(), y));
        p.drawText(QRectF(plot.left() - 1.5 * tick - labelW, y - ftick.height() / 2, labelW,
                          ftick.height()),
                   Qt::AlignRight | Qt::AlignVCenter, ay.label(v));
    }
    p.setFont(s.sized(0.8));
    p.drawText(QRectF(plot.left(), plot.bottom() + tick + ftick.height() + 0.3 * s.unit,
                      plot.width(), 1.3 * s.unit),
               Qt::AlignHCenter | Qt::AlignTop, xLabel.isEmpty() ? d.xAxis : xLabel);
    rotatedText(p, QPointF(area.left() + 0.65 * s.unit, plot.center().y()), plot.height(),
                1.3 * s.unit, yLabel.isEmpty() ? d.yAxis : yLabel);

    // Curves, clipped to the plot; a point that a log axis cannot show breaks the line.
    p.save();
    p.setClipRect(plot.adjusted(-thin, -thin, thin, thin));
    p.setRenderHint(QPainter::Antialiasing, true);
    for (const auto& c : d.curves) {
        QPainterPath path;
        bool open = false;
        for (const auto& pt : c.points) {
            const bool ok = std::isfinite(pt.x()) && std::isfinite(pt.y()) &&
                            (!d.logX || pt.x() > 0) && (!d.logY || pt.y() > 0);
            if (!ok) {
                open = false;
                continue;
            }
            const QPointF q(X(pt.x()), Y(pt.y()));
            if (open)
                path.lineTo(q);
            else
                path.moveTo(q);
            open = true;
        }
        QPen pen(curveColor(c.color), std::max(1.5, s.unit / 9));
        pen.setJoinStyle(Qt::RoundJoin);
        if (c.dashed) pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
    }
    QVector<QPair<QString, QPen>> legend;
    for (const auto& c : d.curves) {
        if (c.name.text().isEmpty()) continue;
        QPen pen(curveColor(c.color), std::max(1.5, s.unit / 9));
        if (c.dashed) pen.setStyle(Qt::DashLine);
        legend.append({c.name.text(), pen});
    }
    const QPen markerPen(s.marker, std::max(1.5, s.unit / 12), Qt::DotLine);
    if (d.vmarker) {
        const double x = X(*d.vmarker);
        p.setPen(markerPen);
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        legend.append({chartText("monotone bound x < %1").arg(QString::number(*d.vmarker, 'f', 2)),
                       markerPen});
    }
    if (d.hmarker) {
        const double y = Y(*d.hmarker);
        p.setPen(markerPen);
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        legend.append({chartText("original length L = %1").arg(exactText(*d.hmarker)), markerPen});
    }
    p.restore();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(s.fg, thin));
    p.setBrush(Qt::NoBrush);
    p.drawRect(plot);

    // The largest value (top left) and the legend (top right), on a translucent box.
    p.setFont(s.sized(0.75));
    const QFontMetricsF fl(p.font());
    if (d.maxValue) {
        const QString t = chartText("max = %1").arg(exactText(*d.maxValue));
        const QRectF r(plot.left() + 0.4 * s.unit, plot.top() + 0.3 * s.unit,
                       fl.horizontalAdvance(t) + 0.6 * s.unit, fl.height() + 0.3 * s.unit);
        p.fillRect(r, QColor(s.bg.red(), s.bg.green(), s.bg.blue(), 220));
        p.setPen(s.fg);
        p.drawText(r, Qt::AlignCenter, t);
    }
    if (legend.size() > 1 || (legend.size() == 1 && (d.vmarker || d.hmarker))) {
        double w = 0;
        for (const auto& e : legend) w = std::max(w, fl.horizontalAdvance(e.first));
        const double sample = 1.8 * s.unit, rowH = fl.height() * 1.15;
        const QRectF box(plot.right() - w - sample - 1.2 * s.unit, plot.top() + 0.3 * s.unit,
                         w + sample + 0.9 * s.unit, rowH * legend.size() + 0.4 * s.unit);
        p.fillRect(box, QColor(s.bg.red(), s.bg.green(), s.bg.blue(), 225));
        p.setPen(QPen(s.grid, thin));
        p.drawRect(box);
        p.setRenderHint(QPainter::Antialiasing, true);
        for (int i = 0; i < legend.size(); ++i) {
            const double y = box.top() + 0.2 * s.unit + rowH * (i + 0.5);
            p.setPen(legend[i].second);
            p.drawLine(QPointF(box.left() + 0.3 * s.unit, y),
                       QPointF(box.left() + 0.3 * s.unit + sample - 0.4 * s.unit, y));
            p.setPen(s.fg);
            p.drawText(
                QRectF(box.left() + 0.3 * s.unit + sample, y - rowH / 2, w + 0.3 * s.unit, rowH),
                Qt::AlignLeft | Qt::AlignVCenter, legend[i].first);
        }
        p.setRenderHint(QPainter::Antialiasing, false);
    }
}

}  // namespace poslab::ui::detail
