#include "ui/compute/cell_blocks.h"

#include <QLocale>
#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

#include "ui/figure/colormap.h"
#include "ui/figure/log_scale.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

qint64 CellAxis::start(qint64 i, qint64 cells) const {
    const qint64 s = spanOr(cells);
    if (cells <= 0) return first;
    // ceil(i * s / cells): i <= cells <= 2^24 and s <= 2^34 keep the product in 64 bits.
    return first + (i * s + cells - 1) / cells;
}

qint64 blockStep(qint64 cells, int side) {
    const qint64 s = std::max(1, side);
    return std::max<qint64>(1, (cells + s - 1) / s);
}

void paintBlockMeans(HeatmapData& h) {
    const qint64 rs = std::max<qint64>(1, h.rowStep), cs = std::max<qint64>(1, h.colStep);
    const int w = static_cast<int>((h.cols + cs - 1) / cs);
    const int ht = static_cast<int>((h.rows + rs - 1) / rs);
    h.image = QImage(std::max(1, w), std::max(1, ht), QImage::Format_ARGB32);
    h.image.fill(0u);
    if (!h.array || w == 0 || ht == 0) return;
    const Colormap cmap(h.colormap);
    const double span = h.hi > h.lo ? h.hi - h.lo : 1.0;
    const qint64 arrayRows = h.dataRows >= 0 ? std::min(h.dataRows, h.rows) : h.rows;
    const core::Array& a = *h.array;
    const bool f64 = a.dtype == core::DType::F64;
    // Row by row into per-pixel sums (streaming through the array once).
    std::vector<double> sum(static_cast<std::size_t>(w));
    std::vector<qint64> count(static_cast<std::size_t>(w));
    for (int y = 0; y < ht; ++y) {
        const qint64 r0 = static_cast<qint64>(y) * rs, r1 = std::min(arrayRows, r0 + rs);
        if (r0 >= arrayRows) break;  // no data: transparent (the widget's blank colour)
        std::fill(sum.begin(), sum.end(), 0.0);
        std::fill(count.begin(), count.end(), 0);
        for (qint64 r = r0; r < r1; ++r) {
            const qint64 base = h.sliceOffset + r * h.cols;
            for (int x = 0; x < w; ++x) {
                const qint64 c0 = static_cast<qint64>(x) * cs, c1 = std::min(h.cols, c0 + cs);
                double s = 0;
                qint64 n = 0;
                if (f64) {
                    const double* p = a.f64.data() + base;
                    for (qint64 c = c0; c < c1; ++c)
                        if (std::isfinite(p[c])) {
                            s += p[c];
                            ++n;
                        }
                } else {
                    for (qint64 c = c0; c < c1; ++c)
                        s += static_cast<double>(a.i64[static_cast<std::size_t>(base + c)]);
                    n = c1 - c0;
                }
                sum[static_cast<std::size_t>(x)] += s;
                count[static_cast<std::size_t>(x)] += n;
            }
        }
        auto* line = reinterpret_cast<QRgb*>(h.image.scanLine(y));
        for (int x = 0; x < w; ++x) {
            const qint64 n = count[static_cast<std::size_t>(x)];
            if (n == 0) continue;  // only ±inf, nan: transparent
            const double v = sum[static_cast<std::size_t>(x)] / static_cast<double>(n);
            // A constant panel (lo = hi) takes the middle colour: the middle of its colour bar.
            line[x] = h.logColor    ? logColorOf(cmap, v, h.lo, h.hi)
                      : h.hi > h.lo ? cmap.at((v - h.lo) / span)
                                    : cmap.at(0.5);
        }
    }
}

