// `poslab render` (issue 5, design.md's command-line contract): --list names every view; a view
// renders to PNG, SVG and PDF without a display, at the asked size and resolution, in Chinese
// with embedded CJK fonts; a lesson becomes a multi-page PDF or a folder of images; every bad
// view, parameter, size, dpi or output exits 2 with one line naming it and leaves no file.
#include <sys/stat.h>
#include <QDir>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>
#include <set>

#include "tests/cli/cli_test_util.h"

namespace {
using poslab::test::Run;

// render must not need a display.
Run runPoslab(const QStringList& args) {
    return poslab::test::runPoslab(args, {{"DISPLAY", ""}, {"QT_QPA_PLATFORM", ""}}, 180000);
}

QString tool(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(60000);
    return QString::fromUtf8(p.readAllStandardOutput());
}
}  // namespace

class TstRender : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    void listNamesEveryView() {
        const Run r = runPoslab({"render", "--list"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        std::set<QString> ids;
        const QRegularExpression line(R"(^([a-z0-9_]+/[a-z0-9_]+)  \S.*$)");
        for (const QString& l : lines) {
            const auto m = line.match(l);
            QVERIFY2(m.hasMatch(), qPrintable(l));
            QVERIFY2(!ids.count(m.captured(1)), qPrintable("duplicate " + l));
            ids.insert(m.captured(1));
        }
        for (const char* id : {"rope/decay", "rope/scores", "sinusoidal/table", "t5/buckets",
                               "alibi/bias", "cnn_padding/response", "oscillatory/families"})
            QVERIFY2(ids.count(id), id);
        // Every listed view renders (spot check the last one, whatever it is).
        const QString last = *std::max_element(ids.begin(), ids.end());
        const Run one = runPoslab({"render", last, "--size", "640x360", "-o", path("last.png")});
        QVERIFY2(one.code == 0, one.err.constData());
    }

    void formats_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("extra");
        QTest::newRow("png 16:9 dpi 200") << "decay.png" << QStringList{"--dpi", "200"};
        QTest::newRow("svg") << "decay.svg" << QStringList{};
        QTest::newRow("pdf zh") << "decay_zh.pdf" << QStringList{"--lang", "zh"};
        QTest::newRow("pdf inches")
            << "decay_in.pdf" << QStringList{"--size", "10x5in", "--dpi", "150"};
        QTest::newRow("png dark 4:3")
            << "decay_dark.png" << QStringList{"--theme", "dark", "--size", "4:3"};
        // A journal column: 89 mm wide at the dpi (issue 13, print presets).
        QTest::newRow("png column")
            << "decay_column.png" << QStringList{"--size", "column", "--dpi", "300"};
    }
    void formats() {
        QFETCH(QString, file);
        QFETCH(QStringList, extra);
        const QString out = path(file);
        const Run r =
            runPoslab(QStringList{"render", "rope/decay", "-p", "base=500000", "-o", out} + extra);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QVERIFY(QFileInfo(out).size() > 1000);
        if (file == "decay.png") {
            const QImage img(out);
            QCOMPARE(img.size(), QSize(1920, 1080));
            QVERIFY(qAbs(img.dotsPerMeterX() - 200 / 0.0254) < 2);
        } else if (file == "decay_dark.png") {
            const QImage img(out);
            QCOMPARE(img.size(), QSize(1600, 1200));
            QVERIFY(QColor(img.pixel(1, 1)).lightness() < 60);
        } else if (file == "decay_column.png") {
            const QImage img(out);
            QCOMPARE(img.size(), QSize(1051, 791));  // 89 x 67 mm at 300 dpi
        } else if (file.endsWith(".svg")) {
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray svg = f.readAll();
            QVERIFY(svg.contains("<svg"));
            QVERIFY(svg.contains("base = 500\u202F000"));  // written for people (U+202F)
        } else {
            const QString fonts = tool("pdffonts", {out});
            QVERIFY2(!fonts.contains("Type 3"), qPrintable(fonts));
            for (const QString& l : fonts.split('\n', Qt::SkipEmptyParts).mid(2))
                QVERIFY2(l.contains(QRegularExpression(R"(TrueType.*\s+yes\s+)")), qPrintable(l));
            const QString info = tool("pdfinfo", {out});
            if (file == "decay_zh.pdf") {
                QVERIFY2(fonts.contains("NotoSansCJKsc"), qPrintable(fonts));
                QVERIFY2(info.contains("960 x 540 pts"),
                         qPrintable(info));  // 1920 x 1080 px at 144 dpi
                QVERIFY(tool("pdftotext", {out, "-"}).contains(QString::fromUtf8("衰减")));
            } else {
                QVERIFY2(info.contains("720 x 360 pts"), qPrintable(info));
            }
        }
    }

