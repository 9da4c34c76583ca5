// Sessions (issue 5): a session saved, closed and reopened restores the same page, tab,
// parameters, view states, language and theme, and the same computed numbers; corrupt files and
// files from a newer PosLab are refused with a message naming the problem, changing nothing;
// a failed save leaves no file; parameter edits undo and redo, a slider drag as one step; the
// recovery file is tst_session_recovery.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
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

class TestSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() { applyLanguage(Lang::En); }

    void roundTrip_data() {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("view");  // "" : the Overview
        QTest::addColumn<QStringList>("edits");
        QTest::addColumn<QStringList>("state");  // key=value on the current view
        QTest::addColumn<bool>("chinese");
        QTest::addColumn<bool>("dark");
        QTest::newRow("rotation, Chinese, dark")
            << "rope"
            << "rope/rotation" << QStringList{"base=500", "d=64"} << QStringList{"m=37", "delta=-5"}
            << true << true;
        QTest::newRow("compare set-up")
            << "rope"
            << "rope/compare" << QStringList{"n=128"}
            << QStringList{"cmpParam=base", "cmpValue=500000"} << false << false;
        QTest::newRow("overview, dark")
            << "sinusoidal"
            << "" << QStringList{"n=96", "base=2000"} << QStringList{} << false << true;
        QTest::newRow("head of a bias")
            << "alibi"
            << "alibi/bias" << QStringList{"n=64"} << QStringList{"slice=3"} << true << false;
        // Level of detail (issue 12): the zoom window, a log distance axis, the angles' "show".
        QTest::newRow("decay zoomed, log x")
            << "rope"
            << "rope/decay" << QStringList{"max_distance=100000"}
            << QStringList{"winStart=1000", "winEnd=50000", "logX=1"} << false << false;
        QTest::newRow("angles as sin, zoomed")
            << "rope"
            << "rope/angles" << QStringList{"n=8192"}
            << QStringList{"show=sin", "winStart=100", "winEnd=4000"} << true << false;
    }
    void roundTrip() {
        QFETCH(QString, page);
        QFETCH(QString, view);
        QFETCH(QStringList, edits);
        QFETCH(QStringList, state);
        QFETCH(bool, chinese);
        QFETCH(bool, dark);
        QTemporaryDir dir;
        const QString path = dir.filePath("lesson plan.poslab");
        SessionState saved;
        QVector<quint64> numbers;
        core::ParamSet params;
        {
            MainWindow a(options());
            a.setLanguage(chinese ? Lang::Zh : Lang::En);
            a.setDark(dark);
            a.openPage(page);
            const int tab = tabOf(a, view);
            QVERIFY2(tab >= 0, qPrintable(view));
            a.page()->setCurrentTab(tab);
            for (const QString& e : edits)
                QVERIFY(a.paramPanel()->setText(e.section('=', 0, 0), e.section('=', 1)));
            if (!state.isEmpty()) {
                ViewWidget* v = currentView(a, view);
                QVERIFY(v);
                ViewState s = v->state();
                for (const QString& kv : state) {
                    const QString k = kv.section('=', 0, 0), value = kv.section('=', 1);
                    if (k == "m") s.m = value.toLongLong();
                    if (k == "delta") s.delta = value.toLongLong();
                    if (k == "slice") s.slice = value.toInt();
                    if (k == "cmpParam") s.cmpParam = value;
                    if (k == "cmpValue") s.cmpValue = value;
                    if (k == "winStart") s.winStart = value.toLongLong();
                    if (k == "winEnd") s.winEnd = value.toLongLong();
                    if (k == "logX") s.logX = value == "1";
                    if (k == "show") s.show = value;
                }
                v->setState(s);
                a.page()->requestUpdate();
            }
            QVERIFY(test::waitIdle(a));
            for (const ViewWidget* v : a.page()->viewsOfTab())
                QVERIFY2(!v->hasError(), qPrintable(v->errorText()));
            saved = a.sessionState();
            numbers = shownNumbers(a);
            params = a.page()->params();
            QVERIFY(numbers.size() > 4);
            QVERIFY(a.isWindowModified());
            QCOMPARE(a.saveSession(path), QString());
            QVERIFY(!a.isWindowModified());
            QVERIFY2(a.windowTitle().contains("lesson plan.poslab"), qPrintable(a.windowTitle()));
            QCOMPARE(a.session()->recentFiles().value(0), QFileInfo(path).absoluteFilePath());
            a.close();
        }
        // A fresh window starts in English, light, on its start page, then opens the file.
        MainWindow b(options());
        QVERIFY(test::waitIdle(b));
        QVERIFY(b.sessionState() != saved);
        QCOMPARE(b.openSession(path), QString());
        QVERIFY(test::waitIdle(b));
        QCOMPARE(b.page()->page()->id, page);
        QCOMPARE(b.page()->currentTab(), tabOf(b, view));
        QCOMPARE(b.page()->params(), params);
        QCOMPARE(b.paramPanel()->values(), params);
        QCOMPARE(currentLanguage(), chinese ? Lang::Zh : Lang::En);
        QCOMPARE(b.isDark(), dark);
        if (!view.isEmpty()) {
            const ViewWidget* v = currentView(b, view);
            QVERIFY(v);
            for (const SessionView& sv : saved.views)
                if (sv.tab == b.page()->currentTab() && sv.view == view)
                    QCOMPARE(v->state(), sv.state);
        }
        QCOMPARE(b.sessionState(), saved);   // every view's state, theme, colour map, backend
        QCOMPARE(shownNumbers(b), numbers);  // the very same doubles on screen
        QVERIFY(!b.isWindowModified());
        QVERIFY(!b.undoStack()->canUndo());
        QCOMPARE(b.session()->filePath(), QFileInfo(path).absoluteFilePath());
    }

    void corruptRefused_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        const QJsonObject good = validSession();
        auto with = [&](const QString& key, const QJsonValue& v) {
            QJsonObject o = good;
            if (v.isUndefined())
                o.remove(key);
            else
                o[key] = v;
            return QJsonDocument(o).toJson();
        };
        const QByteArray text = QJsonDocument(good).toJson();
        QTest::newRow("not JSON") << QByteArray("PosLab session, honest") << "not a PosLab session";
        QTest::newRow("truncated") << text.left(text.size() / 2) << "not a PosLab session";
        QTest::newRow("empty file") << QByteArray() << "not a PosLab session";
        QTest::newRow("array") << QByteArray("[1, 2]") << "not a JSON object";
        QTest::newRow("no format") << with("format", QJsonValue::Undefined) << "\"format\"";
        QTest::newRow("format as text") << with("format", "1") << "\"format\"";
        QTest::newRow("future format")
            << with("format", 7)
            << "written by a newer PosLab (format 7; this version reads up to 1)";
        QTest::newRow("huge format") << with("format", 1e300) << "written by a newer PosLab";
        QTest::newRow("format zero") << with("format", 0) << "unknown session format 0";
        QTest::newRow("unknown page") << with("page", "ropes") << "unknown page \"ropes\"";
        QTest::newRow("page not text") << with("page", 3) << "\"page\"";
        QTest::newRow("tab as text") << with("tab", "three") << "\"tab\"";
        QTest::newRow("tab out of range") << with("tab", 99) << "\"tab\"";
        QTest::newRow("unknown view") << with("view", "rope/decya") << "rope/decya";
        QTest::newRow("params as array") << with("params", QJsonArray{1}) << "\"params\"";
        QTest::newRow("bad parameter value")
            << with("params", QJsonObject{{"base", "-1"}}) << "base";
        QTest::newRow("parameter not a number")
            << with("params", QJsonObject{{"d", "12x"}}) << "12x";
        QTest::newRow("unknown parameter")
            << with("params", QJsonObject{{"bogus", "1"}}) << "bogus";
        QTest::newRow("view state of wrong type")
            << with("views",
                    QJsonArray{QJsonObject{
                        {"tab", 0}, {"view", "rope/angles"}, {"state", QJsonObject{{"m", "x"}}}}})
            << "\"m\"";
        QTest::newRow("view not on that tab")
            << with("views", QJsonArray{QJsonObject{{"tab", 1}, {"view", "rope/decay"}}})
            << "rope/decay";
        QTest::newRow("unknown theme") << with("theme", "purple") << "\"theme\"";
        auto stateWith = [&](const char* key, const QJsonValue& v) {
            return with("views", QJsonArray{QJsonObject{{"tab", 0},
                                                        {"view", "rope/angles"},
                                                        {"state", QJsonObject{{key, v}}}}});
        };
        QTest::newRow("window reversed")
            << stateWith("window", QJsonArray{500, 100}) << "\"window\"";
        QTest::newRow("window of one number") << stateWith("window", QJsonArray{5}) << "\"window\"";
        QTest::newRow("key window negative")
            << stateWith("keyWindow", QJsonArray{-3, 10}) << "\"keyWindow\"";
        QTest::newRow("show unknown") << stateWith("show", "tan") << "\"show\"";
        QTest::newRow("logX as text") << stateWith("logX", "yes") << "\"logX\"";
        QTest::newRow("unknown language") << with("language", "fr") << "\"language\"";
    }
    void corruptRefused() {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        QTemporaryDir dir;
        MainWindow w(options());
        w.openPage("sinusoidal", 2);
        QVERIFY(w.paramPanel()->setText("base", "3000"));
        QVERIFY(test::waitIdle(w));
        const QString own = dir.filePath("own.poslab");
        QCOMPARE(w.saveSession(own), QString());
        QVERIFY(w.paramPanel()->setText("n", "80"));  // unsaved work that must survive
        QVERIFY(test::waitIdle(w));
        const SessionState before = w.sessionState();
        const QByteArray ownBytes = fileBytes(own);
        const int undoCount = w.undoStack()->count();

        const QString bad = dir.filePath("bad.poslab");
        QVERIFY(writeFile(bad, content));
        const QString error = w.openSession(bad);
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY2(error.contains("bad.poslab"), qPrintable(error));  // names the file
        QCOMPARE(w.sessionState(), before);
        QCOMPARE(w.session()->filePath(), QFileInfo(own).absoluteFilePath());
        QVERIFY(w.isWindowModified());
        QCOMPARE(w.undoStack()->count(), undoCount);
        QCOMPARE(fileBytes(bad), content);
        QCOMPARE(fileBytes(own), ownBytes);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 (QStringList{"bad.poslab", "own.poslab"}));
        // The reader alone says the same, and leaves its output untouched.
        SessionState untouched;
        untouched.page = "unchanged";
        QString why;
        QVERIFY(!sessionFromJson(content, Catalog::instance(), &untouched, &why));
        QVERIFY2(why.contains(message), qPrintable(why));
        QCOMPARE(untouched.page, QString("unchanged"));
    }

    void unwritablePath_data() {
        QTest::addColumn<QString>("relative");
        QTest::newRow("missing folder") << "missing/folder/s.poslab";
        QTest::newRow("parent is a file") << "plain.txt/s.poslab";
        QTest::newRow("target is a folder") << "folder";
    }
    void unwritablePath() {
        QFETCH(QString, relative);
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath("plain.txt"), "text"));
        QVERIFY(QDir(dir.path()).mkdir("folder"));
        const QStringList entries =
            QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
        MainWindow w(options());
        QVERIFY(w.paramPanel()->setText("base", "4000"));
        QVERIFY(test::waitIdle(w));
        const QString path = dir.filePath(relative);
        const QString error = w.saveSession(path);
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains(QDir::toNativeSeparators(path)), qPrintable(error));
        QVERIFY(!QFileInfo(path).isFile());
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), entries);
        QVERIFY(QDir(dir.filePath("folder")).isEmpty());
        QCOMPARE(fileBytes(dir.filePath("plain.txt")), QByteArray("text"));
        QVERIFY(w.session()->filePath().isEmpty());
        QVERIFY(w.isWindowModified());
        QVERIFY(w.session()->recentFiles().isEmpty());
    }

    // The unsaved-changes question: Enter and Escape both answer Cancel (neither overwrites a
    // file nor drops the changes); Save and Discard take a click of their own.
    void unsavedQuestionDefaultsToCancel_data() {
        QTest::addColumn<int>("key");
        QTest::newRow("Enter") << int(Qt::Key_Return);
        QTest::newRow("Escape") << int(Qt::Key_Escape);
    }
    void unsavedQuestionDefaultsToCancel() {
        QFETCH(int, key);
        MainWindow w(options());
        std::unique_ptr<QMessageBox> box(w.session()->unsavedChangesBox());
        QVERIFY(box->button(QMessageBox::Save) && box->button(QMessageBox::Discard));
        box->show();
        QVERIFY(QTest::qWaitForWindowExposed(box.get()));
        QTest::keyClick(box.get(), static_cast<Qt::Key>(key));
        QTRY_VERIFY(!box->isVisible());
        QCOMPARE(box->clickedButton(), box->button(QMessageBox::Cancel));
    }

    void undoRedo() {
        QTemporaryDir dir;
        MainWindow w(options());
        w.openPage("rope");
        QVERIFY(test::waitIdle(w));
        QCOMPARE(w.saveSession(dir.filePath("start.poslab")), QString());
        QUndoStack* stack = w.undoStack();
        const core::ParamSet p0 = w.page()->params();
        // Three separate edits, two of them of the same parameter: three steps.
        QVERIFY(w.paramPanel()->setText("base", "700"));
        const core::ParamSet p1 = w.page()->params();
        QVERIFY(w.paramPanel()->setText("base", "800"));
        const core::ParamSet p2 = w.page()->params();
        QVERIFY(w.paramPanel()->setText("d", "64"));
        const core::ParamSet p3 = w.page()->params();
        QCOMPARE(stack->count(), 3);
        QVERIFY(w.isWindowModified());
        const QVector<core::ParamSet> history{p0, p1, p2, p3};
        auto check = [&](const core::ParamSet& expected) {
            QCOMPARE(w.page()->params(), expected);
            QCOMPARE(w.paramPanel()->values(), expected);
            QVERIFY(test::waitIdle(w));
            // The views show what core computes for the restored values.
            const ViewWidget* angles = w.page()->viewsOfTab(0).value(0);
            QVERIFY(angles && !angles->heatmaps().isEmpty());
            const auto& spec = angles->spec();
            auto expect = core::compute(spec.encoding.toStdString(),
                                        spec.series.front().quantity.toStdString(), expected);
            QVERIFY(expect.ok());
            const HeatmapData& d = angles->heatmaps().front()->data();
            QVERIFY(d.array);
            QCOMPARE(d.array->shape, expect->shape);
            for (std::int64_t k = 0; k < expect->size(); k += 97)
                QCOMPARE(d.array->at(k), expect->at(k));
        };
        for (int i = 2; i >= 0; --i) {
            stack->undo();
            check(history[i]);
        }
        QVERIFY(!w.isWindowModified());  // back to what was saved
        for (int i = 1; i <= 3; ++i) {
            stack->redo();
            check(history[i]);
        }

        // A slider drag: many values while the slider is down, one undo step.
        auto* slider = qobject_cast<QSlider*>(w.paramPanel()->editorFor("base"));
        QVERIFY(slider);
        const int count = stack->count();
        const double beforeDrag = w.page()->params().real("base");
        slider->setSliderDown(true);
        for (int pos : {slider->minimum() + 50, slider->minimum() + 120, slider->minimum() + 300})
            slider->setValue(pos);
        slider->setSliderDown(false);
        const double afterDrag = w.page()->params().real("base");
        QVERIFY(afterDrag != beforeDrag);
        QCOMPARE(stack->count(), count + 1);
        // A second drag of the same slider is a step of its own.
        slider->setSliderDown(true);
        slider->setValue(slider->minimum() + 400);
        slider->setValue(slider->minimum() + 450);
        slider->setSliderDown(false);
        QCOMPARE(stack->count(), count + 2);
        stack->undo();
        QCOMPARE(w.page()->params().real("base"), afterDrag);
        stack->undo();
        QCOMPARE(w.page()->params().real("base"), beforeDrag);
        QCOMPARE(w.paramPanel()->values().real("base"), beforeDrag);
        stack->redo();
        QCOMPARE(w.page()->params().real("base"), afterDrag);
        QVERIFY(test::waitIdle(w));

        // Opening a session starts a fresh history.
        QCOMPARE(w.openSession(dir.filePath("start.poslab")), QString());
        QCOMPARE(stack->count(), 0);
        QCOMPARE(w.page()->params(), p0);
        QVERIFY(test::waitIdle(w));
    }
};

QTEST_MAIN(TestSession)
#include "tst_session.moc"
