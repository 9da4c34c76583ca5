#include "ui/figure/heatmap_paint.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/compute/cell_blocks.h"
#include "ui/figure/colorbar_paint.h"
#include "ui/figure/colormap.h"
#include "ui/figure/heatmap_marks.h"
#include "ui/figure/log_scale.h"
#include "ui/figure/number_format.h"
#include "ui/figure/panel_annotation.h"
#include "ui/figure/panel_title.h"
#include "ui/figure/swing_hatch.h"
#include "ui/figure/ticks.h"
#include "ui/math/superscripts.h"

namespace poslab::ui {

namespace {

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

// Cell coordinates (fractional cells) <-> the axes' index coordinates the view window is in.
double cellToIndex(const CellAxis& m, qint64 cells, double c) {
    return static_cast<double>(m.first) + c * static_cast<double>(m.spanOr(cells)) /
                                              static_cast<double>(std::max<qint64>(1, cells));
}
double indexToCell(const CellAxis& m, qint64 cells, double x) {
    return (x - static_cast<double>(m.first)) * static_cast<double>(std::max<qint64>(1, cells)) /
           static_cast<double>(m.spanOr(cells));
}

// More image pixels than device pixels: blocks this many times coarser, reduced by the mean of
// the values (drawing the image smaller would keep every k-th pixel: a point sample).
std::pair<qint64, qint64> drawFactors(QPainter& p, const QRectF& plot, const HeatmapData& h,
                                      const QRectF& view) {
    return drawnBlockFactors(p.deviceTransform().mapRect(plot).size(), h, view);
}

}  // namespace

std::pair<qint64, qint64> drawnBlockFactors(QSizeF device, const HeatmapData& h,
                                            const QRectF& view) {
    const double visRows =
        indexToCell(h.rowMap, h.rows, view.bottom()) - indexToCell(h.rowMap, h.rows, view.top());
    const double visCols =
        indexToCell(h.colMap, h.cols, view.right()) - indexToCell(h.colMap, h.cols, view.left());
    auto factor = [](double cells, qint64 step, double pixels) {
        return static_cast<qint64>(
            std::max(1.0, std::ceil(cells / static_cast<double>(std::max<qint64>(1, step)) /
                                        std::max(1.0, pixels) -
                                    1e-9)));
    };
    return {factor(visRows, h.rowStep, device.height()),
            factor(visCols, h.colStep, device.width())};
}

namespace {

// The cells: the image pixels that cover the view window (whole pixels; the clip trims them),
// upscaled for figures so that viewers which smooth images keep the cells crisp.
void paintCells(QPainter& p, const QRectF& plot, const HeatmapData& h, const PaintStyle& s,
                const QRectF& view) {
    p.fillRect(plot, s.missing);  // non-finite cells are transparent in the image
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    const double cw = plot.width() / view.width(), ch = plot.height() / view.height();
    const auto [kr, kc] = drawFactors(p, plot, h, view);
    const QRectF device = p.deviceTransform().mapRect(plot);
    const QImage base =
        Colormap::themed(coarserBlockImage(h, kr, kc), h.colormap, s.dark, h.logColor);
    const double rs = static_cast<double>(std::max<qint64>(1, h.rowStep) * kr);
    const double cs = static_cast<double>(std::max<qint64>(1, h.colStep) * kc);
    // The view window in image pixels.
    const double vx0 = indexToCell(h.colMap, h.cols, view.left()) / cs;
    const double vx1 = indexToCell(h.colMap, h.cols, view.right()) / cs;
    const double vy0 = indexToCell(h.rowMap, h.rows, view.top()) / rs;
    const double vy1 = indexToCell(h.rowMap, h.rows, view.bottom()) / rs;
    const int W = base.width(), H = base.height();
    const int ix0 = std::clamp(static_cast<int>(std::floor(vx0)), 0, W - 1);
    const int iy0 = std::clamp(static_cast<int>(std::floor(vy0)), 0, H - 1);
    const int ix1 = std::clamp(static_cast<int>(std::ceil(vx1)), ix0 + 1, W);
    const int iy1 = std::clamp(static_cast<int>(std::ceil(vy1)), iy0 + 1, H);
    // Image pixel i covers cells [i * step, (i + 1) * step); the last pixel may be partial.
    auto X = [&](double px) {
        return plot.left() + (cellToIndex(h.colMap, h.cols, px * cs) - view.left()) * cw;
    };
    auto Y = [&](double py) {
        return plot.top() + (cellToIndex(h.rowMap, h.rows, py * rs) - view.top()) * ch;
    };
    const QRectF target(QPointF(X(ix0), Y(iy0)), QPointF(X(ix1), Y(iy1)));
    QImage image = base;
    if (s.oversample > 0) image = crispCells(base, device.size(), s.oversample);
    const int kx = image.width() / W, ky = image.height() / H;
    p.save();
    p.setClipRect(plot);
    p.drawImage(target, image, QRect(ix0 * kx, iy0 * ky, (ix1 - ix0) * kx, (iy1 - iy0) * ky));
    p.restore();
}

// Lines between blocks of rows, the blank band of rows without data, the hovered block.
void paintStructure(QPainter& p, const QRectF& plot, const HeatmapData& h, const PaintStyle& s,
                    const QRectF& view, QPoint hover) {
    const double cw = plot.width() / view.width(), ch = plot.height() / view.height();
    auto rowY = [&](double r) {
        return plot.top() + (cellToIndex(h.rowMap, h.rows, r) - view.top()) * ch;
    };
    auto colX = [&](double c) {
        return plot.left() + (cellToIndex(h.colMap, h.cols, c) - view.left()) * cw;
    };
    const bool zoomed = view != allCells(h);
    if (zoomed) {
        p.save();
        p.setClipRect(plot);
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    const double rowCells = indexToCell(h.rowMap, h.rows, view.bottom());
    if (h.rowBlock > 0 && rowY(static_cast<double>(h.rowBlock)) - rowY(0) >= 0.2 * s.unit) {
        p.setPen(QPen(s.dark ? QColor(255, 255, 255, 170) : QColor(0, 0, 0, 150),
                      std::max(1.0, s.unit / 20)));
        const double top = indexToCell(h.rowMap, h.rows, view.top());
        const auto first = std::max<qint64>(
            1, static_cast<qint64>(std::ceil(top / static_cast<double>(h.rowBlock))));
        for (qint64 b = first * h.rowBlock; b < std::min<double>(h.rows, rowCells); b += h.rowBlock)
            p.drawLine(QPointF(plot.left(), rowY(static_cast<double>(b))),
                       QPointF(plot.right(), rowY(static_cast<double>(b))));
    }
    paintMarks(p, plot, h, s, view);
    if (h.dataRows >= 0 && h.dataRows < h.rows && h.dataRows < rowCells) {
        const double y = std::max(plot.top(), rowY(static_cast<double>(h.dataRows)));
        p.setPen(QPen(s.marker, std::max(1.5, s.unit / 10), Qt::DashLine));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(s.fg);
        // Smaller where the band is short, rather than cut by it.
        const QRectF band(plot.left() + 0.3 * s.unit, y, plot.width() - 0.6 * s.unit,
                          plot.bottom() - y);
        for (double units = 0.8; units >= 0.5; units *= 0.9) {
            p.setFont(math::hasSuperscripts(h.blankNote.text()) ? math::numbersFirst(s.sized(units))
                                                                : s.sized(units));
            const QRectF need = QFontMetricsF(p.font()).boundingRect(
                band, Qt::AlignCenter | Qt::TextWordWrap, h.blankNote.text());
            if (band.contains(need)) break;
        }
        p.drawText(band, Qt::AlignCenter | Qt::TextWordWrap, h.blankNote.text());
    }
    if (hover.x() >= 0) {
        // The hovered image pixel: its whole block of cells.
        const qint64 rs = std::max<qint64>(1, h.rowStep), cs = std::max<qint64>(1, h.colStep);
        const qint64 r0 = hover.y() / rs * rs, c0 = hover.x() / cs * cs;
        const QRectF cell(QPointF(colX(static_cast<double>(c0)), rowY(static_cast<double>(r0))),
                          QPointF(colX(static_cast<double>(std::min(h.cols, c0 + cs))),
                                  rowY(static_cast<double>(std::min(h.rows, r0 + rs)))));
        if (cell.width() >= 3 && cell.height() >= 3) {
            p.setPen(QPen(s.dark ? Qt::white : Qt::black, 1.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(cell.intersected(plot));
        }
    }
    if (zoomed) p.restore();
}

// Index ticks in one number format.
AxisNumberFormat indexFormat(const QVector<qint64>& ticks) {
    QVector<double> v;
    for (qint64 t : ticks) v << static_cast<double>(t);
    return AxisNumberFormat(v, v.size() > 1 ? v[1] - v[0] : 1, false);
}

// The widest row label of an axis of indices [0, last] with 2 to 9 ticks (the labels drawn).
double rowLabelsWidth(qint64 last, const QFontMetricsF& fm) {
    double most = 0;
    for (int count = 2; count <= 9; ++count) {
        const auto ticks = indexTicksAtMost(0, last, count);
        const AxisNumberFormat f = indexFormat(ticks);
        for (qint64 t : ticks)
            most = std::max(most, fm.horizontalAdvance(f.text(static_cast<double>(t))));
    }
    return most;
}

// Ticks at round indices (on the centre of the index: index x spans [x, x + 1)), the frame and
// the axis names.
void paintAxes(QPainter& p, const HeatmapLayout& l, const HeatmapData& h, const PaintStyle& s,
               const QRectF& view, bool axisTitles) {
    const QRectF& plot = l.plot;
    const QFontMetricsF ftick(s.numbers(0.75));
    const double cw = plot.width() / view.width(), ch = plot.height() / view.height();
    p.setFont(s.numbers(0.75));
    p.setPen(QPen(s.fg, std::max(1.0, s.unit / 16)));
    const double tick = 0.25 * s.unit;
    // Index ticks, at most 9 of them (matplotlib's density), in one number format.
    auto formatOf = indexFormat;
    auto label = [](const AxisNumberFormat& f, qint64 v) { return f.text(static_cast<double>(v)); };
    const auto c0 = static_cast<qint64>(std::ceil(view.left() - 0.5));
    const auto c1 = static_cast<qint64>(std::floor(view.right() - 0.5));
    const double colLabel = ftick.horizontalAdvance(
        formatTicks({static_cast<double>(std::max<qint64>(std::abs(c1), 10))}, 1).front());
    const auto cols = indexTicksAtMost(
        c0, c1,
        std::clamp(static_cast<int>(plot.width() / std::max(3.2 * s.unit, colLabel + s.unit)), 2,
                   9));
    const AxisNumberFormat colFormat = formatOf(cols);
    for (qint64 c : cols) {
        const double x = plot.left() + (static_cast<double>(c) + 0.5 - view.left()) * cw;
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + tick));
        p.drawText(QRectF(x - 4 * s.unit, plot.bottom() + 1.2 * tick, 8 * s.unit, ftick.height()),
                   Qt::AlignHCenter | Qt::AlignTop, label(colFormat, c));
    }
    double rowLabels = 0;  // the widest row label drawn: the axis name sits beside it
    if (h.rows > 1) {
        const auto r0 = static_cast<qint64>(std::ceil(view.top() - 0.5));
        const auto r1 = static_cast<qint64>(std::floor(view.bottom() - 0.5));
        const auto rows = indexTicksAtMost(
            r0, r1, std::clamp(static_cast<int>(plot.height() / (2.2 * s.unit)), 2, 9));
        const AxisNumberFormat rowFormat = formatOf(rows);
        for (qint64 r : rows) {
            rowLabels = std::max(rowLabels, ftick.horizontalAdvance(label(rowFormat, r)));
            const double y = plot.top() + (static_cast<double>(r) + 0.5 - view.top()) * ch;
            p.drawLine(QPointF(plot.left() - tick, y), QPointF(plot.left(), y));
            p.drawText(QRectF(plot.left() - tick * 1.5 - l.rowLabelWidth, y - ftick.height() / 2,
                              l.rowLabelWidth, ftick.height()),
                       Qt::AlignRight | Qt::AlignVCenter, label(rowFormat, r));
        }
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setBrush(Qt::NoBrush);
    p.drawRect(plot);
    if (!axisTitles) return;
    paintFittedLine(
        p,
        QRectF(plot.left() - 2 * s.unit, plot.bottom() + tick + ftick.height() + 0.2 * s.unit,
               plot.width() + 4 * s.unit, 1.3 * s.unit),
        Qt::AlignHCenter | Qt::AlignTop, h.colAxis, 0.8, false, s);
    p.setFont(s.sized(0.8));
    if (h.rows > 1 && !h.rowAxis.isEmpty())
        paintRotatedText(
            p, QPointF(plot.left() - 1.5 * tick - rowLabels - 0.7 * s.unit, plot.center().y()),
            plot.height(), 1.3 * s.unit, h.rowAxis);
}

double titleHeight(const PaintStyle& s, const HeatmapPanelOptions& o) {
    return o.title ? panelTitleHeight(o.titleLines, s) : 0.0;
}

// What a drawn cell covers in a plot of `device` pixels (coarser than the data's blocks where
// the image is larger than the plot); empty where each cell is one element.
LocalText drawnCover(QSizeF device, const HeatmapData& h, const QRectF& view) {
    HeatmapData drawn = h;
    const auto [kr, kc] = drawnBlockFactors(device, h, view);
    drawn.rowStep = std::max<qint64>(1, h.rowStep) * kr;
    drawn.colStep = std::max<qint64>(1, h.colStep) * kc;
    return cellCoverText(drawn);
}

// The line over the plot where that is written, right-aligned.
QRectF coverBox(const QRectF& area, const QRectF& plot, const PaintStyle& s) {
    return QRectF(area.left(), plot.top() - 1.1 * s.unit, plot.right() - area.left(), s.unit);
}

// Whether the words fit that line whole at the smallest size paintFittedLine writes them.
bool coverFits(const QString& text, const QRectF& box, const PaintStyle& s) {
    return QFontMetricsF(s.sized(0.65 * 0.8)).horizontalAdvance(text) <= box.width();
}

}  // namespace

QRectF allCells(const HeatmapData& h) {
    return QRectF(0, 0, static_cast<double>(std::max<qint64>(1, h.colMap.totalOr(h.cols))),
                  static_cast<double>(std::max<qint64>(1, h.rowMap.totalOr(h.rows))));
}

QRectF dataCells(const HeatmapData& h) {
    return QRectF(static_cast<double>(h.colMap.first), static_cast<double>(h.rowMap.first),
                  static_cast<double>(std::max<qint64>(1, h.colMap.spanOr(h.cols))),
                  static_cast<double>(std::max<qint64>(1, h.rowMap.spanOr(h.rows))));
}

QPointF cellCoordinates(const HeatmapData& h, QPointF index) {
    return {indexToCell(h.colMap, h.cols, index.x()), indexToCell(h.rowMap, h.rows, index.y())};
}

HeatmapLayout heatmapLayout(const QRectF& area, const HeatmapData& h, const PaintStyle& s,
                            const QRectF& view, const HeatmapPanelOptions& o) {
    HeatmapLayout l;
    const QFontMetricsF ftick(s.numbers(0.75));
    const double top = area.top() + titleHeight(s, o);
    // Room for the tick labels, the axis names and the colour bar with its labels.
    const double lastRow = static_cast<double>(std::max<qint64>(h.rowMap.totalOr(h.rows) - 1, 0));
    l.rowLabelWidth =
        rowLabelsWidth(static_cast<qint64>(std::llround(lastRow)), ftick) + 0.5 * s.unit;
    if (o.rowLabelWidth >= 0) l.rowLabelWidth = std::max(l.rowLabelWidth, o.rowLabelWidth);
    // The label column, first from the labels of a bar as tall as the area (the most labels).
    l.barLabelWidth = colorbarLabelWidth(h, area.height(), s);
    const double left =
        (h.rows > 1 ? l.rowLabelWidth + (o.axisTitles ? 1.4 : 0.2) * s.unit : 0.5 * s.unit);
    auto rightOf = [&](double labelWidth) {
        return 0.6 * s.unit + kColorbarWidth * s.unit + 0.4 * s.unit + labelWidth +
               (o.barLabel.isEmpty() ? 0.2 : 1.4) * s.unit;
    };
    double right = rightOf(l.barLabelWidth);
    const double bottom =
        o.axisTitles ? ftick.height() * 2 + 0.8 * s.unit : ftick.height() + 0.5 * s.unit;
    auto plotBelow = [&](double plotTop) {
        QRectF plot(area.left() + left, plotTop, std::max(10.0, area.width() - left - right),
                    std::max(10.0, area.bottom() - plotTop - bottom));
        // Square cells unless the window is elongated (then it fills the space).
        const double aspect = view.width() / view.height();  // columns per row
        if (h.rows > 1 && aspect > 0.25 && aspect < 4.0) {
            if (plot.width() / plot.height() > aspect) {
                const double w = plot.height() * aspect;
                plot.moveLeft(plot.left() + (plot.width() - w) / 2);
                plot.setWidth(w);
            } else {
                plot.setHeight(plot.width() / aspect);
            }
        }
        return plot;
    };
    auto placePlot = [&] {
        QRectF plot = plotBelow(top + 0.3 * s.unit);
        // A title and the words on what a cell covers would share one line, and over an
        // untitled panel the words would rise above its area (into a figure's title): the
        // words get their own line.
        if (o.cover && (!o.title || !h.title.isEmpty()) &&
            !drawnCover(plot.size(), h, view).isEmpty())
            plot = plotBelow(top + 1.2 * s.unit);
        return plot;
    };
    QRectF plot = placePlot();
    // A narrow panel: fewer labels on a shorter bar may leave a larger plot. Of the columns sized
    // for 9 down to 2 labels, the one with the largest plot whose bar's own labels fit in it.
    double bestArea = -1;
    if (o.barLabelWidth >= 0) {
        // A shared column: as wide as given (more only where its own labels need it).
        l.barLabelWidth = o.barLabelWidth;
        right = rightOf(l.barLabelWidth);
        plot = placePlot();
    }
    for (int most = 9; o.barLabelWidth < 0 && most >= 2; --most) {
        const double barHeight =
            most == 9 ? area.height() : (most - 1) * 1.5 * ftick.height() + 0.5;
        const double width = colorbarLabelWidth(h, barHeight, s);
        right = rightOf(width);
        const QRectF placed = placePlot();
        if (colorbarLabelWidth(h, placed.height(), s) > width + 1e-9) continue;
        if (placed.width() * placed.height() > bestArea + 1e-6) {
            bestArea = placed.width() * placed.height();
            plot = placed;
            l.barLabelWidth = width;
        }
    }
    // None fits (the ends of a short bar labelled): the column grows until it holds them.
    for (int pass = 0; bestArea < 0 && pass < 4; ++pass) {
        const double drawn = colorbarLabelWidth(h, plot.height(), s);
        if (drawn <= l.barLabelWidth) break;
        l.barLabelWidth = drawn;
        right = rightOf(drawn);
        plot = placePlot();
    }
    l.plot = plot;
    l.contentBottom = plot.bottom() + bottom;
    l.bar = QRectF(plot.right() + 0.6 * s.unit, plot.top(), kColorbarWidth * s.unit, plot.height());
    return l;
}

void paintHeatmapPanel(QPainter& p, const QRectF& area, const HeatmapData& h, const PaintStyle& s,
                       const QRectF& view, QPoint hover, const HeatmapPanelOptions& o) {
    const double top = area.top() + titleHeight(s, o);
    if (o.title) paintPanelTitle(p, area, h.title.text(), o.titleLines, s);
    if (!h.error.isEmpty() || h.image.isNull()) {
        paintCentredText(p, QRectF(area.left(), top, area.width(), area.bottom() - top),
                         h.error.isEmpty() ? o.pendingText : h.error, 0.8, s);
        return;
    }
    const HeatmapLayout l = heatmapLayout(area, h, s, view, o);
    // The blocks as drawn (coarser when the image is larger than the plot).
    HeatmapData drawn = h;
    const auto [kr, kc] = drawFactors(p, l.plot, h, view);
    drawn.rowStep = std::max<qint64>(1, h.rowStep) * kr;
    drawn.colStep = std::max<qint64>(1, h.colStep) * kc;
    paintCells(p, l.plot, h, s, view);
    paintSwingHatch(p, l.plot, drawn, s, view);  // cells whose mean hides a swing
    paintStructure(p, l.plot, drawn, s, view, hover);
    paintAxes(p, l, h, s, view, o.axisTitles);
    paintAnnotation(p, l.plot, h, s);
    // What a drawn cell covers, in words ("each cell: 4 positions × 1 pair"): never a silent
    // stride.
    if (const LocalText cover = cellCoverText(drawn); o.cover && !cover.isEmpty()) {
        p.setPen(s.muted);
        paintFittedLine(p, coverBox(area, l.plot, s), Qt::AlignRight | Qt::AlignBottom,
                        cover.text(), 0.65, false, s);
    }
    paintColorbar(p, l.bar, h, o.barLabel, l.barLabelWidth, s);
}

HeatmapPanelOptions figurePanelOptions(const HeatmapGrid& g, const QVector<HeatmapData>& panels,
                                       qsizetype i, const QString& valueName) {
    HeatmapPanelOptions o;
    o.rowLabelWidth = g.rowLabelWidth;
    o.barLabelWidth = g.barLabelWidth;
    o.title = panels.size() > 1;
    o.titleLines = g.titleLines;
    if (panels.size() == 1)
        o.barLabel = panels[i].title.isEmpty() ? valueName : panels[i].title.text();
    o.pendingText = QStringLiteral("—");
    return o;
}

QRectF gridPanelArea(const HeatmapGrid& g, qsizetype i, const PaintStyle& s) {
    const double w = g.block.width() / g.cols, h = g.block.height() / g.rows;
    const auto k = static_cast<int>(i);
    const QRectF cell(g.block.left() + (k % g.cols) * w, g.block.top() + (k / g.cols) * h, w, h);
    return cell.adjusted(0.3 * s.unit, 0.2 * s.unit, -0.3 * s.unit, -0.2 * s.unit);
}

HeatmapCovers heatmapCovers(QPainter& p, const HeatmapGrid& grid,
                            const QVector<HeatmapData>& panels, const PaintStyle& s,
                            const QString& valueName, bool overPlots) {
    HeatmapCovers covers;
    for (qsizetype i = 0; i < panels.size(); ++i) {
        const HeatmapData& h = panels[i];
        if (!h.error.isEmpty() || h.image.isNull()) continue;
        const QRectF area = gridPanelArea(grid, i, s);
        const QRectF view = allCells(h);
        HeatmapPanelOptions o = figurePanelOptions(grid, panels, i, valueName);
        o.cover = overPlots;
        const QRectF plot = heatmapLayout(area, h, s, view, o).plot;
        const QString cover = drawnCover(p.deviceTransform().mapRect(plot).size(), h, view).text();
        if (cover.isEmpty()) continue;
        covers.fit = covers.fit && coverFits(cover, coverBox(area, plot, s), s);
        if (!covers.texts.contains(cover)) covers.texts << cover;
    }
    return covers;
}

}  // namespace poslab::ui