BlockStats blockStats(const HeatmapData& h, qint64 imageRow, qint64 imageCol) {
    BlockStats b;
    const qint64 rs = std::max<qint64>(1, h.rowStep), cs = std::max<qint64>(1, h.colStep);
    const qint64 r0 = std::clamp<qint64>(imageRow * rs, 0, std::max<qint64>(0, h.rows - 1));
    const qint64 c0 = std::clamp<qint64>(imageCol * cs, 0, std::max<qint64>(0, h.cols - 1));
    const qint64 r1 = std::min(h.rows, r0 + rs), c1 = std::min(h.cols, c0 + cs);
    b.rowFrom = h.rowMap.start(r0, h.rows);
    b.rowTo = h.rowMap.start(r1, h.rows) - 1;
    b.colFrom = h.colMap.start(c0, h.cols);
    b.colTo = h.colMap.start(c1, h.cols) - 1;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo, sum = 0;
    qint64 count = 0;
    const qint64 dataEnd = h.dataRows >= 0 ? std::min(h.dataRows, r1) : r1;  // blank rows: none
    if (h.array)
        for (qint64 r = r0; r < dataEnd; ++r)
            for (qint64 c = c0; c < c1; ++c) {
                const double v = h.array->at(h.sliceOffset + r * h.cols + c);
                if (!std::isfinite(v)) continue;
                lo = std::min(lo, v);
                hi = std::max(hi, v);
                sum += v;
                ++count;
            }
    const double nan = std::numeric_limits<double>::quiet_NaN();
    b.count = count;
    b.mean = count ? sum / static_cast<double>(count) : nan;
    b.min = count ? lo : nan;
    b.max = count ? hi : nan;
    const bool cellsAreMeans =
        h.rowMap.spanOr(h.rows) != h.rows || h.colMap.spanOr(h.cols) != h.cols;
    if (cellsAreMeans) {
        if (h.exactRange && count) {
            const auto [mn, mx] = h.exactRange(b.rowFrom, b.rowTo, b.colFrom, b.colTo);
            b.min = mn;
            b.max = mx;
        } else {
            b.exact = false;
        }
        // Bands of positions are equal up to one position: the mean of the cells' means is the
        // mean over the block's indices to that accuracy; weighted exactly here.
        double wsum = 0, wtot = 0;
        if (h.array)
            for (qint64 r = r0; r < dataEnd; ++r)
                for (qint64 c = c0; c < c1; ++c) {
                    const double v = h.array->at(h.sliceOffset + r * h.cols + c);
                    if (!std::isfinite(v)) continue;
                    const double wgt = static_cast<double>(h.rowMap.start(r + 1, h.rows) -
                                                           h.rowMap.start(r, h.rows)) *
                                       static_cast<double>(h.colMap.start(c + 1, h.cols) -
                                                           h.colMap.start(c, h.cols));
                    wsum += wgt * v;
                    wtot += wgt;
                }
        if (wtot > 0) b.mean = wsum / wtot;
        b.count = (b.rowTo - b.rowFrom + 1) * (b.colTo - b.colFrom + 1);
    }
    return b;
}

QImage coarserBlockImage(const HeatmapData& h, qint64 kRows, qint64 kCols) {
    if (kRows <= 1 && kCols <= 1) return h.image;
    struct Entry {
        const void* array;
        qint64 offset, rs, cs, dataRows;
        double lo, hi;
        ColormapKind cmap;
        bool log;
        QImage image;
    };
    static std::mutex mutex;
    static QList<Entry> cache;
    HeatmapData c = h;
    c.rowStep = std::max<qint64>(1, h.rowStep) * std::max<qint64>(1, kRows);
    c.colStep = std::max<qint64>(1, h.colStep) * std::max<qint64>(1, kCols);
    const Entry key{h.array.get(), h.sliceOffset, c.rowStep,  c.colStep,  h.dataRows,
                    h.lo,          h.hi,          h.colormap, h.logColor, {}};
    {
        const std::lock_guard lock(mutex);
        for (const Entry& e : cache)
            if (e.array == key.array && e.offset == key.offset && e.rs == key.rs &&
                e.cs == key.cs && e.dataRows == key.dataRows && e.lo == key.lo && e.hi == key.hi &&
                e.cmap == key.cmap && e.log == key.log)
                return e.image;
    }
    paintBlockMeans(c);
    const std::lock_guard lock(mutex);
    cache.prepend({key.array, key.offset, key.rs, key.cs, key.dataRows, key.lo, key.hi, key.cmap,
                   key.log, c.image});
    while (cache.size() > 8) cache.removeLast();
    return c.image;
}

