// Every view of every page (each registered encoding and each argument) renders offscreen without
// an error, with drawable content: images for heatmaps, points for curves, arrows for rotations.
#include <QTabWidget>
#include <QtTest>

#include "core/registry.h"
#include "tests/ui/ui_test_util.h"
#include "ui/views/chart_widget.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/rotation_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

class TestAllViews : public QObject {
    Q_OBJECT
    MainWindow* m_window = nullptr;

private slots:
    void initTestCase() {
        setUpApplication();
        m_window = new MainWindow(test::noSettings());
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(test::waitIdle(*m_window));
    }
    void cleanupTestCase() { delete m_window; }

    void everyEncodingHasAPage() {
        for (const auto& e : core::registry().encodings())
            QVERIFY2(Catalog::instance().find(QString::fromStdString(e.id)), e.id.c_str());
    }

    void everyViewRenders_data() {
        QTest::addColumn<QString>("page");
        QTest::addColumn<int>("tab");
        for (const auto& p : Catalog::instance().pages())
            for (int t = 0; t <= p.views.size(); ++t)
                QTest::addRow("%s #%d %s", qPrintable(p.id), t,
                              t == 0 ? "overview" : qPrintable(p.views[t - 1].id))
                    << p.id << t;
    }
    void everyViewRenders() {
        QFETCH(QString, page);
        QFETCH(int, tab);
        MainWindow& w = *m_window;
        w.openPage(page, tab);
        QCOMPARE(w.page()->currentTab(), tab);
        QVERIFY2(w.page()->lastRefusal().isEmpty(), qPrintable(w.page()->lastRefusal()));
        QVERIFY(test::waitIdle(w));
        const auto views = w.page()->viewsOfTab(tab);
        QVERIFY(!views.isEmpty());
        for (ViewWidget* v : views) {
            QVERIFY2(v->hasResult(), qPrintable(v->spec().id));
            QVERIFY2(!v->hasError(), qPrintable(v->spec().id + ": " + v->errorText()));
            switch (v->spec().kind) {
                case ViewKind::Heatmap:
                    QVERIFY(!v->heatmaps().isEmpty());
                    for (auto* h : v->heatmaps())
                        if (h->isVisibleTo(v)) QVERIFY(!h->data().image.isNull());
                    break;
                case ViewKind::Lines:
                    QVERIFY(v->chart()->curveCount() > 0);
                    for (const auto& c : v->chart()->data().curves)
                        QVERIFY2(!c.points.isEmpty(), qPrintable(v->spec().id));
                    break;
                case ViewKind::Rotation:
                    QVERIFY(!v->rotation()->data().pairs.isEmpty());
                    break;
                case ViewKind::Value:
                    QVERIFY(!v->valueText().isEmpty());
                    break;
                case ViewKind::Compare:
                    QVERIFY(!v->heatmaps().isEmpty() || v->chart()->curveCount() == 2);
                    break;
            }
        }
        const QImage shot = w.page()->tabs()->currentWidget()->grab().toImage();
        QVERIFY(!shot.isNull());
    }
};

QTEST_MAIN(TestAllViews)
#include "tst_all_views.moc"
