// Figures that use the slide (issue 13, figures review D9) and say a thing once (D12).
// Three square panels across a 16:9 slide are as high as the width allows, far less than the
// slide: they, the formula and the caption stand together, centred between the title and the
// footer, so the empty band above the panels and the one under the formula are equal and no
// wide band opens between the panels and the formula. Every multi-panel heatmap of the catalog
// is painted at the 16:9 and 4:3 slides (and a portrait A4 page and a journal column, where the
// panels are narrowest) in both languages and measured in the pixels: the rows with ink. An
// aggregated heatmap says what a cell covers ("each cell: 12 positions × 1 dimension") once,
// over its plot, and the footer keeps the parameters; where panels are too narrow for the
// words, the footer says it instead, still once.
#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QXmlStreamReader>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>

#include "tests/ui/figure_test_util.h"
#include "text_recorder.h"
#include "ui/catalog/view_spec.h"
#include "ui/figure/figure.h"
#include "ui/figure/paint_style.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::test::RecordingDevice;
using poslab::test::TextBox;
using poslab::ui::test::catalogViewIds;
using poslab::ui::test::figureOf;
using poslab::ui::test::FigureSize;
using poslab::ui::test::figureSizes;

namespace {

// The runs of rows [first, last] that hold ink (a pixel away from the background).
QVector<std::pair<int, int>> inkRuns(const QImage& image) {
    const QRgb bg = image.pixel(0, 0);
    auto differs = [bg](QRgb c) {
        return std::abs(qRed(c) - qRed(bg)) + std::abs(qGreen(c) - qGreen(bg)) +
                   std::abs(qBlue(c) - qBlue(bg)) >
               60;
    };
    QVector<std::pair<int, int>> runs;
    for (int y = 0; y < image.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        if (!std::any_of(line, line + image.width(), differs)) continue;
        if (!runs.isEmpty() && runs.back().second == y - 1)
            runs.back().second = y;
        else
            runs.append({y, y});
    }
    return runs;
}

// The vertical gaps of a figure: above its content (under the title), under it (above the
// footer, which starts at row `footerTop`), and the widest inside it.
struct Gaps {
    int above = 0, below = 0, inside = 0;
    bool ok = false;
};

Gaps gapsOf(const QImage& image, int footerTop, int titleBottom) {
    auto runs = inkRuns(image);
    Gaps g;
    while (!runs.isEmpty() && runs.back().second >= footerTop) runs.removeLast();
    // A title in two lines is one run.
    while (runs.size() > 1 && runs[1].first <= titleBottom) {
        runs[0].second = std::max(runs[0].second, runs[1].second);
        runs.removeAt(1);
    }
    if (runs.size() < 2) return g;
    const int footerInk = footerTop < image.height() ? footerTop : image.height();
    g.above = runs[1].first - runs[0].second - 1;
    g.below = footerInk - runs.back().second - 1;
    for (qsizetype i = 2; i < runs.size(); ++i)
        g.inside = std::max(g.inside, runs[i].first - runs[i - 1].second - 1);
    g.ok = true;
    return g;
}

QImage paint(const Figure& f, const FigureSize& size) {
    FigureOptions o;
    o.pixels = size.pixels;
    o.dpi = size.dpi;
    return figureImage(f, o);
}

// The text of a figure's SVG (with its footer or without), <title> and <desc> (the footer as
// metadata) left out.
QString svgText(const Figure& f, const FigureSize& size, bool footer = true) {
    FigureOptions o;
    o.pixels = size.pixels;
    o.dpi = size.dpi;
    o.footer = footer;
    QByteArray bytes;
    QBuffer buffer(&bytes);
    if (!buffer.open(QIODevice::WriteOnly) || !writeSvg(&buffer, f, o)) return {};
    QXmlStreamReader xml(bytes);
    QString text;
    QStringList open;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) open << xml.name().toString();
        if (xml.isEndElement() && !open.isEmpty()) open.removeLast();
        const bool meta = open.contains("title") || open.contains("desc");
        if (xml.isCharacters() && !meta) text += xml.text().toString() + u' ';
    }
    return text;
}

QVector<TextBox> textsOf(const Figure& f, const FigureSize& size) {
    RecordingDevice device(size.pixels, size.dpi);
    QPainter p(&device);
    FigureOptions o;
    o.pixels = size.pixels;
    o.dpi = size.dpi;
    paintFigure(p, QRectF(QPointF(0, 0), QSizeF(size.pixels)), f, o);
    p.end();
    return device.boxes();
}

