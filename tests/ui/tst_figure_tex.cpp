// Typeset mathematics in figures (issue 13 item 1, the bar): every view rendered to SVG in
// English and Chinese holds no raw TeX in its text (`_{`, `^{`, `^(`, `\frac`, `sqrt(`), its
// formula is drawn (glyph outlines, not text), and every shipped lesson renders to a PDF deck in
// both languages whose text holds no raw TeX either. Every display string of views.json (title,
// text, axis and series labels, en and zh) writes its maths typeset: the prose texts in $...$
// that parses, the plainly drawn labels in Unicode (θⱼ, qᵀ, n × n), none as raw `θ_j`, `q^T`,
// `Σ_j`, `sqrt(`, `n*n`, `alpha` or an identifier like `missing_norm`.
#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
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

// The prose of `text` outside its $...$ and $$...$$ maths ("\$" is a literal dollar, any other
// backslash stays in the prose); an unclosed $ leaves the rest out (MathText refuses it).
QString proseOutsideMaths(const QString& text) {
    QString prose;
    bool maths = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const bool escape = text.at(i) == u'\\' && i + 1 < text.size();
        if (escape && (maths || text.at(i + 1) == u'$')) {
            if (!maths) prose += u'$';
            ++i;
            continue;
        }
        if (text.at(i) == u'$') {
            if (i + 1 < text.size() && text.at(i + 1) == u'$') ++i;
            maths = !maths;
            prose += u' ';
            continue;
        }
        if (!maths) prose += text.at(i);
    }
    return prose;
}

// Maths written as raw text in `prose` (a string shown without $...$): what it found, or "".
QString rawMathsIn(const QString& prose) {
    static const std::pair<const char*, QRegularExpression> patterns[] = {
        {"sum", QRegularExpression(R"([\x{03A3}\x{2211}]_)")},
        {"identifier", QRegularExpression(R"(\b[A-Za-z][A-Za-z0-9]+_[A-Za-z0-9_]+)")},
        {"subscript", QRegularExpression(R"([\p{L}\p{N})\]|]_[\p{L}\p{N}{(\\])")},
        {"superscript", QRegularExpression(R"(\^[({\p{L}\p{N}+\-\x{2212}])")},
        {"sqrt(", QRegularExpression(R"(sqrt\()")},
        {"a*b", QRegularExpression(R"(\w\s*\*\s*\w)")},
        {"Greek spelt out",
         QRegularExpression(R"(\b(alpha|beta|gamma|delta|epsilon|zeta|theta|kappa|lambda|mu|pi|)"
                            R"(sigma|omega|phi|psi|rho|tau)\b)")},
        {"TeX command", QRegularExpression(R"(\\[A-Za-z]+)")},
    };
    for (const auto& [name, re] : patterns) {
        const QRegularExpressionMatch m = re.match(prose);
        if (m.hasMatch()) return QStringLiteral("%1 '%2'").arg(QLatin1String(name), m.captured());
    }
    return {};
}

// Display strings of views.json, each with where it is ("rope/angles/title zh") and whether it
// is typeset prose ("text": the explanation panel draws it with MathText) or drawn as plain
// text (titles on tabs and figures, axis labels, legends, panel titles, blank notes).
struct DisplayString {
    QString where, text;
    bool typeset = false;
};

void collectDisplayStrings(const QJsonValue& v, const QString& where, QList<DisplayString>* out) {
    static const QStringList kPlain = {"title", "x", "y", "label", "blankNote"};
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QJsonObject o = a[i].toObject();
            const QString name = o.contains("id") ? o.value("id").toString()
                                 : o.contains("q")
                                     ? o.value("q").toString() + '#' + QString::number(i)
                                     : QString::number(i);
            collectDisplayStrings(a[i], where + '/' + name, out);
        }
        return;
    }
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = it.key();
        if (key == QLatin1String("text") || kPlain.contains(key)) {
            const bool typeset = key == QLatin1String("text");
            if (it.value().isString()) {
                out->append({where + '/' + key, it.value().toString(), typeset});
            } else {
                const QJsonObject local = it.value().toObject();
                for (const char* lang : {"en", "zh"})
                    out->append({where + '/' + key + ' ' + lang,
                                 local.value(QLatin1String(lang)).toString(), typeset});
            }
        } else if (key != QLatin1String("formula") && key != QLatin1String("keywords")) {
            collectDisplayStrings(it.value(), where.isEmpty() ? key : where + '/' + key, out);
        }
    }
}

