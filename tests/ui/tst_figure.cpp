// Figures for slides (issue 5): every view of every encoding renders to PNG, SVG and PDF with the
// asked size and resolution; the SVG parses and keeps its text as text; the PDF embeds its fonts
// as TrueType/CID (never Type 3) and Chinese text uses a CJK font; heatmap cells stay crisp when
// the PDF is rasterised at 400%; the theme and the footer switch do what they say.
#include <QApplication>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include "core/registry.h"
#include "tests/ui/figure_test_util.h"
#include "ui/catalog/view_spec.h"
#include "ui/catalog/view_state_json.h"
#include "ui/figure/figure.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;

using poslab::ui::test::figureOf;

namespace {

QString tool(const QString& program, const QStringList& args, int* code = nullptr) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(60000);
    if (code) *code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromUtf8(p.readAllStandardOutput());
}

// Page size of a PDF in points, from pdfinfo.
QSizeF pdfPageSize(const QString& path, int* pages = nullptr) {
    const QString info = tool("pdfinfo", {path});
    const auto m = QRegularExpression(R"(Page size:\s+([\d.]+) x ([\d.]+) pts)").match(info);
    const auto n = QRegularExpression(R"(Pages:\s+(\d+))").match(info);
    if (pages) *pages = n.hasMatch() ? n.captured(1).toInt() : -1;
    return m.hasMatch() ? QSizeF(m.captured(1).toDouble(), m.captured(2).toDouble()) : QSizeF();
}

// The font lines of pdffonts (after its two header lines).
QStringList pdfFonts(const QString& path) {
    QStringList lines = tool("pdffonts", {path}).split('\n', Qt::SkipEmptyParts);
    return lines.mid(2);
}

}  // namespace

