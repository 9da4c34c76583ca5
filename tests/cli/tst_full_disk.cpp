// A full disk (issue 14, F2; issue 23, review 2 N15): `export` to .npy, .csv and .json, `render`
// to PNG, SVG and PDF, and a lesson deck to PDF, on a disk with no room for the file exit 2 with
// one line naming the cause ("no space left on the device", not "Unknown error"), leave no file
// (no partial figure, no hidden temporary) and leave an existing file untouched; a deck written
// to a new folder leaves no folder. The disk is a 64 KiB tmpfs mounted by the test, which needs
// root; elsewhere the test is skipped and says why.
#include <sys/mount.h>
#include <unistd.h>
#include <QDir>
#include <QFile>
#include <QtTest>

#include "tests/cli/cli_test_util.h"

using namespace poslab;

class TestFullDisk : public QObject, public test::CliFixture {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(ready());
        if (::geteuid() != 0) QSKIP("mounting a small tmpfs needs root; full-disk cases not run");
        QVERIFY(QDir().mkpath(path("disk")));
        if (::mount("tmpfs", path("disk").toLocal8Bit().constData(), "tmpfs", 0, "size=64k") != 0)
            QSKIP("this machine refuses to mount a tmpfs; full-disk cases not run");
        m_mounted = true;
        // Nearly fill it, so that no figure fits but small files do.
        QFile filler(path("disk/filler"));
        QVERIFY(filler.open(QIODevice::WriteOnly));
        filler.write(QByteArray(40 * 1024, 'x'));
        filler.close();
    }
    void cleanupTestCase() {
        if (m_mounted) ::umount(path("disk").toLocal8Bit().constData());
    }

    void refused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("file");
        const QString lesson =
            qEnvironmentVariable("POSLAB_SOURCE_DIR") + "/resources/lessons/03_rope.json";
        QTest::newRow("png") << QStringList{"render", "rope/scores", "-p", "n=2048"} << "f.png";
        QTest::newRow("svg") << QStringList{"render", "rope/decay"} << "f.svg";
        QTest::newRow("pdf") << QStringList{"render", "rope/angles"} << "f.pdf";
        QTest::newRow("deck pdf") << QStringList{"render", "--lesson", lesson} << "deck.pdf";
        const QStringList scores = {"export", "rope", "scores", "-p", "n=256"};
        QTest::newRow("export npy") << scores << "o.npy";
        QTest::newRow("export csv") << scores << "o.csv";
        QTest::newRow("export json") << scores << "o.json";
    }
    void refused() {
        QFETCH(QStringList, args);
        QFETCH(QString, file);
        const QString target = path("disk/" + file);
        for (bool existing : {false, true}) {
            QFile::remove(target);
            if (existing) {
                QFile old(target);
                QVERIFY(old.open(QIODevice::WriteOnly));
                old.write("old contents");
            }
            const auto r = test::runPoslab(args + QStringList{"-o", target});
            QCOMPARE(r.code, 2);
            QCOMPARE(r.err.count('\n'), 1);
            QVERIFY2(r.err.contains(file.toUtf8()), r.err.constData());
            QVERIFY2(r.err.contains("no space left on the device"), r.err.constData());
            QDir disk(path("disk"));
            const QStringList left = disk.entryList(QDir::Files | QDir::Hidden | QDir::System);
            if (existing) {
                QStringList expected{file, "filler"};
                expected.sort();
                QCOMPARE(left, expected);
                QFile old(target);
                QVERIFY(old.open(QIODevice::ReadOnly));
                QCOMPARE(old.readAll(), QByteArray("old contents"));
                old.close();
                QVERIFY(QFile::remove(target));  // the next row starts from "filler" alone
            } else {
                QCOMPARE(left, QStringList{"filler"});
            }
        }
    }

    // A deck to a folder: the folder (and any parent the run created) goes with its files.
    void deckFolderLeavesNothing_data() {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("format");
        QTest::newRow("new folder, png") << "deckdir"
                                         << "png";
        QTest::newRow("new folder, svg") << "deckdir"
                                         << "svg";
        QTest::newRow("new nested folders") << "a/b/deck"
                                            << "png";
    }
    void deckFolderLeavesNothing() {
        QFETCH(QString, folder);
        QFETCH(QString, format);
        const QString lesson =
            qEnvironmentVariable("POSLAB_SOURCE_DIR") + "/resources/lessons/03_rope.json";
        const auto r = test::runPoslab(
            {"render", "--lesson", lesson, "--format", format, "-o", path("disk/" + folder)});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains("no space left on the device"), r.err.constData());
        QCOMPARE(
            QDir(path("disk"))
                .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot),
            QStringList{"filler"});
    }

private:
    bool m_mounted = false;
};

QTEST_MAIN(TestFullDisk)
#include "tst_full_disk.moc"
