// Between two classes (issue 25 item 3): lessons, presentation mode and the Model page never
// leave the window without its docks or with a narrowed browser; a lesson's ghost curve ends
// with the lesson; Edit > Reset the class puts every page back at its preset and clears the
// lesson, the comparisons and the model marks.
#include <QAction>
#include <QDockWidget>
#include <QUndoStack>
#include <QtTest>

#include "tests/ui/ui_test_util.h"
#include "ui/document/lesson.h"
#include "ui/document/lesson_player.h"
#include "ui/model/model_page.h"
#include "ui/panels/param_panel.h"
#include "ui/views/chart_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

Lesson builtin(const QString& id) {
    for (const Lesson& l : builtinLessons(Catalog::instance()))
        if (l.id == id) return l;
    return {};
}

QDockWidget* dock(MainWindow& w, const char* name) {
    return w.findChild<QDockWidget*>(QString::fromLatin1(name));
}

int ghostCurves(MainWindow& w) {
    int n = 0;
    for (int t = 0; t < w.page()->tabCount(); ++t)
        for (ViewWidget* v : w.page()->viewsOfTab(t))
            if (v->chart())
                for (const CurveData& c : v->chart()->drawn().curves)
                    n += c.color == ChartWidget::kGhostColor && c.dashed;
    return n;
}

// Runs one step of a route through lessons, presentation mode and the Model page.
void act(MainWindow& w, const QString& step) {
    if (step == "F11") {
        w.setPresentation(true);
    } else if (step == "Esc") {
        w.setPresentation(false);
        w.resize(1280, 720);  // as the window manager gives the normal size back
    } else if (step == "model") {
        QCOMPARE(w.modelPage()->openPreset(QStringLiteral("llama-3.1-8b")), QString());
        w.showModelPage();
    } else if (step == "end") {
        w.lessonPlayer()->stop();
    } else if (step.startsWith("lesson ")) {  // "lesson ID STEP"
        const QStringList parts = step.split(' ');
        const Lesson lesson = builtin(parts[1]);
        QVERIFY2(!lesson.steps.isEmpty(), qPrintable(parts[1]));
        QCOMPARE(w.startLesson(lesson), QString());
        w.lessonPlayer()->go(parts[2].toInt() - 1);
    } else {
        w.openPage(step);
    }
    QVERIFY(test::waitIdle(w, 60000));
}

}  // namespace

