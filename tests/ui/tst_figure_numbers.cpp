// Numbers written for people in exported figures (issue 13 item 3): the footer writes its
// parameters as the ticks do ("base = 500 000", the exact value, grouped by U+202F), at 6 pt or
// more at every print size, in at most three lines broken only between parameters; a colour bar
// whose labels would each read m × 10ⁿ writes mantissas and one shared "× 10ⁿ" (matplotlib's
// offset text) where that narrows its label column, and every one of those labels stays inside
// the canvas. Figures are painted onto a device that records their text (text_recorder.h).
#include <QtTest>
#include <cmath>
#include <memory>

#include "core/array.h"
#include "core/registry.h"
#include "tests/ui/figure_test_util.h"
#include "text_recorder.h"
#include "ui/catalog/view_spec.h"
#include "ui/catalog/view_state_json.h"
#include "ui/figure/colorbar_paint.h"
#include "ui/figure/figure.h"
#include "ui/figure/figure_text.h"
#include "ui/figure/heatmap_paint.h"
#include "ui/figure/number_format.h"
#include "ui/figure/paint_style.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::test::RecordingDevice;
using poslab::test::TextBox;

using poslab::ui::test::figureOf;

namespace {

// "500_000" with the narrow no-break space of number_format.h for '_'.
QString g(const char* text) {
    return QString::fromUtf8(text).replace('_', QChar(0x202F));
}

// The text a figure paints at `preset` (print sizes at 150 dpi, slides as they are).
QVector<TextBox> paintedText(const Figure& f, const QString& preset, FigureOptions* used) {
    FigureOptions o;
    o.dpi = 150;
    o.pixels = sizeForPreset(preset, o.dpi);
    RecordingDevice device(o.pixels, o.dpi);
    device.recorder().keepBlank = true;  // the narrow space of "500 000" may be a run of its own
    QPainter p(&device);
    paintFigure(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), f, o);
    p.end();
    *used = o;
    return device.boxes();
}

// The footer's lines as painted: the figure paints it last, in the muted colour; the runs of one
// line (a font fallback splits a line into runs) joined in the order painted.
QStringList footerLinesOf(const QVector<TextBox>& boxes, const QColor& muted,
                          QVector<TextBox>* runs) {
    qsizetype first = boxes.size();
    while (first > 0 && boxes[first - 1].color == muted) --first;
    *runs = boxes.mid(first);
    QStringList lines;
    double lineTop = -1e9;
    for (const TextBox& b : *runs) {
        if (lines.isEmpty() || b.rect.center().y() > lineTop + 0.5 * b.pixels) {
            lines << QString();
            lineTop = b.rect.center().y();
        }
        lines.back() += b.text;
    }
    return lines;
}

// A heatmap of `rows` x `cols` cells over [lo, hi] (a ramp, so that it is not constant).
HeatmapData rampPanel(int rows, int cols, double lo, double hi) {
    HeatmapData h;
    h.rows = rows;
    h.cols = cols;
    h.array = std::make_shared<const core::Array>(core::Array::real({rows, cols}));
    h.image = QImage(cols, rows, QImage::Format_ARGB32);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) h.image.setPixel(c, r, qRgb(40, 30 + 200 * r / rows, 140));
    h.lo = lo;
    h.hi = hi;
    h.colormap = lo < 0 ? ColormapKind::Diverging : ColormapKind::Viridis;
    h.difference = lo < 0;
    h.title = LocalText{QStringLiteral("A − B"), QStringLiteral("A − B")};
    h.rowAxis = QStringLiteral("position i");
    h.colAxis = QStringLiteral("dimension k");
    return h;
}

}  // namespace

