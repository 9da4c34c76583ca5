#include "ui/figure/swing_hatch.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <mutex>

namespace poslab::ui {

namespace {

// The indices [from, to] of cells [c0, c1) of an axis (as blockStats reads them).
std::pair<qint64, qint64> indicesOf(const CellAxis& m, qint64 cells, qint64 c0, qint64 c1) {
    return {m.start(c0, cells), m.start(c1, cells) - 1};
}

// Whether the block of cells rows [r0, r1) x columns [c0, c1) swings: more than one index, and
// the values inside it spread over more than half the colour range.
bool blockSwings(const HeatmapData& h, qint64 r0, qint64 r1, qint64 c0, qint64 c1) {
    const auto [rf, rt] = indicesOf(h.rowMap, h.rows, r0, r1);
    const auto [cf, ct] = indicesOf(h.colMap, h.cols, c0, c1);
    if (rt < rf || ct < cf || (rf == rt && cf == ct)) return false;
    return h.swings(rf, rt, cf, ct);
}

qint64 dataRowsOf(const HeatmapData& h) {
    return h.dataRows >= 0 ? std::min(h.dataRows, h.rows) : h.rows;
}

}  // namespace

bool anyCellSwings(const HeatmapData& h) {
    if (!h.swings) return false;
    const qint64 rows = dataRowsOf(h);
    for (qint64 r = 0; r < rows; ++r)
        for (qint64 c = 0; c < h.cols; ++c)
            if (blockSwings(h, r, r + 1, c, c + 1)) return true;
    return false;
}

LocalText swingNote(const LocalText& quantity) {
    const QString en = quantity.en.isEmpty() ? QStringLiteral("the value") : quantity.en;
    const QString zh = quantity.zh.isEmpty() ? QString::fromUtf8("取值") : quantity.zh;
    return {
        QString::fromUtf8("Hatched cells: %1 swings over more than half its colour range "
                          "inside each; the colour is only the mean. Zoom in to resolve.")
            .arg(en),
        QString::fromUtf8("斜线格：格内 %1 的摆动超过色标范围的一半，颜色只是均值。放大即可分辨。")
            .arg(zh)};
}

QVector<bool> swingMask(const HeatmapData& h) {
    if (!h.swings || !h.array) return {};
    const qint64 rs = std::max<qint64>(1, h.rowStep), cs = std::max<qint64>(1, h.colStep);
    struct Entry {
        const void* array;
        qint64 offset, rs, cs, rows, cols;
        double lo, hi;
        QVector<bool> mask;
    };
    static std::mutex mutex;
    static QList<Entry> cache;
    const Entry key{h.array.get(), h.sliceOffset, rs, cs, h.rows, h.cols, h.lo, h.hi, {}};
    auto same = [&](const Entry& e) {
        return e.array == key.array && e.offset == key.offset && e.rs == key.rs && e.cs == key.cs &&
               e.rows == key.rows && e.cols == key.cols && e.lo == key.lo && e.hi == key.hi;
    };
    {
        const std::lock_guard lock(mutex);
        for (const Entry& e : cache)
            if (same(e)) return e.mask;
    }
    const qint64 w = (h.cols + cs - 1) / cs, ht = (dataRowsOf(h) + rs - 1) / rs;
    const qint64 allRows = (h.rows + rs - 1) / rs;
    QVector<bool> mask(static_cast<qsizetype>(w * allRows), false);
    for (qint64 y = 0; y < ht; ++y)
        for (qint64 x = 0; x < w; ++x)
            mask[static_cast<qsizetype>(y * w + x)] =
                blockSwings(h, y * rs, std::min(dataRowsOf(h), (y + 1) * rs), x * cs,
                            std::min(h.cols, (x + 1) * cs));
    const std::lock_guard lock(mutex);
    cache.prepend(key);
    cache.front().mask = mask;
    while (cache.size() > 8) cache.removeLast();
    return mask;
}

void paintSwingHatch(QPainter& p, const QRectF& plot, const HeatmapData& h, const PaintStyle& s,
                     const QRectF& view) {
    const QVector<bool> mask = swingMask(h);
    if (mask.isEmpty() || !mask.contains(true)) return;
    const qint64 rs = std::max<qint64>(1, h.rowStep), cs = std::max<qint64>(1, h.colStep);
    const qint64 w = (h.cols + cs - 1) / cs, ht = mask.size() / std::max<qint64>(1, w);
    const double cw = plot.width() / view.width(), ch = plot.height() / view.height();
    // Cell coordinates -> the plot (as the cells are painted: linear in the axes' indices).
    auto X = [&](qint64 c) {
        const double index = static_cast<double>(h.colMap.first) +
                             static_cast<double>(std::min(c, h.cols)) *
                                 static_cast<double>(h.colMap.spanOr(h.cols)) /
                                 static_cast<double>(std::max<qint64>(1, h.cols));
        return plot.left() + (index - view.left()) * cw;
    };
    auto Y = [&](qint64 r) {
        const double index = static_cast<double>(h.rowMap.first) +
                             static_cast<double>(std::min(r, h.rows)) *
                                 static_cast<double>(h.rowMap.spanOr(h.rows)) /
                                 static_cast<double>(std::max<qint64>(1, h.rows));
        return plot.top() + (index - view.top()) * ch;
    };
    // Runs of swinging blocks along each row of blocks, as rectangles of one path.
    QPainterPath region;
    region.setFillRule(Qt::WindingFill);
    for (qint64 y = 0; y < ht; ++y)
        for (qint64 x = 0; x < w;) {
            if (!mask[static_cast<qsizetype>(y * w + x)]) {
                ++x;
                continue;
            }
            qint64 e = x;
            while (e < w && mask[static_cast<qsizetype>(y * w + e)]) ++e;
            const QRectF run(QPointF(X(x * cs), Y(y * rs)), QPointF(X(e * cs), Y((y + 1) * rs)));
            if (run.intersects(plot)) region.addRect(run.intersected(plot));
            x = e;
        }
    if (region.isEmpty()) return;
    region = region.simplified();
    // Diagonal lines ("/") a little more than half a text line apart: dark on a light halo, so
    // that they read on every colour of the map, in grey scale too.
    const double gap = std::max(5.0, 0.55 * s.unit), width = std::max(1.0, s.unit / 14);
    QPainterPath lines;
    for (double u = plot.left() - plot.height(); u <= plot.right(); u += gap) {
        lines.moveTo(u, plot.bottom());
        lines.lineTo(u + plot.height(), plot.top());
    }
    p.save();
    p.setClipPath(region, Qt::IntersectClip);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setBrush(Qt::NoBrush);
    QColor halo = s.bg, ink = s.fg;
    halo.setAlpha(190);
    ink.setAlpha(230);
    p.setPen(QPen(halo, 2.6 * width, Qt::SolidLine, Qt::FlatCap));
    p.drawPath(lines);
    p.setPen(QPen(ink, width, Qt::SolidLine, Qt::FlatCap));
    p.drawPath(lines);
    p.restore();
}

}  // namespace poslab::ui
