// The 256-colour palette of one GIF frame (issue 25, item 10: `render --sweep -o OUT.gif`), by
// median cut (Heckbert 1982) over the frame's colours reduced to 5 bits a channel. Chosen over a
// fixed cube (6x7x6 + greys) because a figure is mostly white, grey text and a few line colours,
// which median cut keeps exact (each palette entry is the mean of the real pixels it stands
// for), while a heatmap's colour map gets the remaining entries along its own curve instead of
// a cube's coarse steps. Written here rather than giflib's GifQuantizeBuffer, which giflib 5.2
// has moved out of the library and back between releases. No dithering: flat areas stay flat.
#pragma once

#include <QImage>
#include <QVector>
#include <array>
#include <cstdint>

namespace poslab::ui {

struct IndexedFrame {
    int width = 0, height = 0;
    std::array<std::uint8_t, 256 * 3> palette{};  // r, g, b of entries 0..255 (unused: black)
    int colours = 0;                              // entries used
    QVector<std::uint8_t> pixels;                 // width * height indices, row by row
};

// The image (any format; alpha is ignored, figures are opaque) as palette indices.
IndexedFrame quantise(const QImage& image);

}  // namespace poslab::ui