// The bottom row of the title's ink: the text painted first, in one line or two, spelling it.
int titleBottom(const QVector<TextBox>& boxes, const Figure& f) {
    auto bare = [](QString t) {
        return t.remove(QChar(0x2014)).remove(QRegularExpression(QStringLiteral("\\s")));
    };
    const QString title = bare(f.title);
    QString drawn;
    double bottom = 0;
    for (qsizetype i = 0; i < boxes.size() && drawn.size() < title.size(); ++i) {
        drawn += bare(boxes[i].text);
        bottom = std::max(bottom, boxes[i].rect.bottom());
    }
    return static_cast<int>(std::ceil(bottom));
}

// The footer's line with the view's id (the footer starts with it, or with the words on what a
// cell covers one line above it); null when there is none.
const TextBox* idLine(const QVector<TextBox>& boxes, const QString& viewId) {
    const TextBox* id = nullptr;
    for (const TextBox& b : boxes)
        if (b.text.contains(viewId)) id = &b;
    return id;
}

bool inFooter(const TextBox& b, const TextBox& id) {
    return b.rect.top() >= id.rect.top() - 1.6 * id.pixels;
}

// The top row of the footer's ink, or the figure's height when it has none.
int footerTop(const QVector<TextBox>& boxes, const QString& viewId, int height) {
    const TextBox* id = idLine(boxes, viewId);
    if (!id) return height;
    double top = id->rect.top();
    for (const TextBox& b : boxes)
        if (inFooter(b, *id)) top = std::min(top, b.rect.top());
    return static_cast<int>(std::floor(top));
}

// Where a figure says what a cell covers: over its plots, in its footer, or both.
struct Covers {
    int overPlots = 0, inFooter = 0;
    bool footer = false;  // the footer was found
};

Covers coversOf(const Figure& f, const FigureSize& size, const QString& words) {
    const QVector<TextBox> boxes = textsOf(f, size);
    const TextBox* id = idLine(boxes, f.view.id);
    Covers c;
    c.footer = id != nullptr;
    for (const TextBox& b : boxes) {
        if (!b.text.contains(words)) continue;
        if (id && inFooter(b, *id))
            ++c.inFooter;
        else
            ++c.overPlots;
    }
    return c;
}

}  // namespace

class TstFigureLayoutSlide : public QObject {
    Q_OBJECT
    std::map<std::pair<QString, QString>, Figure> m_figures;  // (language, view) -> figure
    QString m_lang;

    void use(const QString& lang) {
        if (lang == m_lang) return;
        applyLanguage(lang == "zh" ? Lang::Zh : Lang::En);
        m_lang = lang;
    }

    const Figure* figure(const QString& lang, const QString& view,
                         const QMap<QString, QString>& texts = {}) {
        use(lang);
        QString key = view;
        for (auto it = texts.begin(); it != texts.end(); ++it) key += " " + it.key() + it.value();
        if (auto it = m_figures.find({lang, key}); it != m_figures.end()) return &it->second;
        auto f = figureOf(view, texts);
        if (!f) return nullptr;
        return &(m_figures[{lang, key}] = *f);
    }

private slots:
    void initTestCase() { setUpApplication(); }

