// Lessons and presentation mode (issue 5): the keys a presenter's clicker sends step through a
// lesson wherever the focus is in the window, each step opening its page, view, parameters and
// view state with its caption; presentation mode hides the docks and enlarges the fonts, and
// leaving it restores the window as it was.
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QSlider>
#include <QStatusBar>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include "core/registry.h"
#include "tests/ui/ui_test_util.h"
#include "ui/document/lesson.h"
#include "ui/document/lesson_deck.h"
#include "ui/document/lesson_player.h"
#include "ui/document/lesson_train.h"
#include "ui/panels/choice_words.h"
#include "ui/panels/encoding_browser.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/presentation_strip.h"
#include "ui/train/train_page.h"
#include "ui/views/chart_widget.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/rotation_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

// Three steps over two pages, with parameters and a view state.
const char* const kLesson = R"({
  "format": 1, "id": "keys_test",
  "title": {"en": "Key test", "zh": "按键测试"},
  "steps": [
    {"view": "rope/decay", "params": {"d": "4"},
     "title": {"en": "Periodic", "zh": "周期"}, "caption": {"en": "d = 4 repeats.", "zh": "d = 4 时周期重复。"}},
    {"view": "rope/rotation", "params": {"base": "500"}, "state": {"m": 3, "delta": 5},
     "title": {"en": "Rotation", "zh": "旋转"}, "caption": {"en": "Pairs turn.", "zh": "成对旋转。"}},
    {"view": "sinusoidal/table", "params": {"n": "64"},
     "title": {"en": "Table", "zh": "表"}, "caption": {"en": "Stripes.", "zh": "条纹。"}}
  ]
})";

Lesson testLesson() {
    Lesson lesson;
    QString error;
    if (!parseLesson(kLesson, Catalog::instance(), &lesson, &error))
        qFatal("%s", qPrintable(error));
    return lesson;
}

ViewWidget* stepView(const MainWindow& w, const LessonStep& step) {
    for (ViewWidget* v : w.page()->viewsOfTab())
        if (v->spec().id == step.view) return v;
    return nullptr;
}

QMap<QString, bool> dockVisibility(const MainWindow& w) {
    QMap<QString, bool> out;
    for (const QDockWidget* d : w.findChildren<QDockWidget*>())
        out[d->objectName()] = d->isVisible();
    return out;
}

// The player acts once the key event has been delivered (see LessonPlayer::eventFilter).
void press(QWidget* to, Qt::Key key) {
    QTest::keyClick(to, key);
    QTest::qWait(0);
}

// A view's state as a lesson step sets it: the plot's size in pixels is the widget's own
// measurement (it follows resizes on a timer), not part of the step.
ViewState lessonPart(ViewState s) {
    s.pixels = 0;
    return s;
}

QStringList actionTexts(const QMenu* menu) {
    QStringList out;
    for (const QAction* a : menu->actions()) out << a->text().remove('&');
    return out;
}

}  // namespace

