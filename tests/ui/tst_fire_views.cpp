// FIRE's page (spec E4): the threshold view marks the threshold L with a vertical line at the
// parameter's value ("vmarker": "$threshold"), named in the legend in English and Chinese; the
// learned-function view draws one curve per head, and none for a head the model lacks. (And a
// lines series of the last row, "row": "last", which CoPE's token strip uses.)
#include <QtTest>

#include "tests/ui/figure_test_util.h"
#include "tests/ui/painted_text.h"
#include "tests/ui/text_recorder.h"
#include "ui/figure/figure.h"
#include "ui/figure/paint_style.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::ui::test::figureOf;
using poslab::ui::test::paintedFigureText;

class TstFireViews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() { applyLanguage(Lang::En); }

    void thresholdMarked_data() {
        QTest::addColumn<QString>("threshold");
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("legend");
        QTest::newRow("preset, en") << "512"
                                    << "en"
                                    << "threshold L = 512";
        QTest::newRow("100, en") << "100"
                                 << "en"
                                 << "threshold L = 100";
        QTest::newRow("100, zh") << "100"
                                 << "zh" << QString::fromUtf8("阈值 L = 100");
    }
    void thresholdMarked() {
        QFETCH(QString, threshold);
        QFETCH(QString, lang);
        QFETCH(QString, legend);
        applyLanguage(lang == "zh" ? Lang::Zh : Lang::En);
        auto f = figureOf("fire/threshold", {{"threshold", threshold}});
        QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
        QCOMPARE(f->result.lines.vmarkers.size(), 1);
        QCOMPARE(f->result.lines.vmarkers[0].x, threshold.toDouble());
        QCOMPARE(f->result.lines.curves.size(), 1);
        const QString all = paintedFigureText(*f);
        QVERIFY2(all.contains(legend), qPrintable(all));
    }

    void functionCurvePerHead_data() {
        QTest::addColumn<QString>("heads");
        QTest::addColumn<int>("curves");
        QTest::newRow("8") << "8" << 8;
        QTest::newRow("3") << "3" << 3;
        QTest::newRow("1") << "1" << 1;
    }
    void functionCurvePerHead() {
        QFETCH(QString, heads);
        QFETCH(int, curves);
        auto f = figureOf("fire/function", {{"heads", heads}});
        QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
        QCOMPARE(f->result.lines.curves.size(), curves);
    }

    // "row": "last" (CoPE's token strip): the last query's gates whatever n is, the pattern
    // repeated: 1 on every fourth token for "0,0,0,1".
    void lastRowFollowsN_data() {
        QTest::addColumn<QString>("n");
        QTest::newRow("32") << "32";
        QTest::newRow("13") << "13";
    }
    void lastRowFollowsN() {
        QFETCH(QString, n);
        auto f = figureOf("cope/token_strip",
                          {{"n", n}, {"gate_mode", "pattern"}, {"pattern", "0,0,0,1"}});
        QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
        QCOMPARE(f->result.lines.curves.size(), 1);
        const QList<QPointF>& pts = f->result.lines.curves[0].points;
        QCOMPARE(pts.size(), n.toInt());
        for (const QPointF& pt : pts)
            QCOMPARE(pt.y(), static_cast<int>(pt.x()) % 4 == 3 ? 1.0 : 0.0);
    }
};

QTEST_MAIN(TstFireViews)
#include "tst_fire_views.moc"
