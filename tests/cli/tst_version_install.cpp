// Installable like a desktop program (issue 14): `poslab --version` prints the version of the
// top-level project(), `--help` names every command, both whatever the environment holds; and
// `cmake --install` of this build puts exactly the binary, the .desktop file, the hicolor icons
// (SVG and every PNG size, each of its size), the AppStream metainfo and the man page in the
// GNUInstallDirs places, consistent with each other, and the installed binary runs from
// elsewhere (the resources and translations it needs are inside it).
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include "tests/cli/cli_test_util.h"

namespace {
using poslab::test::Run;

const QString kAppId = QStringLiteral("org.poslab.PosLab");
const QList<int> kIconSizes = {16, 24, 32, 48, 64, 128, 256, 512};

// The VERSION of project() in the top-level CMakeLists.txt, read independently of the build.
QString projectVersion() {
    QFile f(qEnvironmentVariable("POSLAB_SOURCE_DIR") + "/CMakeLists.txt");
    if (!f.open(QIODevice::ReadOnly)) return {};
    const auto m = QRegularExpression(R"(project\(\s*PosLab\s+VERSION\s+([0-9.]+))")
                       .match(QString::fromUtf8(f.readAll()));
    return m.hasMatch() ? m.captured(1) : QString();
}

QString readText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

struct Proc {
    int code = -1;
    QString out;
};

Proc run(const QString& program, const QStringList& args, const QString& cwd = {}) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    if (!cwd.isEmpty()) p.setWorkingDirectory(cwd);
    p.start(program, args);
    if (!p.waitForFinished(120000)) return {-1, p.errorString()};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAll())};
}

// The build folder of the binary CTest names (BUILD/bin/poslab) and the cmake that made it.
QString buildDir() {
    QDir d = QFileInfo(qEnvironmentVariable("POSLAB_BIN")).absoluteDir();
    d.cdUp();
    return QFileInfo::exists(d.filePath("CMakeCache.txt")) ? d.path() : QString();
}

QString cmakeOf(const QString& build) {
    const auto m =
        QRegularExpression(R"(^CMAKE_COMMAND:INTERNAL=(.*)$)", QRegularExpression::MultilineOption)
            .match(readText(build + "/CMakeCache.txt"));
    return m.hasMatch() ? m.captured(1).trimmed() : QString();
}

// Every file under root, relative to it.
QSet<QString> filesUnder(const QString& root) {
    QSet<QString> out;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) out.insert(QDir(root).relativeFilePath(it.next()));
    return out;
}

QString desktopValue(const QString& desktop, const QString& key) {
    const auto m = QRegularExpression("^" + QRegularExpression::escape(key) + "=(.*)$",
                                      QRegularExpression::MultilineOption)
                       .match(desktop);
    return m.hasMatch() ? m.captured(1) : QString();
}
}  // namespace

