// Colour maps for heatmaps: viridis (sequential, for one-signed data), RdBu (diverging, centred
// on 0, for signed data) and an ordinal map for integer indices and buckets: viridis in as many
// discrete levels as there are values (ordered, never cycling). Lookup only; the tables are data
// (colormap_tables.h).
#pragma once

#include <QColor>
#include <QString>
#include <QVector>
#include <QtGlobal>

namespace poslab::ui {

enum class ColormapKind { Viridis, Diverging, Ordinal };

// What the user chose in the view menu; Auto follows the quantity's metadata, never its current
// values (core::QuantitySpec: signed -> diverging, integer indices -> ordinal, else viridis).
enum class ColormapChoice { Auto, Viridis, Diverging };

class Colormap {
public:
    explicit Colormap(ColormapKind kind = ColormapKind::Viridis);
    ColormapKind kind() const { return m_kind; }
    // t in [0, 1] (clamped).
    QRgb at(double t) const;
    // Level `index` of `count` ordered levels (0 the lowest): the ends of the table at 0 and
    // count − 1, the same colour at() gives a cell of that value. Indices out of range clamp.
    QRgb level(qint64 index, qint64 count) const;
    // The 256 colours, low to high.
    const QVector<QRgb>& table() const { return m_table; }
    static QString name(ColormapKind kind);

private:
    ColormapKind m_kind;
    QVector<QRgb> m_table;
};

}  // namespace poslab::ui
