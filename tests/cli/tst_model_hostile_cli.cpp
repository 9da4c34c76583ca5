// `poslab model`, `export --model` and `render --model` against hostile configs (issue 23;
// review 2 N1, N2, N5, N7, N9, N11, N12 and note 1): exit 2 with one short stderr line that names
// the key, or exit 0 with a stdout free of controls; nothing written; seconds, not minutes; and
// the peak memory of every run far below what the old reader took (5 GB for a 45-byte config).
#include <sys/resource.h>
#include <sys/stat.h>

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QtTest>

#include "tests/cli/cli_test_util.h"
#include "tests/common/bad_model_configs.h"
#include "tests/common/sanitizer.h"
#include "tests/common/shown_text.h"

using namespace poslab;
using poslab::test::Run;

namespace {

// A guard that tells seconds from minutes (a hang guard, not a speed test): the old binary
// took 49 s to over 60 s on 100,000 kinds or sets, or crashed.
constexpr int kMaxMs = 30000;
constexpr int kMaxLine = 300;  // bytes of the one stderr line
// Under AddressSanitizer its shadow and quarantine come on top.
constexpr long kMaxRssKiB = (test::kAddressSanitizer ? 2048 : 600) * 1024;

// Whether `out` is safe on a terminal: one shown line per line (tests/common/shown_text.h).
bool cleanForTerminal(const QByteArray& out) {
    return test::shownSafely(QByteArray(out).replace('\n', ' '));
}

// The largest resident set of any finished child so far (getrusage: the maximum over them).
long childrenPeakKiB() {
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return u.ru_maxrss;
}

}  // namespace

