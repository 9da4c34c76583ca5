// Issue 25 item 5 (gui-review-2 #6): a page shows at most ten tabs; the rest are under "More
// views ▾" at the tab bar's corner, and the one chosen there opens as the last tab. Every view
// stays reachable (tabs + menu), Ctrl+PgDown / Ctrl+PgUp go round the tabs (and Help lists
// them), Ctrl+1..9 pick a tab on the bar, and a session saved on a "More views" view reopens it.
#include <QMenu>
#include <QScrollArea>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include "ui/catalog/page_tabs.h"
#include "ui/shell/help_dialog.h"
#include "ui/views/view_widget.h"
#include "ui_test_util.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

int tabOf(const PageSpec& page, const QString& view) {
    for (int i = 0; i < page.views.size(); ++i)
        if (page.views[i].id == view) return i + 1;
    return -1;
}

}  // namespace

class TestMoreViews : public QObject {
    Q_OBJECT
    test::WindowFixture m_fixture;

private slots:
    void initTestCase() { QVERIFY(m_fixture.open()); }
    void cleanupTestCase() { m_fixture.close(); }

    // Every page: at most ten tabs, and every view on the bar or in the menu, once.
    void everyViewReachable_data() {
        QTest::addColumn<QString>("page");
        for (const auto& p : Catalog::instance().pages()) QTest::newRow(qPrintable(p.id)) << p.id;
    }
    void everyViewReachable() {
        QFETCH(QString, page);
        MainWindow& w = *m_fixture.window();
        w.openPage(page, 0);
        PageWidget* pw = w.page();
        QVERIFY(pw->tabs()->count() <= kMaxTabs);
        QCOMPARE(pw->tabCount(), static_cast<int>(pw->page()->views.size()) + 1);
        const QList<QAction*> menu = pw->moreMenu()->actions();
        QCOMPARE(menu.size(), pw->moreTabs().size());
        QCOMPARE(pw->moreButton()->isVisibleTo(pw), !pw->moreTabs().isEmpty());
        for (int t = 0; t < pw->tabCount(); ++t)
            QVERIFY2(pw->isOnTabBar(t) != pw->moreTabs().contains(t),
                     qPrintable(QString::number(t)));
        // Each menu entry opens its view as the current, last tab, the bar still within ten.
        for (int i = 0; i < menu.size(); ++i) {
            const int t = pw->moreTabs()[i];
            menu[i]->trigger();
            QCOMPARE(pw->currentTab(), t);
            QCOMPARE(pw->currentViewSpec()->id, pw->page()->views[t - 1].id);
            QCOMPARE(pw->tabs()->currentIndex(), pw->tabs()->count() - 1);
            // The tab's page is the view in its scroll area.
            const auto* scroll = qobject_cast<QScrollArea*>(pw->tabs()->currentWidget());
            QVERIFY(scroll);
            QCOMPARE(scroll->widget(), static_cast<QWidget*>(pw->viewsOfTab(t).value(0)));
            const QString title = pw->page()->views[t - 1].title.text();
            const int at = pw->tabs()->currentIndex();
            QVERIFY(pw->tabs()->tabText(at) == title ||
                    (pw->tabs()->tabText(at).endsWith(QChar(0x2026)) &&
                     pw->tabs()->tabToolTip(at).startsWith(title)));
            QVERIFY(pw->tabs()->count() <= kMaxTabs);
        }
        QVERIFY(test::waitIdle(w));
    }

