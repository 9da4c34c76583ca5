// The TeX subset's parser (ui/math): what it accepts, the messages and positions of what it
// refuses, a fuzz pass over random and truncated input (never a crash), and the formulas PosLab
// ships: every formula of resources/views.json is TeX that parses (none left as the plain text
// of kShippedFormulas), and its titles and texts keep their maths in $...$.
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QRandomGenerator>
#include <QTest>
#include <cmath>

#include "tests/ui/tst_math_formulas.h"
#include "ui/math/math_formula.h"
#include "ui/math/math_text.h"

using namespace poslab::ui::math;

namespace {

// Paints `f` on a white image and counts the inked pixels.
int inkedPixels(const MathFormula& f, double px) {
    const QSizeF s = f.size(px);
    if (!(s.width() >= 0 && s.height() >= 0 && s.width() < 1e5 && s.height() < 1e5)) return -1;
    QImage img(int(std::ceil(s.width())) + 8, int(std::ceil(s.height())) + 8,
               QImage::Format_ARGB32);
    img.fill(Qt::white);
    {
        QPainter p(&img);
        p.setRenderHint(QPainter::Antialiasing);
        f.paint(p, QPointF(4, 4 + f.ascent(px)), px, Qt::black);
    }
    int n = 0;
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) n += qGray(img.pixel(x, y)) < 160;
    }
    return n;
}

// Every string under `key` in a JSON tree (objects with en/zh are walked too).
void collect(const QJsonValue& v, const QString& key, bool under, QStringList* out) {
    if (v.isString() && under) out->append(v.toString());
    if (v.isArray()) {
        for (const QJsonValue& x : v.toArray()) collect(x, key, under, out);
    }
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            collect(it.value(), key, under || key.isEmpty() || it.key() == key, out);
    }
}

QJsonValue readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

}  // namespace

class TestMathParse : public QObject {
    Q_OBJECT

private slots:
    void accepts_data() {
        QTest::addColumn<QString>("tex");
        const char* rows[] = {"x^2",
                              "x_{k-m}",
                              "x_i^2",
                              "x'",
                              "x'^2",
                              "f''(x)",
                              "\\frac{a}{b}",
                              "\\frac12",
                              "\\dfrac{a}{b}",
                              "\\tfrac{1}{2}",
                              "\\sqrt{x}",
                              "\\sqrt[n]{x}",
                              "\\alpha\\beta\\Gamma",
                              "\\hat{x}\\bar{x}\\tilde{x}\\vec{x}\\dot{x}",
                              "\\widehat{abc}",
                              "\\overline{z}",
                              "a\\cdot b\\times c\\le d\\ge e\\ne f\\approx g\\to h",
                              "\\infty\\partial\\nabla",
                              "x\\in A",
                              "1,\\ldots,n",
                              "1+\\cdots+n",
                              "\\mathrm{d}x",
                              "\\mathbf{W}x",
                              "\\mathbb{R}^d",
                              "\\text{中文 prose}",
                              "\\left(\\frac{a}{b}\\right)",
                              "\\left[x\\right]",
                              "\\left\\{x\\right\\}",
                              "\\left|x\\right|",
                              "\\left\\|x\\right\\|",
                              "\\left\\langle x\\right\\rangle",
                              "\\left.x\\right|",
                              "\\bigl(x\\bigr)",
                              "\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix}",
                              "\\begin{bmatrix}1\\\\2\\end{bmatrix}",
                              "\\begin{cases}1 & x>0\\\\0 & \\text{otherwise}\\end{cases}",
                              "a\\quad b\\qquad c",
                              "a\\,b\\;c\\!d",
                              "\\operatorname{softmax}(x)",
                              "\\sin x\\cos y\\exp z\\log w",
                              "\\sum_{j=0}^{d/2-1}",
                              "\\prod_j",
                              "\\lim_{n\\to\\infty}",
                              "\\int_0^1 f(t)\\,dt",
                              "\\displaystyle\\sum_j",
                              "\\sum\\limits_j",
                              "θ_j = b^{−2j/d}",
                              "⟨q, k⟩",
                              "{}^2",
                              "",
                              "   ",
                              "\\{x\\}",
                              "\\lceil x\\rceil",
                              "q^\\top k",
                              "50\\%"};
        for (const char* r : rows) QTest::newRow(r) << QString::fromUtf8(r);
    }
    void accepts() {
        QFETCH(QString, tex);
        const MathFormula f(tex);
        QVERIFY2(f.isValid(), qPrintable(f.error()));
        QCOMPARE(f.errorPosition(), -1);
        QVERIFY(f.size(16).width() >= 0);
    }

