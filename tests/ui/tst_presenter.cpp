// The presenter view and the editable strip (issue 25 item 2). On two screens (the offscreen
// platform's, from a configuration file written before the application starts: a 1920 x 1080
// laptop and a 1280 x 720 projector), View > Presenter view opens a frameless window filling the
// screen the main window is not on; it shows the figure of the main window's current view (the
// same result) and follows a parameter change. On one screen (this test run again as a child
// process with the plain offscreen platform) the action refuses in one status-bar line and opens
// nothing. In presentation mode at 1280 x 720 the strip lists the parameters that act on the
// view, on one line, and a click on one opens a large slider that edits the page undoably.
#include <QAction>
#include <QFile>
#include <QProcess>
#include <QScreen>
#include <QSlider>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "tests/ui/screens_test_util.h"
#include "tests/ui/text_recorder.h"
#include "tests/ui/ui_test_util.h"
#include "ui/figure/acting_params.h"
#include "ui/figure/figure_export.h"
#include "ui/figure/number_format.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/language.h"
#include "ui/shell/param_popup.h"
#include "ui/shell/presentation_strip.h"
#include "ui/shell/presenter_window.h"
#include "ui/shell/strip_params.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

// The laptop is the 1920 x 1080 "monitor" of the layout suites' two screens.
const QSize kLaptop = ui::test::kMonitorSize, kProjector = ui::test::kProjectorSize;
const QString kLaptopName = QStringLiteral("monitor");
using ui::test::screenNamed;

void settle() {
    for (int i = 0; i < 4; ++i) {
        QTest::qWait(20);
        QCoreApplication::processEvents();
    }
}

// Spaces of every kind (no-break, narrow, the word joiner gone) as plain spaces.
QString plain(QString s) {
    s.remove(QChar(0x2060));
    for (QChar& c : s)
        if (c == QChar(0x00A0) || c == QChar(0x202F) || c == QChar(0x2009)) c = u' ';
    return s;
}

Presenter* presenterOf(const MainWindow& w) {
    return w.findChild<Presenter*>();
}

// The 1280 x 720 projector (in the one-screen child: the only screen).
QScreen* projectorOrOnly() {
    QScreen* s = screenNamed(QStringLiteral("projector"));
    return s ? s : QGuiApplication::primaryScreen();
}

// A window on `screen`, filling it, its first page computed.
bool showOn(MainWindow& w, QScreen* screen) {
    w.setScreen(screen);
    w.setGeometry(screen->availableGeometry());
    w.show();
    return QTest::qWaitForWindowExposed(&w) && ui::test::waitIdle(w);
}

}  // namespace