class TestClassReset : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    // Review 2 #3: the routes a lecturer took; each ends on an encoding page in the normal
    // window, which must have its three docks and the browser at its width.
    void docksSurvive_data() {
        QTest::addColumn<QStringList>("route");
        QTest::newRow("06 (Model page), F11, 07, 03, Esc")
            << QStringList{"lesson reading_a_model 2",
                           "F11",
                           "lesson float32_positions 1",
                           "lesson rope 5",
                           "Esc",
                           "end"};
        QTest::newRow("F11 on RoPE, Model page, Esc, RoPE")
            << QStringList{"F11", "model", "Esc", "rope"};
        QTest::newRow("Model page, F11, RoPE, Esc") << QStringList{"model", "F11", "rope", "Esc"};
        QTest::newRow("lesson 06 through all its steps, end, RoPE")
            << QStringList{"lesson reading_a_model 1", "lesson reading_a_model 4",
                           "lesson reading_a_model 7", "end", "rope"};
    }
    void docksSurvive() {
        QFETCH(QStringList, route);
        MainWindow w(test::noSettings());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(test::waitIdle(w));
        const int browserWidth = dock(w, "browserDock")->width();
        for (const QString& step : route) {
            act(w, step);
            if (QTest::currentTestFailed()) return;
        }
        QVERIFY(!w.modelPageShown());
        QTRY_VERIFY(!w.isFullScreen());
        for (const char* name : {"browserDock", "paramsDock", "explanationDock"})
            QVERIFY2(dock(w, name)->isVisible(), name);
        // Within 20 px (the Model page may take a few); review 2 found it at 70 px for good.
        QTRY_VERIFY2(dock(w, "browserDock")->width() >= browserWidth - 20,
                     qPrintable(QStringLiteral("browser %1 px, was %2 px")
                                    .arg(dock(w, "browserDock")->width())
                                    .arg(browserWidth)));
    }

    // Leaving F11 makes the page's widgets afresh: every view keeps its state, the Compare tab
    // (last in the page's order, past the tabs on the bar) included.
    void viewStatesSurviveF11() {
        MainWindow w(test::noSettings());
        w.show();
        QVERIFY(test::waitIdle(w));
        const int last = w.page()->tabCount() - 1;
        QVERIFY(last > w.page()->tabs()->count());  // RoPE keeps views under More views
        const QVector<ViewWidget*> compare = w.page()->viewsOfTab(last);
        QCOMPARE(compare.size(), 1);
        ViewState s = compare[0]->state();
        QVERIFY(s.cmpValue != QLatin1String("20000"));
        s.cmpValue = QStringLiteral("20000");
        compare[0]->setState(s);
        QCOMPARE(compare[0]->state().cmpValue, s.cmpValue);
        act(w, "F11");
        act(w, "Esc");
        QCOMPARE(w.page()->viewsOfTab(last).size(), 1);
        QCOMPARE(w.page()->viewsOfTab(last)[0]->state().cmpValue, s.cmpValue);
    }

    // On the Model page in the normal window the parameter and explanation docks stay hidden,
    // however the page was reached.
    void modelPageKeepsItsArrangement() {
        MainWindow w(test::noSettings());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        for (const char* step : {"F11", "model", "Esc"}) act(w, QString::fromLatin1(step));
        QVERIFY(w.modelPageShown());
        QVERIFY(!dock(w, "paramsDock")->isVisible());
        QVERIFY(!dock(w, "explanationDock")->isVisible());
        QVERIFY(dock(w, "browserDock")->isVisible());
    }

    // Review 2 #4: the dashed "previous step" curve leaves with the lesson, whether the lesson
    // is ended or the class reset.
    void ghostEndsWithTheLesson_data() {
        QTest::addColumn<QString>("how");
        QTest::newRow("Lessons > End the lesson") << "end";
        QTest::newRow("Edit > Reset the class") << "reset";
    }
    void ghostEndsWithTheLesson() {
        QFETCH(QString, how);
        MainWindow w(test::noSettings());
        w.show();
        act(w, "lesson rope 8");  // base 10 000 -> 500 000: the ghost is the 10 000 curve
        QVERIFY(ghostCurves(w) > 0);
        if (how == "end")
            act(w, "end");
        else
            w.findChild<QAction*>(QStringLiteral("resetClassAction"))->trigger();
        QVERIFY(!w.lessonPlayer()->active());
        QVERIFY(test::waitIdle(w, 60000));
        QCOMPARE(ghostCurves(w), 0);
        // and it stays gone through an edit
        QVERIFY(w.paramPanel()->setText("base", QStringLiteral("20000")));
        QVERIFY(test::waitIdle(w, 60000));
        QCOMPARE(ghostCurves(w), 0);
    }

    // Every page's values, the Model page's comparison and the undo history go; the page and
    // the layout stay.
    void resetTheClass() {
        MainWindow w(test::noSettings());
        w.show();
        QVERIFY(test::waitIdle(w));
        const PageSpec* alibi = Catalog::instance().find(QStringLiteral("alibi"));
        QVERIFY(alibi);
        w.openPage(QStringLiteral("alibi"));
        const core::ParamSet alibiPreset = MainWindow::presetParams(*alibi);
        QVERIFY(w.paramPanel()->setText("n", QStringLiteral("48")));
        QVERIFY(test::waitIdle(w));
        QVERIFY(w.page()->params() != alibiPreset);
        w.openPage(QStringLiteral("rope"), 2);
        QVERIFY(w.paramPanel()->setText("base", QStringLiteral("500000")));
        QCOMPARE(w.modelPage()->openPreset(QStringLiteral("llama-3.1-8b")), QString());
        QCOMPARE(w.modelPage()->openComparePreset(QStringLiteral("qwen2.5-7b-yarn")), QString());
        QVERIFY(w.modelPage()->hasCompare());
        QVERIFY(test::waitIdle(w));
        QVERIFY(w.undoStack()->count() > 0);

        w.findChild<QAction*>(QStringLiteral("resetClassAction"))->trigger();
        QVERIFY(test::waitIdle(w));
        const PageSpec* rope = Catalog::instance().find(QStringLiteral("rope"));
        QCOMPARE(w.page()->page(), rope);
        QCOMPARE(w.page()->currentTab(), 2);
        QVERIFY(w.page()->params() == MainWindow::presetParams(*rope));
        QVERIFY(w.paramPanel()->values() == MainWindow::presetParams(*rope));
        QVERIFY(!w.modelPage()->hasCompare());
        QCOMPARE(w.undoStack()->count(), 0);
        w.openPage(QStringLiteral("alibi"));
        QVERIFY(w.page()->params() == alibiPreset);
    }
};

QTEST_MAIN(TestClassReset)
#include "tst_class_reset.moc"