    void refuses_data() {
        QTest::addColumn<QString>("tex");
        QTest::addColumn<int>("position");
        QTest::addColumn<QString>("message");
        QTest::newRow("frac one argument") << "\\frac{a}" << 0 << "\\frac expects an argument";
        QTest::newRow("dangling ^") << "x^" << 1 << "^ expects an argument";
        QTest::newRow("unclosed {") << "a{x" << 1 << "missing } for the { opened";
        QTest::newRow("stray }") << "x}" << 1 << "unexpected }";
        QTest::newRow("unknown command") << "a+\\foo" << 2 << "unknown command \\foo";
        QTest::newRow("left without right") << "\\left( x" << 0 << "missing \\right";
        QTest::newRow("right without left") << "x \\right)" << 2 << "\\right without \\left";
        QTest::newRow("& outside") << "a & b" << 2 << "& outside a matrix";
        QTest::newRow("double superscript") << "x^2^3" << 3 << "double superscript";
        QTest::newRow("double subscript") << "x_a_b" << 3 << "double subscript";
        QTest::newRow("env mismatch") << "\\begin{pmatrix}a\\end{bmatrix}" << 20
                                      << "\\end{bmatrix} does not match \\begin{pmatrix}";
        QTest::newRow("unknown env") << "\\begin{foo}x\\end{foo}" << 0 << "unknown environment foo";
        QTest::newRow("missing end") << "\\begin{pmatrix}a" << 0 << "missing \\end";
        QTest::newRow("unclosed text") << "\\text{ab" << 5 << "missing }";
        QTest::newRow("bad delimiter") << "\\left< x\\right)" << 5 << "< is not a delimiter";
        QTest::newRow("lone backslash") << "x\\" << 1 << "a lone backslash";
        QTest::newRow("dollar") << "x$y" << 1 << "unexpected $";
        QTest::newRow("sqrt degree") << "\\sqrt[3{x}" << 5 << "missing ]";
        QTest::newRow("limits after x") << "x\\limits" << 1 << "\\limits must follow an operator";
        QTest::newRow("deep") << QString(200, QLatin1Char('{')) << 47 << "nesting too deep";
        QTest::newRow("command in text") << "\\text{a\\frac}" << 7 << "commands are not allowed";
    }
    void refuses() {
        QFETCH(QString, tex);
        QFETCH(int, position);
        QFETCH(QString, message);
        const MathFormula f(tex);
        QVERIFY(!f.isValid());
        QVERIFY2(f.error().contains(message), qPrintable(f.error()));
        QCOMPARE(f.errorPosition(), position);
        QVERIFY(f.error().endsWith(QStringLiteral("at position %1").arg(position)));
        // An invalid formula still paints (its source), so nothing disappears silently.
        if (!tex.trimmed().isEmpty()) QVERIFY(inkedPixels(f, 16) > 0);
    }

