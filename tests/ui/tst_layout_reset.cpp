// View > Reset layout (issue 25 item 3): whatever a lesson, F11 or the user did to the docks
// (hidden, floating, presentation mode), the window gets back the layout of a fresh one: the
// encoding browser, the parameters and the explanation shown and docked, out of presentation
// mode; on the Model page the parameter and explanation docks wait for an encoding page.
#include <QAction>
#include <QDockWidget>
#include <QtTest>

#include "tests/ui/ui_test_util.h"
#include "ui/model/model_page.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

QAction* resetAction(MainWindow& w) {
    return w.findChild<QAction*>(QStringLiteral("resetLayoutAction"));
}

QStringList hiddenOrFloating(MainWindow& w) {
    QStringList out;
    for (QDockWidget* d : w.findChildren<QDockWidget*>())
        if (d->isHidden() || d->isFloating()) out << d->windowTitle();
    return out;
}

}  // namespace

class TestLayoutReset : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    void resetBringsTheDocksBack_data() {
        QTest::addColumn<bool>("presenting");
        QTest::newRow("normal window") << false;
        QTest::newRow("from presentation mode") << true;
    }
    void resetBringsTheDocksBack() {
        QFETCH(bool, presenting);
        MainWindow w(test::noSettings());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(test::waitIdle(w));
        const QList<QDockWidget*> docks = w.findChildren<QDockWidget*>();
        QCOMPARE(docks.size(), 3);
        QVERIFY(hiddenOrFloating(w).isEmpty());
        docks[0]->hide();
        docks[1]->setFloating(true);
        docks[2]->hide();
        if (presenting) w.setPresentation(true);
        QVERIFY(!hiddenOrFloating(w).isEmpty());
        QAction* reset = resetAction(w);
        QVERIFY(reset);
        reset->trigger();
        QVERIFY(!w.isPresenting());
        QVERIFY2(hiddenOrFloating(w).isEmpty(), qPrintable(hiddenOrFloating(w).join(", ")));
    }

    // On the Model page the reset keeps the page's own arrangement (no parameter panel beside
    // it) and the encoding page that follows has every dock.
    void onTheModelPage() {
        MainWindow w(test::noSettings());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QList<QDockWidget*> docks = w.findChildren<QDockWidget*>();
        for (QDockWidget* d : docks) d->hide();
        QCOMPARE(w.modelPage()->openPreset(QStringLiteral("llama-3.1-8b")), QString());
        w.showModelPage();
        resetAction(w)->trigger();
        QCOMPARE(hiddenOrFloating(w).size(), 2);  // parameters and explanation, for now
        w.openPage(QStringLiteral("rope"));
        QVERIFY2(hiddenOrFloating(w).isEmpty(), qPrintable(hiddenOrFloating(w).join(", ")));
    }
};

QTEST_MAIN(TestLayoutReset)
#include "tst_layout_reset.moc"
