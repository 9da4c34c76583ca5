#include "ui/figure/colormap.h"

#include <QHash>
#include <QList>
#include <algorithm>
#include <cmath>
#include <mutex>

#include "ui/figure/colormap_tables.h"
#include "ui/figure/log_scale.h"

namespace poslab::ui {

Colormap::Colormap(ColormapKind kind, bool dark) : m_kind(kind), m_dark(dark) {
    m_table.resize(256);
    for (int i = 0; i < 256; ++i) {
        unsigned int c = 0;
        switch (kind) {
            case ColormapKind::Viridis:
            case ColormapKind::Ordinal:
                c = detail::kViridis[i];
                break;
            case ColormapKind::Diverging:
                c = dark ? detail::kDarkDiverging[i] : detail::kRdBu[i];
                break;
        }
        m_table[i] = 0xff000000u | c;
    }
}

QRgb Colormap::at(double t) const {
    if (!(t >= 0)) t = 0;  // also catches NaN
    if (t > 1) t = 1;
    return m_table[std::min(255, static_cast<int>(t * 256.0))];
}

QRgb Colormap::level(qint64 index, qint64 count) const {
    if (count <= 1) return at(0.5);
    const qint64 k = std::clamp<qint64>(index, 0, count - 1);
    return at(static_cast<double>(k) / static_cast<double>(count - 1));
}

QString Colormap::name(ColormapKind kind) {
    switch (kind) {
        case ColormapKind::Viridis:
            return QStringLiteral("viridis");
        case ColormapKind::Diverging:
            return QStringLiteral("RdBu");
        case ColormapKind::Ordinal:
            return QStringLiteral("ordinal");
    }
    return {};
}

QImage Colormap::themed(const QImage& image, ColormapKind kind, bool dark, bool logColor) {
    const bool diverging = kind == ColormapKind::Diverging;
    if (!dark || (!diverging && !logColor) || image.isNull()) return image;
    // The light table's colours are distinct, and none is the zero colour, so each names its
    // level exactly.
    static const QHash<QRgb, QRgb> swapDiverging = [] {
        const Colormap light(ColormapKind::Diverging), night(ColormapKind::Diverging, true);
        QHash<QRgb, QRgb> m;
        for (int i = 0; i < 256; ++i) m.insert(light.table()[i], night.table()[i]);
        m.insert(0xff000000u | zeroColor(false), 0xff000000u | zeroColor(true));
        return m;
    }();
    static const QHash<QRgb, QRgb> swapZero = {
        {0xff000000u | zeroColor(false), 0xff000000u | zeroColor(true)}};
    const QHash<QRgb, QRgb>& swap = diverging ? swapDiverging : swapZero;
    static std::mutex mutex;
    static QList<std::pair<qint64, QImage>> cache;  // the light image's key, the dark image
    const qint64 key = image.cacheKey();
    {
        const std::lock_guard lock(mutex);
        for (const auto& [k, img] : cache)
            if (k == key) return img;
    }
    QImage out = image.convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < out.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(out.scanLine(y));
        for (int x = 0; x < out.width(); ++x) {
            if (qAlpha(line[x]) == 0) continue;
            const auto it = swap.constFind(line[x]);
            if (it != swap.constEnd()) line[x] = *it;
        }
    }
    const std::lock_guard lock(mutex);
    cache.prepend({key, out});
    while (cache.size() > 12) cache.removeLast();  // a page of diverging panels
    return out;
}

QColor curveColor(int index, bool dark) {
    const unsigned int* colors = dark ? detail::kDarkCurves : detail::kCurves;
    return QColor::fromRgb(colors[((index % 10) + 10) % 10]);
}

}  // namespace poslab::ui