    void fuzz() {
        // Random token soups, random code units (lone surrogates included) and every prefix
        // of the shipped formulas: each parses or names a position inside the input, and lays
        // out and paints without crashing.
        static const char* tokens[] = {"\\frac",
                                       "{",
                                       "}",
                                       "^",
                                       "_",
                                       "\\left(",
                                       "\\right)",
                                       "\\sqrt",
                                       "[",
                                       "]",
                                       "&",
                                       "\\\\",
                                       "\\begin{pmatrix}",
                                       "\\end{pmatrix}",
                                       "\\begin{cases}",
                                       "\\end{cases}",
                                       "x",
                                       "2",
                                       "\\alpha",
                                       "\\text{",
                                       "中",
                                       "$",
                                       "\\",
                                       "\\hat",
                                       " ",
                                       "'",
                                       "\\sum",
                                       "\\limits",
                                       "\\left",
                                       "\\right",
                                       ".",
                                       "\\big",
                                       "\\mathbf",
                                       "\\operatorname{",
                                       "(",
                                       ")",
                                       "|",
                                       "\\|",
                                       "\\,",
                                       "\\displaystyle",
                                       "\\int",
                                       "\\begin{",
                                       "\\end{",
                                       "\\lim",
                                       "-",
                                       "=",
                                       "\\quad"};
        QRandomGenerator rng(20240613);
        QStringList inputs;
        for (int i = 0; i < 1500; ++i) {
            QString s;
            const int n = int(rng.bounded(24));
            for (int k = 0; k < n; ++k)
                s += QString::fromUtf8(tokens[rng.bounded(int(std::size(tokens)))]);
            inputs << s;
        }
        for (int i = 0; i < 300; ++i) {
            QString s;
            const int n = int(rng.bounded(16));
            // ASCII and controls, Greek, mathematical operators, CJK, lone surrogates.
            static const std::pair<int, int> ranges[] = {
                {0, 0x7F}, {0x391, 0x3C9}, {0x2200, 0x22FF}, {0x4E00, 0x4E80}, {0xD800, 0xDFFF}};
            for (int k = 0; k < n; ++k) {
                const auto [lo, hi] = ranges[rng.bounded(int(std::size(ranges)))];
                s += QChar(char16_t(lo + int(rng.bounded(hi - lo + 1))));
            }
            inputs << s;
        }
        for (const ShippedFormula& f : kShippedFormulas) {
            const QString tex = QString::fromUtf8(f.tex);
            for (int k = 0; k <= tex.size(); ++k) inputs << tex.left(k);
        }
        int valid = 0;
        QImage img(64, 32, QImage::Format_ARGB32);
        QPainter p(&img);
        for (const QString& s : inputs) {
            const MathFormula f(s, rng.bounded(2) ? MathMode::Display : MathMode::Inline);
            if (f.isValid()) {
                ++valid;
            } else {
                QVERIFY2(f.errorPosition() >= 0 && f.errorPosition() <= s.size(), qPrintable(s));
                QVERIFY2(f.error().contains(QLatin1String("at position")), qPrintable(s));
            }
            const QSizeF sz = f.size(12);
            QVERIFY2(std::isfinite(sz.width()) && std::isfinite(sz.height()), qPrintable(s));
            f.paint(p, QPointF(2, 20), 12, Qt::black);
        }
        QVERIFY2(valid > 100 && valid < inputs.size(), "the fuzz reaches both outcomes");
    }

    void shippedFormulas_data() {
        QTest::addColumn<QString>("plain");
        QTest::addColumn<QString>("tex");
        for (const ShippedFormula& f : kShippedFormulas) {
            QTest::newRow(f.plain) << QString::fromUtf8(f.plain) << QString::fromUtf8(f.tex);
        }
    }
    void shippedFormulas() {
        QFETCH(QString, plain);
        QFETCH(QString, tex);
        const MathFormula f(tex, MathMode::Display);
        QVERIFY2(f.isValid(), qPrintable(f.error()));
        QVERIFY2(inkedPixels(f, 20) > 50, "renders a non-empty image");
        QVERIFY2(!hasRawTex(QStringLiteral("$") + tex + QStringLiteral("$")), qPrintable(tex));
    }

    void everyViewFormulaIsTex() {
        // Each "formula" of resources/views.json (English and Chinese) is TeX that parses in
        // display style and draws; none is left as today's plain text.
        QStringList formulas;
        collect(readJson(QStringLiteral(":/poslab/views.json")), QStringLiteral("formula"), false,
                &formulas);
        QVERIFY(formulas.size() > 60);
        for (const QString& s : formulas) {
            for (const ShippedFormula& f : kShippedFormulas)
                QVERIFY2(QString::fromUtf8(f.plain) != s, qPrintable("still plain: " + s));
            const MathFormula f(s, MathMode::Display);
            QVERIFY2(f.isValid(), qPrintable(s + ": " + f.error()));
            QVERIFY2(inkedPixels(f, 20) > 50, qPrintable(s));
        }
    }

    void viewProseIsTypesetText() {
        // Titles and texts of views.json are prose with their maths in $...$: every one is a
        // valid MathText with no raw TeX outside its formulas (both languages).
        const QJsonValue views = readJson(QStringLiteral(":/poslab/views.json"));
        QStringList texts;
        for (const char* key : {"title", "text", "x", "y"})
            collect(views, QLatin1String(key), false, &texts);
        QVERIFY(texts.size() > 200);
        int withMaths = 0;
        for (const QString& s : texts) {
            const MathText t(s);
            QVERIFY2(t.isValid(), qPrintable(s + ": " + t.error()));
            QVERIFY2(!hasRawTex(s), qPrintable(s));
            withMaths += t.formulaCount() > 0;
        }
        QVERIFY(withMaths >= 2);
    }

    void proposedCoreStringsParse() {
        for (const ShippedFormula& f : kCoreFragments) {
            const MathFormula m(QString::fromUtf8(f.tex));
            QVERIFY2(m.isValid(), qPrintable(m.error()));
            QVERIFY(inkedPixels(m, 16) > 20);
        }
    }
};

QTEST_MAIN(TestMathParse)
#include "tst_math_parse.moc"
