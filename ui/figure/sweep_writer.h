// The frames of a parameter sweep written as one output (issue 25, item 10; `poslab render VIEW
// --sweep KEY=FROM:TO --frames N -o OUT`): an animated GIF (OUT.gif), a PDF with one page per
// frame (OUT.pdf), a folder of PNG frames (OUT/: frame_0001.png ...; the frames past N that an
// earlier, longer sweep left there are removed) or, when ffmpeg is on the PATH, an MP4 (OUT.mp4,
// PNG frames piped to it). Frames are added one at a time as they are computed; nothing appears
// at OUT until finish(): the GIF and the MP4 grow in a registered temporary beside OUT (removed
// on an error or a signal) and are renamed into place, the PDF and the PNGs are held in memory
// and written by the atomic writers of `render` at the end.
#pragma once

#include <QString>
#include <memory>

#include "ui/figure/figure.h"

namespace poslab::ui {

enum class SweepFormat { Gif, Pdf, Folder, Mp4 };

// The format of a sweep's output: .gif, .pdf, .mp4 (case-insensitive), a path ending in '/' or
// an existing folder. False for anything else.
bool sweepFormatOf(const QString& path, SweepFormat* format);

// ffmpeg's path on the PATH, or empty.
QString ffmpegProgram();

// Whether the output can be written, before any frame is computed: the folder of a file exists
// and is writable (the rules of core::io::AtomicFile::check), a folder is not a file, and an MP4
// has ffmpeg. Returns the one-line error, or empty.
QString sweepOutputProblem(const QString& path, SweepFormat format);

// The GIF delay of a frame at `fps` frames a second, in hundredths of a second (at least 2:
// browsers slow shorter delays down to 10).
int gifDelayCs(double fps);

class SweepWriter {
public:
    SweepWriter(const QString& path, SweepFormat format, const FigureOptions& options, double fps);
    ~SweepWriter();  // without finish(): nothing is left at the path
    SweepWriter(const SweepWriter&) = delete;
    SweepWriter& operator=(const SweepWriter&) = delete;

    // Adds the next frame (the first opens the output). Returns the error, or empty.
    QString add(const Figure& figure);
    // Completes the output and puts it in place. Returns the error, or empty.
    QString finish();

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

}  // namespace poslab::ui
