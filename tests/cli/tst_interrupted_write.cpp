// Interrupted and failing writes leave nothing (issue 23 item 4, review 2 N6 and N13): a signal
// during the write phase of a large export removes its temporary and ends the process by that
// signal, the old file intact; a write past `ulimit -f` fails with one line and exit 2 (export
// and render); a temporary left by a killed run (SIGKILL cannot be handled) is removed by the next
// export into its folder, while a running process's is kept; an allocation the system refuses
// under `prlimit --as` is one line and exit 2, not an abort.
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QThread>
#include <QtTest>

#include "tests/cli/child_process.h"
#include "tests/cli/cli_test_util.h"
#include "tests/common/sanitizer.h"

using namespace poslab;

namespace {

QStringList temporaries(const QString& dir) {
    return QDir(dir).entryList(QStringList{".poslab-*"}, QDir::Files | QDir::Hidden | QDir::System);
}

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

bool put(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

}  // namespace

class TstInterruptedWrite : public QObject, public test::CliFixture {
    Q_OBJECT

    // A fresh folder for one case, holding `out` with old contents when given.
    QString caseFolder(const QString& name) {
        const QString dir = path(name);
        QDir(dir).removeRecursively();
        QDir().mkpath(dir);
        return dir;
    }

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    void signalDuringWrite_data() {
        QTest::addColumn<int>("sig");
        QTest::newRow("SIGINT") << int(SIGINT);
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGHUP") << int(SIGHUP);
        QTest::newRow("SIGQUIT") << int(SIGQUIT);
        QTest::newRow("SIGPIPE") << int(SIGPIPE);
        QTest::newRow("SIGXFSZ sent by another process") << int(SIGXFSZ);
    }
    // The temporary appears once the table is computed; the signal comes as soon as it is seen,
    // while ~150 MB of text are being written (a write phase of a second or more).
    void signalDuringWrite() {
        QFETCH(int, sig);
        const QString dir = caseFolder(QStringLiteral("sig%1").arg(sig));
        const QString out = dir + "/out.csv";
        QVERIFY(put(out, "old contents"));
        test::Child child(
            {"export", "sinusoidal", "table", "-p", "n=131072", "-p", "d=64", "-o", out},
            path(QStringLiteral("sig%1.err").arg(sig)));
        QVERIFY(child.pid() > 0);
        bool seen = false;
        for (int i = 0; i < 120000 && !seen; ++i) {  // at most ~2 minutes on a loaded machine
            if (!temporaries(dir).isEmpty()) {
                seen = true;
                QCOMPARE(::kill(child.pid(), sig), 0);
            } else if (child.ended()) {
                break;
            } else {
                QThread::usleep(500);
            }
        }
        const test::ChildExit e = child.wait();
        QVERIFY2(seen, ("no temporary appeared; the export ended: " + e.err).constData());
        QVERIFY2(e.signaled && e.signal == sig,
                 qPrintable(QStringLiteral("ended by signal %1, exit %2: %3")
                                .arg(e.signal)
                                .arg(e.code)
                                .arg(QString::fromUtf8(e.err))));
        QCOMPARE(temporaries(dir), QStringList());
        QCOMPARE(contents(out), QByteArray("old contents"));
    }

