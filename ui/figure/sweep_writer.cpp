#include "ui/figure/sweep_writer.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QProcess>
#include <QStandardPaths>
#include <QVector>
#include <cmath>
#include <cstdio>

#include "core/io/atomic_file.h"
#include "ui/figure/gif_writer.h"

namespace poslab::ui {

namespace {

QString cannotWrite(const QString& path, const QString& why) {
    return QStringLiteral("cannot write '%1': %2").arg(path, why);
}

QString fromStatus(const core::Status& st) {
    return st ? QString() : QString::fromStdString(st.error().message);
}

QString frameName(const QString& folder, int frame) {
    return QDir(folder).filePath(
        QStringLiteral("frame_%1.png").arg(frame, 4, 10, QLatin1Char('0')));
}

}  // namespace

bool sweepFormatOf(const QString& path, SweepFormat* format) {
    const QString lower = path.toLower();
    if (lower.endsWith(QLatin1String(".gif")))
        *format = SweepFormat::Gif;
    else if (lower.endsWith(QLatin1String(".pdf")))
        *format = SweepFormat::Pdf;
    else if (lower.endsWith(QLatin1String(".mp4")))
        *format = SweepFormat::Mp4;
    else if (path.endsWith(QLatin1Char('/')) || QFileInfo(path).isDir())
        *format = SweepFormat::Folder;
    else
        return false;
    return true;
}

QString ffmpegProgram() {
    return QStandardPaths::findExecutable(QStringLiteral("ffmpeg"));
}

QString sweepOutputProblem(const QString& path, SweepFormat format) {
    if (format == SweepFormat::Mp4 && ffmpegProgram().isEmpty())
        return QStringLiteral(
                   "output '%1': an MP4 needs ffmpeg, which is not installed; "
                   "write OUT.gif (an animated GIF), OUT.pdf (a page per frame) or "
                   "OUT/ (PNG frames) instead")
            .arg(path);
    if (format != SweepFormat::Folder)
        return fromStatus(core::io::AtomicFile::check(path.toStdString()));
    if (auto st = core::io::AtomicFile::checkLink(path.toStdString()); !st) return fromStatus(st);
    const QFileInfo info(path);
    if (info.exists() && !info.isDir())
        return QStringLiteral("output '%1': not a folder").arg(path);
    // The nearest folder that exists must take new files.
    QFileInfo parent = info;
    while (!parent.exists() && parent.absolutePath() != parent.absoluteFilePath())
        parent = QFileInfo(parent.absolutePath());
    if (!parent.isDir() || !parent.isWritable())
        return cannotWrite(
            path, QStringLiteral("the folder '%1' is not writable").arg(parent.absoluteFilePath()));
    return {};
}

int gifDelayCs(double fps) {
    return std::max(2, static_cast<int>(std::lround(100.0 / fps)));
}

struct SweepWriter::Impl {
    QString path;
    SweepFormat format;
    FigureOptions options;
    double fps = 10;
    int frames = 0;
    // GIF
    core::io::AtomicFile file;
    GifWriter gif;
    // PDF
    QByteArray pdfBytes;
    QBuffer pdfBuffer{&pdfBytes};
    std::unique_ptr<QPdfWriter> pdf;
    QPainter painter;
    // Folder
    QVector<QByteArray> pngs;
    // MP4: ffmpeg writes a registered temporary beside the output
    QProcess ffmpeg;
    std::string mp4Temp;
    core::io::TempRegistration mp4Registration;

