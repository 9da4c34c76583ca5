// The GUI honours POSLAB_MEMORY_BUDGET like the command line: with a 4 MiB budget a RoPE page at
// n = 2048 (scores: 2048 x 2048 doubles, 32 MiB) is refused in the parameter panel, naming the
// budget it compared, and nothing is computed; n = 256 (512 KiB) computes. The default budget
// (2 GiB) would accept both, so the refusal can only come from the environment.
#include <QApplication>
#include <QStatusBar>
#include <QtTest>

#include "core/compute.h"
#include "tests/ui/ui_test_util.h"
#include "ui/panels/param_panel.h"

using namespace poslab;
using namespace poslab::ui;

class TestMemoryBudget : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        setUpApplication();
        QCOMPARE(core::configuredMemoryBudget(), 4.0 * 1024 * 1024);
    }

    void sizes_data() {
        QTest::addColumn<QString>("n");
        QTest::addColumn<bool>("refused");
        QTest::newRow("n 256 fits") << "256" << false;
        QTest::newRow("n 2048 over 4 MiB") << "2048" << true;
    }
    void sizes() {
        QFETCH(QString, n);
        QFETCH(bool, refused);
        MainWindow w(test::noSettings());
        w.openPage("rope");
        w.show();
        QVERIFY(test::waitIdle(w));
        QVERIFY(w.paramPanel()->setText("n", "128"));
        QVERIFY(test::waitIdle(w));
        const quint64 before = w.scheduler()->latestGeneration();
        QVERIFY(w.paramPanel()->setText("n", n));
        QVERIFY(test::waitIdle(w));
        const QString message = w.paramPanel()->message();
        if (refused) {
            QTRY_VERIFY(w.paramPanel()->message().contains("memory budget"));
            QVERIFY2(w.paramPanel()->message().contains("4.0 MiB"),
                     qPrintable(w.paramPanel()->message()));
        } else {
            QVERIFY2(message.isEmpty(), qPrintable(message));
            QVERIFY(w.scheduler()->latestGeneration() > before);
        }
    }

    // A POSLAB_MEMORY_BUDGET that is not a size is said in the window (the status bar, naming
    // the value and the default that applies), not ignored silently; the default is used.
    void badEnvironmentBudget_data() {
        QTest::addColumn<QByteArray>("budget");
        QTest::newRow("word") << QByteArray("lots");
        QTest::newRow("inf") << QByteArray("inf");
        QTest::newRow("negative") << QByteArray("-4MiB");
    }
    void badEnvironmentBudget() {
        QFETCH(QByteArray, budget);
        qputenv("POSLAB_MEMORY_BUDGET", budget);
        const double used = core::configuredMemoryBudget();
        MainWindow w(test::noSettings());
        const QString shown = w.statusBar()->currentMessage();
        qputenv("POSLAB_MEMORY_BUDGET", "4MiB");
        QCOMPARE(used, core::kDefaultMemoryBudget);
        QVERIFY2(shown.contains("POSLAB_MEMORY_BUDGET = '" + QString::fromLatin1(budget) + "'"),
                 qPrintable(shown));
        QVERIFY2(shown.contains("2.0 GiB"), qPrintable(shown));
    }

    void goodEnvironmentBudgetSaysNothing() {
        MainWindow w(test::noSettings());
        QVERIFY2(!w.statusBar()->currentMessage().contains("POSLAB_MEMORY_BUDGET"),
                 qPrintable(w.statusBar()->currentMessage()));
    }
};

int main(int argc, char** argv) {
    // Before anything reads it: the window, the pages and the figures take it at construction.
    qputenv("POSLAB_MEMORY_BUDGET", "4MiB");
    QApplication app(argc, argv);
    TestMemoryBudget test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_memory_budget.moc"