class TstVersionInstall : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary");
        QVERIFY2(!projectVersion().isEmpty(), "no project(PosLab VERSION ...) in CMakeLists.txt");
    }

    void version_data() {
        QTest::addColumn<QString>("budget");
        QTest::newRow("plain") << QString();
        // A broken environment refuses commands, never --version.
        QTest::newRow("bad POSLAB_MEMORY_BUDGET") << QStringLiteral("lots");
    }
    void version() {
        QFETCH(QString, budget);
        const Run r = poslab::test::runPoslab({"--version"}, {{"POSLAB_MEMORY_BUDGET", budget}});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QCOMPARE(QString::fromUtf8(r.out), "poslab " + projectVersion() + "\n");
        const QRegularExpression semver(R"(^\d+\.\d+\.\d+$)");
        QVERIFY(semver.match(projectVersion()).hasMatch());
    }

    void versionTakesNoArguments() {
        const Run r = poslab::test::runPoslab({"--version", "--json"});
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        const QByteArray err = r.err.trimmed();
        QVERIFY2(err.contains("--json") && !err.contains('\n'), err.constData());
    }

    void help_data() {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("budget");
        QTest::newRow("--help") << "--help" << QString();
        QTest::newRow("-h") << "-h" << QString();
        QTest::newRow("help") << "help" << QString();
        QTest::newRow("--help, bad budget") << "--help" << QStringLiteral("inf");
    }
    void help() {
        QFETCH(QString, option);
        QFETCH(QString, budget);
        const Run r = poslab::test::runPoslab({option}, {{"POSLAB_MEMORY_BUDGET", budget}});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.contains("usage:"));
        for (const char* command :
             {"list", "export", "render", "bench", "model", "--help", "--version"})
            QVERIFY2(out.contains(QStringLiteral("  poslab ") + command), command);
    }

    void installPutsEveryFileInItsPlace() {
        const QString build = buildDir();
        QVERIFY2(!build.isEmpty(), "no CMakeCache.txt next to the binary CTest names");
        const QString cmake = cmakeOf(build);
        QVERIFY2(QFileInfo(cmake).isExecutable(), qPrintable("no CMAKE_COMMAND in " + build));
        const QString prefix = path("prefix");
        const Proc install = run(cmake, {"--install", build, "--prefix", prefix});
        QVERIFY2(install.code == 0, qPrintable(install.out));

        QSet<QString> expected = {
            "bin/poslab",
            "share/applications/" + kAppId + ".desktop",
            "share/metainfo/" + kAppId + ".metainfo.xml",
            "share/icons/hicolor/scalable/apps/" + kAppId + ".svg",
            "share/man/man1/poslab.1.gz",
        };
        for (int size : kIconSizes)
            expected.insert(QStringLiteral("share/icons/hicolor/%1x%1/apps/").arg(size) + kAppId +
                            ".png");
        const QSet<QString> installed = filesUnder(prefix);
        for (const QString& f : expected)
            QVERIFY2(installed.contains(f), qPrintable(f + " is not installed"));
        for (const QString& f : installed)
            QVERIFY2(expected.contains(f), qPrintable(f + " is installed but not expected"));
        QVERIFY(QFileInfo(prefix + "/bin/poslab").isExecutable());

        for (int size : kIconSizes) {
            const QImage icon(QStringLiteral("%1/share/icons/hicolor/%2x%2/apps/%3.png")
                                  .arg(prefix)
                                  .arg(size)
                                  .arg(kAppId));
            QCOMPARE(icon.size(), QSize(size, size));
            QVERIFY(icon.hasAlphaChannel());
            // Transparent corner (the tile is rounded), opaque centre.
            QCOMPARE(qAlpha(icon.pixel(0, 0)), 0);
            QCOMPARE(qAlpha(icon.pixel(size / 2, size / 2)), 255);
        }
        QFile man(prefix + "/share/man/man1/poslab.1.gz");
        QVERIFY(man.open(QIODevice::ReadOnly));
        QCOMPARE(man.read(2), QByteArray("\x1f\x8b"));  // gzip
    }

    void installedFilesAgree() {
        const QString prefix = path("prefix");
        const QString desktop = readText(prefix + "/share/applications/" + kAppId + ".desktop");
        QVERIFY2(!desktop.isEmpty(), "run installPutsEveryFileInItsPlace first");
        QCOMPARE(desktopValue(desktop, "Exec"), QStringLiteral("poslab"));
        QCOMPARE(desktopValue(desktop, "Icon"), kAppId);
        QVERIFY(!desktopValue(desktop, "Name[zh_CN]").isEmpty());
        QVERIFY(!desktopValue(desktop, "Comment[zh_CN]").isEmpty());
        QVERIFY(desktopValue(desktop, "Categories").split(';').contains("Science"));

        const QString meta = readText(prefix + "/share/metainfo/" + kAppId + ".metainfo.xml");
        QVERIFY(meta.contains("<id>" + kAppId + "</id>"));
        QVERIFY(meta.contains("<launchable type=\"desktop-id\">" + kAppId + ".desktop<"));
        QVERIFY(meta.contains("<binary>poslab</binary>"));
        QVERIFY(meta.contains("<release version=\"" + projectVersion() + '"'));
        QVERIFY(meta.contains("<summary xml:lang=\"zh_CN\">"));
        QVERIFY(!meta.contains('@'));  // every @VAR@ configured

        // The installed tree as a software centre reads it (the desktop file the metainfo
        // launches, the icon): a missing validator fails, scripts/setup installs appstream.
        const Proc tree = run("appstreamcli", {"validate-tree", "--no-net", prefix});
        QVERIFY2(tree.code == 0, qPrintable("appstreamcli validate-tree: " + tree.out));
        const QRegularExpression notes(R"((^|\n)[EWI]: )");
        QVERIFY2(!notes.match(tree.out).hasMatch(), qPrintable(tree.out));
    }

    void installedBinaryRunsFromElsewhere() {
        const QString prefix = path("prefix");
        const QString bin = prefix + "/bin/poslab";
        QVERIFY2(QFileInfo(bin).isExecutable(), "run installPutsEveryFileInItsPlace first");
        QVERIFY(QDir().mkpath(path("elsewhere")));
        const QString cwd = path("elsewhere");

        const Proc version = run(bin, {"--version"}, cwd);
        QCOMPARE(version.code, 0);
        QCOMPARE(version.out, "poslab " + projectVersion() + "\n");
        // The model presets and the view catalogue are resources inside the binary.
        const Proc models = run(bin, {"model", "--list"}, cwd);
        QVERIFY2(models.code == 0, qPrintable(models.out));
        QVERIFY(models.out.count('\n') >= 3);
        const Proc render = run(bin, {"render", "rope/decay", "--lang", "zh", "-o", "x.pdf"}, cwd);
        QVERIFY2(render.code == 0, qPrintable(render.out));
        QFile pdf(cwd + "/x.pdf");
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.size() > 1000);
        QCOMPARE(pdf.read(5), QByteArray("%PDF-"));
    }
};

QTEST_GUILESS_MAIN(TstVersionInstall)
#include "tst_version_install.moc"
