// Every view of every page (each registered encoding and each argument) renders offscreen without
// an error, with drawable content: images for heatmaps (one pixel per step x step cells, some of
// them coloured), finite points for curves, arrows for rotations; no error text is on screen and
// the tab does not grab as one flat colour.
#include <QLabel>
#include <QSet>
#include <QTabWidget>
#include <QtTest>
#include <cmath>

#include "core/registry.h"
#include "tests/ui/ui_test_util.h"
#include "ui/views/chart_widget.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/rotation_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

// The distinct colours of an image, sampled on a grid of about 64 x 64 points.
int colourCount(const QImage& image) {
    QSet<QRgb> colours;
    const int sx = std::max(1, image.width() / 64), sy = std::max(1, image.height() / 64);
    for (int y = 0; y < image.height(); y += sy)
        for (int x = 0; x < image.width(); x += sx) colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

// A heatmap panel as the view draws it: the cell image covers rows x cols cells at one pixel per
// rowStep x colStep cells (each axis strided on its own), the cells it reads lie inside the array,
// and some are coloured (not all non-finite or blank).
QString heatmapProblem(const HeatmapData& d) {
    if (!d.error.isEmpty()) return d.error;
    if (!d.array || d.rows <= 0 || d.cols <= 0 || d.rowStep < 1 || d.colStep < 1) return "no cells";
    const QSize expected(static_cast<int>((d.cols + d.colStep - 1) / d.colStep),
                         static_cast<int>((d.rows + d.rowStep - 1) / d.rowStep));
    if (d.image.size() != expected)
        return QStringLiteral("image %1x%2, expected %3x%4")
            .arg(d.image.width())
            .arg(d.image.height())
            .arg(expected.width())
            .arg(expected.height());
    // Rows from dataRows on are blank (a learned table has no positions past n) and read nothing.
    const qint64 readRows = d.dataRows >= 0 ? std::min(d.rows, d.dataRows) : d.rows;
    if (d.sliceOffset + readRows * d.cols > d.array->size()) return "cells past the array";
    for (int y = 0; y < d.image.height(); ++y)
        for (int x = 0; x < d.image.width(); ++x)
            if (qAlpha(d.image.pixel(x, y)) > 0) return {};
    return "no coloured cell";
}

}  // namespace

class TestAllViews : public QObject {
    Q_OBJECT
    test::WindowFixture m_fixture;

private slots:
    void initTestCase() { QVERIFY(m_fixture.open()); }
    void cleanupTestCase() { m_fixture.close(); }

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
        MainWindow& w = *m_fixture.window();
        w.openPage(page, tab);
        QCOMPARE(w.page()->currentTab(), tab);
        QVERIFY2(w.page()->lastRefusal().isEmpty(), qPrintable(w.page()->lastRefusal()));
        QVERIFY(test::waitIdle(w));
        const auto views = w.page()->viewsOfTab(tab);
        QVERIFY(!views.isEmpty());
        for (ViewWidget* v : views) {
            QVERIFY2(v->hasResult(), qPrintable(v->spec().id));
            QVERIFY2(!v->hasError(), qPrintable(v->spec().id + ": " + v->errorText()));
            // Constant or the identity at the page's preset: it says so instead of drawing
            // (tst_degenerate_views).
            if (!v->degenerateText().isEmpty()) continue;
            switch (v->spec().kind) {
                case ViewKind::Heatmap:
                    QVERIFY(!v->heatmaps().isEmpty());
                    for (auto* h : v->heatmaps())
                        if (h->isVisibleTo(v))
                            QVERIFY2(heatmapProblem(h->data()).isEmpty(),
                                     qPrintable(v->spec().id + ": " + heatmapProblem(h->data())));
                    break;
                case ViewKind::Lines:
                    QVERIFY(v->chart()->curveCount() > 0);
                    // A curve is a line of finite points or its envelope (a band, issue 12).
                    for (const auto& c : v->chart()->data().curves)
                        QVERIFY2(std::any_of(c.points.begin(), c.points.end(),
                                             [](const QPointF& p) {
                                                 return std::isfinite(p.x()) &&
                                                        std::isfinite(p.y());
                                             }) ||
                                     (c.isBand() && std::isfinite(c.bandLo.front()) &&
                                      std::isfinite(c.bandHi.front())),
                                 qPrintable(v->spec().id));
                    break;
                case ViewKind::Rotation:
                    QVERIFY(!v->rotation()->data().pairs.isEmpty());
                    break;
                case ViewKind::Value:
                    QVERIFY(!v->valueText().isEmpty());
                    break;
                case ViewKind::Compare:
                    QVERIFY(!v->heatmaps().isEmpty() || v->chart()->curveCount() == 2);
                    for (auto* h : v->heatmaps())
                        if (h->isVisibleTo(v))
                            QVERIFY2(heatmapProblem(h->data()).isEmpty(),
                                     qPrintable(v->spec().id + ": " + heatmapProblem(h->data())));
                    break;
            }
        }
        // What is on screen: no error label showing, and more than a flat background.
        QWidget* tabWidget = w.page()->tabs()->currentWidget();
        for (const QLabel* l : tabWidget->findChildren<QLabel*>("viewError"))
            QVERIFY2(!l->isVisibleTo(tabWidget) || l->text().isEmpty(), qPrintable(l->text()));
        const QImage shot = tabWidget->grab().toImage();
        QVERIFY2(colourCount(shot) >= 3, qPrintable(QString::number(colourCount(shot))));
    }
};

QTEST_MAIN(TestAllViews)
#include "tst_all_views.moc"