class TestPresenter : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() { applyLanguage(Lang::En); }

    // The window opens on the screen the main window is not on, frameless, at that screen's
    // full size; Esc closes it, and the action again.
    void opensOnTheOtherScreen_data() {
        QTest::addColumn<QString>("mainScreen");
        QTest::addColumn<QString>("otherScreen");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("closeByEsc");
        QTest::newRow("laptop, projector") << kLaptopName << "projector" << kProjector << true;
        QTest::newRow("projector, laptop") << "projector" << kLaptopName << kLaptop << false;
    }
    void opensOnTheOtherScreen() {
        if (QGuiApplication::screens().size() < 2) QSKIP("one screen: see refusedOnOneScreen");
        QFETCH(QString, mainScreen);
        QFETCH(QString, otherScreen);
        QFETCH(QSize, size);
        QFETCH(bool, closeByEsc);
        MainWindow w(ui::test::noSettings());
        QVERIFY(showOn(w, screenNamed(mainScreen)));
        Presenter* presenter = presenterOf(w);
        QVERIFY(presenter);
        QAction* action = presenter->action();
        QVERIFY(!action->shortcut().isEmpty());
        action->trigger();
        PresenterWindow* view = presenter->view();
        QVERIFY(view);
        QVERIFY(QTest::qWaitForWindowExposed(view));
        settle();
        QVERIFY(action->isChecked());
        QCOMPARE(view->screen()->name(), otherScreen);
        QCOMPARE(view->geometry(), screenNamed(otherScreen)->geometry());
        QCOMPARE(view->size(), size);
        QVERIFY(view->windowFlags() & Qt::FramelessWindowHint);
        QVERIFY(view->canvas()->hasFigure());
        // Text sized to the projector, not to the part of it under the strip: the smallest
        // label (a legend line, 2/3 of a body line) is at least 0.65 of 1/32 of the screen's height
        // (14 px at 720p; 8 px before, sized to the part of the screen below the strip).
        poslab::test::RecordingDevice device(view->canvas()->size(), 96);
        view->canvas()->render(&device);
        double smallest = 1e9;
        for (const poslab::test::TextBox& box : device.boxes())
            if (!box.text.trimmed().isEmpty()) smallest = std::min(smallest, box.pixels);
        QVERIFY2(!device.boxes().isEmpty(), "the canvas drew no text");
        QVERIFY2(smallest >= std::floor(0.65 * size.height() / 32.0),
                 qPrintable(QStringLiteral("%1 px text on a %2 px high screen")
                                .arg(smallest)
                                .arg(size.height())));
        if (closeByEsc) {  // pressed there: the window the lecturer clicked on
            view->activateWindow();
            QTRY_VERIFY(view->isActiveWindow());
            QTest::keyClick(view, Qt::Key_Escape);
        } else
            action->trigger();
        QTRY_VERIFY(!presenter->view());
        QVERIFY(!action->isChecked());
    }

    // The figure is the main window's current view's, from the same result, and follows a
    // parameter change, a tab change and the language.
    void showsTheSameFigure_data() {
        QTest::addColumn<QString>("page");
        QTest::addColumn<int>("tab");
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("shown");  // as the figure's footer writes it
        QTest::newRow("rope base") << "rope" << 1 << "base"
                                   << "500000"
                                   << "base = 500 000";
        QTest::newRow("rope n") << "rope" << 2 << "n"
                                << "256"
                                << "n = 256";
        QTest::newRow("alibi heads") << "alibi" << 1 << "heads"
                                     << "4"
                                     << "heads = 4";
    }
    void showsTheSameFigure() {
        if (QGuiApplication::screens().size() < 2) QSKIP("one screen: see refusedOnOneScreen");
        QFETCH(QString, page);
        QFETCH(int, tab);
        QFETCH(QString, param);
        QFETCH(QString, value);
        QFETCH(QString, shown);
        MainWindow w(ui::test::noSettings());
        QVERIFY(showOn(w, screenNamed(kLaptopName)));
        w.openPage(page, tab);
        QVERIFY(ui::test::waitIdle(w));
        Presenter* presenter = presenterOf(w);
        QCOMPARE(presenter->open(), QString());
        PresenterWindow* view = presenter->view();
        QVERIFY(QTest::qWaitForWindowExposed(view));
        auto same = [&] {
            const ViewWidget* main = w.figures()->targetView();
            const Figure& f = view->canvas()->figure();
            return main && view->canvas()->hasFigure() && f.view.id == main->spec().id &&
                   f.result.viewId == main->lastResult().viewId &&
                   f.result.lines.curves.size() == main->lastResult().lines.curves.size() &&
                   f.result.heatmaps.size() == main->lastResult().heatmaps.size();
        };
        QVERIFY(same());
        QCOMPARE(view->strip()->formulaText(),
                 w.page()->page()->formulaFor(w.page()->currentViewSpec()).en);
        QVERIFY2(w.paramPanel()->setText(param, value), qPrintable(param));
        QVERIFY(ui::test::waitIdle(w));
        QVERIFY(same());
        const QString footer = plain(view->canvas()->figure().footer);
        QVERIFY2(footer.contains(shown), qPrintable(footer));
        const QString words = plain(view->strip()->paramsText());
        QVERIFY2(words.contains(plain(formatExact(value.toDouble()))), qPrintable(words));
        // Another tab, and Chinese: the figure follows.
        w.page()->showTabAt(0);
        QVERIFY(ui::test::waitIdle(w));
        QVERIFY(same());
        w.setLanguage(Lang::Zh);
        QVERIFY(ui::test::waitIdle(w));
        settle();
        QVERIFY(ui::test::hasCjk(view->canvas()->figure().title));
        presenter->close();
        QTRY_VERIFY(!presenter->view());
    }

    // One screen: refused, said in one status-bar line, and no window. Run in a child process
    // whose platform has a single screen.
    void refusedOnOneScreen_data() {
        QTest::addColumn<bool>("chinese");
        QTest::newRow("en") << false;
        QTest::newRow("zh") << true;
    }
    void refusedOnOneScreen() {
        QFETCH(bool, chinese);
        if (QGuiApplication::screens().size() > 1) {
            if (QTest::currentDataTag() != QStringLiteral("en")) return;  // the child runs both
            QProcess child;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert("POSLAB_ONE_SCREEN", "1");
            child.setProcessEnvironment(env);
            child.setProcessChannelMode(QProcess::MergedChannels);
            child.start(QCoreApplication::applicationFilePath(), {"refusedOnOneScreen"});
            QVERIFY(child.waitForFinished(120000));
            const QByteArray out = child.readAll();
            QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
                     out.constData());
            QVERIFY2(out.contains("PASS   : TestPresenter::refusedOnOneScreen(zh)"),
                     out.constData());
            return;
        }
        MainWindow w(ui::test::noSettings());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        if (chinese) w.setLanguage(Lang::Zh);
        Presenter* presenter = presenterOf(w);
        QVERIFY(!presenter->otherScreen());
        presenter->action()->trigger();
        settle();
        QVERIFY(!presenter->action()->isChecked());
        QVERIFY(!presenter->view());
        for (QWidget* top : QApplication::topLevelWidgets())
            QVERIFY(!qobject_cast<PresenterWindow*>(top));
        const QString message = w.statusBar()->currentMessage();
        QVERIFY(!message.isEmpty());
        QVERIFY(!message.contains(u'\n'));
        QCOMPARE(ui::test::hasCjk(message), chinese);
        QVERIFY(message.contains(QStringLiteral("F11")));
    }

    // F11 at 1280 x 720: the strip lists the parameters that act on the view, no others, on one
    // line inside the window.
    void stripListsActingParams_data() {
        QTest::addColumn<QString>("page");
        QTest::addColumn<int>("tab");
        QTest::addColumn<bool>("chinese");
        QTest::newRow("rope decay en") << "rope" << 1 << false;
        QTest::newRow("rope decay zh") << "rope" << 1 << true;
        QTest::newRow("rope tab 3 zh") << "rope" << 3 << true;
        QTest::newRow("alibi en") << "alibi" << 1 << false;
        QTest::newRow("sinusoidal zh") << "sinusoidal" << 1 << true;
    }
    void stripListsActingParams() {
        QFETCH(QString, page);
        QFETCH(int, tab);
        QFETCH(bool, chinese);
        MainWindow w(ui::test::noSettings());
        QVERIFY(showOn(w, projectorOrOnly()));
        if (chinese) w.setLanguage(Lang::Zh);
        w.openPage(page, tab);
        QVERIFY(ui::test::waitIdle(w));
        w.setPresentation(true);  // full screen on the 1280 x 720 projector
        settle();
        const ViewSpec* view = w.page()->currentViewSpec();
        QVERIFY(view);
        QStringList acting;
        for (const ActingParam& a : actingParams(*view, w.page()->params()))
            acting << QString::fromStdString(a.name);
        const StripParams* items = w.presentationStrip()->paramItems();
        QStringList listed;
        for (const StripItem& item : items->items()) listed << item.name;
        QCOMPARE(listed, acting);
        QCOMPARE(w.screen()->name(), QStringLiteral("projector"));
        QVERIFY(w.width() <= kProjector.width());
        // One line: every item drawn in the row's one line, inside the strip, none overlapping.
        const int line = QFontMetrics(items->font()).height();
        QVERIFY2(items->height() < 2 * line, qPrintable(QString::number(items->height())));
        QVERIFY(items->shownCount() >= 1);
        QRect previous;
        for (const StripItem& item : items->items()) {
            const QRect r = item.name.isEmpty() ? QRect() : items->itemRect(item.name);
            if (r.isEmpty()) continue;
            QVERIFY(items->rect().contains(r));
            QVERIFY(previous.isEmpty() ||
                    (r.top() == previous.top() && r.left() > previous.right()));
            previous = r;
        }
        w.setPresentation(false);
    }

    // A click on a parameter opens the large slider; moving it changes the page's value through
    // the panel (one undo step per drag), and Undo reverts it.
    void sliderEditsAndUndoes_data() {
        QTest::addColumn<QString>("page");
        QTest::addColumn<int>("tab");
        QTest::addColumn<QString>("param");
        QTest::addColumn<bool>("chinese");
        QTest::newRow("rope base") << "rope" << 1 << "base" << false;
        QTest::newRow("rope n zh") << "rope" << 1 << "n" << true;
        QTest::newRow("alibi heads") << "alibi" << 1 << "heads" << false;
    }
    void sliderEditsAndUndoes() {
        QFETCH(QString, page);
        QFETCH(int, tab);
        QFETCH(QString, param);
        QFETCH(bool, chinese);
        MainWindow w(ui::test::noSettings());
        QVERIFY(showOn(w, projectorOrOnly()));
        if (chinese) w.setLanguage(Lang::Zh);
        w.openPage(page, tab);
        QVERIFY(ui::test::waitIdle(w));
        w.setPresentation(true);  // full screen on the 1280 x 720 projector
        settle();
        PresentationStrip* strip = w.presentationStrip();
        StripParams* items = strip->paramItems();
        const QRect r = items->itemRect(param);
        QVERIFY2(!r.isEmpty(), qPrintable(items->text()));
        QTest::mouseMove(items, r.center());
        QTest::mouseClick(items, Qt::LeftButton, {}, r.center());
        ParamPopup* popup = strip->popup();
        QVERIFY(popup);
        QTRY_VERIFY(popup->isVisible());
        QSlider* slider = popup->slider();
        QVERIFY(slider);
        QVERIFY(slider->width() >= 400);
        const std::string key = param.toStdString();
        const core::ParamValue before = w.page()->params().get(key);
        const int undoBefore = w.undoStack()->index();
        // A drag over several positions: the page's value changes, one undo step.
        const int from = slider->value();
        const int to = from > (slider->minimum() + slider->maximum()) / 2
                           ? slider->minimum() + (from - slider->minimum()) / 3
                           : from + (slider->maximum() - from) / 3;
        slider->setSliderDown(true);
        for (int i = 1; i <= 4; ++i) slider->setSliderPosition(from + (to - from) * i / 4);
        slider->setSliderDown(false);
        QVERIFY(ui::test::waitIdle(w));
        const core::ParamValue after = w.page()->params().get(key);
        QVERIFY(!(after == before));
        QCOMPARE(w.undoStack()->index(), undoBefore + 1);
        QCOMPARE(w.paramPanel()->values().get(key), after);
        QVERIFY2(plain(strip->paramsText()).contains(plain(popup->valueText())),
                 qPrintable(strip->paramsText() + " / " + popup->valueText()));
        // A key steps once more: another undo step.
        QTest::keyClick(slider, from < to ? Qt::Key_Right : Qt::Key_Left);
        QVERIFY(ui::test::waitIdle(w));
        QCOMPARE(w.undoStack()->index(), undoBefore + 2);
        // Undo twice: the value before, on the page, in the panel and in the popup.
        w.undoStack()->undo();
        w.undoStack()->undo();
        QVERIFY(ui::test::waitIdle(w));
        QCOMPARE(w.page()->params().get(key), before);
        QCOMPARE(w.paramPanel()->values().get(key), before);
        QCOMPARE(slider->value(), from);
        popup->close();
        w.setPresentation(false);
    }
};

int main(int argc, char** argv) {
    // Two screens, unless this is the one-screen child (refusedOnOneScreen).
    QTemporaryDir dir;
    if (qEnvironmentVariableIsSet("POSLAB_ONE_SCREEN")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    } else {
        if (!ui::test::useTwoScreens(dir)) return 1;
    }
    QApplication::setAttribute(Qt::AA_Use96Dpi, true);
    QApplication app(argc, argv);
    TestPresenter test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_presenter.moc"
