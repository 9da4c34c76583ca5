// Typeset mathematics in figures (issue 13 item 1, the bar): every view rendered to SVG in
// English and Chinese holds no raw TeX in its text (`_{`, `^{`, `^(`, `\frac`, `sqrt(`), its
// formula is drawn (glyph outlines, not text), and every shipped lesson renders to a PDF deck in
// both languages whose text holds no raw TeX either.
#include <QBuffer>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include "core/registry.h"
#include "ui/catalog/view_spec.h"
#include "ui/catalog/view_state_json.h"
#include "ui/document/lesson_deck.h"
#include "ui/figure/figure.h"
#include "ui/math/math_formula.h"
#include "ui/math/math_text.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

struct SvgContent {
    QString text;  // all character data
};

SvgContent svgContent(const Figure& figure, const FigureOptions& options) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    SvgContent out;
    if (!buffer.open(QIODevice::WriteOnly) || !writeSvg(&buffer, figure, options)) return out;
    QXmlStreamReader xml(bytes);
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isCharacters()) out.text += xml.text().toString() + u' ';
    }
    return out;
}

core::Expected<Figure> figureOf(const PageSpec& page, const ViewSpec& view) {
    const auto* enc = core::registry().find(page.encoding.toStdString());
    auto params = paramsFromTexts(*enc, pagePresetParams(page), {});
    if (!params) return params.error();
    return computeFigure(page, view, *params, defaultViewState(view, page));
}

}  // namespace

class TstFigureTex : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        setUpApplication();
        QVERIFY(m_dir.isValid());
    }
    void cleanupTestCase() { applyLanguage(Lang::En); }

    void noRawTexInSvg_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("lang");
        for (const auto& page : Catalog::instance().pages()) {
            if (page.id != page.encoding) continue;
            for (const auto& v : page.views)
                for (const char* lang : {"en", "zh"})
                    QTest::newRow(qPrintable(v.id + ' ' + lang)) << v.id << QString(lang);
        }
    }
    void noRawTexInSvg() {
        QFETCH(QString, view);
        QFETCH(QString, lang);
        applyLanguage(languageFromCode(lang));
        const PageSpec* page = Catalog::instance().find(view.section('/', 0, 0));
        QVERIFY(page);
        const ViewSpec* spec = page->findView(view);
        QVERIFY(spec);
        auto figure = figureOf(*page, *spec);
        QVERIFY2(figure.ok(), figure.ok() ? "" : figure.error().message.c_str());
        FigureOptions o;
        o.pixels = QSize(960, 540);
        o.dpi = 96;
        const SvgContent with = svgContent(*figure, o);
        QVERIFY2(!with.text.isEmpty(), qPrintable(view));
        QVERIFY2(!math::hasRawTex(with.text), qPrintable(view + ": " + with.text.left(600)));
        if (figure->formula.isEmpty()) return;
        // The formula is typeset: it parses (an invalid one would paint its source as text) and
        // its TeX source is not in the SVG's text.
        const math::MathFormula formula(figure->formula, math::MathMode::Display);
        QVERIFY2(formula.isValid(), qPrintable(figure->formula + ": " + formula.error()));
        QVERIFY2(!with.text.contains(figure->formula), qPrintable(figure->formula));
    }

    void everyLessonToPdf_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("lang");
        const QVector<Lesson> lessons = builtinLessons(Catalog::instance());
        QVERIFY(lessons.size() >= 7);
        for (int i = 0; i < lessons.size(); ++i)
            for (const char* lang : {"en", "zh"})
                QTest::newRow(qPrintable(lessons[i].id + ' ' + lang)) << i << QString(lang);
    }
    void everyLessonToPdf() {
        QFETCH(int, index);
        QFETCH(QString, lang);
        applyLanguage(languageFromCode(lang));
        const Lesson lesson = builtinLessons(Catalog::instance()).at(index);
        const auto figures = lessonFigures(lesson, Catalog::instance(), 512.0 * 1024 * 1024);
        QVERIFY2(figures.ok(), figures.ok() ? "" : figures.error().message.c_str());
        QCOMPARE(figures->size(), lesson.steps.size());
        FigureOptions o;
        o.pixels = QSize(960, 540);
        o.dpi = 96;
        const QString pdf = m_dir.filePath(lesson.id + '_' + lang + ".pdf");
        QCOMPARE(writeDeck(pdf, *figures, o, FigureFormat::Pdf), QString());
        QProcess p;
        p.start("pdftotext", {pdf, "-"});
        QVERIFY(p.waitForFinished(60000));
        // pdftotext writes ligatures and some CJK ideographs as compatibility characters.
        const QString text =
            QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
        const QString first =
            lesson.steps.front().title.text().left(6).normalized(QString::NormalizationForm_KC);
        QVERIFY2(text.contains(first), qPrintable(first + " not in " + text.left(300)));
        QVERIFY2(!math::hasRawTex(text), qPrintable(text.left(800)));
        QVERIFY2(!text.contains(u'$'), "a caption's maths left as $...$ source");
    }
};

QTEST_MAIN(TstFigureTex)
#include "tst_figure_tex.moc"
