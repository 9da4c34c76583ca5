// Biases side by side (issue 26): the profiles view marks each family's receptive field with a
// dotted line in the curve's colour, and names it on the curve's own legend row ("ALiBi:
// receptive field = 74"), one row per family, the value the core's receptive_fields gives (an
// arrow when it lies past the largest distance), in English and Chinese.
#include <QtTest>

#include "core/compute.h"
#include "tests/ui/figure_test_util.h"
#include "tests/ui/painted_text.h"
#include "tests/ui/text_recorder.h"
#include "ui/figure/figure.h"
#include "ui/figure/number_format.h"
#include "ui/figure/paint_style.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::ui::test::figureOf;
using poslab::ui::test::paintedFigureText;

class TstBiasesViews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() { applyLanguage(Lang::En); }

    void fieldOnTheCurvesRow_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("head");
        QTest::addColumn<QString>("maxDistance");
        QTest::addColumn<QString>("lang");
        for (const char* view : {"biases/profiles", "biases/profiles_log"}) {
            QTest::newRow(qPrintable(QString(view) + " preset")) << view << "3"
                                                                 << "1024"
                                                                 << "en";
            QTest::newRow(qPrintable(QString(view) + " head 0, 300")) << view << "0"
                                                                      << "300"
                                                                      << "en";
            QTest::newRow(qPrintable(QString(view) + " head 6, zh")) << view << "6"
                                                                     << "2000"
                                                                     << "zh";
        }
    }
    void fieldOnTheCurvesRow() {
        QFETCH(QString, view);
        QFETCH(QString, head);
        QFETCH(QString, maxDistance);
        QFETCH(QString, lang);
        applyLanguage(lang == "zh" ? Lang::Zh : Lang::En);
        auto f = figureOf(view, {{"head", head}, {"max_distance", maxDistance}});
        QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
        const auto& L = f->result.lines;
        QCOMPARE(L.curves.size(), 6);
        QCOMPARE(L.vmarkers.size(), 6);
        auto fields = core::compute(
            "biases", "receptive_fields",
            core::paramsFor("biases", {{"head", std::int64_t(head.toLongLong())},
                                       {"max_distance", std::int64_t(maxDistance.toLongLong())}}));
        QVERIFY(fields.ok());
        // Runs of one font each (Latin and CJK apart in Chinese), joined.
        const QString all = paintedFigureText(*f);
        const QString word = lang == "zh" ? QString::fromUtf8("感受野") : "receptive field";
        for (int i = 0; i < 6; ++i) {
            QCOMPARE(L.vmarkers[i].x, fields->at(i));
            QCOMPARE(L.vmarkers[i].color, L.curves[i].color);
            const bool beyond = fields->at(i) > maxDistance.toDouble();
            const QString colon = lang == "zh" ? QString::fromUtf8("：") : QStringLiteral(": ");
            const QString row = L.curves[i].name.text() + colon + word + " = " +
                                formatExact(fields->at(i)) + (beyond ? " →" : "");
            QVERIFY2(all.count(row) == 1, qPrintable(row + " in " + all));
            // The curve has no row of its own besides.
            QVERIFY2(all.count(L.curves[i].name.text()) == 1, qPrintable(L.curves[i].name.text()));
        }
    }
};

QTEST_MAIN(TstBiasesViews)
#include "tst_biases_views.moc"
