// Superscript digits drawn in one font (issue 25 item 8): "10⁻¹⁰" was drawn "10⁻¹₀" in Chinese,
// because Noto Sans CJK SC, tried first, has ¹²³ but not ⁰⁴⁵⁶⁷⁸⁹⁻, which came from another font
// at another height. The UI font of both languages and the figure font of both languages must
// (a) name first a family that has every character number_format writes (QRawFont), and (b) lay
// out the numbers the app writes, alone and inside Chinese text, in glyph runs of one font.
#include <QApplication>
#include <QFontMetricsF>
#include <QGlyphRun>
#include <QRawFont>
#include <QSet>
#include <QTest>
#include <QTextLayout>

#include "ui/figure/number_font.h"
#include "ui/figure/number_format.h"
#include "ui/figure/paint_style.h"
#include "ui/shell/language.h"

using namespace poslab::ui;

namespace {

// The font of each case: the application font after applyLanguage, or a figure's.
QFont fontOf(const QString& where, bool chinese) {
    if (where == u"ui") {
        applyLanguage(chinese ? Lang::Zh : Lang::En);
        return QApplication::font();
    }
    return makeFigureStyle(false, 1080, where == u"vector", chinese, 0).font;
}

// The families of the glyph runs that draw text[from, from + length) in `font`.
QSet<QString> familiesDrawing(const QString& text, qsizetype from, qsizetype length, QFont font) {
    font.setPixelSize(24);
    QTextLayout layout(text, font);
    layout.beginLayout();
    layout.createLine();
    layout.endLayout();
    QSet<QString> families;
    for (const QGlyphRun& run : layout.glyphRuns(int(from), int(length)))
        if (!run.glyphIndexes().isEmpty()) families.insert(run.rawFont().familyName());
    return families;
}

// What the app writes: the readouts, bounds and decades of number_format.
QStringList numbers() {
    return {formatNumber(1e-10),   formatNumber(2.220446049250313e-16, 2),
            formatNumber(-6.1e-8), formatNumber(5.7e-14),
            formatNumber(4.77e-8), powerOfTenText(-10),
            powerOfTenText(-16),   powerOfTenText(23),
            powerOfTenText(-4789), powerOfTenText(-5),
            formatNumber(500000),  formatExact(0.1)};
}

}  // namespace

class TestNumberFont : public QObject {
    Q_OBJECT

private slots:
    void numbersUseSuperscripts() {
        // The strings below exercise every superscript digit and the minus.
        const QString all = numbers().join(u' ');
        for (const QChar c : numberGlyphs().left(11))
            QVERIFY2(all.contains(c), qPrintable(QStringLiteral("never written: ") + c));
    }

    void fonts_data() {
        QTest::addColumn<QString>("where");
        QTest::addColumn<bool>("chinese");
        for (const char* where : {"ui", "figure", "vector"})
            for (const bool zh : {false, true})
                QTest::addRow("%s %s", where, zh ? "zh" : "en") << QString::fromLatin1(where) << zh;
    }
    void fonts() {
        QFETCH(QString, where);
        QFETCH(bool, chinese);
        const QFont font = fontOf(where, chinese);
        // (a) The first family has every number glyph (Latin-1 ¹²³ and U+2070–U+207B alike).
        const QString first = font.families().value(0, font.family());
        QVERIFY2(coversNumberGlyphs(first), qPrintable(first));
        QFont firstOnly(first);
        firstOnly.setPixelSize(24);
        const QRawFont raw = QRawFont::fromFont(firstOnly);
        const QFontMetricsF metrics(firstOnly);
        for (const QChar c : numberGlyphs()) {
            QVERIFY2(raw.supportsCharacter(c), qPrintable(first + QStringLiteral(" lacks ") + c));
            QVERIFY2(metrics.inFontUcs4(c.unicode()), qPrintable(first + QStringLiteral(": ") + c));
        }
        // (b) Each number, alone and in a Chinese sentence, is drawn by one font.
        for (const QString& n : numbers()) {
            const QSet<QString> alone = familiesDrawing(n, 0, n.size(), font);
            QVERIFY2(alone.size() == 1,
                     qPrintable(n + u' ' + QStringList(alone.values()).join(u',')));
            const QString zh = QStringLiteral("最大误差：") + n + QStringLiteral("（位置）");
            const QSet<QString> inZh = familiesDrawing(zh, 5, n.size(), font);
            QVERIFY2(inZh == alone, qPrintable(zh + u' ' + QStringList(inZh.values()).join(u',')));
        }
        // The Han characters still come from Noto Sans CJK SC (not a JP or fallback font).
        if (chinese) {
            const QString zh = QStringLiteral("最大误差");
            QCOMPARE(familiesDrawing(zh, 0, zh.size(), font),
                     QSet<QString>{QStringLiteral("Noto Sans CJK SC")});
        }
    }

    // The rule bites: the old Chinese order (Noto Sans CJK SC first) draws "10⁻¹⁰" in two fonts.
    void oldOrderMixesFonts() {
        QFont old;
        old.setFamilies({QStringLiteral("Noto Sans CJK SC"), QStringLiteral("DejaVu Sans")});
        const QString n = powerOfTenText(-10);
        QVERIFY(familiesDrawing(n, 0, n.size(), old).size() > 1);
        QVERIFY(!coversNumberGlyphs(QStringLiteral("Noto Sans CJK SC")));
    }
};

QTEST_MAIN(TestNumberFont)
#include "tst_number_font.moc"