    // `ulimit -f` (RLIMIT_FSIZE, in KiB for bash): the write fails with EFBIG instead of the
    // process dying of SIGXFSZ; one line names the limit, nothing is left, the old file stays.
    void fileSizeLimit_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("kib");
        QTest::newRow("export .npy (32 MB)")
            << QStringList{"export", "rope", "scores", "-p", "n=2000"} << "out.npy" << 1024;
        QTest::newRow("export .csv")
            << QStringList{"export", "rope", "scores", "-p", "n=2000"} << "out.csv" << 1024;
        QTest::newRow("render .png") << QStringList{"render", "rope/scores"} << "f.png" << 8;
        QTest::newRow("render .svg") << QStringList{"render", "rope/decay"} << "f.svg" << 8;
    }
    void fileSizeLimit() {
        QFETCH(QStringList, args);
        QFETCH(QString, file);
        QFETCH(int, kib);
        const QString dir = caseFolder("fsize");
        const QString out = dir + "/" + file;
        QVERIFY(put(out, "old contents"));
        const QStringList shell = {"-c",
                                   QStringLiteral("ulimit -f %1; exec \"$0\" \"$@\"").arg(kib),
                                   qEnvironmentVariable("POSLAB_BIN")};
        test::Child child(shell + args + QStringList{"-o", out}, path("fsize.err"), "/bin/bash");
        const test::ChildExit e = child.wait();
        QVERIFY2(!e.signaled, qPrintable(QStringLiteral("killed by signal %1").arg(e.signal)));
        QCOMPARE(e.code, 2);
        QCOMPARE(e.err.count('\n'), 1);
        QVERIFY2(e.err.contains("file too large for the limit"), e.err.constData());
        QCOMPARE(temporaries(dir), QStringList());
        QCOMPARE(contents(out), QByteArray("old contents"));
    }

    // SIGKILL leaves its temporary; the next export into that folder removes it, and only it: a
    // live process's temporary (this test's own pid) and names of other patterns stay.
    void staleTemporaries() {
        const QString dir = caseFolder("stale");
        const pid_t dead = ::fork();
        if (dead == 0) ::_exit(0);
        QVERIFY(dead > 0);
        int status = 0;
        QCOMPARE(::waitpid(dead, &status, 0), dead);  // reaped: kill(dead, 0) fails with ESRCH
        const QString stale = QStringLiteral(".poslab-%1-00c0ffee.tmp").arg(dead);
        const QString live = QStringLiteral(".poslab-%1-00c0ffee.tmp").arg(::getpid());
        const QStringList others = {QStringLiteral(".poslab-%1-notes.tmp").arg(dead),
                                    QStringLiteral(".poslab-%1.tmp").arg(dead), "keep.tmp"};
        for (const QString& name : QStringList{stale, live} + others)
            QVERIFY(put(dir + "/" + name, "partial"));
        const auto r = test::runPoslab({"export", "rope", "decay", "-o", dir + "/o.npy"});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!QFile::exists(dir + "/" + stale));
        QVERIFY(QFile::exists(dir + "/" + live));
        for (const QString& name : others)
            QVERIFY2(QFile::exists(dir + "/" + name), qPrintable(name));
        QVERIFY(QFile::exists(dir + "/o.npy"));
    }

    // Review 2 N13: 968 MB within the 2 GiB budget, under a 700 MB address-space limit.
    void outOfMemory() {
        const QString prlimit = QStandardPaths::findExecutable("prlimit");
        if (prlimit.isEmpty()) QSKIP("prlimit (util-linux) is not installed");
        if (test::kAddressSanitizer) QSKIP(test::kNoAddressLimitUnderAsan);
        const QString dir = caseFolder("oom");
        const QString out = dir + "/o.npy";
        test::Child child({"--as=700000000", qEnvironmentVariable("POSLAB_BIN"), "export", "rope",
                           "scores", "-p", "n=11000", "-o", out},
                          path("oom.err"), prlimit);
        const test::ChildExit e = child.wait();
        QVERIFY2(!e.signaled, qPrintable(QStringLiteral("killed by signal %1").arg(e.signal)));
        QCOMPARE(e.code, 2);
        QCOMPARE(e.err.count('\n'), 1);
        QVERIFY2(e.err.startsWith("poslab export: out of memory while"), e.err.constData());
        QVERIFY(!QFile::exists(out));
        QCOMPARE(temporaries(dir), QStringList());
    }
};

QTEST_GUILESS_MAIN(TstInterruptedWrite)
#include "tst_interrupted_write.moc"
