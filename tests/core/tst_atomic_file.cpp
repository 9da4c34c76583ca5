// core/io's writer (issue 23): which names are PosLab's temporaries (only those are ever removed
// as stale), what a failed deck folder leaves (nothing it created), and the causes of failed
// writes in words.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <cerrno>

#include "core/io/atomic_file.h"
#include "core/io/temp_registry.h"

using namespace poslab::core::io;

class TstAtomicFile : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }
    QStringList entries(const QString& dir) const {
        return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System |
                                   QDir::NoDotAndDotDot);
    }

private slots:
    void tempNames_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("ours");
        QTest::addColumn<int>("pid");
        QTest::newRow("ours") << ".poslab-1234-00c0ffee.tmp" << true << 1234;
        QTest::newRow("the old decimal form") << ".poslab-25438-1234567.tmp" << true << 25438;
        QTest::newRow("no random part") << ".poslab-1234-.tmp" << false << 0;
        QTest::newRow("no pid") << ".poslab--abc.tmp" << false << 0;
        QTest::newRow("pid 0") << ".poslab-0-abc.tmp" << false << 0;
        QTest::newRow("words") << ".poslab-notes-abc.tmp" << false << 0;
        QTest::newRow("not hex") << ".poslab-12-xyz.tmp" << false << 0;
        QTest::newRow("other suffix") << ".poslab-12-abc.tmp~" << false << 0;
        QTest::newRow("not hidden") << "poslab-12-abc.tmp" << false << 0;
        QTest::newRow("a path") << ".poslab-12-a/b.tmp" << false << 0;
        QTest::newRow("pid too long") << ".poslab-123456789012-abc.tmp" << false << 0;
    }
    void tempNames() {
        QFETCH(QString, name);
        QFETCH(bool, ours);
        QFETCH(int, pid);
        long got = 0;
        QCOMPARE(isTempName(name.toStdString(), &got), ours);
        if (ours) QCOMPARE(got, long(pid));
    }

    void ownNameIsATempName() {
        long pid = 0;
        QVERIFY(isTempName(tempName(), &pid));
        QCOMPARE(pid, long(::getpid()));
    }

    // Committed: the file, nothing else. Discarded (or destroyed): nothing.
    void commitOrNothing() {
        const QString dir = path("commit");
        QVERIFY(QDir().mkpath(dir));
        {
            AtomicFile f;
            QVERIFY(f.open((dir + "/gone.txt").toStdString()));
            f.stream() << "never committed";
        }
        {
            AtomicFile f;
            QVERIFY(f.open((dir + "/kept.txt").toStdString()));
            f.stream() << "committed";
            QVERIFY(f.commit());
        }
        QCOMPARE(entries(dir), QStringList{"kept.txt"});
    }

    // A deck folder that fails goes with what this run created; what was there stays.
    void outputFolder() {
        const QString base = path("decks");
        QVERIFY(QDir().mkpath(base + "/old"));
        QFile old(base + "/old/step_01.png");
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.close();
        for (const QString& folder : {base + "/new/a/b", base + "/old"}) {
            OutputFolder out;
            QVERIFY(out.create(folder.toStdString()));
            QVERIFY(QFileInfo(folder).isDir());
            for (const char* name : {"/step_01.png", "/step_02.png"}) {
                out.adding((folder + name).toStdString());
                QFile f(folder + name);
                QVERIFY(f.open(QIODevice::WriteOnly));
            }
        }  // not kept
        QCOMPARE(entries(base), QStringList{"old"});
        QCOMPARE(entries(base + "/old"), QStringList{"step_01.png"});
        {
            OutputFolder out;
            QVERIFY(out.create((base + "/kept").toStdString()));
            out.keep();
        }
        QVERIFY(QFileInfo(base + "/kept").isDir());
        QFile file(base + "/file");
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        OutputFolder notAFolder;
        const auto st = notAFolder.create((base + "/file/x").toStdString());
        QVERIFY(!st);
        QVERIFY2(st.error().message.find("is not a folder") != std::string::npos,
                 st.error().message.c_str());
    }

    void writeErrorsInWords() {
        QCOMPARE(AtomicFile::writeError(ENOSPC), std::string("no space left on the device"));
        QVERIFY(AtomicFile::writeError(EFBIG).find("file too large for the limit") == 0);
        QCOMPARE(AtomicFile::writeError(EDQUOT), std::string("disk quota exceeded"));
    }
};

QTEST_GUILESS_MAIN(TstAtomicFile)
#include "tst_atomic_file.moc"
