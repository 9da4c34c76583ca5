// Every page, every tab and every lesson step fits a projector (issue 25 item 1): on a 1280 x 720
// and a 1920 x 1080 screen, in the normal window and in presentation mode (F11: full screen, the
// font 1.4 times larger, the strip on top), in English and (at 1280 x 720, the tighter) in
// Chinese, the window never grows past the screen and no figure shown draws its plot smaller than
// a readable minimum: 6 x 4 units of its font (a unit is the font's pixel size / 0.75, as the
// painters measure) for a chart, 3.5 x 3.5 for a heatmap (the area of the Model charts' 4 x 3), and
// a Model page chart is never "(too small to draw)"; the encoding browser, where shown, keeps about
// 14 characters. Each row goes through every tab of every page, then every step of every built-in
// lesson, and lists every place that fails (not only the first). The two screens are the offscreen
// platform's, from a configuration file written before the application starts.
// POSLAB_SHOT_DIR=<folder> saves the window at each failing place as a PNG.
#include <QDir>
#include <QFile>
#include <QFontInfo>
#include <QScreen>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/ui/screens_test_util.h"
#include "tests/ui/ui_test_util.h"
#include "ui/document/lesson.h"
#include "ui/document/lesson_player.h"
#include "ui/model/model_chart.h"
#include "ui/shell/language.h"
#include "ui/views/chart_widget.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

const QSize kSmall = test::kProjectorSize, kLarge = test::kMonitorSize;

using test::screenOfSize;

void settle() {
    for (int i = 0; i < 3; ++i) {
        QTest::qWait(10);
        QCoreApplication::processEvents();
    }
}

// A unit of a widget's font, in pixels (PaintStyle's screen unit).
double unitOf(const QWidget* w) {
    return std::max(8.0, QFontInfo(w->font()).pixelSize() / 0.75);
}

// What is wrong with the window as it is now: "" when it fits.
QStringList misfits(const MainWindow& w, QSize screen) {
    QStringList out;
    if (w.width() > screen.width() || w.height() > screen.height()) {
        out << QStringLiteral("window %1 x %2").arg(w.width()).arg(w.height());
    }
    // The encoding browser, where shown, keeps its names readable (about 14 characters).
    if (const auto* browser = w.findChild<QWidget*>(QStringLiteral("browserDock"));
        browser && browser->isVisible() &&
        browser->width() < 14 * browser->fontMetrics().averageCharWidth())
        out << QStringLiteral("browser %1 px").arg(browser->width());
    auto tooSmall = [&](const QWidget* widget, QSizeF plot, double wu, double hu) {
        const double u = unitOf(widget);
        if (plot.width() >= wu * u && plot.height() >= hu * u) return;
        out << QStringLiteral("%1 plot %2 x %3 < %4 x %5")
                   .arg(QString::fromLatin1(widget->metaObject()->className()))
                   .arg(qRound(plot.width()))
                   .arg(qRound(plot.height()))
                   .arg(qRound(wu * u))
                   .arg(qRound(hu * u));
    };
    for (const ChartWidget* c : w.findChildren<ChartWidget*>())
        if (c->isVisible() && c->curveCount() > 0) tooSmall(c, c->layout().plot.size(), 6, 4);
    for (const HeatmapWidget* h : w.findChildren<HeatmapWidget*>())
        if (h->isVisible() && !h->data().image.isNull())
            tooSmall(h, h->plotRect().size(), 3.5, 3.5);
    for (const ModelChartWidget* c : w.findChildren<ModelChartWidget*>())
        if (c->isVisible() && !c->plotFits())
            out << QStringLiteral("model chart \"%1\" too small to draw").arg(c->data().title);
    return out;
}

}  // namespace

class TestLayoutFit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        setUpApplication();
        QVERIFY2(screenOfSize(kSmall) && screenOfSize(kLarge),
                 "the offscreen platform did not read its screens");
    }
    void cleanup() { applyLanguage(Lang::En); }

    void everyPlaceFits_data() {
        QTest::addColumn<bool>("chinese");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("present");
        for (bool zh : {false, true})
            for (const QSize s : {kSmall, kLarge})
                for (bool f11 : {false, true}) {
                    if (zh && s == kLarge) continue;  // the larger screen: English only
                    QTest::newRow(qPrintable(QStringLiteral("%1x%2-%3-%4")
                                                 .arg(s.width())
                                                 .arg(s.height())
                                                 .arg(f11 ? "f11" : "normal")
                                                 .arg(zh ? "zh" : "en")))
                        << zh << s << f11;
                }
    }

    void everyPlaceFits() {
        QFETCH(bool, chinese);
        QFETCH(QSize, size);
        QFETCH(bool, present);
        QScreen* screen = screenOfSize(size);
        QVERIFY(screen);
        MainWindow w(test::noSettings());
        w.setLanguage(chinese ? Lang::Zh : Lang::En);
        w.setScreen(screen);
        w.setGeometry(QRect(screen->geometry().topLeft(), size));  // maximised by hand
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(test::waitIdle(w));
        if (present) w.setPresentation(true);
        const QString shots = qEnvironmentVariable("POSLAB_SHOT_DIR");
        QStringList failures;
        int places = 0;
        auto check = [&](const QString& where) {
            settle();
            ++places;
            const QStringList wrong = misfits(w, size);
            if (wrong.isEmpty()) return;
            failures << where + QStringLiteral(": ") + wrong.join(QStringLiteral("; "));
            if (!shots.isEmpty())
                w.grab().save(QDir(shots).filePath(
                    QStringLiteral("%1-%2.png")
                        .arg(QString::fromLatin1(QTest::currentDataTag()), where)
                        .replace(u'/', u'_')
                        .replace(u' ', u'_')));
        };
        for (const PageSpec& page : Catalog::instance().pages()) {
            w.openPage(page.id);
            for (int tab = 0; tab < w.page()->tabCount(); ++tab) {
                w.page()->setCurrentTab(tab);
                QVERIFY2(test::waitIdle(w, 120000), qPrintable(page.id));
                check(QStringLiteral("%1 tab %2").arg(page.id).arg(tab));
            }
        }
        for (const Lesson& lesson : builtinLessons(Catalog::instance())) {
            QCOMPARE(w.startLesson(lesson), QString());
            for (int step = 0; step < lesson.steps.size(); ++step) {
                w.lessonPlayer()->go(step);
                if (w.encodingPageShown())
                    QVERIFY2(test::waitIdle(w, 120000), qPrintable(lesson.id));
                check(QStringLiteral("lesson %1 step %2").arg(lesson.id).arg(step + 1));
            }
            w.lessonPlayer()->stop();
        }
        if (present) w.setPresentation(false);
        qInfo("%d places", places);
        QVERIFY(places > 100);
        for (const QString& f : failures) qInfo("%s", qPrintable(f));
        QVERIFY2(
            failures.isEmpty(),
            qPrintable(
                QStringLiteral("%1 of %2 places do not fit").arg(failures.size()).arg(places)));
    }
};

int main(int argc, char** argv) {
    // The screens are the platform's: written before the application exists, read as it starts.
    QTemporaryDir dir;
    if (!test::useTwoScreens(dir)) return 1;
    QApplication::setAttribute(Qt::AA_Use96Dpi, true);
    QApplication app(argc, argv);
    TestLayoutFit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_layout_fit.moc"
