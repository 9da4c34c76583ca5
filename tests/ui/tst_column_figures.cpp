// Journal figures of multi-panel views (issue 25 item 9, gui-review-2 #11). At `render --size
// column` every heatmap view of more than one panel keeps its panel titles whole (in two lines
// where one does not fit, never elided with "…"), keeps what a cell covers whole, and typesets
// its formula at kMinFormulaPt (6 pt) or more at the export's dpi, in both languages (axis
// names of narrow panels may still give way to "…"). The text is recorded as painted
// (text_recorder.h); the formula's size is the one paintFigure sets.
#include <QRegularExpression>
#include <QtTest>
#include <map>

#include "tests/ui/figure_test_util.h"
#include "text_recorder.h"
#include "ui/figure/figure.h"
#include "ui/figure/figure_text.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::test::RecordingDevice;
using poslab::test::TextBox;
using poslab::ui::test::catalogViewIds;
using poslab::ui::test::figureOf;

namespace {

constexpr double kDpi = 300;  // render's print resolution

FigureOptions columnOptions() {
    FigureOptions o;
    o.pixels = sizeForPreset(QStringLiteral("column"), kDpi);
    o.dpi = kDpi;
    return o;
}

// A word cut short: "bfl…", "p…" (a lone "…" is a range's, "0 … 511").
bool elided(const QString& text) {
    static const QRegularExpression cut(QStringLiteral("\\S…\\s*$"));
    return cut.match(text).hasMatch();
}

}  // namespace

class TstColumnFigures : public QObject {
    Q_OBJECT
    std::map<std::pair<QString, QString>, Figure> m_figures;  // (language, view) -> figure

    const Figure* figure(const QString& lang, const QString& view) {
        applyLanguage(lang == QLatin1String("zh") ? Lang::Zh : Lang::En);
        const auto key = std::make_pair(lang, view);
        if (auto it = m_figures.find(key); it != m_figures.end()) return &it->second;
        auto f = figureOf(view);
        if (!f) return nullptr;
        return &(m_figures[key] = *f);
    }

private slots:
    void initTestCase() { setUpApplication(); }

    void multiPanelViews_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("view");
        for (const char* lang : {"en", "zh"})
            for (const QString& v : catalogViewIds()) {
                const Figure* f = figure(QString::fromLatin1(lang), v);
                if (f && f->result.heatmaps.size() > 1)
                    QTest::addRow("%s %s", lang, qPrintable(v)) << QString(lang) << v;
            }
    }
    void multiPanelViews() {
        QFETCH(QString, lang);
        QFETCH(QString, view);
        const Figure* f = figure(lang, view);
        QVERIFY(f);
        const FigureOptions o = columnOptions();
        RecordingDevice device(o.pixels, o.dpi);
        QPainter p(&device);
        paintFigure(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), *f, o);
        const FormulaLayout formula =
            figureFormula(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), *f, o);
        p.end();
        // No title and no words on what a cell covers cut short; every panel's title is there,
        // whole (across its lines; spaces aside).
        auto squeezed = [](QString t) {
            t.removeIf([](QChar c) { return c.isSpace(); });
            return t;
        };
        QString all;
        for (const TextBox& b : device.boxes()) {
            const bool cover = b.text.startsWith(QLatin1String("each cell")) ||
                               b.text.startsWith(QString::fromUtf8("每格"));
            QString bare = squeezed(b.text);
            if (bare.endsWith(QChar(0x2026))) bare.chop(1);
            bool title = false;
            for (const HeatmapData& h : f->result.heatmaps)
                title = title || (bare.size() >= 3 && squeezed(h.title.text()).contains(bare));
            if (cover || title)
                QVERIFY2(!elided(b.text), qPrintable(view + ": elided '" + b.text + "'"));
            all += squeezed(b.text);
        }
        for (const HeatmapData& h : f->result.heatmaps)
            QVERIFY2(all.contains(squeezed(h.title.text())),
                     qPrintable(view + ": title '" + h.title.text() + "'"));
        // The formula at 6 pt or more at the export's dpi.
        if (!f->formula.isEmpty()) {
            const double least = kMinFormulaPt * o.dpi / 72.0;
            QVERIFY2(formula.pixels >= least - 0.5,
                     qPrintable(QStringLiteral("%1: formula at %2 pt in %3 line(s)")
                                    .arg(view)
                                    .arg(formula.pixels * 72.0 / o.dpi, 0, 'f', 1)
                                    .arg(formula.lines.size())));
        }
    }

    // Where one line would be under 6 pt the formula is cut, only at its top-level spaces,
    // never inside a group, and the space at a cut goes.
    void formulaLines_data() {
        QTest::addColumn<QString>("tex");
        QTest::addColumn<double>("widthPt");
        QTest::addColumn<int>("pieces");
        QTest::newRow("precision") << QStringLiteral(
                                          "\\Bigl|\\mathrm{round}_v\\Bigl(\\cos\\bigl(x\\quad "
                                          "y\\bigr)\\Bigr)\\Bigr|;\\quad "
                                          "\\text{before: } t = v;\\quad \\text{after: } t = 1")
                                   << 60.0 << 3;
        QTest::newRow("braces") << QStringLiteral("a_{x\\quad y} = b\\qquad c") << 10.0 << 2;
        QTest::newRow("none") << QStringLiteral("\\lambda_j = \\frac{2\\pi}{\\theta_j}") << 10.0
                              << 1;
    }
    void formulaLines() {
        QFETCH(QString, tex);
        QFETCH(double, widthPt);
        QFETCH(int, pieces);
        const double pxPerPt = kDpi / 72.0;
        const PaintStyle s = makeFigureStyle(false, 800, true, false, pxPerPt);
        QCOMPARE(layOutFormula(tex, 1e5, s).lines.size(), 1);  // wide: one line
        const FormulaLayout narrow = layOutFormula(tex, widthPt * pxPerPt, s);
        QVERIFY(narrow.lines.size() <= pieces);
        if (pieces > 1) QVERIFY(narrow.lines.size() > 1);
        for (const QString& line : narrow.lines) {
            QVERIFY2(!line.trimmed().endsWith(QLatin1String("quad")), qPrintable(line));
            QCOMPARE(line.count(QLatin1Char('{')), line.count(QLatin1Char('}')));
            QCOMPARE(line.count(QLatin1String("Bigl")), line.count(QLatin1String("Bigr")));
        }
    }
};

QTEST_MAIN(TstColumnFigures)
#include "tst_column_figures.moc"