class TestPresentation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() { applyLanguage(Lang::En); }

    void keysStepTheLesson_data() {
        QTest::addColumn<QString>("target");
        QTest::newRow("to the window") << "window";
        QTest::newRow("to the focused view") << "view";
        QTest::newRow("to the view's drawing") << "drawing";
    }
    void keysStepTheLesson() {
        QFETCH(QString, target);
        const Lesson lesson = testLesson();
        MainWindow w(test::noSettings());
        w.show();
        QCOMPARE(w.startLesson(lesson), QString());
        LessonPlayer* player = w.lessonPlayer();
        QVERIFY(player->isVisible());
        auto receiver = [&]() -> QWidget* {
            if (target == "window") return &w;
            ViewWidget* v = stepView(w, *player->step());
            if (!v || target == "view") return v;
            if (v->chart()) return v->chart();
            if (v->rotation()) return v->rotation();
            return v->heatmaps().isEmpty() ? nullptr : v->heatmaps().front();
        };
        auto checkStep = [&](int index) {
            QCOMPARE(player->index(), index);
            const LessonStep& step = lesson.steps[index];
            QCOMPARE(w.page()->page()->id, step.page);
            QVERIFY(w.page()->currentViewSpec());
            QCOMPARE(w.page()->currentViewSpec()->id, step.view);
            auto expected = stepParams(step, Catalog::instance());
            QVERIFY(expected.ok());
            QVERIFY(w.page()->params().values() == expected->values());
            QVERIFY(w.paramPanel()->values().values() == expected->values());
            const ViewWidget* v = stepView(w, step);
            QVERIFY(v);
            QCOMPARE(lessonPart(v->state()), lessonPart(step.state));
            QVERIFY2(player->titleText().contains(step.title.en), qPrintable(player->titleText()));
            QCOMPARE(player->captionText(), step.caption.en);
        };
        checkStep(0);
        const QVector<QPair<Qt::Key, int>> keys{
            {Qt::Key_PageDown, 1}, {Qt::Key_PageDown, 2}, {Qt::Key_PageDown, 2},
            {Qt::Key_PageUp, 1},   {Qt::Key_Left, 0},     {Qt::Key_Left, 0},
            {Qt::Key_Right, 1},    {Qt::Key_Down, 2},     {Qt::Key_Up, 1},
            {Qt::Key_Home, 0},     {Qt::Key_End, 2},      {Qt::Key_Home, 0},
            {Qt::Key_Space, 1}};
        for (const auto& [key, index] : keys) {
            if (target == "drawing") QVERIFY(test::waitIdle(w));  // drawings come with results
            QWidget* to = receiver();
            QVERIFY(to);
            to->setFocus();
            press(to, key);
            checkStep(index);
        }
        QVERIFY(test::waitIdle(w));
        for (const ViewWidget* v : w.page()->viewsOfTab())
            QVERIFY2(!v->hasError(), qPrintable(v->errorText()));
    }

    // Every built-in lesson plays in the window: each step opens its view with its parameters
    // and state, and the view draws without an error.
    void builtinLessonsPlay_data() {
        QTest::addColumn<int>("index");
        const auto lessons = builtinLessons(Catalog::instance());
        for (int i = 0; i < lessons.size(); ++i) QTest::newRow(qPrintable(lessons[i].id)) << i;
    }
    void builtinLessonsPlay() {
        QFETCH(int, index);
        const Lesson lesson = builtinLessons(Catalog::instance()).value(index);
        MainWindow w(test::noSettings());
        w.show();
        QCOMPARE(w.startLesson(lesson), QString());
        for (int i = 0; i < lesson.steps.size(); ++i) {
            if (i > 0) press(&w, Qt::Key_PageDown);
            const LessonStep& step = lesson.steps[i];
            const QString where = QStringLiteral("step %1 (%2)").arg(i + 1).arg(step.view);
            QCOMPARE(w.lessonPlayer()->index(), i);
            if (!step.train.isEmpty()) {  // the Training lab with the step's settings
                TrainSettings settings;
                QVERIFY(trainStepSettings(step, &settings));
                QVERIFY2(w.trainPageShown(), qPrintable(where));
                QVERIFY(w.trainPage()->shownSettings() == settings);
                QVERIFY(w.trainPage()->running() || !w.trainPage()->records().empty());
                QCOMPARE(w.lessonPlayer()->captionText(), step.caption.en);
                continue;
            }
            QCOMPARE(w.page()->page()->id, step.page);
            QVERIFY2(w.page()->currentViewSpec() && w.page()->currentViewSpec()->id == step.view,
                     qPrintable(where));
            QVERIFY(w.page()->params().values() == stepParams(step, Catalog::instance())->values());
            QVERIFY(test::waitIdle(w, 60000));
            const ViewWidget* v = stepView(w, step);
            QVERIFY2(v && v->hasResult(), qPrintable(where));
            QVERIFY2(!v->hasError(), qPrintable(where + ": " + v->errorText()));
            QCOMPARE(lessonPart(v->state()), lessonPart(step.state));
            QCOMPARE(w.lessonPlayer()->captionText(), step.caption.en);
        }
    }

    // A step that changes one parameter of the same view keeps the step before as a grey
    // dashed "ghost" named by that parameter, however the step is reached (forward, by a jump,
    // after the user moved a slider); a step that changes two has none.
    void ghostOfThePreviousStep_data() {
        QTest::addColumn<QString>("second");
        QTest::addColumn<bool>("touch");
        QTest::addColumn<bool>("jump");
        QTest::addColumn<bool>("ghost");
        QTest::newRow("one change") << R"({"base": "500000"})" << false << false << true;
        QTest::newRow("two changes")
            << R"({"base": "500000", "d": "64"})" << false << false << false;
        QTest::newRow("slider moved before") << R"({"base": "500000"})" << true << false << true;
        QTest::newRow("jumped to") << R"({"base": "500000"})" << false << true << true;
    }
    void ghostOfThePreviousStep() {
        QFETCH(QString, second);
        QFETCH(bool, touch);
        QFETCH(bool, jump);
        QFETCH(bool, ghost);
        const QString json = QStringLiteral(R"({"format": 1, "id": "ghost_test",
  "title": {"en": "Ghost", "zh": "残影"},
  "steps": [
    {"view": "rope/decay", "params": {"base": "10000"}, "title": {"en": "A", "zh": "甲"},
     "caption": {"en": "a", "zh": "甲"}},
    {"view": "rope/decay", "params": %1, "title": {"en": "B", "zh": "乙"},
     "caption": {"en": "b", "zh": "乙"}},
    {"view": "rope/frequencies", "params": {}, "title": {"en": "C", "zh": "丙"},
     "caption": {"en": "c", "zh": "丙"}}]})")
                                 .arg(second);
        Lesson lesson;
        QString error;
        QVERIFY2(parseLesson(json.toUtf8(), Catalog::instance(), &lesson, &error),
                 qPrintable(error));
        MainWindow w(test::noSettings());
        w.show();
        QCOMPARE(w.startLesson(lesson), QString());
        QVERIFY(test::waitIdle(w, 60000));
        const ViewWidget* first = stepView(w, lesson.steps[0]);
        QVERIFY(first && first->chart() && first->hasResult());
        const QVector<CurveData> before = first->chart()->curves();
        QVERIFY(!before.isEmpty());
        if (touch) {
            QVERIFY(w.paramPanel()->setText("max_distance", QStringLiteral("2048")));
            QVERIFY(test::waitIdle(w, 60000));
        }
        if (jump) {
            // Back from the third step, which shows another view: the screen never held the
            // first step's curves just before.
            w.lessonPlayer()->go(2);
            QVERIFY(test::waitIdle(w, 60000));
            w.lessonPlayer()->go(1);
        } else {
            press(&w, Qt::Key_PageDown);
        }
        QVERIFY(test::waitIdle(w, 60000));
        const ViewWidget* v = stepView(w, lesson.steps[1]);
        QVERIFY(v && v->chart() && v->hasResult());
        const LinesData& drawn = v->chart()->drawn();
        const int ghosts = static_cast<int>(std::count_if(
            drawn.curves.begin(), drawn.curves.end(),
            [](const CurveData& c) { return c.color == ChartWidget::kGhostColor && c.dashed; }));
        QCOMPARE(ghosts, ghost ? before.size() : 0);
        // The exported deck draws the same ghost.
        const auto figures = lessonFigures(lesson, Catalog::instance(), 512.0 * 1024 * 1024);
        QVERIFY(figures.ok());
        const QVector<CurveData>& deck = figures->at(1).result.lines.curves;
        QCOMPARE(static_cast<int>(std::count_if(deck.begin(), deck.end(),
                                                [](const CurveData& c) {
                                                    return c.color == ChartWidget::kGhostColor &&
                                                           c.dashed;
                                                })),
                 ghost ? before.size() : 0);
        if (!ghost) return;
        if (qEnvironmentVariableIsSet("POSLAB_GHOST_SHOT"))  // to look at it
            w.grab().save(qEnvironmentVariable("POSLAB_GHOST_SHOT"));
        QCOMPARE(drawn.curves.front().name.en, QStringLiteral("previous step: base = 10\u202F000"));
        QCOMPARE(drawn.curves.size(), before.size() + v->chart()->curves().size());
        // The ghost is the first step as the lesson sets it (a slider moved since is not in it).
        QCOMPARE(drawn.curves.front().points, before.front().points);
        // The ghost is the first step's curve, not the new one: base 10000 decays faster.
        QVERIFY(drawn.curves.front().points.isEmpty() ||
                drawn.curves.front().points != v->chart()->curves().front().points);
    }

    void widgetsKeepTheirKeys() {
        const Lesson lesson = testLesson();
        MainWindow w(test::noSettings());
        w.show();
        QCOMPARE(w.startLesson(lesson), QString());
        LessonPlayer* player = w.lessonPlayer();
        // In a text field the arrows move the cursor; the clicker's Page Down still steps.
        auto* edit = w.paramPanel()->findChild<QLineEdit*>();
        QVERIFY(edit);
        edit->setFocus();
        press(edit, Qt::Key_Right);
        QCOMPARE(player->index(), 0);
        press(edit, Qt::Key_PageDown);
        QCOMPARE(player->index(), 1);
        // On a view's slider the arrows step the lesson rather than move the slider.
        QPointer<QSlider> slider = stepView(w, *player->step())->findChild<QSlider*>();
        QVERIFY(slider);
        const int m = slider->value();
        press(slider, Qt::Key_Left);
        QCOMPARE(player->index(), 0);
        QVERIFY(!slider || slider->value() == m);
        // Escape outside presentation mode leaves the lesson running.
        press(&w, Qt::Key_Escape);
        QVERIFY(player->active());

        // A step's parameters are one undo step.
        press(&w, Qt::Key_PageDown);
        QCOMPARE(w.page()->params().real("base"), 500.0);
        w.undoStack()->undo();
        QCOMPARE(w.page()->params().integer("d"), 4);
        QCOMPARE(w.page()->params().real("base"),
                 stepParams(lesson.steps[0], Catalog::instance())->real("base"));

        // The caption follows the language.
        w.setLanguage(Lang::Zh);
        QCOMPARE(player->captionText(), lesson.steps[1].caption.zh);
        w.setLanguage(Lang::En);

        // Ending the lesson gives the keys back to the widgets.
        player->stop();
        QVERIFY(!player->isVisible());
        const int tab = w.page()->currentTab();
        press(&w, Qt::Key_PageDown);
        QCOMPARE(player->index(), -1);
        QCOMPARE(w.page()->currentTab(), tab);
        QVERIFY(test::waitIdle(w));
    }

    void lessonsMenu() {
        MainWindow w(test::noSettings());
        QMenu* menu = w.lessonsMenu();
        QVERIFY(menu);
        QVERIFY(w.menuBar()->actions().contains(menu->menuAction()));
        const QStringList texts = actionTexts(menu);
        QVERIFY2(texts.contains(QString::fromUtf8("Open Lesson File…")),
                 qPrintable(texts.join(" | ")));
        for (const Lesson& l : builtinLessons(Catalog::instance()))
            QVERIFY2(texts.contains(QString(l.title.en).remove('&')), qPrintable(l.title.en));
        auto stepAction = [&](const QString& start) -> QAction* {
            for (QAction* a : menu->actions())
                if (a->text().remove('&').startsWith(start)) return a;
            return nullptr;
        };
        QAction* next = stepAction("Next Step");
        QVERIFY(next);
        QVERIFY(!next->isEnabled());
        QCOMPARE(w.startLesson(testLesson()), QString());
        next = stepAction("Next Step");
        QVERIFY(next && next->isEnabled());
        next->trigger();
        QCOMPARE(w.lessonPlayer()->index(), 1);
        stepAction("Previous Step")->trigger();
        QCOMPARE(w.lessonPlayer()->index(), 0);
        stepAction("End the Lesson")->trigger();
        QVERIFY(!w.lessonPlayer()->active());
        // A file that is not a lesson is refused with the parser's message.
        QTemporaryDir dir;
        QFile bad(dir.filePath("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(
            R"({"format": 1, "id": "x", "title": {"en": "X", "zh": "X"}, "steps": [{"view": "rope/nope"}]})");
        bad.close();
        const QString error = w.openLessonFile(bad.fileName());
        QVERIFY2(error.contains("rope/nope"), qPrintable(error));
        QVERIFY(!w.lessonPlayer()->active());
        QVERIFY(test::waitIdle(w));
    }

    // A lesson ends when you leave it (GUI review 6): steps that move to another page keep it
    // running, but choosing a page in the browser by hand ends it and hides its caption.
    void leavingEndsTheLesson() {
        MainWindow w(test::noSettings());
        w.resize(1400, 900);
        w.show();
        QVERIFY(test::waitIdle(w));
        LessonPlayer* player = w.lessonPlayer();
        QCOMPARE(w.startLesson(testLesson()), QString());
        player->next();
        player->next();  // the third step is on the sinusoidal page
        QCOMPARE(player->index(), 2);
        QVERIFY(player->active() && player->isVisible());
        QCOMPARE(w.page()->page()->id, QStringLiteral("sinusoidal"));
        QTreeWidgetItem* t5 = nullptr;
        QTreeWidget* tree = w.browser()->tree();
        for (int g = 0; g < tree->topLevelItemCount(); ++g)
            for (int i = 0; i < tree->topLevelItem(g)->childCount(); ++i)
                if (tree->topLevelItem(g)->child(i)->data(0, Qt::UserRole).toString() == "t5")
                    t5 = tree->topLevelItem(g)->child(i);
        QVERIFY(t5);
        tree->setCurrentItem(t5);
        QCOMPARE(w.page()->page()->id, QStringLiteral("t5"));
        QVERIFY(!player->active());
        QVERIFY(!player->isVisible());
        QVERIFY(test::waitIdle(w));
    }

    void presentationMode() {
        MainWindow w(test::noSettings());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // Hidden by the user before presenting: it must stay hidden afterwards.
        w.findChild<QDockWidget*>("explanationDock")->hide();
        const QMap<QString, bool> docks = dockVisibility(w);
        QCOMPARE(docks.size(), 3);
        const QFont font = QApplication::font();

        w.setPresentation(true);
        QVERIFY(w.isPresenting());
        QVERIFY(w.isFullScreen());
        for (const QDockWidget* d : w.findChildren<QDockWidget*>()) QVERIFY(!d->isVisible());
        QVERIFY(!w.menuBar()->isVisible());
        QVERIFY(!w.statusBar()->isVisible());
        QVERIFY(QApplication::font().pointSizeF() >= 1.3 * font.pointSizeF());
        // With the docks gone, the strip keeps the formula and the parameters that act; it
        // follows the tab and the values.
        const PresentationStrip* strip = w.presentationStrip();
        QVERIFY(strip->isVisible());
        QVERIFY(test::waitIdle(w));
        QCOMPARE(strip->formulaText(), w.page()->page()->formula.en);
        // In the panel's words, not identifiers (the footers keep those for the command line).
        QVERIFY2(strip->paramsText().contains(
                     QStringLiteral("Frequency\u00A0base\u00A0=\u00A010\u202F000")),
                 qPrintable(strip->paramsText()));
        QVERIFY(w.paramPanel()->setText("base", QStringLiteral("500000")));
        QVERIFY(w.paramPanel()->setText("pairing", QStringLiteral("half")));
        QVERIFY(test::waitIdle(w));
        QVERIFY2(strip->paramsText().contains(
                     QStringLiteral("Frequency\u00A0base\u00A0=\u00A0500\u202F000")),
                 qPrintable(strip->paramsText()));
        QVERIFY2(strip->paramsText().contains(choiceText("half").replace(u' ', QChar(0x00A0))),
                 qPrintable(strip->paramsText()));
        QVERIFY2(!strip->paramsText().contains(QStringLiteral("pairing\u00A0=\u00A0half")),
                 qPrintable(strip->paramsText()));
        // The wavelength tab: the pairing does not act there (views.json "ignores"), not listed.
        w.page()->setCurrentTab(4);
        QCOMPARE(strip->formulaText(), w.page()->currentViewSpec()->formula.en);
        QVERIFY(test::waitIdle(w));
        QVERIFY2(!strip->paramsText().contains(choiceText("half").replace(u' ', QChar(0x00A0))),
                 qPrintable(strip->paramsText()));
        w.page()->setCurrentTab(2);  // scores: it acts (any q and k)
        QVERIFY(test::waitIdle(w));
        // A language switch keeps the large font and puts the strip in Chinese.
        w.setLanguage(Lang::Zh);
        QVERIFY(QApplication::font().pointSizeF() >= 1.3 * font.pointSizeF());
        // (Read without the invisible word joiners that keep a Chinese item on one line.)
        const QString zh = strip->paramsText().remove(QChar(0x2060));
        QVERIFY2(zh.contains(QStringLiteral("频率底数\u00A0=\u00A0500\u202F000")), qPrintable(zh));
        QVERIFY2(zh.contains(choiceText("half").replace(u' ', QChar(0x00A0))),
                 qPrintable(strip->paramsText()));
        w.setLanguage(Lang::En);
        QVERIFY(w.paramPanel()->setText("pairing", QStringLiteral("interleaved")));

        // A lesson in presentation mode: clicker keys step it; the caption is larger still.
        QCOMPARE(w.startLesson(testLesson()), QString());
        press(&w, Qt::Key_PageDown);
        QCOMPARE(w.lessonPlayer()->index(), 1);
        const auto* caption = w.lessonPlayer()->findChild<QWidget*>("lessonCaption");
        QVERIFY(caption && caption->isVisible());
        QVERIFY(caption->font().pointSizeF() > QApplication::font().pointSizeF());

        // Escape leaves presentation mode and puts everything back; the lesson goes on.
        press(&w, Qt::Key_Escape);
        QVERIFY(!w.isPresenting());
        QVERIFY(!strip->isVisible());
        QVERIFY(!w.isFullScreen());
        QCOMPARE(QApplication::font(), font);
        QCOMPARE(dockVisibility(w), docks);
        QVERIFY(w.menuBar()->isVisible());
        QVERIFY(w.statusBar()->isVisible());
        QVERIFY(w.lessonPlayer()->active());
        QVERIFY(caption->font().pointSizeF() < 1.3 * 1.3 * font.pointSizeF());

        // F11 toggles it, also with the menu bar hidden.
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        press(&w, Qt::Key_F11);
        QVERIFY(w.isPresenting());
        press(&w, Qt::Key_F11);
        QVERIFY(!w.isPresenting());
        QCOMPARE(QApplication::font(), font);
        QCOMPARE(dockVisibility(w), docks);
        QVERIFY(test::waitIdle(w));
    }
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