class TstFigure : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        setUpApplication();
        applyLanguage(Lang::En);
        QVERIFY(m_dir.isValid());
    }

    void everyViewEveryFormat_data() {
        QTest::addColumn<QString>("view");
        for (const auto& page : Catalog::instance().pages()) {
            if (page.id != page.encoding) continue;
            for (const auto& v : page.views) QTest::newRow(qPrintable(v.id)) << v.id;
        }
    }
    void everyViewEveryFormat() {
        QFETCH(QString, view);
        auto figure = figureOf(view);
        QVERIFY2(figure.ok(), figure.ok() ? "" : figure.error().message.c_str());
        FigureOptions o;
        o.pixels = QSize(960, 540);
        o.dpi = 96;
        const QString base = m_dir.filePath(QString(view).replace('/', '_'));

        QCOMPARE(writeFigure(base + ".png", *figure, o), QString());
        const QImage png(base + ".png");
        QCOMPARE(png.size(), o.pixels);
        QVERIFY(qAbs(png.dotsPerMeterX() - 96 / 0.0254) < 2);
        // Something was drawn beyond the background: many distinct colours.
        QSet<QRgb> colours;
        for (int y = 0; y < png.height(); y += 7)
            for (int x = 0; x < png.width(); x += 7) colours.insert(png.pixel(x, y));
        QVERIFY2(colours.size() > 8, qPrintable(view));

        QCOMPARE(writeFigure(base + ".svg", *figure, o), QString());
        QFile svg(base + ".svg");
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svg);
        bool root = false;
        QString text;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == QLatin1String("svg")) {
                root = true;
                QCOMPARE(xml.attributes().value("viewBox").toString(), QString("0 0 960 540"));
            }
            if (xml.isCharacters()) text += xml.text();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(root);
        QVERIFY2(text.contains(figure->title),
                 qPrintable(view + ": the title is not text in the SVG"));

        QCOMPARE(writeFigure(base + ".pdf", *figure, o), QString());
        int pages = 0;
        const QSizeF pts = pdfPageSize(base + ".pdf", &pages);
        QCOMPARE(pages, 1);
        QVERIFY2(
            qAbs(pts.width() - 960 / 96.0 * 72) < 1.5 && qAbs(pts.height() - 540 / 96.0 * 72) < 1.5,
            qPrintable(QStringLiteral("%1 x %2 pts").arg(pts.width()).arg(pts.height())));
        const QStringList fonts = pdfFonts(base + ".pdf");
        QVERIFY(!fonts.isEmpty());
        for (const QString& f : fonts) {
            QVERIFY2(!f.contains("Type 3"), qPrintable(f));
            QVERIFY2(f.contains("TrueType") &&
                         f.contains(QRegularExpression(R"(\s+yes\s+\S+\s+\S+\s+\d+\s+\d+\s*$)")),
                     qPrintable(f));
        }
    }

    void chineseUsesACjkFont() {
        applyLanguage(Lang::Zh);
        auto figure = figureOf("rope/decay");
        applyLanguage(Lang::En);
        QVERIFY(figure.ok());
        QVERIFY(figure->title.contains(QRegularExpression("[\\x{4e00}-\\x{9fff}]")));
        const QString path = m_dir.filePath("zh.pdf");
        QCOMPARE(writeFigure(path, *figure, FigureOptions{}), QString());
        const QString fonts = pdfFonts(path).join('\n');
        QVERIFY2(fonts.contains("NotoSansCJKsc") && !fonts.contains("Type 3"), qPrintable(fonts));
        const QString extracted = tool("pdftotext", {path, "-"});
        QVERIFY2(extracted.contains(figure->title.section(QStringLiteral(" — "), 1)),
                 qPrintable(extracted));
    }

    // A 16 x 16 table drawn about 800 px wide, rasterised at 400%: along a row through the
    // cells every colour change is a step of at most 3 pixels (a smoothed image would spread
    // it over a whole cell).
    void heatmapCrispAt400Percent() {
        auto figure = figureOf("sinusoidal/table", {{"n", "16"}, {"d", "16"}});
        QVERIFY(figure.ok());
        FigureOptions o;
        o.dpi = 144;
        o.footer = o.formula = false;
        const QString pdf = m_dir.filePath("crisp.pdf");
        QCOMPARE(writeFigure(pdf, *figure, o), QString());
        int code = -1;
        tool("pdftoppm", {"-r", "576", "-png", "-singlefile", pdf, m_dir.filePath("crisp")}, &code);
        QCOMPARE(code, 0);
        const QImage img(m_dir.filePath("crisp.png"));
        QCOMPARE(img.width(), 1920 * 4);
        int checked = 0, worst = 0;
        for (double fy : {0.45, 0.52, 0.6}) {
            const int y = static_cast<int>(img.height() * fy);
            // Runs of one colour; a transition is the pixels between two runs of >= 40 px (cells
            // are ~190 px wide here) that are less than 40 px apart.
            int runStart = 0, lastLongEnd = -1;
            for (int x = 1; x <= img.width(); ++x) {
                if (x < img.width() && img.pixel(x, y) == img.pixel(runStart, y)) continue;
                const int len = x - runStart;
                const QColor c = QColor::fromRgb(img.pixel(runStart, y));
                const bool cell = len >= 40 && c.saturation() > 40;
                if (cell) {
                    if (lastLongEnd >= 0 && runStart - lastLongEnd < 40) {
                        worst = std::max(worst, runStart - lastLongEnd);
                        ++checked;
                    }
                    lastLongEnd = x;
                }
                runStart = x;
            }
        }
        QVERIFY2(checked >= 10, qPrintable(QString::number(checked)));
        QVERIFY2(worst <= 3,
                 qPrintable(QStringLiteral("a cell edge spreads over %1 px").arg(worst)));
    }

    void themeAndFooterSwitch() {
        auto figure = figureOf("rope/decay");
        QVERIFY(figure.ok());
        FigureOptions o;
        o.pixels = QSize(800, 450);
        const QImage light = figureImage(*figure, o);
        o.dark = true;
        const QImage dark = figureImage(*figure, o);
        QCOMPARE(QColor(light.pixel(2, 2)).lightness(), 255);
        QVERIFY(QColor(dark.pixel(2, 2)).lightness() < 60);

        auto svgText = [&](bool footer) {
            FigureOptions so;
            so.footer = footer;
            const QString path = m_dir.filePath(footer ? "f1.svg" : "f0.svg");
            if (!writeFigure(path, *figure, so).isEmpty()) return QString();
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            return QString::fromUtf8(f.readAll());
        };
        const QString base = QStringLiteral("base = 10\u202F000");  // grouped by U+202F
        QVERIFY(svgText(true).contains(base));
        QVERIFY(!svgText(false).contains(base));
    }

    void badOptionsWriteNothing_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QSize>("pixels");
        QTest::addColumn<double>("dpi");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("extension") << "x.bmp" << QSize(800, 600) << 96.0 << "unknown extension";
        QTest::newRow("tiny") << "x.png" << QSize(20, 600) << 96.0 << "size 20x600";
        QTest::newRow("huge") << "x.pdf" << QSize(800, 99999) << 96.0 << "size 800x99999";
        QTest::newRow("dpi") << "x.svg" << QSize(800, 600) << 5.0 << "dpi 5";
        QTest::newRow("folder") << "missing/x.png" << QSize(800, 600) << 96.0 << "cannot write";
    }
    void badOptionsWriteNothing() {
        QFETCH(QString, file);
        QFETCH(QSize, pixels);
        QFETCH(double, dpi);
        QFETCH(QString, fragment);
        auto figure = figureOf("alibi/bias");
        QVERIFY(figure.ok());
        FigureOptions o;
        o.pixels = pixels;
        o.dpi = dpi;
        const QString path = m_dir.filePath(file);
        const QString error = writeFigure(path, *figure, o);
        QVERIFY2(error.contains(fragment), qPrintable(error));
        QVERIFY(!QFile::exists(path));
    }

    void deckHasOnePagePerFigure() {
        QVector<Figure> figures;
        for (const char* v : {"rope/decay", "rope/scores", "alibi/bias"}) {
            auto f = figureOf(v);
            QVERIFY(f.ok());
            figures << *f;
        }
        const QString pdf = m_dir.filePath("deck.pdf");
        QCOMPARE(writeDeck(pdf, figures, FigureOptions{}), QString());
        int pages = 0;
        pdfPageSize(pdf, &pages);
        QCOMPARE(pages, 3);
        const QString folder = m_dir.filePath("deck_svg");
        QCOMPARE(writeDeck(folder, figures, FigureOptions{}, FigureFormat::Svg), QString());
        QCOMPARE(QDir(folder).entryList({"step_*.svg"}).size(), 3);
    }
};

QTEST_MAIN(TstFigure)
#include "tst_figure.moc"