// One display string shown to people: not blank; typeset prose keeps its maths in $...$ that
// parses, plain-drawn text holds no $; neither holds raw maths or an identifier.
void checkDisplayText(const QString& text, bool typeset) {
    QVERIFY(!text.trimmed().isEmpty());
    if (typeset) {
        const math::MathText t(text);
        QVERIFY2(t.isValid(), qPrintable(t.error() + ": " + text));
    } else {
        QVERIFY2(!text.contains(u'$'), qPrintable("drawn as plain text: " + text));
    }
    const QString found = rawMathsIn(typeset ? proseOutsideMaths(text) : text);
    QVERIFY2(found.isEmpty(), qPrintable(found + " in: " + text));
}

}  // namespace

constexpr std::int64_t kDeckTrainSteps = 20;

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

    // The detector below finds each kind of raw maths and passes what PosLab writes instead.
    void rawMathsDetector_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("raw");
        const std::pair<const char*, bool> rows[] = {
            {"θ_j (rad / position)", true},
            {"the score is 2 Σ_j cos((k − m)θ_j)", true},
            {"max |P_RK4 − P_sin|", true},
            {"Similarity q^T k", true},
            {"base^(−2j/d)", true},
            {"an n*n matrix", true},
            {"with alpha = 0.5", true},
            {"missing_norm", true},
            {"GPT-NeoX rotate_half", true},
            {"a \\frac{1}{2} step", true},
            {"sqrt(d)", true},
            {"θⱼ (rad / position)", false},
            {"Similarity P Pᵀ", false},
            {"an n × n matrix with α = 0.5", false},
            {"max |P(RK4) − P(sin)|", false},
            {"the paper's table (a)–(d), 2⁻⁹ ≈ 0.002", false},
            {"每对维度 j 每个位置转过 θⱼ", false},
        };
        for (const auto& [text, raw] : rows) QTest::newRow(text) << QString(text) << raw;
        QTest::newRow("TeX inside $")
            << QStringLiteral("turns by $\\theta_j$, $q^\\top k$") << false;
        QTest::newRow("escaped dollar") << QStringLiteral("costs \\$5 and $x_i$") << false;
    }
    void rawMathsDetector() {
        QFETCH(QString, text);
        QFETCH(bool, raw);
        const QString found = rawMathsIn(proseOutsideMaths(text));
        QVERIFY2(found.isEmpty() != raw, qPrintable(text + ": " + found));
    }

    // Every display string of views.json, en and zh: prose texts keep their maths in $...$ that
    // parses; titles and labels, drawn as plain text, hold no $ and write their maths in
    // Unicode; neither holds raw maths or an identifier.
    void viewsJsonDisplayText_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("typeset");
        QFile f(":/poslab/views.json");
        QVERIFY(f.open(QIODevice::ReadOnly));
        QList<DisplayString> strings;
        collectDisplayStrings(QJsonDocument::fromJson(f.readAll()).object(), QString(), &strings);
        QVERIFY(strings.size() > 400);
        for (const DisplayString& s : strings)
            QTest::newRow(qPrintable(s.where)) << s.text << s.typeset;
    }
    void viewsJsonDisplayText() {
        QFETCH(QString, text);
        QFETCH(bool, typeset);
        checkDisplayText(text, typeset);
    }

    // The registry's own display text, en and zh: every quantity's title (a tab's title on
    // generic views, the compare quantity list, long-context panels) and every axis name as
    // shown, drawn as plain text, so its maths is Unicode; every encoding's name and summary
    // (summaries are typeset prose on generic views).
    void coreDisplayText_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("typeset");
        int rows = 0;
        for (const auto& enc : core::registry().encodings()) {
            const QString id = QString::fromStdString(enc.id);
            auto add = [&](const QString& where, const std::string& text, bool typeset) {
                QTest::newRow(qPrintable(id + '/' + where))
                    << QString::fromStdString(text) << typeset;
                ++rows;
            };
            add("name en", enc.nameEn, false);
            add("name zh", enc.nameZh, false);
            add("summary en", enc.summaryEn, true);
            add("summary zh", enc.summaryZh, true);
            for (const auto& q : enc.quantities) {
                const QString qid = QString::fromStdString(q.id);
                add(qid + "/title en", q.titleEn, false);
                add(qid + "/title zh", q.titleZh, false);
                for (size_t a = 0; a < q.axes.size(); ++a) {
                    if (q.axes[a].empty()) continue;
                    for (Lang lang : {Lang::En, Lang::Zh})
                        add(qid + "/axis " + QString::number(a) + ' ' + languageCode(lang),
                            translateAxis(q.axes[a], lang).toStdString(), false);
                }
            }
        }
        QVERIFY(rows > 300);
    }
    void coreDisplayText() {
        QFETCH(QString, text);
        QFETCH(bool, typeset);
        checkDisplayText(text, typeset);
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
        // Training lab steps train 20 steps a run here: the deck's text and layout are this
        // suite's business, the lab's numbers the training suites'.
        const auto figures =
            lessonFigures(lesson, Catalog::instance(), 512.0 * 1024 * 1024, kDeckTrainSteps);
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
