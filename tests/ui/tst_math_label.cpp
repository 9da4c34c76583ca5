// MathLabel (the presentation strip's formula, the explanation, lesson captions): a formula
// wider than its room is drawn smaller until it fits, down to half size, never cut at the
// label's edge; one that fits keeps the font's size.
#include <QtTest>

#include "tests/ui/ui_test_util.h"
#include "ui/math/math_label.h"
#include "ui/math/math_text.h"

using namespace poslab;
using namespace poslab::ui;

class TestMathLabel : public QObject {
    Q_OBJECT
private slots:
    // T5's bucket rule in words, as the strip shows it for a T5 model.
    void stripFormulaFitsItsWidth_data() {
        QTest::addColumn<QString>("tex");
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("smaller");
        const QString t5 =
            QStringLiteral("\\text{exact below max\\_exact, logarithmic up to max\\_distance}");
        QTest::newRow("T5 words in 500 px") << t5 << 500 << true;
        QTest::newRow("RoPE in 900 px") << QStringLiteral("f(q, m) = R_m q") << 900 << false;
    }
    void stripFormulaFitsItsWidth() {
        QFETCH(QString, tex);
        QFETCH(int, width);
        QFETCH(bool, smaller);
        math::MathLabel label;
        QFont f = label.font();
        f.setPixelSize(30);
        label.setFont(f);
        label.setFormula(tex);
        const double px = label.fittedPixelSize(width);
        QCOMPARE(px < 30, smaller);
        QVERIFY(px >= 15);
        math::MathText text(QStringLiteral("$$") + tex + QStringLiteral("$$"));
        text.setFont(label.font());
        QVERIFY2(text.size(px, width).width() <= width + 0.5,
                 qPrintable(QString::number(text.size(px, width).width())));
    }
};

QTEST_MAIN(TestMathLabel)
#include "tst_math_label.moc"
