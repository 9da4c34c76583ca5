// Colour maps for heatmaps: viridis (sequential, for one-signed data), RdBu (diverging, centred
// on 0, for signed data) and an ordinal map for integer indices and buckets: viridis in as many
// discrete levels as there are values (ordered, never cycling). The dark theme swaps RdBu's white
// centre for a dark-centred diverging table (the kind of map, from the quantity's metadata, is the
// same in both themes), and curves take a lighter palette of the same hues. Lookup only; the
// tables are data (colormap_tables.h).
#pragma once

#include <QColor>
#include <QImage>
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
    // `dark`: the dark theme's table (differs for Diverging only).
    explicit Colormap(ColormapKind kind = ColormapKind::Viridis, bool dark = false);
    ColormapKind kind() const { return m_kind; }
    bool dark() const { return m_dark; }
    // t in [0, 1] (clamped).
    QRgb at(double t) const;
    // Level `index` of `count` ordered levels (0 the lowest): the ends of the table at 0 and
    // count − 1, the same colour at() gives a cell of that value. Indices out of range clamp.
    QRgb level(qint64 index, qint64 count) const;
    // The 256 colours, low to high.
    const QVector<QRgb>& table() const { return m_table; }
    static QString name(ColormapKind kind);

    // A cell image painted with the light table of `kind` (the compute makes cell images without
    // knowing the theme), in the theme's table: each pixel of the light table becomes the same
    // level of the dark one, and a log scale's zero (`logColor`) the dark zero colour; other
    // pixels (transparent) stay. The image itself where both themes draw alike. Cached: painting
    // the same image again is free.
    static QImage themed(const QImage& image, ColormapKind kind, bool dark, bool logColor = false);

private:
    ColormapKind m_kind;
    bool m_dark = false;
    QVector<QRgb> m_table;
};

// The colour of curve `index` (a ten-colour cycle, the same hues in both themes; the dark theme's
// are lighter, at least 4.5:1 against the dark background), on screen and in figures.
QColor curveColor(int index, bool dark);

}  // namespace poslab::ui
