// Hostile files in the window (issue 23, review 2 N4, N16, N17): sessions, lessons, the recovery
// file, File > Open and Open Recent refuse a FIFO, /dev/zero (or a link to it), a folder and an
// oversized file at once with one line; `poslab render --lesson FIFO` exits 2 at once; nesting
// deeper than 64 is refused before any parser recurses; a colour map outside the enum is written
// as the default; a window that cannot autosave says so once in the status bar and keeps working;
// a fresh start is not modified (no "*", no question on Quit, no recovery file).
#include <sys/stat.h>
#include <unistd.h>
#include <QElapsedTimer>
#include <QLabel>
#include <QProcess>
#include <QStatusBar>
#include <QWindow>
#include <QtTest>

#include "tests/ui/hostile_test_util.h"
#include "tests/ui/session_test_util.h"
#include "tests/ui/ui_test_util.h"
#include "ui/document/lesson.h"
#include "ui/document/session.h"
#include "ui/document/session_controller.h"
#include "ui/panels/error_words.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/status_panel.h"

using namespace poslab;
using namespace poslab::ui;
using namespace poslab::ui::sessiontest;
using namespace poslab::ui::hostile;

namespace {

using Values = QList<QPair<QString, QByteArray>>;

// "At once": a guard far below the review's hangs (forever), above a loaded asan build.
constexpr qint64 kAtOnceMs = 30000;

bool oneLine(const QString& s) {
    return !s.isEmpty() && !s.contains('\n') && !s.contains('\r');
}

// A JSON document nesting `depth` levels: the session's object, then arrays in "pad".
QByteArray nested(const QByteArray& head, int depth) {
    return head + QByteArray(depth - 1, '[') + QByteArray(depth - 1, ']') + '}';
}

}  // namespace

class TestHostileGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        setUpApplication();
        QVERIFY(m_settings.isValid());
        useSettingsIn(m_settings.path());
    }
    void cleanup() { applyLanguage(Lang::En); }

    // N4: every reader of the window, one path each, at once and in one line.
    void readersRefuseWhatIsNotAFile_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("fifo") << "fifo"
                              << "is not a regular file (a FIFO)";
        QTest::newRow("folder") << "folder"
                                << "is not a regular file (a folder)";
        QTest::newRow("link to /dev/zero") << "zero link"
                                           << "is not a regular file (a device)";
        QTest::newRow("/dev/zero") << "dev zero"
                                   << "is not a regular file (a device)";
        QTest::newRow("17 MiB") << "large"
                                << "bytes, more than the";
    }
    void readersRefuseWhatIsNotAFile() {
        QFETCH(QString, kind);
        QFETCH(QString, mentions);
        QTemporaryDir dir;
        const QString path = makeHostile(kind, dir.filePath("hostile.poslab"));
        QVERIFY(!path.isEmpty());
        QElapsedTimer t;
        t.start();
        SessionState s;
        const QString loaded = loadSession(path, Catalog::instance(), &s);
        QVERIFY2(loaded.contains(mentions) && oneLine(loaded), qPrintable(loaded));
        Lesson lesson;
        QString lessonError;
        QVERIFY(!loadLesson(path, Catalog::instance(), &lesson, &lessonError));
        QVERIFY2(lessonError.contains(mentions) && oneLine(lessonError), qPrintable(lessonError));

        MainWindow w(options());
        const SessionState before = w.sessionState();
        const QString opened = w.openSession(path);  // File > Open, once a name is chosen
        QVERIFY2(opened.contains(mentions), qPrintable(opened));
        QSignalSpy said(w.session(), &SessionController::message);
        w.session()->openRecent(path);  // Open Recent
        QCOMPARE(said.count(), 1);
        QVERIFY2(said.first().first().toString().contains(mentions),
                 qPrintable(said.first().first().toString()));
        const QString lessonOpened = w.openLessonFile(path);  // Lessons > Open Lesson File
        QVERIFY2(lessonOpened.contains(mentions), qPrintable(lessonOpened));
        QCOMPARE(w.sessionState(), before);
        QVERIFY(!w.isWindowModified());
        QVERIFY2(t.elapsed() < kAtOnceMs, qPrintable(QString::number(t.elapsed())));
    }

    // N4: a recovery file that is not a file is refused at Recover, kept, and changes nothing.
    void recoveryFileThatIsNotAFile_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("fifo") << "fifo"
                              << "(a FIFO)";
        QTest::newRow("link to /dev/zero") << "zero link"
                                           << "(a device)";
        QTest::newRow("folder") << "folder"
                                << "(a folder)";
        QTest::newRow("17 MiB") << "large"
                                << "bytes, more than the 16.0 MiB";
    }
    void recoveryFileThatIsNotAFile() {
        QFETCH(QString, kind);
        QFETCH(QString, mentions);
        QTemporaryDir dir;
        const QString recovery = RecoveryFile::filePathIn(dir.path());
        QVERIFY(!makeHostile(kind, recovery).isEmpty());
        MainWindow w(options(dir.path(), 50));
        QVERIFY(w.session()->recoveryAvailable());
        const SessionState before = w.sessionState();
        QElapsedTimer t;
        t.start();
        const QString error = w.session()->recover();
        QVERIFY2(t.elapsed() < kAtOnceMs, qPrintable(QString::number(t.elapsed())));
        QVERIFY2(error.contains(mentions) && oneLine(error), qPrintable(error));
        QCOMPARE(w.sessionState(), before);
        QVERIFY(QFileInfo(recovery).isSymLink() || QFileInfo::exists(recovery));  // kept
    }

    // N4 on the command line: render --lesson goes through loadLesson.
    void renderLessonFifoExitsAtOnce() {
        const QString bin = qEnvironmentVariable("POSLAB_BIN");
        if (bin.isEmpty() || !QFileInfo(bin).isExecutable())
            QSKIP("POSLAB_BIN (set by CTest) is not built");
        QTemporaryDir dir;
        const QString fifo = makeHostile("fifo", dir.filePath("f.json"));
        QVERIFY(!fifo.isEmpty());
        QProcess p;
        p.start(bin, {"render", "--lesson", fifo, "-o", dir.filePath("d.pdf")});
        QVERIFY(p.waitForStarted());
        const bool ended = p.waitForFinished(int(kAtOnceMs));
        if (!ended) p.kill();
        QVERIFY2(ended, "render --lesson FIFO blocks");
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
        QVERIFY2(err.contains("(a FIFO)") && oneLine(err), qPrintable(err));
        QVERIFY(!QFile::exists(dir.filePath("d.pdf")));
    }

    // Nesting is measured before the JSON parsers (Qt's, nlohmann's) see the text: 64 levels
    // pass, 65 are refused with one line.
    void nestingDeeperThan64IsRefused() {
        const QByteArray session = R"({"format": 1, "page": "rope", "pad": )";
        SessionState s;
        QString error;
        QVERIFY2(sessionFromJson(nested(session, 64), Catalog::instance(), &s, &error),
                 qPrintable(error));
        QVERIFY(!sessionFromJson(nested(session, 65), Catalog::instance(), &s, &error));
        QVERIFY2(error.contains("nested more than 64 levels"), qPrintable(error));
        QVERIFY(!sessionFromJson(nested(session, 100000), Catalog::instance(), &s, &error));
        QVERIFY2(error.contains("nested more than 64 levels"), qPrintable(error));
        Lesson lesson;
        QVERIFY(!parseLesson(nested(R"({"format": 1, "pad": )", 100000), Catalog::instance(),
                             &lesson, &error));
        QVERIFY2(error.startsWith("lesson: nested more than 64 levels"), qPrintable(error));
    }

    // N3: whatever a colour-map value holds, a session is written with one the reader accepts.
    void colormapOutsideTheEnumIsWrittenAsTheDefault() {
        for (int c : {-1, 3, 99, 100000000}) {
            SessionState s;
            s.page = QStringLiteral("rope");
            s.colormap = static_cast<ColormapChoice>(c);
            const QByteArray json = sessionToJson(s);
            QVERIFY2(json.contains(R"("colormap": "auto")"), json.constData());
            SessionState back;
            QString error;
            QVERIFY2(sessionFromJson(json, Catalog::instance(), &back, &error), qPrintable(error));
            QVERIFY(back.colormap == ColormapChoice::Auto);
        }
    }

    // N16: a window that cannot autosave says so, once, and works on.
    void autosaveOffIsSaidOnce_data() {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("recovery is a file")
            << "file"
            << "cannot create %1 (a file of that name is in the way)";
        QTest::newRow("a file above it") << "file above"
                                         << "cannot create %1 (Not a directory)";
        QTest::newRow("read-only folder") << "read-only"
                                          << "cannot create %1 (";
        QTest::newRow("lock held by a running PosLab")
            << "held"
            << "Autosave is off in this window: another running PosLab autosaves to %1";
    }
    void autosaveOffIsSaidOnce() {
        QFETCH(QString, setup);
        QFETCH(QString, mentions);
        QTemporaryDir dir;
        QString recoveryDir = dir.filePath("recovery");
        std::unique_ptr<MainWindow> holder;
        if (setup == "file") {
            QVERIFY(writeFile(recoveryDir, "not a folder"));
        } else if (setup == "file above") {
            QVERIFY(writeFile(dir.filePath("home"), "a file"));
            recoveryDir = dir.filePath("home/recovery");
        } else if (setup == "read-only") {
            // As root, permissions do not stop a write: a read-only mount is needed.
            if (::geteuid() == 0) {
                const QString ro = qEnvironmentVariable("POSLAB_TEST_READONLY_DIR");
                if (ro.isEmpty()) QSKIP("root: set POSLAB_TEST_READONLY_DIR to a read-only mount");
                recoveryDir = ro + QStringLiteral("/recovery");
            } else {
                QVERIFY(QDir().mkpath(dir.filePath("ro")));
                QVERIFY(::chmod(QFile::encodeName(dir.filePath("ro")).constData(), 0555) == 0);
                recoveryDir = dir.filePath("ro/recovery");
            }
        } else {
            holder = std::make_unique<MainWindow>(options(recoveryDir, 50));
            QVERIFY(holder->session()->autosaveProblem().isEmpty());
        }
        MainWindow w(options(recoveryDir, 50));
        const QString problem = w.session()->autosaveProblem();
        QVERIFY2(problem.contains(mentions.arg(QDir::toNativeSeparators(recoveryDir))),
                 qPrintable(problem));
        QVERIFY(oneLine(problem));
        QCOMPARE(w.statusPanel()->notices(), QStringList{problem});
        QCOMPARE(w.statusBar()->currentMessage(), problem);
        // The window works on, and says it no more.
        QVERIFY(w.paramPanel()->setText("base", "1234"));
        QVERIFY(test::waitIdle(w));
        QTest::qWait(150);
        QCOMPARE(w.page()->params().real("base"), 1234.0);
        QVERIFY(w.isWindowModified());
        QCOMPARE(w.statusPanel()->notices(), QStringList{problem});
        if (setup == "read-only" && ::geteuid() != 0)
            ::chmod(QFile::encodeName(dir.filePath("ro")).constData(), 0755);
    }

    // N17: a fresh start, shown and laid out as a first start lays it out, is not modified.
    void freshStartIsNotModified_data() {
        QTest::addColumn<bool>("persist");
        QTest::newRow("with settings, first start") << true;
        QTest::newRow("without settings") << false;
    }
    void freshStartIsNotModified() {
        QFETCH(bool, persist);
        QTemporaryDir settings, dir;
        useSettingsIn(settings.path());
        MainWindowOptions o = options(dir.path(), 50);
        o.persist = persist;
        const QString recovery = RecoveryFile::filePathIn(dir.path());
        {
            MainWindow w(o);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(test::waitIdle(w));
            w.resize(1280, 720);  // the plots' sizes follow; the document does not change
            QTest::qWait(400);
            QVERIFY(test::waitIdle(w));
            QVERIFY(!w.isWindowModified());
            QVERIFY2(!w.windowHandle()->title().contains('*'),
                     qPrintable(w.windowHandle()->title()));
            QVERIFY(w.session()->maybeSave());  // Quit would not ask (no dialog: not modified)
            w.session()->autosave();
            QTest::qWait(200);
            QVERIFY(!QFile::exists(recovery));
            // An edit still counts.
            QVERIFY(w.paramPanel()->setText("base", "4321"));
            QVERIFY(test::waitIdle(w));
            QVERIFY(w.isWindowModified());
            QTRY_VERIFY(QFile::exists(recovery));
            w.session()->cleanExit();
        }
        useSettingsIn(m_settings.path());
    }

    // A notice given before the window shows is not drawn over the compute time once it shows
    // (QStatusBar hides only the widgets visible when the message comes).
    void startNoticeIsNotDrawnOverTheTime() {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath("recovery"), "in the way"));
        MainWindow w(options(dir.filePath("recovery"), 50));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(test::waitIdle(w));
        QTest::qWait(50);
        QCOMPARE(w.statusBar()->currentMessage(), w.session()->autosaveProblem());
        for (const QLabel* label : w.statusBar()->findChildren<QLabel*>())
            QVERIFY2(!label->isVisible() || !label->text().startsWith("computed in"),
                     qPrintable(label->text()));
    }

    // Core's new lines in Chinese where the window shows them.
    void chineseMessages() {
        QTemporaryDir dir;
        const QString fifo = makeHostile("fifo", dir.filePath("f.poslab"));
        applyLanguage(Lang::Zh);
        SessionState s;
        const QString error = loadSession(fifo, Catalog::instance(), &s);
        QVERIFY2(error.contains(QString::fromUtf8("不是普通文件（是 FIFO 管道）")),
                 qPrintable(error));
        QVERIFY2(error.contains(QString::fromUtf8("会话文件")), qPrintable(error));
        const QString big =
            localisedError(std::string_view("lesson file '/x/big.json': 5000000 bytes, more than "
                                            "the 4.0 MiB a lesson file may have"));
        QVERIFY2(test::hasCjk(big) && !big.contains("bytes"), qPrintable(big));
        const QString deep = localisedError(
            std::string_view("config: nested more than 64 levels deep (at byte 64)"));
        QVERIFY2(deep.contains(QString::fromUtf8("嵌套超过 64 层")), qPrintable(deep));
        const QString enoent = localisedError(std::string_view(
            "session file '/x/y.poslab' cannot be read: No such file or directory"));
        QVERIFY2(enoent.contains(QString::fromUtf8("没有那个文件或目录")), qPrintable(enoent));
        // A window opens in its saved language before it takes the recovery lock.
        QTemporaryDir rec, settings;
        QVERIFY(writeFile(rec.filePath("recovery"), "x"));
        useSettingsIn(settings.path());
        QVERIFY(writeSettingsFile(settings.path(), {{"language", "zh_CN"}}));
        MainWindowOptions o = options(rec.filePath("recovery"), 50);
        o.persist = true;
        MainWindow w(o);
        const QString problem = w.session()->autosaveProblem();
        QVERIFY2(problem.contains(QString::fromUtf8("自动保存已关闭")) &&
                     problem.contains(QString::fromUtf8("同名文件")),
                 qPrintable(problem));
        useSettingsIn(m_settings.path());
    }

    // The start notes (autosave off: a read-only POSLAB_TEST_READONLY_DIR, else a file in the
    // way; a colour map past the enum) fit the status bar beside its permanent widgets, in English
    // and in Chinese, at 1280 x 720 and 1920 x 1080. POSLAB_SHOT_DIR=<folder> saves each window
    // to look at.
    void statusNoteScreenshots_data() {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<QByteArray>("language");
        QTest::addColumn<QSize>("size");
        for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)})
            for (const char* lang : {"en", "zh_CN"})
                for (const char* setup : {"autosave", "colormap"})
                    QTest::newRow(qPrintable(QStringLiteral("%1-%2-%3x%4")
                                                 .arg(setup, lang)
                                                 .arg(size.width())
                                                 .arg(size.height())))
                        << setup << QByteArray(lang) << size;
    }
    void statusNoteScreenshots() {
        QFETCH(QString, setup);
        QFETCH(QByteArray, language);
        QFETCH(QSize, size);
        const QString shots = qEnvironmentVariable("POSLAB_SHOT_DIR");
        QTemporaryDir settings, dir;
        useSettingsIn(settings.path());
        Values values{{"language", language}};
        if (setup == "colormap")
            values.append(qMakePair(QStringLiteral("view/colormap"), QByteArray("100000000")));
        QVERIFY(writeSettingsFile(settings.path(), values));
        QString recovery = dir.filePath("recovery");
        if (setup == "autosave") {
            const QString ro = qEnvironmentVariable("POSLAB_TEST_READONLY_DIR");
            if (!ro.isEmpty())
                recovery = ro + QStringLiteral("/recovery");
            else
                QVERIFY(writeFile(recovery, "in the way"));
        }
        MainWindowOptions o = options(recovery, 30000);
        o.persist = true;
        MainWindow w(o);
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(test::waitIdle(w));
        QTest::qWait(300);
        const QString note = w.statusBar()->currentMessage();
        QVERIFY(!note.isEmpty());
        // The message is drawn left of the visible permanent widgets: it must fit there whole.
        int room = w.statusBar()->width();
        for (const QWidget* c : w.statusBar()->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
            if (c->isVisible() && c->x() > 0) room = std::min(room, c->x());
        const int needed = w.statusBar()->fontMetrics().horizontalAdvance(note);
        QVERIFY2(needed + 8 <= room,
                 qPrintable(QStringLiteral("%1 px for %2 px: %3").arg(needed).arg(room).arg(note)));
        if (!shots.isEmpty())
            QVERIFY(w.grab().save(QDir(shots).filePath(QString(QTest::currentDataTag()) + ".png")));
        w.session()->cleanExit();
        useSettingsIn(m_settings.path());
    }

private:
    QTemporaryDir m_settings;
};

QTEST_MAIN(TestHostileGui)
#include "tst_hostile_gui.moc"
