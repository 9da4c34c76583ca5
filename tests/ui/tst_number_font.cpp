// Superscript digits drawn in one font (issue 25 item 8): "10⁻¹⁰" on a tick or colour-bar label
// takes every one of its superscripts from the font that comes first for numbers. Noto Sans CJK
// SC, first for Chinese text, has ¹²³ but not ⁰ ⁴–⁹ or ⁻, so with it first the label mixed two
// fonts at two heights ("10⁻¹₀"). Checked for figures (exports) and the screen, in both
// languages, on the font the painters set (PaintStyle::numbers) and on the label as laid out.
#include <QApplication>
#include <QGlyphRun>
#include <QRawFont>
#include <QTextLayout>
#include <QtTest>

#include "ui/figure/paint_style.h"
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
};

QTEST_MAIN(TestNumberFont)
#include "tst_number_font.moc"
