// The Model page fits the screen (issue 25 item 1, the Model page's part): in English and
// Chinese, on a 1280 x 720 and a 1920 x 1080 screen, in the normal window and in presentation
// mode (F11: full screen, the font 1.4 times larger, the strip on top), for published models of
// every kind of layer map and two models compared, the window is no larger than the screen, no
// chart paints "(too small to draw)" (ModelChartWidget::plotFits, the painter's own layout), no
// readout row is lower than a line of its font, and in presentation mode the strip names the
// model and its base θ. The two screens are the offscreen platform's, from a configuration file
// written before the application starts. POSLAB_SHOT_DIR=<folder> saves each window as a PNG.
#include <QDir>
#include <QFile>
#include <QFontMetrics>
#include <QScreen>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBoundaryFinder>
#include <QtTest>

#include "tests/ui/screens_test_util.h"
#include "tests/ui/ui_test_util.h"
#include "ui/figure/number_format.h"
#include "ui/model/model_chart.h"
#include "ui/model/model_page.h"
#include "ui/shell/language.h"
#include "ui/shell/presentation_strip.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

const QSize kSmall = test::kProjectorSize, kLarge = test::kMonitorSize;

// The offscreen platform with the two screens side by side.
using test::screenOfSize;

// Lets the layouts settle: resize events, the page's arrangement, posted layout requests.
void settle() {
    for (int i = 0; i < 4; ++i) {
        QTest::qWait(20);
        QCoreApplication::processEvents();
    }
}

}  // namespace