class TstModelHostileCli : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

    QString write(const std::string& text) const {
        const QString file = path("hostile.json");
        QFile f(file);
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            f.write(text.data(), qint64(text.size()));
        return file;
    }

    // A refusal: exit 2 in seconds, one line of bounded length starting with `start`, clean, no
    // stdout, no file left.
    static Run refused(const QStringList& args, const QByteArray& start, const QString& out = {},
                       const QList<QPair<QString, QString>>& env = {}, int maxLine = kMaxLine) {
        Run r;
        check(args, start, out, env, maxLine, r);
        return r;
    }
    static void check(const QStringList& args, const QByteArray& start, const QString& out,
                      const QList<QPair<QString, QString>>& env, int maxLine, Run& r) {
        if (!out.isEmpty()) QFile::remove(out);
        QElapsedTimer clock;
        clock.start();
        r = test::runPoslab(args, env, kMaxMs);
        QVERIFY2(clock.elapsed() < kMaxMs, qPrintable(args.join(' ')));
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.size() < maxLine, r.err.left(maxLine).constData());
        QVERIFY2(r.err.startsWith(start), r.err.left(kMaxLine).constData());
        QVERIFY2(cleanForTerminal(r.err), r.err.constData());
        if (!out.isEmpty()) QVERIFY(!QFile::exists(out));
        QVERIFY2(childrenPeakKiB() < kMaxRssKiB, qPrintable(QString::number(childrenPeakKiB())));
    }

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    void model_data() {
        QTest::addColumn<int>("row");
        const auto& table = test::hostileModelConfigs();
        for (std::size_t i = 0; i < table.size(); ++i)
            QTest::newRow(table[i].tag.c_str()) << static_cast<int>(i);
    }

    // `poslab model FILE` and `--json`: the refusal names the key; an accepted config prints
    // every name from it escaped (N9), in the summary and in the JSON.
    void model() {
        QFETCH(int, row);
        const test::HostileModelConfig& c = test::hostileModelConfigs()[std::size_t(row)];
        const QString file = write(c.json);
        for (const QStringList& extra : {QStringList{}, QStringList{"--json"}}) {
            const QStringList args = QStringList{"model", file} + extra;
            if (!c.key.empty()) {
                // The key, then ": " (or " file '…'" when the file itself is refused).
                const QByteArray start = "poslab model: " + QByteArray::fromStdString(c.key);
                const Run r = refused(args, start);
                QVERIFY2(
                    r.err.mid(start.size(), 1) == ":" || r.err.mid(start.size(), 6) == " file ",
                    r.err.left(kMaxLine).constData());
                continue;
            }
            QElapsedTimer clock;
            clock.start();
            const Run r = test::runPoslab(args, {}, kMaxMs);
            QVERIFY2(clock.elapsed() < kMaxMs, qPrintable(args.join(' ')));
            QVERIFY2(r.code == 0, r.err.left(kMaxLine).constData());
            QVERIFY(!r.out.isEmpty());
            QVERIFY2(cleanForTerminal(r.out), r.out.left(2000).constData());
        }
        QVERIFY2(childrenPeakKiB() < kMaxRssKiB, qPrintable(QString::number(childrenPeakKiB())));
    }

    // --model reads the config by the same rules, before anything is computed (N1, N2).
    void exportAndRender_data() {
        QTest::addColumn<int>("row");
        const auto& table = test::hostileModelConfigs();
        for (std::size_t i = 0; i < table.size(); ++i)
            if (table[i].tag.rfind("deep list in model_type", 0) == 0 ||
                table[i].tag.rfind("head_dim 2^", 0) == 0 || table[i].tag == "1e999 first")
                QTest::newRow(table[i].tag.c_str()) << static_cast<int>(i);
    }
    void exportAndRender() {
        QFETCH(int, row);
        const test::HostileModelConfig& c = test::hostileModelConfigs()[std::size_t(row)];
        const QString file = write(c.json), npy = path("never.npy"), png = path("never.png");
        const QByteArray tail = ": " + QByteArray::fromStdString(c.key) + ": ";
        refused({"export", "rope", "frequencies", "--model", file, "-o", npy},
                "poslab export: --model " + file.toUtf8() + tail, npy);
        refused({"render", "rope/frequencies", "--model", file, "-o", png},
                "poslab render: --model " + file.toUtf8() + tail, png);
    }

    // Only regular files: a FIFO (which would block), a folder or a device is refused at once,
    // naming what it is (N5); a name that is no file and no preset is echoed, shortened.
    void notAFile_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("named");
        QTest::newRow("FIFO") << "fifo"
                              << "(a FIFO)";
        QTest::newRow("folder") << "folder"
                                << "(a folder)";
        QTest::newRow("/dev/zero") << "/dev/zero"
                                   << "(a device)";
        QTest::newRow("/dev/stdin") << "/dev/stdin"
                                    << "not a regular file";
        QTest::newRow("5 MB file") << "big"
                                   << "4.0 MiB";
        QTest::newRow("100,000-character name") << QString(100000, 'n') << "(100000 characters)";
    }
    void notAFile() {
        QFETCH(QString, what);
        QFETCH(QString, named);
        QString file = what.startsWith('/') || what.size() > 1000 ? what : path(what);
        if (what == "fifo") {
            QFile::remove(file);
            QCOMPARE(::mkfifo(file.toLocal8Bit().constData(), 0600), 0);
        }
        if (what == "folder") QVERIFY(QDir().mkpath(file));
        if (what == "big") {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QByteArray(5000000, ' '));
        }
        // A path is echoed up to 240 characters (core::kEchoPathLimit), then shortened.
        const Run r = refused({"model", file}, "poslab model: ", {}, {}, kMaxLine + 120);
        QVERIFY2(r.err.contains(named.toUtf8()), r.err.left(kMaxLine).constData());
    }

    // The budget reaches the reader, from the environment and from --memory-budget (N2).
    void memoryBudget() {
        const Run r = refused({"model", "llama-3.1-8b"}, "poslab model: config: ", {},
                              {{"POSLAB_MEMORY_BUDGET", "1KiB"}});
        QVERIFY2(r.err.contains("more than the memory budget of 1.0 KiB"), r.err.constData());
        const QString npy = path("never.npy");
        refused({"export", "rope", "frequencies", "--model", "llama-3.1-8b", "--memory-budget",
                 "1KiB", "-o", npy},
                "poslab export: --model llama-3.1-8b: config: ", npy);
        // --memory-budget wins over the environment, both ways.
        const Run wide =
            test::runPoslab({"export", "rope", "frequencies", "--model", "llama-3.1-8b",
                             "--memory-budget", "1GiB", "-o", path("wide.npy")},
                            {{"POSLAB_MEMORY_BUDGET", "1KiB"}});
        QVERIFY2(wide.code == 0, wide.err.constData());
    }

    // Under a limit on the address space below the budget (N13), the reader's allocations fail:
    // one line that says so, never an abort ("terminate called ... std::bad_alloc") nor
    // "config: std::bad_alloc". A limit too small to load the libraries (exit 127) proves nothing.
    void outOfMemoryIsOneLine() {
        if (test::kAddressSanitizer) QSKIP(test::kNoAddressLimitUnderAsan);
        const QString file = write(test::distinctLayerTypes(100000, true));
        int refusals = 0;
        for (const rlim_t mb : {100, 150, 200, 250, 300, 400}) {
            QProcess p;
            p.setChildProcessModifier([mb] {
                const rlimit limit{mb << 20, mb << 20};
                setrlimit(RLIMIT_AS, &limit);
            });
            p.start(qEnvironmentVariable("POSLAB_BIN"), {"model", file});
            QVERIFY(p.waitForFinished(kMaxMs));
            const QByteArray err = p.readAllStandardError();
            if (p.exitStatus() == QProcess::NormalExit && p.exitCode() == 127) continue;
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QVERIFY2(p.exitCode() == 0 || p.exitCode() == 2, err.constData());
            if (p.exitCode() == 0) continue;
            ++refusals;
            QCOMPARE(err.count('\n'), 1);
            QVERIFY2(err.contains("out of memory"), err.constData());
        }
        QVERIFY2(refusals > 0, "no limit was tight enough to test");
    }

    // --layer is reported as given (review 2, note 1).
    void layerAsGiven() {
        const QString npy = path("never.npy");
        refused({"export", "rope", "frequencies", "--model", "llama-3.1-8b", "--layer",
                 "99999999999", "-o", npy},
                "poslab export: --layer 99999999999: the model has 32 layers", npy);
    }
};

QTEST_GUILESS_MAIN(TstModelHostileCli)
#include "tst_model_hostile_cli.moc"