    void lessonDeck() {
        const QString lessons = qEnvironmentVariable("POSLAB_SOURCE_DIR") + "/resources/lessons";
        const QStringList files = QDir(lessons).entryList({"*.json"}, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        const QString lesson = QDir(lessons).filePath(files.first());
        QFile f(lesson);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const int steps = static_cast<int>(
            QString::fromUtf8(f.readAll()).count(QRegularExpression("\"caption\"\\s*:")));
        const Run r =
            runPoslab({"render", "--lesson", lesson, "--lang", "zh", "-o", path("deck.pdf")});
        QVERIFY2(r.code == 0, r.err.constData());
        const auto pages =
            QRegularExpression(R"(Pages:\s+(\d+))").match(tool("pdfinfo", {path("deck.pdf")}));
        QVERIFY(pages.hasMatch());
        QCOMPARE(pages.captured(1).toInt(), steps);
        const Run folder =
            runPoslab({"render", "--lesson", lesson, "--size", "960x540", "-o", path("deck_png")});
        QVERIFY2(folder.code == 0, folder.err.constData());
        QCOMPARE(QDir(path("deck_png")).entryList({"step_*.png"}).size(), steps);
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("unknown view") << QStringList{"rope/decya"} << "a.png"
                                      << "unknown view 'rope/decya'";
        QTest::newRow("unknown param") << QStringList{"rope/decay", "-p", "bsae=3"} << "a.png"
                                       << "bsae";
        QTest::newRow("bad value") << QStringList{"rope/decay", "-p", "base=-1"} << "a.pdf"
                                   << "base";
        QTest::newRow("not a number") << QStringList{"rope/decay", "-p", "d=64x"} << "a.svg"
                                      << "'d'";
        QTest::newRow("odd d") << QStringList{"rope/scores", "-p", "d=63"} << "a.png"
                               << "d";
        QTest::newRow("memory") << QStringList{"alibi/bias", "-p", "n=200000"} << "a.png"
                                << "memory";
        QTest::newRow("size syntax") << QStringList{"rope/decay", "--size", "10x"} << "a.png"
                                     << "--size";
        QTest::newRow("size range") << QStringList{"rope/decay", "--size", "50000x100"} << "a.png"
                                    << "--size";
        QTest::newRow("size preset") << QStringList{"rope/decay", "--size", "letter"} << "a.png"
                                     << "two-column";
        QTest::newRow("dpi") << QStringList{"rope/decay", "--dpi", "0"} << "a.png"
                             << "--dpi";
        QTest::newRow("theme") << QStringList{"rope/decay", "--theme", "blue"} << "a.png"
                               << "--theme";
        QTest::newRow("lang") << QStringList{"rope/decay", "--lang", "fr"} << "a.png"
                              << "--lang";
        QTest::newRow("extension") << QStringList{"rope/decay"} << "a.bmp"
                                   << "unknown extension";
        QTest::newRow("no folder") << QStringList{"rope/decay"} << "missing/a.png"
                                   << "does not exist";
        QTest::newRow("unknown option") << QStringList{"rope/decay", "--colour"} << "a.png"
                                        << "--colour";
        QTest::newRow("two views") << QStringList{"rope/decay", "rope/scores"} << "a.png"
                                   << "one VIEW";
        QTest::newRow("bad lesson") << QStringList{"--lesson", "/nonexistent/l.json"} << "d.pdf"
                                    << "l.json";
        QTest::newRow("lesson png") << QStringList{"--lesson", "x.json"} << "d.png"
                                    << ".pdf file or a folder";
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(QString, output);
        QFETCH(QString, fragment);
        const QString out = path(output);
        const Run r = runPoslab(QStringList{"render"} + args + QStringList{"-o", out});
        QCOMPARE(r.code, 2);
        const QString err = QString::fromUtf8(r.err).trimmed();
        QVERIFY2(!err.contains('\n'), qPrintable(err));
        QVERIFY2(err.startsWith("poslab render: ") && err.contains(fragment), qPrintable(err));
        QVERIFY(!QFileInfo::exists(out));
        QVERIFY(r.out.isEmpty());
    }

    // Issue 14 F9: a FIFO, or a link to one, is refused and stays what it was (QSaveFile would
    // rename the figure over it; as root, over a device node).
    void nonRegularTargetRefused() {
        const QString fifo = path("fifo.png"), link = path("link-to-fifo.svg");
        QFile::remove(fifo);
        QFile::remove(link);
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        QVERIFY(QFile::link(fifo, link));
        for (const QString& out : {fifo, link}) {
            const Run r = runPoslab({"render", "rope/decay", "-o", out});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("not a regular file"), r.err.constData());
            struct stat st {};
            QCOMPARE(::stat(fifo.toLocal8Bit().constData(), &st), 0);
            QVERIFY(S_ISFIFO(st.st_mode));
        }
    }
};

QTEST_GUILESS_MAIN(TstRender)
#include "tst_render.moc"