    // RoPE: the lecturer's views are tabs; the level-of-detail internals are not.
    void ropeTabs_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<bool>("onBar");
        for (const char* v : {"rope/angles", "rope/scores", "rope/decay", "rope/wavelength",
                              "rope/precision", "rope/pair_class", "rope/compare"})
            QTest::newRow(v) << QString(v) << true;
        for (const char* v : {"rope/decay_envelope", "rope/cos_mean", "rope/sin_mean",
                              "rope/collisions", "rope/attention_factor"})
            QTest::newRow(v) << QString(v) << false;
    }
    void ropeTabs() {
        QFETCH(QString, view);
        QFETCH(bool, onBar);
        MainWindow& w = *m_fixture.window();
        w.openPage("rope", 0);
        const int t = tabOf(*w.page()->page(), view);
        QVERIFY(t > 0);
        QCOMPARE(w.page()->isOnTabBar(t), onBar);
        QCOMPARE(w.page()->tabs()->count(), kMaxTabs - 1);  // room for one from the menu
    }

    // A second "More views" choice replaces the first in the last slot.
    void extraSlotIsReplaced() {
        MainWindow& w = *m_fixture.window();
        w.openPage("rope", 0);
        PageWidget* pw = w.page();
        QVERIFY(pw->moreTabs().size() >= 2);
        const int a = pw->moreTabs()[0], b = pw->moreTabs()[1];
        pw->setCurrentTab(a);
        QCOMPARE(pw->tabs()->count(), kMaxTabs);
        pw->setCurrentTab(1);
        QCOMPARE(pw->tabs()->count(), kMaxTabs);  // a stays on the bar while unused
        pw->setCurrentTab(b);
        QCOMPARE(pw->tabs()->count(), kMaxTabs);
        QVERIFY(!pw->isOnTabBar(a) && pw->isOnTabBar(b));
        QCOMPARE(pw->currentTab(), b);
        QVERIFY(test::waitIdle(w));
        QVERIFY(pw->viewsOfTab(b).value(0)->hasResult());
    }

    // Ctrl+PgDown / Ctrl+PgUp go round the bar; Ctrl+Tab too; Ctrl+3 picks the third tab.
    void keysChangeTab() {
        MainWindow& w = *m_fixture.window();
        w.openPage("rope", 0);
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTabWidget* tabs = w.page()->tabs();
        QCOMPARE(tabs->currentIndex(), 0);
        QTest::keyClick(&w, Qt::Key_PageDown, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 1);
        QTest::keyClick(&w, Qt::Key_PageDown, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 2);
        QTest::keyClick(&w, Qt::Key_PageUp, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 1);
        QTest::keyClick(&w, Qt::Key_Tab, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 2);
        tabs->setCurrentIndex(0);
        QTest::keyClick(&w, Qt::Key_PageUp, Qt::ControlModifier);  // round to the last
        QCOMPARE(tabs->currentIndex(), tabs->count() - 1);
        QTest::keyClick(&w, Qt::Key_3, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 2);
        QCOMPARE(w.page()->currentTab(), 2);  // Overview, angles, scores
        QVERIFY(test::waitIdle(w));
    }

    // Help › Keyboard shortcuts lists the tab keys, in both languages.
    void helpListsTabKeys() {
        MainWindow& w = *m_fixture.window();
        for (Lang lang : {Lang::En, Lang::Zh}) {
            w.setLanguage(lang);
            const auto rows = shortcutRows(&w);
            bool next = false, previous = false;
            for (const ShortcutRow& r : rows) {
                if (!r.action) continue;
                if (r.action->objectName() == "nextTabAction") {
                    next = r.keys.contains(QKeySequence(Qt::CTRL | Qt::Key_PageDown)
                                               .toString(QKeySequence::NativeText)) &&
                           !r.command.isEmpty() && (lang == Lang::En || test::hasCjk(r.command));
                }
                if (r.action->objectName() == "previousTabAction")
                    previous = r.keys.contains(
                        QKeySequence(Qt::CTRL | Qt::Key_PageUp).toString(QKeySequence::NativeText));
            }
            QVERIFY(next && previous);
            QCOMPARE(test::hasCjk(w.page()->moreButton()->text()), lang == Lang::Zh);
        }
        w.setLanguage(Lang::En);
    }

    // A session saved on a "More views" view reopens on it (in the last slot).
    void sessionReopensMoreView() {
        QTemporaryDir dir;
        const QString path = dir.filePath("more.poslab");
        int tab = -1;
        {
            MainWindow a(test::noSettings());
            a.openPage("rope", 0);
            tab = tabOf(*a.page()->page(), "rope/cos_mean");
            QVERIFY(tab > 0 && !a.page()->isOnTabBar(tab));
            a.page()->setCurrentTab(tab);
            QVERIFY(test::waitIdle(a));
            QCOMPARE(a.saveSession(path), QString());
        }
        MainWindow b(test::noSettings());
        QVERIFY(test::waitIdle(b));
        QCOMPARE(b.openSession(path), QString());
        QVERIFY(test::waitIdle(b));
        QCOMPARE(b.page()->currentTab(), tab);
        QVERIFY(b.page()->isOnTabBar(tab));
        QCOMPARE(b.page()->currentViewSpec()->id, QString("rope/cos_mean"));
        QVERIFY(b.page()->viewsOfTab().value(0)->hasResult());
    }
};

QTEST_MAIN(TestMoreViews)
#include "tst_more_views.moc"