double indicesPerPixel(const CellAxis& map, qint64 cells, qint64 step) {
    if (cells <= 0) return 1;
    return static_cast<double>(std::max<qint64>(1, step)) * static_cast<double>(map.spanOr(cells)) /
           static_cast<double>(cells);
}

namespace {

struct Unit {
    QString en1, enN, zh;
};

// The word for the indices of an axis, from its (translated) name.
Unit unitOf(const QString& axis, bool rowAxis) {
    const QString a = axis.toLower();
    if (a.contains(QLatin1String("distance")) || axis.contains(QString::fromUtf8("距离")))
        return {"distance", "distances", QString::fromUtf8("个距离")};
    if (a.contains(QLatin1String("position")) || axis.contains(QString::fromUtf8("位置")))
        return {"position", "positions", QString::fromUtf8("个位置")};
    if (a.contains(QLatin1String("pair")) || axis.contains(QString::fromUtf8("维度对")))
        return {"pair", "pairs", QString::fromUtf8("个维度对")};
    if (a.contains(QLatin1String("head")) || axis.contains(QString::fromUtf8("头")))
        return {"head", "heads", QString::fromUtf8("个头")};
    if (a.contains(QLatin1String("dimension")) || a.contains(QLatin1String("channel")) ||
        axis.contains(QString::fromUtf8("维")) || axis.contains(QString::fromUtf8("通道")))
        return {"dimension", "dimensions", QString::fromUtf8("个维度")};
    return rowAxis ? Unit{"row", "rows", QString::fromUtf8("行")}
                   : Unit{"column", "columns", QString::fromUtf8("列")};
}

// "4 positions", "1,048–1,049 positions" (bands of uneven length), "1 pair".
LocalText countText(const CellAxis& map, qint64 cells, qint64 step, const Unit& u) {
    const qint64 s = std::max<qint64>(1, step);
    qint64 lo = std::numeric_limits<qint64>::max(), hi = 0;
    // Lengths of the first pixel's block and of a middle one: bands differ by at most one index.
    for (qint64 i : {qint64(0), ((cells / s) / 2) * s}) {
        if (i >= cells) continue;
        const qint64 len = map.start(std::min(cells, i + s), cells) - map.start(i, cells);
        lo = std::min(lo, len);
        hi = std::max(hi, len);
    }
    const double per = indicesPerPixel(map, cells, step);
    if (std::floor(per) != per) {
        lo = static_cast<qint64>(std::floor(per));
        hi = static_cast<qint64>(std::ceil(per));
    }
    const auto text = [](qint64 v) { return formatExact(static_cast<double>(v)); };
    const QString n = lo == hi ? text(lo) : text(lo) + QStringLiteral("–") + text(hi);
    return {n + " " + (hi == 1 ? u.en1 : u.enN), n + " " + u.zh};
}

}  // namespace

LocalText cellCoverText(const HeatmapData& h) {
    const double rows = h.rows > 1 ? indicesPerPixel(h.rowMap, h.rows, h.rowStep) : 1;
    const double cols = indicesPerPixel(h.colMap, h.cols, h.colStep);
    if (rows <= 1 && cols <= 1) return {};
    const LocalText c = countText(h.colMap, h.cols, h.colStep, unitOf(h.colAxis, false));
    if (h.rows <= 1)
        return {QStringLiteral("each cell: ") + c.en, QString::fromUtf8("每格：") + c.zh};
    const LocalText r = countText(h.rowMap, h.rows, h.rowStep, unitOf(h.rowAxis, true));
    return {QStringLiteral("each cell: %1 × %2").arg(r.en, c.en),
            QString::fromUtf8("每格：%1 × %2").arg(r.zh, c.zh)};
}

}  // namespace poslab::ui
