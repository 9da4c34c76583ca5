// The pages of issue 28's encodings under the mouse: a click on a patch of rope2d's similarity
// map makes it the query (the panel's query_row and query_col follow, the map's peak moves
// there), a drag pans without choosing; the mrope page opens with its five views and draws them.
#include <QMouseEvent>
#include <QtTest>

#include "tests/ui/ui_test_util.h"
#include "ui/panels/param_panel.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

void press(QWidget& w, QEvent::Type type, QPointF at) {
    QMouseEvent e(type, at, w.mapToGlobal(at), Qt::LeftButton,
                  type == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::LeftButton,
                  Qt::NoModifier);
    QApplication::sendEvent(&w, &e);
}

int tabOf(const PageSpec& page, const QString& view) {
    for (int i = 0; i < page.views.size(); ++i)
        if (page.views[i].id == view) return i + 1;
    return -1;
}

}  // namespace

class TstMultimodalPages : public QObject {
    Q_OBJECT
    test::WindowFixture m_fixture;

private slots:
    void initTestCase() { QVERIFY(m_fixture.open()); }
    void cleanupTestCase() { m_fixture.close(); }

    void clickChoosesTheQuery() {
        MainWindow& w = *m_fixture.window();
        w.openPage(QStringLiteral("rope2d"));
        QVERIFY(test::waitIdle(w));
        const int tab = tabOf(*w.page()->page(), QStringLiteral("rope2d/similarity"));
        QVERIFY(tab > 0);
        w.page()->setCurrentTab(tab);
        QVERIFY(test::waitIdle(w));
        ViewWidget* view = w.page()->viewsOfTab(tab).value(0);
        QVERIFY(view);
        auto* map = view->findChildren<HeatmapWidget*>().value(0);
        QVERIFY(map && map->data().array);
        const QPointF at = test::cellCentre(*map, 3, 5);
        QVERIFY(at.x() >= 0);
        // A drag pans and chooses nothing.
        press(*map, QEvent::MouseButtonPress, at);
        QMouseEvent move(QEvent::MouseMove, at + QPointF(30, 0), map->mapToGlobal(at), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(map, &move);
        press(*map, QEvent::MouseButtonRelease, at + QPointF(30, 0));
        QCOMPARE(w.page()->params().integer("query_row"), std::int64_t(-1));
        map->resetZoom();
        // A click does.
        const QPointF again = test::cellCentre(*map, 3, 5);
        press(*map, QEvent::MouseButtonPress, again);
        press(*map, QEvent::MouseButtonRelease, again);
        QTRY_COMPARE(w.page()->params().integer("query_row"), std::int64_t(3));
        QCOMPARE(w.page()->params().integer("query_col"), std::int64_t(5));
        QVERIFY(test::waitIdle(w));
        auto* fresh = view->findChildren<HeatmapWidget*>().value(0);
        QCOMPARE(fresh->valueAt(3, 5), 64.0);  // d = 64, q = k = ones: the peak 2 (d/2)
        QVERIFY(fresh->valueAt(8, 8) < 64.0);
    }

    void mropeViewsDraw() {
        MainWindow& w = *m_fixture.window();
        w.openPage(QStringLiteral("mrope"));
        QVERIFY(test::waitIdle(w));
        const PageSpec* page = w.page()->page();
        QVERIFY(page && page->views.size() >= 5);
        for (int tab = 1; tab <= page->views.size(); ++tab) {
            w.page()->setCurrentTab(tab);
            QVERIFY(test::waitIdle(w));
            QVERIFY2(w.page()->lastRefusal().isEmpty(), qPrintable(w.page()->lastRefusal()));
        }
    }
};

QTEST_MAIN(TstMultimodalPages)
#include "tst_multimodal_pages.moc"
