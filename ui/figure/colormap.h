// Colour maps for heatmaps: viridis (sequential), RdBu (diverging, centred on 0) and a categorical
// palette for integer indices. Lookup only; the tables are data (colormap_tables.h).
#pragma once

#include <QColor>
#include <QString>
#include <QVector>
#include <QtGlobal>

namespace poslab::ui {

enum class ColormapKind { Viridis, Diverging, Categorical };

// What the user chose in the view menu; Auto follows the quantity (signed -> diverging,
// integer -> categorical when few values, else viridis).
enum class ColormapChoice { Auto, Viridis, Diverging };

class Colormap {
public:
    explicit Colormap(ColormapKind kind = ColormapKind::Viridis);
    ColormapKind kind() const { return m_kind; }
    // t in [0, 1] (clamped). For Categorical, use category().
    QRgb at(double t) const;
    QRgb category(qint64 index) const;
    // The 256 colours, low to high (categorical: the palette repeated).
    const QVector<QRgb>& table() const { return m_table; }
    static QString name(ColormapKind kind);

private:
    ColormapKind m_kind;
    QVector<QRgb> m_table;
};

}  // namespace poslab::ui
