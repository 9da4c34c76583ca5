// `poslab render VIEW --sweep KEY=FROM:TO --frames N -o OUT` (issue 25, item 10): an animated GIF
// that giflib decodes to N frames of the figure's size, looping (NETSCAPE2.0) at the --fps delay,
// whose first and last frames differ when the swept value changes the figure; a folder of N
// PNGs; a PDF of N pages whose footers show the swept values; and every bad sweep refused with
// exit 2, one line and no file left.
#include <gif_lib.h>
#include <signal.h>

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QtTest>

#include "tests/cli/cli_test_util.h"

namespace {
using poslab::test::Run;

Run runPoslab(const QStringList& args, const QList<QPair<QString, QString>>& env = {}) {
    QList<QPair<QString, QString>> all{{"DISPLAY", ""}, {"QT_QPA_PLATFORM", ""}};
    return poslab::test::runPoslab(args, all + env, 300000);
}

QString tool(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(60000);
    return QString::fromUtf8(p.readAllStandardOutput());
}

// A decoded GIF frame as RGB, through its own (or the global) palette.
QImage frameImage(const GifFileType* gif, int index) {
    const SavedImage& s = gif->SavedImages[index];
    const ColorMapObject* map = s.ImageDesc.ColorMap ? s.ImageDesc.ColorMap : gif->SColorMap;
    QImage img(s.ImageDesc.Width, s.ImageDesc.Height, QImage::Format_RGB32);
    if (!map) return {};
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const GifColorType c = map->Colors[s.RasterBits[y * img.width() + x]];
            img.setPixel(x, y, qRgb(c.Red, c.Green, c.Blue));
        }
    return img;
}

bool hasLoopExtension(const GifFileType* gif) {
    const SavedImage& first = gif->SavedImages[0];
    for (int i = 0; i + 1 < first.ExtensionBlockCount; ++i) {
        const ExtensionBlock& b = first.ExtensionBlocks[i];
        const ExtensionBlock& next = first.ExtensionBlocks[i + 1];
        if (b.Function == APPLICATION_EXT_FUNC_CODE && b.ByteCount == 11 &&
            QByteArray(reinterpret_cast<const char*>(b.Bytes), 11) == "NETSCAPE2.0" &&
            next.ByteCount == 3 && next.Bytes[0] == 1 && next.Bytes[1] == 0 && next.Bytes[2] == 0)
            return true;
    }
    return false;
}

}  // namespace