    QString open(const Figure& first);
    QString addMp4(const QImage& image);
    QString finishMp4();
    QString finishFolder();
    void discardMp4();
};

QString SweepWriter::Impl::open(const Figure& first) {
    switch (format) {
        case SweepFormat::Gif:
            if (auto st = file.open(path.toStdString()); !st) return fromStatus(st);
            if (const QString e = gif.open(file.stream(), options.pixels, gifDelayCs(fps));
                !e.isEmpty())
                return cannotWrite(path, e);
            return {};
        case SweepFormat::Pdf:
            pdfBuffer.open(QIODevice::WriteOnly);
            pdf = std::make_unique<QPdfWriter>(&pdfBuffer);
            setUpPdf(*pdf, options, first.title);
            if (!painter.begin(pdf.get()))
                return cannotWrite(path, QStringLiteral("the PDF could not be started"));
            return {};
        case SweepFormat::Folder:
            return {};
        case SweepFormat::Mp4: {
            const QFileInfo info(path);
            mp4Temp = QDir(info.absolutePath())
                          .filePath(QString::fromStdString(core::io::tempName()))
                          .toStdString();
            mp4Registration.hold(mp4Temp);
            ffmpeg.setProcessChannelMode(QProcess::ForwardedErrorChannel);
            ffmpeg.setStandardOutputFile(QProcess::nullDevice());
            // PNG frames on stdin; even sides for yuv420p; H.264 when the build has it.
            ffmpeg.start(ffmpegProgram(),
                         {"-hide_banner", "-loglevel", "error", "-y", "-f", "image2pipe", "-c:v",
                          "png", "-framerate", QString::number(fps), "-i", "-", "-vf",
                          "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", "-f", "mp4",
                          QString::fromStdString(mp4Temp)});
            if (!ffmpeg.waitForStarted())
                return cannotWrite(path, QStringLiteral("ffmpeg did not start"));
            return {};
        }
    }
    return {};
}

QString SweepWriter::Impl::addMp4(const QImage& image) {
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG"))
        return cannotWrite(path, QStringLiteral("a frame could not be drawn"));
    ffmpeg.write(png);
    while (ffmpeg.bytesToWrite() > 0)
        if (!ffmpeg.waitForBytesWritten(-1))
            return cannotWrite(path,
                               QStringLiteral("ffmpeg stopped: %1").arg(ffmpeg.errorString()));
    return {};
}

QString SweepWriter::Impl::finishMp4() {
    ffmpeg.closeWriteChannel();
    ffmpeg.waitForFinished(-1);
    if (ffmpeg.exitStatus() != QProcess::NormalExit || ffmpeg.exitCode() != 0)
        return cannotWrite(path,
                           QStringLiteral("ffmpeg failed (exit code %1)").arg(ffmpeg.exitCode()));
    if (std::rename(mp4Temp.c_str(), path.toStdString().c_str()) != 0)
        return cannotWrite(path, QString::fromStdString(core::io::AtomicFile::writeError(errno)));
    mp4Registration.release();
    mp4Temp.clear();
    return {};
}

void SweepWriter::Impl::discardMp4() {
    if (ffmpeg.state() != QProcess::NotRunning) {
        ffmpeg.kill();
        ffmpeg.waitForFinished(-1);
    }
    if (!mp4Temp.empty()) std::remove(mp4Temp.c_str());
}

QString SweepWriter::Impl::finishFolder() {
    // What this call creates (the folder, its files) goes again if a file fails (a full disk).
    core::io::OutputFolder folder;
    if (auto st = folder.create(path.toStdString()); !st) return fromStatus(st);
    for (int i = 0; i < pngs.size(); ++i) {
        const QString name =
            QDir(path).filePath(QStringLiteral("frame_%1.png").arg(i + 1, 4, 10, QLatin1Char('0')));
        folder.adding(name.toStdString());
        if (const QString e = saveBytes(name, pngs[i]); !e.isEmpty()) return e;
    }
    folder.keep();
    // The frames after the last of an earlier, longer sweep into the same folder would play on
    // as if they were this one's: they go (only names of this pattern, numbered on from N).
    for (int i = static_cast<int>(pngs.size()) + 1;; ++i) {
        const QString stale = frameName(path, i);
        if (!QFileInfo(stale).isFile() || !QFile::remove(stale)) break;
    }
    return {};
}

SweepWriter::SweepWriter(const QString& path, SweepFormat format, const FigureOptions& options,
                         double fps)
    : d(std::make_unique<Impl>()) {
    d->path = path;
    d->format = format;
    d->options = options;
    d->fps = fps;
}

SweepWriter::~SweepWriter() {
    if (d->painter.isActive()) d->painter.end();
    if (d->format == SweepFormat::Mp4) d->discardMp4();  // a no-op once renamed
    // The GIF's AtomicFile removes its temporary when never committed.
}

QString SweepWriter::add(const Figure& figure) {
    try {
        if (d->frames == 0)
            if (const QString e = d->open(figure); !e.isEmpty()) return e;
        ++d->frames;
        switch (d->format) {
            case SweepFormat::Gif:
                if (const QString e = d->gif.add(figureImage(figure, d->options)); !e.isEmpty())
                    return cannotWrite(d->path, e);
                return {};
            case SweepFormat::Pdf:
                if (d->frames > 1 && !d->pdf->newPage())
                    return cannotWrite(d->path, QStringLiteral("a page could not be added"));
                d->painter.setRenderHint(QPainter::Antialiasing, true);
                paintFigure(d->painter, pdfArea(*d->pdf), figure, d->options);
                return {};
            case SweepFormat::Folder: {
                QByteArray png;
                QBuffer buffer(&png);
                buffer.open(QIODevice::WriteOnly);
                if (!figureImage(figure, d->options).save(&buffer, "PNG"))
                    return cannotWrite(d->path, QStringLiteral("a frame could not be drawn"));
                d->pngs.push_back(std::move(png));
                return {};
            }
            case SweepFormat::Mp4:
                return d->addMp4(figureImage(figure, d->options));
        }
    } catch (const std::bad_alloc&) {
        return cannotWrite(d->path, QStringLiteral("out of memory while drawing a frame"));
    }
    return {};
}

QString SweepWriter::finish() {
    if (d->frames == 0) return QStringLiteral("the sweep has no frames");
    switch (d->format) {
        case SweepFormat::Gif:
            if (const QString e = d->gif.close(); !e.isEmpty()) return cannotWrite(d->path, e);
            return fromStatus(d->file.commit());
        case SweepFormat::Pdf:
            if (!d->painter.end())
                return cannotWrite(d->path, QStringLiteral("the PDF could not be drawn"));
            d->pdf.reset();
            return saveBytes(d->path, d->pdfBytes);
        case SweepFormat::Folder:
            return d->finishFolder();
        case SweepFormat::Mp4:
            return d->finishMp4();
    }
    return {};
}

}  // namespace poslab::ui