class TestModelPageFit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        setUpApplication();
        QVERIFY2(screenOfSize(kSmall) && screenOfSize(kLarge),
                 "the offscreen platform did not read its screens");
    }
    void cleanup() { applyLanguage(Lang::En); }

    void fits_data() {
        QTest::addColumn<bool>("chinese");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("present");
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");  // compared with, or empty
        const QList<QPair<QString, QString>> models = {{"smollm3-3b", ""},
                                                       {"qwen3-next-80b-a3b", ""},
                                                       {"gemma-3n-e4b", ""},
                                                       {"llama-3.1-8b", ""},
                                                       {"bloom-560m", ""},
                                                       {"smollm3-3b", "gemma-3n-e4b"},
                                                       {"llama-3.1-8b", "bloom-560m"}};
        for (bool zh : {false, true})
            for (const QSize s : {kSmall, kLarge})
                for (bool f11 : {false, true})
                    for (const auto& [a, b] : models)
                        QTest::newRow(qPrintable(QStringLiteral("%1%2-%3x%4-%5-%6")
                                                     .arg(a, b.isEmpty() ? "" : "-vs-" + b)
                                                     .arg(s.width())
                                                     .arg(s.height())
                                                     .arg(f11 ? "f11" : "normal")
                                                     .arg(zh ? "zh" : "en")))
                            << zh << s << f11 << a << b;
    }

    void fits() {
        QFETCH(bool, chinese);
        QFETCH(QSize, size);
        QFETCH(bool, present);
        QFETCH(QString, first);
        QFETCH(QString, second);
        QScreen* screen = screenOfSize(size);
        QVERIFY(screen);
        MainWindow w(test::noSettings());
        w.setLanguage(chinese ? Lang::Zh : Lang::En);
        w.setScreen(screen);
        // The normal window as large as the screen (maximised by hand: no window manager here).
        w.setGeometry(QRect(screen->geometry().topLeft(), size));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ModelPage* page = w.modelPage();
        QCOMPARE(page->openPreset(first), QString());
        if (!second.isEmpty()) QCOMPARE(page->openComparePreset(second), QString());
        w.showModelPage();
        if (present) w.setPresentation(true);
        settle();
        const QString dir = qEnvironmentVariable("POSLAB_SHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(w.grab().save(
                QDir(dir).filePath(QStringLiteral("fit-%1.png").arg(QTest::currentDataTag()))));

        // The window did not grow past the screen.
        QVERIFY2(w.width() <= size.width() && w.height() <= size.height(),
                 qPrintable(QStringLiteral("window %1 x %2").arg(w.width()).arg(w.height())));
        // Every chart shown draws its plot.
        int shown = 0;
        for (const ModelChartWidget* c : page->findChildren<ModelChartWidget*>()) {
            if (!c->isVisible()) continue;
            ++shown;
            QVERIFY2(c->plotFits(), qPrintable(QStringLiteral("\"%1\" too small to draw at %2 x %3")
                                                   .arg(c->data().title)
                                                   .arg(c->width())
                                                   .arg(c->height())));
        }
        QVERIFY(shown > 0 || (page->currentKind() && !page->currentKind()->rope));
        // No readout row lower than a line of its font.
        const QTableWidget* t = page->readoutTable();
        QVERIFY(t->rowCount() > 0);
        for (int i = 0; i < t->rowCount(); ++i)
            for (int col = 0; col < t->columnCount(); ++col) {
                const QTableWidgetItem* item = t->item(i, col);
                if (!item) continue;
                const int line = QFontMetrics(item->font()).lineSpacing();
                QVERIFY2(t->rowHeight(i) >= line,
                         qPrintable(QStringLiteral("row %1 (%2) is %3 px, a line %4 px")
                                        .arg(i)
                                        .arg(t->item(i, 0)->text())
                                        .arg(t->rowHeight(i))
                                        .arg(line)));
            }
        // The strip names the model and the selected kind's base θ.
        if (present) {
            const PresentationStrip* strip = w.presentationStrip();
            QVERIFY(strip->isVisible());
            const QString text = strip->paramsText();
            QVERIFY2(text.contains(page->model().name), qPrintable(text));
            if (page->hasCompare()) QVERIFY2(text.contains(page->compare().name), qPrintable(text));
            const auto* kind = page->currentKind();
            QVERIFY(kind);
            if (kind->rope)
                QVERIFY2(text.contains(formatExact(kind->ropeTheta).replace(u' ', QChar(0x00A0))),
                         qPrintable(text));
            QCOMPARE(test::hasCjk(text), chinese);
            // No item breaks inside, in Chinese either ("扩展后的上" / "下文"); after the
            // model's name, the items are "label = value".
            for (const QString& line : text.split(QLatin1Char('\n'))) {
                const QStringList items = line.split(QStringLiteral("   ·   "));
                for (qsizetype i = 1; i < items.size(); ++i) {
                    QTextBoundaryFinder f(QTextBoundaryFinder::Line, items[i]);
                    const qsizetype at = f.toNextBoundary();
                    QVERIFY2(at <= 0 || at >= items[i].trimmed().size(), qPrintable(items[i]));
                }
            }
            // One model: its encoding's formula (RoPE's, ALiBi's bias); two: their numbers only.
            QCOMPARE(strip->formulaText().isEmpty(), page->hasCompare());
            w.setPresentation(false);
        }
    }

    // Leaving presentation mode gives the normal window its arrangement back (gallery, rows).
    void presentingAndBack_data() {
        QTest::addColumn<QString>("second");
        QTest::addColumn<bool>("changes");  // F11's larger font needs another arrangement
        QTest::newRow("one model") << QString() << true;
        // Two models at 1280 x 720 already fold the gallery: their charts fit F11 as they are.
        QTest::newRow("two models") << QStringLiteral("gemma-3n-e4b") << false;
    }
    void presentingAndBack() {
        QFETCH(QString, second);
        QFETCH(bool, changes);
        QScreen* screen = screenOfSize(kSmall);
        MainWindow w(test::noSettings());
        w.setScreen(screen);
        w.setGeometry(screen->geometry());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ModelPage* page = w.modelPage();
        QCOMPARE(page->openPreset(QStringLiteral("smollm3-3b")), QString());
        if (!second.isEmpty()) QCOMPARE(page->openComparePreset(second), QString());
        w.showModelPage();
        settle();
        const auto arrangement = [page] {
            return QStringLiteral("gallery %1, %2 rows, maps beside %3")
                .arg(page->galleryShown())
                .arg(page->chartRows())
                .arg(page->mapsBeside());
        };
        const QString normal = arrangement();
        w.setPresentation(true);
        settle();
        const QString presenting = arrangement();
        for (const ModelChartWidget* c : page->findChildren<ModelChartWidget*>())
            QVERIFY2(!c->isVisible() || c->plotFits(), qPrintable(c->data().title));
        w.setPresentation(false);
        settle();
        QCOMPARE(arrangement(), normal);
        // At 1280 x 720 the larger font needs another arrangement than the normal window's.
        QCOMPARE(presenting != normal, changes);
    }

    // The strip follows the page shown and the model: the encoding page's formula and parameters
    // there, the model's name and numbers on the Model page, a new model as soon as it is open.
    void stripFollowsThePage() {
        MainWindow w(test::noSettings());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(test::waitIdle(w));
        ModelPage* page = w.modelPage();
        QCOMPARE(page->openPreset(QStringLiteral("llama-3.1-8b")), QString());
        w.setPresentation(true);
        const PresentationStrip* strip = w.presentationStrip();
        const QString encodingWords = strip->paramsText();
        QVERIFY(!encodingWords.contains(page->model().name));
        w.showModelPage();
        QVERIFY2(strip->paramsText().contains(page->model().name), qPrintable(strip->paramsText()));
        QCOMPARE(strip->formulaText(), Catalog::instance().find("rope")->formula.en);
        QCOMPARE(page->openPreset(QStringLiteral("bloom-560m")), QString());
        QVERIFY2(strip->paramsText().contains(page->model().name), qPrintable(strip->paramsText()));
        QVERIFY(strip->formulaText().contains(QStringLiteral("slope")));
        w.openPage(QStringLiteral("rope"));
        QVERIFY(!w.modelPageShown());
        QVERIFY(test::waitIdle(w));
        QCOMPARE(strip->paramsText(), encodingWords);
        QCOMPARE(strip->formulaText(), w.page()->page()->formula.en);
        w.setPresentation(false);
    }
};

int main(int argc, char** argv) {
    // The screens are the platform's: written before the application exists, read as it starts.
    QTemporaryDir dir;
    if (!test::useTwoScreens(dir)) return 1;
    QApplication::setAttribute(Qt::AA_Use96Dpi, true);
    QApplication app(argc, argv);
    TestModelPageFit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_model_page_fit.moc"
