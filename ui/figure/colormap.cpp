#include "ui/figure/colormap.h"

#include <algorithm>
#include <cmath>

#include "ui/figure/colormap_tables.h"

namespace poslab::ui {

namespace {
// Tableau-like categorical palette (20 distinguishable colours), cycled for more indices.
constexpr unsigned int kCategorical[20] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                           0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf,
                                           0xaec7e8, 0xffbb78, 0x98df8a, 0xff9896, 0xc5b0d5,
                                           0xc49c94, 0xf7b6d2, 0xc7c7c7, 0xdbdb8d, 0x9edae5};
}  // namespace

Colormap::Colormap(ColormapKind kind) : m_kind(kind) {
    m_table.resize(256);
    for (int i = 0; i < 256; ++i) {
        unsigned int c = 0;
        switch (kind) {
            case ColormapKind::Viridis:
                c = detail::kViridis[i];
                break;
            case ColormapKind::Diverging:
                c = detail::kRdBu[i];
                break;
            case ColormapKind::Categorical:
                c = kCategorical[i % 20];
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

QRgb Colormap::category(qint64 index) const {
    const qint64 k = ((index % 20) + 20) % 20;
    return 0xff000000u | kCategorical[k];
}

QString Colormap::name(ColormapKind kind) {
    switch (kind) {
        case ColormapKind::Viridis:
            return QStringLiteral("viridis");
        case ColormapKind::Diverging:
            return QStringLiteral("RdBu");
        case ColormapKind::Categorical:
            return QStringLiteral("categorical");
    }
    return {};
}

}  // namespace poslab::ui
