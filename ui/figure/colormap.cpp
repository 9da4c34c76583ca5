#include "ui/figure/colormap.h"

#include <algorithm>
#include <cmath>

#include "ui/figure/colormap_tables.h"

namespace poslab::ui {

Colormap::Colormap(ColormapKind kind) : m_kind(kind) {
    m_table.resize(256);
    for (int i = 0; i < 256; ++i) {
        unsigned int c = 0;
        switch (kind) {
            case ColormapKind::Viridis:
            case ColormapKind::Ordinal:
                c = detail::kViridis[i];
                break;
            case ColormapKind::Diverging:
                c = detail::kRdBu[i];
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

}  // namespace poslab::ui