class TstFigureNumbers : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    // rope/decay at base = 500 000 (the figures review's example) at every size, in both
    // languages: the footer says 500 000, keeps each parameter on one line, and prints at 6 pt
    // or more; the labels test (tst_figure_labels) checks that it stays inside the canvas.
    void footerIsGroupedAndReadable_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("preset");
        for (const char* lang : {"en", "zh"})
            for (const QString& preset : figurePresets())
                QTest::addRow("%s %s", lang, qPrintable(preset)) << QString(lang) << preset;
    }
    void footerIsGroupedAndReadable() {
        QFETCH(QString, lang);
        QFETCH(QString, preset);
        applyLanguage(lang == "zh" ? Lang::Zh : Lang::En);
        auto f = figureOf("rope/decay", {{"base", "500000"}});
        QVERIFY2(f.ok(), f.ok() ? "" : f.error().message.c_str());
        QVERIFY2(f->footer.contains(g("base = 500_000")), qPrintable(f->footer));
        FigureOptions o;
        const QVector<TextBox> boxes = paintedText(*f, preset, &o);
        const QColor muted = makeFigureStyle(false, o.pixels.height(), false, f->chinese).muted;
        QVector<TextBox> runs;
        const QStringList lines = footerLinesOf(boxes, muted, &runs);
        QVERIFY2(!lines.isEmpty() && lines.size() <= 3, qPrintable(lines.join(" | ")));
        QVERIFY2(lines.join(' ').contains(QStringLiteral("rope/decay")),
                 qPrintable(lines.join('|')));
        // One parameter is never split across lines: "base = 500 000" is whole on one line.
        QVERIFY2(std::any_of(lines.begin(), lines.end(),
                             [](const QString& l) { return l.contains(g("base = 500_000")); }),
                 qPrintable(lines.join(" | ")));
        const QRectF canvas =
            QRectF(QPointF(0, 0), QSizeF(o.pixels)).adjusted(-0.5, -0.5, 0.5, 0.5);
        for (const TextBox& b : runs) {
            if (b.text.trimmed().isEmpty()) continue;  // a space: no ink
            const double pt = b.pixels / (o.dpi / 72.0);
            QVERIFY2(
                pt >= kMinTickPt - 1e-9,
                qPrintable(QStringLiteral("'%1' is %2 pt at %3").arg(b.text).arg(pt).arg(preset)));
            QVERIFY2(canvas.contains(b.rect), qPrintable(b.text + " leaves the canvas"));
        }
    }

    // The footer's lines are filled from whole pieces; where they cannot all fit in the lines
    // allowed, the last parameters give way to "…" and the view and "PosLab" stay.
    void footerLinesBreakBetweenParameters_data() {
        QTest::addColumn<double>("fraction");  // of the footer's width in one line
        QTest::addColumn<int>("maxLines");
        QTest::addColumn<bool>("dropped");
        QTest::newRow("one wide line") << 1.2 << 3 << false;
        QTest::newRow("two or three lines") << 0.5 << 3 << false;
        QTest::newRow("one narrow line") << 0.5 << 1 << true;
        QTest::newRow("two narrow lines") << 0.3 << 2 << true;
    }
    void footerLinesBreakBetweenParameters() {
        QFETCH(double, fraction);
        QFETCH(int, maxLines);
        QFETCH(bool, dropped);
        const QStringList params{g("base = 500_000"), "d = 128",       "max_distance = 4096",
                                 "n = 512",           "offset = 0",    "pairing = interleaved",
                                 "position = 1",      "scaling = none"};
        const QString footer = "rope/decay · " + params.join(", ") + " · PosLab";
        QFont font(QStringLiteral("DejaVu Sans"));
        font.setPixelSize(13);
        const QFontMetricsF fm(font);
        const double width = fraction * fm.horizontalAdvance(footer);
        const QStringList lines = footerLines(footer, font, width, maxLines);
        QVERIFY(!lines.isEmpty() && lines.size() <= maxLines);
        for (const QString& l : lines)
            QVERIFY2(fm.horizontalAdvance(l) <= width + 0.5, qPrintable(l));
        const QString joined = lines.join(' ');
        QCOMPARE(joined.contains(QStringLiteral("…")), dropped);
        QVERIFY(lines.front().startsWith(QStringLiteral("rope/decay")));
        QVERIFY(lines.back().endsWith(QStringLiteral("PosLab")));
        int kept = 0;
        for (const QString& p : params) {
            const bool whole = std::any_of(lines.begin(), lines.end(),
                                           [&](const QString& l) { return l.contains(p); });
            kept += whole;
            // A parameter is there whole, or not at all.
            QVERIFY2(whole || !joined.contains(p.section(' ', 0, 0) + " ="), qPrintable(joined));
        }
        if (dropped)
            QVERIFY(kept < params.size());
        else
            QCOMPARE(kept, params.size());
    }

    // A colour bar over a range whose labels would each read m × 10ⁿ writes mantissas and one
    // multiplier; the mantissas times the multiplier are values of the range. Decimal and log
    // bars are unchanged.
    void colourBarSharesOnePowerOfTen_data() {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<bool>("log");
        QTest::addColumn<QString>("multiplier");
        QTest::newRow("[0, 3e-14]") << 0.0 << 3e-14 << false << "×\u00A010⁻¹⁴";
        QTest::newRow("difference ±2.1e-6") << -2.1e-6 << 2.1e-6 << false << "×\u00A010⁻⁶";
        QTest::newRow("tens of millions") << -3e7 << 3e7 << false << "×\u00A010⁷";
        QTest::newRow("decimal") << -1.0 << 1.0 << false << "";
        QTest::newRow("grouped") << 0.0 << 5e5 << false << "";
        QTest::newRow("log") << 1e-12 << 1e-6 << true << "";
    }
    void colourBarSharesOnePowerOfTen() {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(bool, log);
        QFETCH(QString, multiplier);
        const PaintStyle s = makeFigureStyle(false, 396, false, false, 150 / 72.0);
        HeatmapData h = rampPanel(64, 32, lo, hi);
        h.logColor = log;
        for (const double height : {100.0, 150.0, 300.0}) {
            const ColorbarText bar = colorbarText(h, height, s);
            QCOMPARE(bar.multiplier, multiplier);
            QVERIFY(bar.labels.size() >= 2);
            if (multiplier.isEmpty()) continue;
            const double scale = plainNumberText(multiplier.mid(2)).toDouble();  // "10⁻¹⁴"
            QVERIFY(scale > 0);
            for (const QString& label : bar.labels) {
                QVERIFY2(
                    !label.contains(QStringLiteral("×")) && !label.contains(QStringLiteral("10⁻")),
                    qPrintable(label));
                bool ok = false;
                const double v = plainNumberText(label).toDouble(&ok) * scale;
                QVERIFY2(ok, qPrintable(label));
                const double slack = 1e-9 * (hi - lo);
                QVERIFY2(v >= lo - slack && v <= hi + slack,
                         qPrintable(QStringLiteral("%1 %2 → %3").arg(label, multiplier).arg(v)));
            }
            // Written once, it narrows the column: fewer device units than the full labels.
            const QFontMetricsF fm(s.sized(0.75));
            double full = 0;
            for (const QString& t :
                 formatTicks(QVector<double>{lo, hi}, (hi - lo) / 2))  // the ends, written whole
                full = std::max(full, fm.horizontalAdvance(t));
            QVERIFY(colorbarLabelWidth(h, height, s) < full + 0.3 * s.unit);
        }
    }

    // A narrow difference panel at one-column size: the bar's labels are mantissas, one label is
    // the multiplier, and every label lies inside the canvas and inside its clip.
    void narrowPanelWritesTheMultiplierOnce_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::newRow("en [0, 3e-14]") << "en" << 0.0 << 3e-14;
        QTest::newRow("zh [0, 3e-14]") << "zh" << 0.0 << 3e-14;
        QTest::newRow("en ±2.1e-6") << "en" << -2.1e-6 << 2.1e-6;
        QTest::newRow("zh ±2.1e-6") << "zh" << -2.1e-6 << 2.1e-6;
    }
    void narrowPanelWritesTheMultiplierOnce() {
        QFETCH(QString, lang);
        QFETCH(double, lo);
        QFETCH(double, hi);
        const QSize canvas = sizeForPreset("column", 150);
        const PaintStyle s =
            makeFigureStyle(false, canvas.height(), false, lang == "zh", 150 / 72.0);
        const HeatmapData h = rampPanel(64, 32, lo, hi);
        // The third of three panels across the column, as a compare view lays them out.
        const QRectF area(2.0 * canvas.width() / 3, 40, canvas.width() / 3.0 - 4, 260);
        RecordingDevice device(canvas, 150);
        QPainter p(&device);
        HeatmapPanelOptions o;
        paintHeatmapPanel(p, area, h, s, allCells(h), QPoint(-1, -1), o);
        p.end();
        int multipliers = 0;
        const QRectF inside = QRectF(QPointF(0, 0), QSizeF(canvas)).adjusted(-0.5, -0.5, 0.5, 0.5);
        for (const TextBox& b : device.boxes()) {
            QVERIFY2(inside.contains(b.rect), qPrintable(b.text + " leaves the canvas"));
            QVERIFY2(!b.clipped, qPrintable(b.text + " is cut by its clip"));
            if (b.color == s.muted) continue;  // what a drawn cell covers ("2 positions × 1")
            if (b.text.startsWith(QStringLiteral("×")))
                ++multipliers;
            else
                QVERIFY2(!b.text.contains(QStringLiteral("×")), qPrintable(b.text));
        }
        QCOMPARE(multipliers, 1);
    }

    // The compare view with a difference at rounding level, at one-column size: its Δ panel
    // writes one multiplier, the operands' bars none.
    void differencePanelOfAFigure_data() {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << "en";
        QTest::newRow("zh") << "zh";
    }
    void differencePanelOfAFigure() {
        QFETCH(QString, lang);
        applyLanguage(lang == "zh" ? Lang::Zh : Lang::En);
        auto f = figureOf("floater/difference");
        QVERIFY(f.ok());
        FigureOptions o;
        const QVector<TextBox> boxes = paintedText(*f, "column", &o);
        const QColor muted = makeFigureStyle(false, o.pixels.height(), false, f->chinese).muted;
        // Not the muted words on what a drawn cell covers ("1 position × 2 dimensions").
        const int multipliers =
            static_cast<int>(std::count_if(boxes.begin(), boxes.end(), [&](const TextBox& b) {
                return b.color != muted && b.text.startsWith(QStringLiteral("×"));
            }));
        QCOMPARE(multipliers, 1);
    }
};

QTEST_MAIN(TstFigureNumbers)
#include "tst_figure_numbers.moc"
