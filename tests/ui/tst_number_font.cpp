// Superscript digits drawn in one font (issue 25 item 8): "10⁻¹⁰" on a tick or colour-bar label
// takes every one of its superscripts from the font that comes first for numbers. Noto Sans CJK
// SC, first for Chinese text, has ¹²³ but not ⁰ ⁴–⁹ or ⁻, so with it first the label mixed two
// fonts at two heights ("10⁻¹₀"). Checked for figures (exports) and the screen, in both
// languages, on the font the painters set (PaintStyle::numbers) and on the label as laid out.
// The same inside Chinese sentences (an explanation, a lesson's text, a figure's title, footer or
// note): the number "10⁻¹⁰" is drawn in the font of numbers, the words around it in Noto.
#include <QApplication>
#include <QGlyphRun>
#include <QRawFont>
#include <QTextLayout>
#include <QtTest>

#include "tests/ui/text_recorder.h"
#include "ui/figure/paint_style.h"
#include "ui/math/math_text.h"
#include "ui/math/superscripts.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab::ui;

namespace {

const QString kSuperscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹⁻");

// The families of the fonts that draw `text` in `font`, one entry per glyph run.
QStringList fontsOf(const QString& text, const QFont& font) {
    QTextLayout layout(text, font);
    layout.beginLayout();
    layout.createLine();
    layout.endLayout();
    QStringList families;
    for (const QGlyphRun& run : layout.glyphRuns())
        if (!run.glyphIndexes().isEmpty()) families << run.rawFont().familyName();
    return families;
}

}  // namespace

class TestNumberFont : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() { applyLanguage(Lang::En); }

    void superscriptsInOneFont_data() {
        QTest::addColumn<bool>("chinese");
        QTest::addColumn<bool>("figure");  // an export's style, else the screen's
        for (bool zh : {false, true})
            for (bool figure : {true, false})
                QTest::newRow(qPrintable(
                    QStringLiteral("%1-%2").arg(zh ? "zh" : "en", figure ? "figure" : "screen")))
                    << zh << figure;
    }

    void superscriptsInOneFont() {
        QFETCH(bool, chinese);
        QFETCH(bool, figure);
        applyLanguage(chinese ? Lang::Zh : Lang::En);
        const PaintStyle s = figure ? makeFigureStyle(false, 600, false, chinese)
                                    : makeScreenStyle(false, QApplication::font());
        const QFont numbers = s.numbers(0.75);
        // The first font for numbers has every superscript digit and the minus.
        const QRawFont raw = QRawFont::fromFont(numbers);
        QVERIFY(raw.isValid());
        for (const QChar c : kSuperscripts)
            QVERIFY2(raw.supportsCharacter(c),
                     qPrintable(QStringLiteral("%1 lacks U+%2")
                                    .arg(raw.familyName())
                                    .arg(c.unicode(), 4, 16, QLatin1Char('0'))));
        // "10⁻¹⁰" and "2.8 × 10⁻¹⁴" are laid out in a single font.
        for (const QString& label :
             {QStringLiteral("10⁻¹⁰"), QStringLiteral("2.8 × 10⁻¹⁴"), QStringLiteral("10²³")}) {
            const QStringList fonts = fontsOf(label, numbers);
            QVERIFY2(fonts.size() == 1, qPrintable(label + ": " + fonts.join(", ")));
        }
        // Chinese text keeps its own font first (Noto Sans CJK SC draws the words).
        if (chinese)
            QCOMPARE(QRawFont::fromFont(s.sized(0.75)).familyName(),
                     QStringLiteral("Noto Sans CJK SC"));
    }

    // A Chinese sentence holding 10⁻¹⁰, drawn by each painter of prose: every text item with a
    // superscript has all of the number and lays it out in one font, DejaVu Sans; the words keep
    // Noto Sans CJK SC first (where the text is not wrapped as a whole).
    void superscriptsInChineseSentences_data() {
        QTest::addColumn<QString>("painter");
        for (const char* row : {"MathText", "fitted line", "line", "wrapped"})
            QTest::newRow(row) << QString::fromLatin1(row);
    }
    void superscriptsInChineseSentences() {
        QFETCH(QString, painter);
        const QString sentence = QStringLiteral("误差约为 10⁻¹⁰，可以忽略；最大 2.8 × 10⁻¹⁴。");
        const PaintStyle s = makeFigureStyle(false, 600, false, true);
        // The fault this guards against: in the text font the number takes two fonts.
        QVERIFY(fontsOf(QStringLiteral("10⁻¹⁰"), s.sized(1)).size() > 1);
        poslab::test::RecordingDevice device(QSize(900, 300), 96);
        {
            QPainter p(&device);
            p.setFont(s.sized(1));
            const QRectF box(10, 10, 880, 60);
            if (painter == "MathText") {
                math::MathText text(sentence);
                text.setFont(s.font);
                text.paint(p, box.topLeft(), 20, 880, Qt::black);
            } else if (painter == "fitted line") {
                paintFittedLine(p, box, Qt::AlignCenter, sentence, 1, false, s);
            } else if (painter == "line") {
                math::drawLine(p, box, Qt::AlignLeft | Qt::AlignVCenter, sentence);
            } else {
                paintCentredText(p, QRectF(10, 10, 200, 280), sentence, 1, s);
            }
        }
        QStringList numbers;
        for (const poslab::test::TextBox& b : device.boxes()) {
            if (!math::hasSuperscripts(b.text)) {
                if (painter != "wrapped")
                    QCOMPARE(b.font.families().value(0), QStringLiteral("Noto Sans CJK SC"));
                continue;
            }
            for (const math::TextRun& r : math::superscriptRuns(b.text)) {
                if (!r.numbers) continue;
                const QStringList fonts = fontsOf(r.text, b.font);
                QVERIFY2(fonts == QStringList{QStringLiteral("DejaVu Sans")},
                         qPrintable(r.text + ": " + fonts.join(", ")));
                numbers << r.text;
            }
        }
        QCOMPARE(numbers, (QStringList{QStringLiteral("10⁻¹⁰"), QStringLiteral("10⁻¹⁴")}));
    }
};

QTEST_MAIN(TestNumberFont)
#include "tst_number_font.moc"