    // Every view of two or more heatmap panels: the content is centred between the title and the
    // footer, and holds no empty band wider than two and a half body lines.
    void panelBlockIsCentred_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("size");
        int views = 0;
        for (const QString& view : catalogViewIds()) {
            const Figure* f = figure("en", view);
            QVERIFY2(f, qPrintable(view));
            if (f->result.heatmaps.size() < 2) continue;
            ++views;
            for (const char* lang : {"en", "zh"})
                for (const auto& [size, pixels] : figureSizes())
                    QTest::newRow(qPrintable(QStringLiteral("%1 %2 %3").arg(lang, view, size)))
                        << QString(lang) << view << size;
        }
        // The catalog's compare views, URPE's product, the bilinear parts, CNN padding ...
        QVERIFY2(views >= 15, qPrintable(QString::number(views)));
    }
    void panelBlockIsCentred() {
        QFETCH(QString, lang);
        QFETCH(QString, view);
        QFETCH(QString, size);
        const Figure* f = figure(lang, view);
        QVERIFY(f);
        const FigureSize s = figureSizes().at(size);
        const QImage image = paint(*f, s);
        // One body line, as the figure sizes it (larger in print, where ticks are at least 6 pt).
        const double unit =
            makeFigureStyle(false, image.height(), false, lang == "zh", s.dpi / 72.0).unit;
        const QVector<TextBox> texts = textsOf(*f, s);
        const int footer = footerTop(texts, f->view.id, image.height());
        QVERIFY2(footer < image.height(), qPrintable(view));
        const Gaps g = gapsOf(image, footer, titleBottom(texts, *f));
        QVERIFY2(g.ok, qPrintable(view));
        const QString why = QStringLiteral("above %1 px, below %2 px, inside %3 px (line %4 px)")
                                .arg(g.above)
                                .arg(g.below)
                                .arg(g.inside)
                                .arg(unit, 0, 'f', 1);
        QVERIFY2(std::abs(g.above - g.below) <= 1.0 * unit, qPrintable(why));
        QVERIFY2(g.inside <= 2.5 * unit, qPrintable(why));
    }

    // The words on what a drawn cell covers are written once: over the plot, or (narrow
    // panels) in the footer, never both; the footer keeps the parameters.
    void cellCoverSaidOnce_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("size");
        for (const char* lang : {"en", "zh"})
            for (const auto& [size, pixels] : figureSizes()) {
                const QString l = lang, z = size;
                QTest::newRow(qPrintable(l + " sinusoidal/table n=8192 " + z))
                    << l << QString("sinusoidal/table") << QString("n=8192") << z;
                // 512 positions: more than the plot's pixels, except on a portrait page.
                if (z != "a4-portrait")
                    QTest::newRow(qPrintable(l + " rope/angle_error " + z))
                        << l << QString("rope/angle_error") << QString() << z;
            }
    }
    void cellCoverSaidOnce() {
        QFETCH(QString, lang);
        QFETCH(QString, view);
        QFETCH(QString, param);
        QFETCH(QString, size);
        QMap<QString, QString> texts;
        if (!param.isEmpty()) texts.insert(param.section('=', 0, 0), param.section('=', 1));
        const Figure* f = figure(lang, view, texts);
        QVERIFY(f);
        QCOMPARE(f->result.heatmaps.size(), 1);
        const QString words = lang == "zh" ? QString::fromUtf8("每格") : QString("each cell");
        const QString text = svgText(*f, figureSizes().at(size));
        QVERIFY2(text.count(words) == 1, qPrintable(text.simplified()));
        QVERIFY2(text.contains(view), qPrintable(text.simplified()));  // the footer's parameters
        // Over the plot, where a single panel always has the room.
        const Covers c = coversOf(*f, figureSizes().at(size), words);
        QVERIFY(c.footer);
        QCOMPARE(c.overPlots, 1);
        QCOMPARE(c.inFooter, 0);
    }

    // Across the catalog at the 16:9 slide and in a journal column: a figure says what a cell
    // covers over its plots (at most once each) or in its footer (once), never in both.
    void cellCoverNotRepeated_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("size");
        for (const QString& view : catalogViewIds())
            for (const char* lang : {"en", "zh"})
                for (const char* size : {"16:9", "column"})
                    QTest::newRow(qPrintable(QStringLiteral("%1 %2 %3").arg(lang, view, size)))
                        << QString(lang) << view << QString(size);
    }
    void cellCoverNotRepeated() {
        QFETCH(QString, lang);
        QFETCH(QString, view);
        QFETCH(QString, size);
        const Figure* f = figure(lang, view);
        QVERIFY2(f, qPrintable(view));
        const QString words = lang == "zh" ? QString::fromUtf8("每格") : QString("each cell");
        const Covers c = coversOf(*f, figureSizes().at(size), words);
        QVERIFY(c.footer);
        const QString why =
            QStringLiteral("over plots %1, in the footer %2").arg(c.overPlots).arg(c.inFooter);
        QVERIFY2(c.overPlots == 0 || c.inFooter == 0, qPrintable(why));
        QVERIFY2(c.inFooter <= 1 || f->result.heatmaps.size() > 1, qPrintable(why));
        QVERIFY2(c.overPlots <= std::max<qsizetype>(1, f->result.heatmaps.size()), qPrintable(why));
    }
};

QTEST_MAIN(TstFigureLayoutSlide)
#include "tst_figure_layout_slide.moc"
