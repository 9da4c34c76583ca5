// Settings are input too (issue 23, review 2 N3): every value the window reads from its settings
// file is checked. For each setting, its boundary values (the least and the greatest allowed, one
// past each, garbage) are written to a settings file as text; the window starts on it, names each
// refused value in one status-bar note and uses the default; then its session, saved and
// autosaved, is read back by the session reader (what recovery does) without a refusal.
#include <QStatusBar>
#include <QStyle>
#include <QtTest>

#include "tests/ui/hostile_test_util.h"
#include "tests/ui/session_test_util.h"
#include "tests/ui/ui_test_util.h"
#include "ui/document/session.h"
#include "ui/document/session_controller.h"
#include "ui/shell/status_panel.h"
#include "ui/shell/theme.h"
#include "ui/shell/window_settings.h"

using namespace poslab;
using namespace poslab::ui;
using namespace poslab::ui::sessiontest;
using namespace poslab::ui::hostile;

namespace {

using Values = QList<QPair<QString, QByteArray>>;

int ropeTabs() {
    const PageSpec* rope = Catalog::instance().find(QStringLiteral("rope"));
    return rope ? static_cast<int>(rope->views.size()) : 0;
}

}  // namespace

class TestHostileSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() {
        applyLanguage(Lang::En);
        QApplication::setPalette(QApplication::style()->standardPalette());
    }

    void boundaries_data() {
        QTest::addColumn<Values>("values");
        QTest::addColumn<QStringList>("refused");  // the keys the note must name
        auto row = [](const char* key, const QByteArray& value, bool refused) {
            const QByteArray tag = QByteArray(key) + " = " + value.toPercentEncoding(" /[]");
            QTest::newRow(tag.constData())
                << Values{{QLatin1String(key), value}}
                << (refused ? QStringList{QLatin1String(key)} : QStringList{});
        };
        for (const char* v : {"0", "2"}) row("view/colormap", v, false);
        for (const char* v : {"-1", "3", "99", "100000000", "2147483648", "1.5", "viridis", ""})
            row("view/colormap", v, true);
        for (const char* v : {"rope", "alibi", "arg/decay"}) row("page/id", v, false);
        for (const char* v : {"../../etc", "", "model", "ROPE"}) row("page/id", v, true);
        const QByteArray last = QByteArray::number(ropeTabs());
        for (const QByteArray& v : {QByteArray("0"), last}) row("page/tab", v, false);
        for (const QByteArray& v :
             {QByteArray("-1"), QByteArray::number(ropeTabs() + 1), QByteArray("2147483647"),
              QByteArray("2147483648"), QByteArray("two")})
            row("page/tab", v, true);
        for (const char* v : {"en", "zh_CN"}) row("language", v, false);
        for (const char* v : {"\x1b[31m", "fr", "zh_TW", ""}) row("language", v, true);
        for (const char* v : {"true", "false"}) row("theme/dark", v, false);
        for (const char* v : {"maybe", "1", ""}) row("theme/dark", v, true);
        for (const char* v : {"cpu", "auto", "vulkan"}) row("backend/mode", v, false);
        for (const char* v : {"gpu", "CPU", ""}) row("backend/mode", v, true);
        row("window/geometry", "garbage", true);
        row("window/state", "\x01\x02garbage", true);
        row("session/recent", "/dev/zero, /nonexistent/fifo.poslab", false);
        // The review's file: everything wrong at once, one note naming each.
        QTest::newRow("all at once")
            << Values{{"view/colormap", "100000000"}, {"page/id", "../../etc"},
                      {"page/tab", "2147483647"},     {"language", "\x1b[31m"},
                      {"theme/dark", "maybe"},        {"backend/mode", "gpu"},
                      {"window/geometry", "junk"},    {"window/state", "junk"}}
            << QStringList{"view/colormap", "page/id",         "language",    "theme/dark",
                           "backend/mode",  "window/geometry", "window/state"};
    }
    void boundaries() {
        QFETCH(Values, values);
        QFETCH(QStringList, refused);
        QTemporaryDir settings, recovery, out;
        useSettingsIn(settings.path());
        QVERIFY(writeSettingsFile(settings.path(), values));
        MainWindowOptions o = options(recovery.path(), 50);
        o.persist = true;
        MainWindow w(o);
        QVERIFY(test::waitIdle(w));

        // One note, naming every refused key and no other.
        const QStringList notes = w.statusPanel()->notices();
        const QString note = notes.value(0);
        QCOMPARE(notes.size(), refused.isEmpty() ? 0 : 1);
        for (const auto& [key, value] : values)
            QVERIFY2(note.contains(key + " = ") == refused.contains(key), qPrintable(note));
        if (!refused.isEmpty()) {
            QVERIFY(!note.contains('\n') && !note.contains('\x1b'));
            QVERIFY2(note.contains(refused.size() == 1 ? "; using the default" : "the defaults") ||
                         test::hasCjk(note),
                     qPrintable(note));
            QCOMPARE(w.statusBar()->currentMessage(), note);
        }

        // What the window shows is a session the reader takes back.
        SessionState state = w.sessionState();
        SessionState back;
        QString error;
        QVERIFY2(sessionFromJson(sessionToJson(state), Catalog::instance(), &back, &error),
                 qPrintable(error));
        const QString saved = out.filePath("saved.poslab");
        QCOMPARE(w.saveSession(saved), QString());
        QCOMPARE(loadSession(saved, Catalog::instance(), &back), QString());
        // And so is its autosave (the write the review saw crash with view/colormap=100000000).
        w.setDark(!w.isDark());
        QVERIFY(w.isWindowModified());
        const QString file = RecoveryFile::filePathIn(recovery.path());
        QTRY_VERIFY(QFile::exists(file));
        QVERIFY2(sessionFromJson(fileBytes(file), Catalog::instance(), &back, &error),
                 qPrintable(error));
        w.session()->cleanExit();
    }

    // The reader alone: what each allowed value becomes.
    void allowedValuesAreTaken() {
        QTemporaryDir settings;
        useSettingsIn(settings.path());
        QVERIFY(writeSettingsFile(settings.path(), {{"view/colormap", "2"},
                                                    {"page/id", "alibi"},
                                                    {"page/tab", "1"},
                                                    {"language", "zh_CN"},
                                                    {"theme/dark", "true"},
                                                    {"backend/mode", "auto"}}));
        const QSettings s;
        const WindowSettings ws = readWindowSettings(s, Catalog::instance());
        QVERIFY2(ws.refused.isEmpty(), qPrintable(ws.refused.join("; ")));
        QVERIFY(ws.colormap == ColormapChoice::Diverging);
        QCOMPARE(ws.page, QStringLiteral("alibi"));
        QCOMPARE(ws.tab, 1);
        QVERIFY(ws.language == Lang::Zh);
        QVERIFY(ws.dark);
        QVERIFY(ws.backend == gpu::BackendMode::Auto);
    }

    // The note in the interface language, the value echoed on one line and shortened.
    void noteWords() {
        QCOMPARE(settingsNote({}), QString());
        QCOMPARE(settingsNote({refusedSetting("view/colormap", "100000000")}),
                 QStringLiteral("Setting view/colormap = 100000000 is unknown; using the default"));
        const QString escaped =
            refusedSetting("language", QString("\x1b[31m\n") + QString(500, 'x'));
        QVERIFY2(escaped.startsWith("language = \\x1b[31m\\n") && escaped.size() < 120,
                 qPrintable(escaped));
        applyLanguage(Lang::Zh);
        QVERIFY(test::hasCjk(settingsNote({refusedSetting("view/colormap", "3")})));
        QVERIFY(test::hasCjk(settingsNote({"a = 1", "b = 2"})));
    }
};

QTEST_MAIN(TestHostileSettings)
#include "tst_hostile_settings.moc"
