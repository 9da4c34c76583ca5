// An animated GIF written frame by frame with giflib (issue 25, item 10): GIF89a, each frame
// with its own 256-colour palette (gif_palette.h) and a delay, looping forever (the NETSCAPE2.0
// application extension). The bytes go to a stream (the AtomicFile of the output), so a sweep
// of hundreds of frames never holds more than one frame in memory.
#pragma once

#include <QImage>
#include <QString>
#include <ostream>

struct GifFileType;

namespace poslab::ui {

class GifWriter {
public:
    GifWriter() = default;
    ~GifWriter();
    GifWriter(const GifWriter&) = delete;
    GifWriter& operator=(const GifWriter&) = delete;

    // Writes the header, the screen of `size` and the loop extension; `delayCs` is each frame's
    // time on screen in hundredths of a second. Returns the error, or empty.
    QString open(std::ostream& out, QSize size, int delayCs);
    // One frame, of the screen's size.
    QString add(const QImage& frame);
    // The trailer; the stream then holds the whole file.
    QString close();

private:
    QString giflibError(const char* what, int code) const;

    GifFileType* m_gif = nullptr;
    QSize m_size;
    int m_delayCs = 10;
};

}  // namespace poslab::ui