class TstRenderSweep : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    void gif_data() {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("frames");
        QTest::addColumn<int>("delayCs");
        QTest::newRow("base, log, 10 fps") << QStringList{} << 5 << 10;
        QTest::newRow("two frames, 25 fps, dark")
            << QStringList{"--fps", "25", "--theme", "dark"} << 2 << 4;
    }
    void gif() {
        QFETCH(QStringList, extra);
        QFETCH(int, frames);
        QFETCH(int, delayCs);
        const QString out = path(QStringLiteral("sweep_%1.gif").arg(frames));
        const Run r = runPoslab(QStringList{"render", "rope/decay", "--sweep", "base=10000:500000",
                                            "--frames", QString::number(frames), "--size",
                                            "480x270", "-o", out} +
                                extra);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());  // no progress bar: stderr is no terminal
        int error = 0;
        GifFileType* gif = DGifOpenFileName(out.toLocal8Bit().constData(), &error);
        QVERIFY2(gif, GifErrorString(error));
        const auto closer = qScopeGuard([gif] { DGifCloseFile(gif, nullptr); });
        QCOMPARE(DGifSlurp(gif), GIF_OK);
        QCOMPARE(gif->ImageCount, frames);
        QCOMPARE(QSize(gif->SWidth, gif->SHeight), QSize(480, 270));
        for (int i = 0; i < frames; ++i) {
            QCOMPARE(
                QSize(gif->SavedImages[i].ImageDesc.Width, gif->SavedImages[i].ImageDesc.Height),
                QSize(480, 270));
            GraphicsControlBlock gcb;
            QCOMPARE(DGifSavedExtensionToGCB(gif, i, &gcb), GIF_OK);
            QCOMPARE(gcb.DelayTime, delayCs);
        }
        QVERIFY(hasLoopExtension(gif));
        const QImage first = frameImage(gif, 0), last = frameImage(gif, frames - 1);
        QVERIFY(!first.isNull());
        QVERIFY2(first != last, "the first and last frames are the same picture");
        // To look at the decoded frames: POSLAB_SHOT_DIR=/tmp/shots.
        if (const QString shots = qEnvironmentVariable("POSLAB_SHOT_DIR"); !shots.isEmpty()) {
            first.save(QDir(shots).filePath(QStringLiteral("sweep_%1_first.png").arg(frames)));
            last.save(QDir(shots).filePath(QStringLiteral("sweep_%1_last.png").arg(frames)));
        }
        // The palette keeps a light figure's white background exact.
        if (!extra.contains("dark")) QCOMPARE(first.pixel(1, 1), qRgb(255, 255, 255));
    }

    void folderOfPngs() {
        const QString out = path("frames") + "/";
        const Run r = runPoslab({"render", "rope/decay", "--sweep", "max_distance=100:4000:linear",
                                 "--frames", "4", "--size", "400x300", "-o", out});
        QVERIFY2(r.code == 0, r.err.constData());
        const QStringList files = QDir(out).entryList(QDir::Files, QDir::Name);
        QCOMPARE(files, (QStringList{"frame_0001.png", "frame_0002.png", "frame_0003.png",
                                     "frame_0004.png"}));
        // Again with fewer frames: the folder holds this sweep only.
        const Run again = runPoslab({"render", "rope/decay", "--sweep", "base=1e4:1e5", "--frames",
                                     "2", "--size", "400x300", "-o", out});
        QVERIFY2(again.code == 0, again.err.constData());
        QCOMPARE(QDir(out).entryList(QDir::Files, QDir::Name),
                 (QStringList{"frame_0001.png", "frame_0002.png"}));
        for (const QString& f : files.mid(0, 2))
            QCOMPARE(QImage(QDir(out).filePath(f)).size(), QSize(400, 300));
    }

    void pdfPages() {
        const QString out = path("sweep.pdf");
        const Run r = runPoslab({"render", "rope/decay", "--sweep", "d=16:128", "--frames", "3",
                                 "-p", "base=500000", "--size", "800x450", "-o", out});
        QVERIFY2(r.code == 0, r.err.constData());
        const auto pages = QRegularExpression(R"(Pages:\s+(\d+))").match(tool("pdfinfo", {out}));
        QVERIFY(pages.hasMatch());
        QCOMPARE(pages.captured(1).toInt(), 3);
        // Each page's footer shows its own d (linear: 16, 72, 128) and the -p base on all.
        // (pdftotext writes the thin space of "500 000" as a space.)
        const QStringList text =
            tool("pdftotext", {out, "-"}).replace(QChar(0x202F), ' ').split('\f');
        QVERIFY(text.size() >= 3);
        const QStringList ds{"d = 16", "d = 72", "d = 128"};
        for (int i = 0; i < 3; ++i) {
            QVERIFY2(text[i].contains(ds[i]), qPrintable(text[i]));
            QVERIFY2(text[i].contains("base = 500 000"), qPrintable(text[i]));
        }
    }

    // MP4: the PNG frames go to ffmpeg on PATH. A stand-in ffmpeg (a script that counts the
    // PNGs it is piped and writes its last argument) shows what poslab hands it, whether or not
    // the real one is installed; with none on PATH the refusal is one line (refused_data).
    void mp4ThroughFfmpeg() {
        const QString bin = path("fakebin");
        QVERIFY(QDir().mkpath(bin));
        QFile script(bin + "/ffmpeg");
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(
            "#!/bin/sh\n"
            "for a; do out=$a; done\n"
            "n=$(cat | grep -c -a 'IHDR')\n"
            "printf 'frames %s\\n' \"$n\" > \"$out\"\n");
        script.close();
        script.setPermissions(script.permissions() | QFileDevice::ExeOwner);
        const QString out = path("sweep.mp4");
        const Run r = runPoslab({"render", "rope/decay", "--sweep", "base=1e4:1e5", "--frames", "3",
                                 "--size", "400x300", "-o", out},
                                {{"PATH", bin + ":" + qEnvironmentVariable("PATH")}});
        QVERIFY2(r.code == 0, r.err.constData());
        QFile written(out);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll().trimmed(), QByteArray("frames 3"));
    }

    // The frames share one y axis: every page of a base sweep of the decay view has the same
    // tick labels (each frame scaled to itself went 0-140 in one and -50-150 in another).
    void framesShareTheYAxis() {
        const QString out = path("axis.pdf");
        const Run r = runPoslab({"render", "rope/decay", "--sweep", "base=100:1000000", "--frames",
                                 "4", "--size", "800x450", "-o", out});
        QVERIFY2(r.code == 0, r.err.constData());
        const QStringList pages = tool("pdftotext", {"-layout", out, "-"}).split('\f');
        QVERIFY(pages.size() >= 4);
        // The numbers at the start of a line: the y axis' tick labels.
        const QRegularExpression tick(R"(^\s*(−?[\d ]+)\s*$|^\s*(−?[\d ]+)\s{2,})");
        QList<QStringList> ticks;
        for (int i = 0; i < 4; ++i) {
            QStringList t;
            for (const QString& line : pages[i].split('\n'))
                if (const auto m = tick.match(line); m.hasMatch())
                    t << (m.captured(1) + m.captured(2)).simplified();
            QVERIFY2(t.size() >= 3, qPrintable(pages[i]));
            ticks << t;
        }
        for (int i = 1; i < 4; ++i) QCOMPARE(ticks[i], ticks[0]);
    }

    void helpListsTheSweep() {
        const Run r = runPoslab({"render", "--help"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("--sweep KEY=FROM:TO[:log|:linear]"));
    }

    // A sweep interrupted half way (Ctrl+C) leaves nothing: not the GIF, not its temporary.
    void interruptedLeavesNothing_data() {
        QTest::addColumn<QString>("output");
        QTest::newRow("gif") << "i.gif";
        QTest::newRow("folder") << "i_frames/";
        QTest::newRow("pdf") << "i.pdf";
    }
    void interruptedLeavesNothing() {
        QFETCH(QString, output);
        const QString dir = path("interrupted_" + QString(QTest::currentDataTag()));
        QVERIFY(QDir().mkpath(dir));
        QProcess p;
        p.setProcessEnvironment(poslab::test::environmentWith({{"QT_QPA_PLATFORM", "offscreen"}}));
        p.start(qEnvironmentVariable("POSLAB_BIN"),
                {"render", "rope/decay", "--sweep", "base=1e4:1e6", "--frames", "600", "-o",
                 QDir(dir).filePath(output)});
        QVERIFY(p.waitForStarted());
        QTest::qWait(1500);  // some frames in, far from 600 at 1920 x 1080
        QCOMPARE(p.state(), QProcess::Running);
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);  // ended by the signal, as asked
        QVERIFY2(
            QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty(),
            qPrintable(QDir(dir).entryList(QDir::AllEntries | QDir::Hidden).join(", ")));
    }

    void refused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("says");
        auto row = [](const char* name, QStringList args, const QString& output, const char* says) {
            QTest::newRow(name) << args << output << QString::fromUtf8(says);
        };
        row("unknown key", {"--sweep", "nope=1:2"}, "a.gif", "sweep of 'nope': no such parameter");
        row("from out of range", {"--sweep", "base=0.5:100"}, "b.gif", "parameter 'base' = 0.5");
        row("to out of range", {"--sweep", "max_distance=16:99999999999999"}, "c.gif",
            "parameter 'max_distance' = 99999999999999");
        row("one frame", {"--sweep", "base=1e4:1e5", "--frames", "1"}, "d.gif",
            "option '--frames' = 1");
        row("too many frames", {"--sweep", "base=1e4:1e5", "--frames", "601"}, "e.gif",
            "option '--frames' = 601");
        row("mode word", {"--sweep", "base=1e4:1e5:cubic"}, "f.gif", "unknown mode 'cubic'");
        row("not a number", {"--sweep", "pairing=1:2"}, "g.gif", "not a number (enum)");
        row("-p and --sweep", {"-p", "base=7", "--sweep", "base=1e4:1e5"}, "h.gif",
            "also given by -p base=7");
        row("frames without sweep", {"--frames", "5"}, "i.png", "--frames and --fps go with");
        row("bad fps", {"--sweep", "base=1e4:1e5", "--fps", "0"}, "j.gif", "option '--fps' = 0");
        row("png", {"--sweep", "base=1e4:1e5"}, "k.png", "a sweep writes OUT.gif");
        row("unwritable", {"--sweep", "base=1e4:1e5"}, "missing/dir/l.gif", "l.gif");
        row("mp4 without ffmpeg", {"--sweep", "base=1e4:1e5"}, "m.mp4",
            "ffmpeg, which is not installed; write OUT.gif");
    }
    void refused() {
        QFETCH(QStringList, args);
        QFETCH(QString, output);
        QFETCH(QString, says);
        const QString dir = path("refused");
        QVERIFY(QDir().mkpath(dir));
        const QString out = QDir(dir).filePath(output);
        // No ffmpeg on this PATH (the other refusals come before any program is looked for).
        const Run r = runPoslab(QStringList{"render", "rope/decay"} + args + QStringList{"-o", out},
                                {{"PATH", "/nonexistent"}});
        QCOMPARE(r.code, 2);
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(says), qPrintable(err));
        QCOMPARE(err.count('\n'), 1);
        QVERIFY2(
            QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty(),
            qPrintable(QDir(dir).entryList(QDir::AllEntries | QDir::Hidden).join(", ")));
    }
};

QTEST_GUILESS_MAIN(TstRenderSweep)
#include "tst_render_sweep.moc"
