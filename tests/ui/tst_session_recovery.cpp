// Session recovery (issue 5): the autosave writes a recovery file that a clean close removes and a
// crashed run leaves behind; a crashed run's lock is taken over; a discarded recovery is gone; the
// recent-files list keeps eight entries.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSlider>
#include <QSysInfo>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <bit>
#include <memory>
#include "core/compute.h"
#include "tests/ui/session_test_util.h"
#include "tests/ui/ui_test_util.h"
#include "ui/document/session.h"
#include "ui/document/session_controller.h"
#include "ui/panels/param_panel.h"
#include "ui/views/chart_widget.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/rotation_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;
using namespace poslab::ui::sessiontest;

class TestSessionRecovery : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() { applyLanguage(Lang::En); }

    void autosaveAndRecovery() {
        QTemporaryDir dir;
        const QString recovery = RecoveryFile::filePathIn(dir.path());
        {
            // Written after a change; removed by a clean close.
            MainWindow w(options(dir.path(), 50));
            QVERIFY(test::waitIdle(w));
            QTest::qWait(150);
            QVERIFY(!QFile::exists(recovery));  // nothing changed, nothing written
            QVERIFY(w.paramPanel()->setText("base", "1234"));
            QTRY_VERIFY(QFile::exists(recovery));
            SessionState s;
            QString error;
            QVERIFY(sessionFromJson(fileBytes(recovery), Catalog::instance(), &s, &error));
            QCOMPARE(s.params.value("base"), QString("1234"));
            QVERIFY(!w.session()->recoveryAvailable());  // its own file, not a crash's
            QVERIFY(w.close());
            QVERIFY(!QFile::exists(recovery));
        }
        SessionState crashed;
        {
            // A run that ends without closing (as a crash would) leaves its autosave behind.
            auto w = std::make_unique<MainWindow>(options(dir.path(), 50));
            w->openPage("sinusoidal", 3);
            QVERIFY(w->paramPanel()->setText("n", "77"));
            QVERIFY(test::waitIdle(*w));
            QTRY_VERIFY(QFile::exists(recovery));
            QTRY_VERIFY(fileBytes(recovery).contains("\"77\""));
            crashed = w->sessionState();
            // Another PosLab running meanwhile neither offers nor touches that file.
            MainWindow other(options(dir.path(), 50));
            QVERIFY(!other.session()->recoveryAvailable());
            QVERIFY(other.paramPanel()->setText("base", "999"));
            QTest::qWait(200);
            QVERIFY(!fileBytes(recovery).contains("\"999\""));
            w.reset();
        }
        QVERIFY(QFile::exists(recovery));
        const QByteArray leftover = fileBytes(recovery);
        MainWindow w(options(dir.path(), 50));
        QVERIFY(w.session()->recoveryAvailable());
        QVERIFY(w.sessionState() != crashed);
        // Until the user decides, new edits do not overwrite the crashed run's work.
        QVERIFY(w.paramPanel()->setText("base", "4321"));
        QTest::qWait(200);
        QCOMPARE(fileBytes(recovery), leftover);
        QCOMPARE(w.session()->recover(), QString());
        QVERIFY(test::waitIdle(w));
        QCOMPARE(w.sessionState(), crashed);
        QVERIFY(w.isWindowModified());  // recovered work is not saved anywhere yet
        QVERIFY(!w.session()->recoveryAvailable());
        QVERIFY(QFile::exists(recovery));  // and stays autosaved until it is
        QVERIFY(w.close());
        QVERIFY(!QFile::exists(recovery));
    }

    void lockOfCrashedRunIsTakenOver() {
        // A killed PosLab leaves its lock file behind too; the lock names a process that is gone.
        QTemporaryDir dir;
        QProcess gone;
        gone.start("true", {});
        QVERIFY(gone.waitForStarted());
        const qint64 pid = gone.processId();
        QVERIFY(gone.waitForFinished());
        QVERIFY(writeFile(
            QDir(dir.path()).filePath("running.lock"),
            QByteArray::number(pid) + "\nposlab\n" + QSysInfo::machineHostName().toUtf8() + "\n"));
        SessionState s;
        s.page = "alibi";
        s.params = {{"n", "48"}};
        QCOMPARE(saveSession(RecoveryFile::filePathIn(dir.path()), s), QString());
        MainWindow w(options(dir.path(), 50));
        QVERIFY(w.session()->recoveryAvailable());
        QCOMPARE(w.session()->recover(), QString());
        QCOMPARE(w.page()->page()->id, QString("alibi"));
        QCOMPARE(w.page()->params().integer("n"), 48);
        QVERIFY(test::waitIdle(w));
    }

    void recoveryDiscarded() {
        QTemporaryDir dir;
        const QString recovery = RecoveryFile::filePathIn(dir.path());
        QVERIFY(writeFile(recovery, "{ corrupt"));
        MainWindow w(options(dir.path(), 50));
        QVERIFY(w.session()->recoveryAvailable());
        const SessionState before = w.sessionState();
        const QString error = w.session()->recover();
        QVERIFY2(error.contains("not a PosLab session"), qPrintable(error));
        QCOMPARE(w.sessionState(), before);
        QVERIFY(QFile::exists(recovery));  // kept: nothing is lost by a failed recovery
        w.session()->discardRecovery();
        QVERIFY(!QFile::exists(recovery));
        QVERIFY(!w.session()->recoveryAvailable());
    }

    void recentFilesKeepEight() {
        QTemporaryDir dir;
        MainWindow w(options());
        for (int i = 0; i < 11; ++i)
            QCOMPARE(w.saveSession(dir.filePath(QStringLiteral("s%1.poslab").arg(i))), QString());
        QCOMPARE(w.saveSession(dir.filePath("s4.poslab")), QString());
        const QStringList recent = w.session()->recentFiles();
        QCOMPARE(recent.size(), 8);
        QCOMPARE(recent.first(), QFileInfo(dir.filePath("s4.poslab")).absoluteFilePath());
        QCOMPARE(recent.value(1), QFileInfo(dir.filePath("s10.poslab")).absoluteFilePath());
        QCOMPARE(recent.count(recent.first()), 1);
        QVERIFY(w.windowTitle().contains("s4.poslab"));
    }
};

QTEST_MAIN(TestSessionRecovery)
#include "tst_session_recovery.moc"
