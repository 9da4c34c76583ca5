// Geometry of the maths layout (ui/math): scripts, fractions, radicals, limits and stretchy
// delimiters placed by the OpenType MATH rules, read back from the laid-out boxes.
#include <QGuiApplication>
#include <QTest>
#include <algorithm>
#include <set>

#include "ui/math/math_ast.h"
#include "ui/math/math_font.h"
#include "ui/math/math_layout.h"

using namespace poslab::ui::math;

namespace {

constexpr double kPx = 40.0;
constexpr double kEps = 1e-6;

Box layout(const QString& tex, bool display = false) {
    ParseResult r = parseTex(tex);
    if (!r.root) qFatal("%s: %s", qPrintable(tex), qPrintable(r.error));
    Layouter l(kPx, QFont());
    return l.layout(*r.root, display);
}

// The ink rectangle of a placed glyph (y down).
QRectF ink(const PlacedGlyph& g) {
    const GlyphMetrics m = MathFont::instance().metrics(g.glyph);
    return QRectF(g.pos.x() + m.left * g.size, g.pos.y() - m.ascent * g.size,
                  (m.right - m.left) * g.size, (m.ascent + m.descent) * g.size);
}

quint32 glyphOf(char32_t cp) {
    return MathFont::instance().glyph(cp);
}

// The glyphs whose code point (at any size) is `cp`, in order.
std::vector<PlacedGlyph> find(const Box& b, char32_t cp) {
    std::vector<PlacedGlyph> out;
    for (const PlacedGlyph& g : b.glyphs) {
        if (g.glyph == glyphOf(cp)) out.push_back(g);
    }
    return out;
}

// Every glyph of `b` that grows `cp` (its size variants and assembly parts).
std::set<quint32> stretchGlyphs(char32_t cp) {
    const MathFont& f = MathFont::instance();
    std::set<quint32> ids;
    for (const GlyphVariant& v : f.variants(glyphOf(cp), true)) ids.insert(v.glyph);
    for (const GlyphPart& p : f.assembly(glyphOf(cp), true)) ids.insert(p.glyph);
    ids.insert(glyphOf(cp));
    return ids;
}

QRectF unite(const std::vector<QRectF>& rects) {
    QRectF u;
    for (const QRectF& r : rects) u = u.isNull() ? r : u.united(r);
    return u;
}

}  // namespace

class TestMathLayout : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY2(MathFont::instance().ok(), qPrintable(MathFont::instance().error()));
        const MathConstants& c = MathFont::instance().constants();
        // Latin Modern Math's own values (sanity: read from the MATH table, not the defaults).
        QCOMPARE(c.scriptScale, 0.70);
        QCOMPARE(c.scriptScriptScale, 0.50);
        QVERIFY(c.fractionRuleThickness > 0.02 && c.fractionRuleThickness < 0.06);
    }

    void scripts_data() {
        QTest::addColumn<QString>("tex");
        QTest::addColumn<bool>("hasSup");
        QTest::addColumn<bool>("hasSub");
        QTest::newRow("x^2") << "x^2" << true << false;
        QTest::newRow("x_2") << "x_2" << false << true;
        QTest::newRow("x_2^2") << "x_2^2" << true << true;
        QTest::newRow("(x)^2") << "\\left(x\\right)^2" << true << false;
        QTest::newRow("tall base") << "{\\frac{x}{x}}_2^2" << true << true;
        QTest::newRow("P_{2j}^{(k)}") << "x_{2+2}^{2+2}" << true << true;
    }
    void scripts() {
        QFETCH(QString, tex);
        QFETCH(bool, hasSup);
        QFETCH(bool, hasSub);
        const Box b = layout(tex);
        const MathConstants& c = MathFont::instance().constants();
        const auto xs = find(b, 0x1D465);  // italic x
        const auto twos = find(b, '2');
        QVERIFY(!xs.empty());
        const PlacedGlyph base = xs.front();
        const double scriptSize = kPx * c.scriptScale;
        std::vector<QRectF> sup, sub;
        for (const PlacedGlyph& g : twos) {
            QCOMPARE(g.size, scriptSize);
            QVERIFY2(g.pos.x() > ink(base).left(), "a script right of its base");
            (g.pos.y() < 0 ? sup : sub).push_back(ink(g));
            if (g.pos.y() < 0) QVERIFY(g.pos.y() <= -c.superscriptShiftUpCramped * kPx + kEps);
            if (g.pos.y() > 0) QVERIFY(g.pos.y() >= c.subscriptShiftDown * kPx - kEps);
        }
        QCOMPARE(!sup.empty(), hasSup);
        QCOMPARE(!sub.empty(), hasSub);
        if (hasSup) {  // the superscript's bottom clears the baseline by SuperscriptBottomMin
            QVERIFY(unite(sup).bottom() <= -c.superscriptBottomMin * kPx + kEps);
        }
        if (hasSub) {  // the subscript's top stays under SubscriptTopMax
            QVERIFY(unite(sub).top() >= -c.subscriptTopMax * kPx - kEps);
        }
        if (hasSup && hasSub) {
            const double gap = unite(sub).top() - unite(sup).bottom();
            QVERIFY2(gap >= c.subSuperscriptGapMin * kPx - kEps, qPrintable(QString::number(gap)));
        }
        QVERIFY(b.ascent > 0 && b.descent >= 0);
    }

    void fraction_data() {
        QTest::addColumn<QString>("tex");
        QTest::addColumn<bool>("display");
        QTest::newRow("text a/b") << "\\frac{a}{b}" << false;
        QTest::newRow("display a/b") << "\\frac{a}{b}" << true;
        QTest::newRow("deep numerator") << "\\frac{a_{b_{a}}}{b}" << true;
        QTest::newRow("tall denominator") << "\\frac{a}{b^{a^{a}}}" << false;
        QTest::newRow("dfrac inline") << "\\dfrac{a}{b}" << false;
    }
    void fraction() {
        QFETCH(QString, tex);
        QFETCH(bool, display);
        const Box b = layout(tex, display);
        const MathConstants& c = MathFont::instance().constants();
        QCOMPARE(b.rules.size(), size_t(1));
        const QRectF bar = b.rules.front();
        QVERIFY(qAbs(bar.height() - c.fractionRuleThickness * kPx) < kEps);
        QVERIFY2(qAbs(bar.center().y() + c.axisHeight * kPx) < kEps, "the bar sits on the axis");
        const bool dstyle = display || tex.startsWith(QLatin1String("\\dfrac"));
        const double gapNum =
            (dstyle ? c.fractionNumDisplayStyleGapMin : c.fractionNumeratorGapMin);
        const double gapDen =
            (dstyle ? c.fractionDenomDisplayStyleGapMin : c.fractionDenominatorGapMin);
        std::vector<QRectF> num, den;
        for (const PlacedGlyph& g : b.glyphs) (g.pos.y() < bar.top() ? num : den).push_back(ink(g));
        QVERIFY(!num.empty() && !den.empty());
        QVERIFY2(unite(num).bottom() <= bar.top() - gapNum * kPx + kEps, "numerator above the bar");
        QVERIFY2(unite(den).top() >= bar.bottom() + gapDen * kPx - kEps, "denominator below");
        QVERIFY(bar.left() <= unite(num).left() + kEps && bar.right() >= unite(den).right() - 1);
        QVERIFY(-b.ascent <= unite(num).top() + kEps && b.descent >= unite(den).bottom() - kEps);
    }

    void radical_data() {
        QTest::addColumn<QString>("tex");
        QTest::addColumn<bool>("grown");  // a taller sign than the plain glyph
        QTest::newRow("sqrt x") << "\\sqrt{x}" << false;
        QTest::newRow("sqrt 3d") << "\\sqrt{3d}" << false;
        QTest::newRow("sqrt frac") << "\\sqrt{\\frac{a}{b}}" << true;
        QTest::newRow("sqrt tall") << "\\sqrt{\\frac{\\frac{a}{b}}{\\frac{a}{b}}}" << true;
        QTest::newRow("cube root") << "\\sqrt[3]{x^2}" << false;
        QTest::newRow("very tall") << "\\sqrt{\\begin{matrix}a\\\\b\\\\a\\\\b\\\\a\\\\b\\\\a\\\\b"
                                      "\\\\a\\\\b\\end{matrix}}"
                                   << true;
    }
    void radical() {
        QFETCH(QString, tex);
        QFETCH(bool, grown);
        const Box b = layout(tex);
        const MathConstants& c = MathFont::instance().constants();
        const std::set<quint32> sign = stretchGlyphs(0x221A);
        std::vector<QRectF> signInk, body;
        for (const PlacedGlyph& g : b.glyphs) {
            if (sign.count(g.glyph)) {
                signInk.push_back(ink(g));
            } else if (g.size == kPx || !tex.contains(QLatin1Char('['))) {
                body.push_back(ink(g));  // the radicand (not the script-size degree)
            }
        }
        QVERIFY(!signInk.empty() && !body.empty());
        // The over-bar is the topmost rule.
        const QRectF bar =
            *std::min_element(b.rules.begin(), b.rules.end(),
                              [](const QRectF& a, const QRectF& r) { return a.top() < r.top(); });
        QVERIFY(qAbs(bar.height() - c.radicalRuleThickness * kPx) < kEps);
        for (const QRectF& r : b.rules) {
            if (r != bar) body.push_back(r);
        }
        const QRectF radicand = unite(body), s = unite(signInk);
        QVERIFY2(bar.bottom() <= radicand.top() - c.radicalVerticalGap * kPx + kEps,
                 "the bar clears the radicand");
        QVERIFY2(bar.left() <= radicand.left() + 0.5 && bar.right() >= radicand.right() - 0.5,
                 "the bar spans the radicand");
        QVERIFY2(s.bottom() >= radicand.bottom() - 0.05 * kPx, "the sign reaches the bottom");
        QVERIFY2(qAbs(s.top() - bar.top()) < 0.05 * kPx, "the sign meets the bar");
        QVERIFY(s.right() <= radicand.left() + 0.1 * kPx);
        const bool usesNominal = !find(b, 0x221A).empty();
        QCOMPARE(!usesNominal, grown);
    }

    void limits_data() {
        QTest::addColumn<QString>("tex");
        QTest::addColumn<bool>("display");
        QTest::addColumn<bool>("above");
        QTest::newRow("display sum") << "\\sum_{j=0}^{n} x" << true << true;
        QTest::newRow("inline sum") << "\\sum_{j=0}^{n} x" << false << false;
        QTest::newRow("inline \\limits") << "\\sum\\limits_{j=0}^{n} x" << false << true;
        QTest::newRow("display prod") << "\\prod_{j=0}^{n} x" << true << true;
        QTest::newRow("display lim") << "\\lim_{n\\to\\infty} x" << true << true;
        QTest::newRow("displaystyle") << "\\displaystyle\\sum_{j=0}^{n} x" << false << true;
        QTest::newRow("display \\nolimits") << "\\sum\\nolimits_{j=0}^{n} x" << true << false;
        QTest::newRow("display integral") << "\\int_{0}^{n} x" << true << false;
    }
    void limits() {
        QFETCH(QString, tex);
        QFETCH(bool, display);
        QFETCH(bool, above);
        const Box b = layout(tex, display);
        const MathConstants& c = MathFont::instance().constants();
        // The operator: the largest glyph at the base size that is not x.
        std::vector<QRectF> opInk, limitsInk;
        for (const PlacedGlyph& g : b.glyphs) {
            if (g.size < kPx)
                limitsInk.push_back(ink(g));
            else if (g.glyph != glyphOf(0x1D465))
                opInk.push_back(ink(g));
        }
        QVERIFY(!opInk.empty() && !limitsInk.empty());
        const QRectF op = unite(opInk);
        int over = 0, under = 0, beside = 0;
        for (const QRectF& r : limitsInk) {
            const bool centred = r.right() > op.left() && r.left() < op.right();
            if (centred && r.bottom() <= op.top() - c.upperLimitGapMin * kPx * 0.999)
                ++over;
            else if (centred && r.top() >= op.bottom() + c.lowerLimitGapMin * kPx * 0.999)
                ++under;
            else if (r.bottom() > op.top() && r.top() < op.bottom())
                ++beside;
        }
        if (above) {  // \lim has only a limit below
            const bool sup = tex.contains(QLatin1Char('^'));
            QVERIFY2((over > 0) == sup && under > 0 && beside == 0, qPrintable(tex));
        } else {
            QVERIFY2(over == 0 && under == 0 && beside == int(limitsInk.size()), qPrintable(tex));
        }
        if (display && tex.contains(QLatin1String("sum"))) {  // the display-size operator
            QVERIFY(op.height() >= c.displayOperatorMinHeight * kPx * 0.95);
        }
    }

    void stretchyFences_data() {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("how");  // "nominal", "variant" or "assembly"
        QTest::newRow("x") << "x"
                           << "nominal";
        QTest::newRow("frac") << "\\frac{a}{b}"
                              << "variant";
        QTest::newRow("double frac") << "\\frac{\\frac{a}{b}}{\\frac{a}{b}}"
                                     << "variant";
        QTest::newRow("ten rows") << "\\begin{matrix}a\\\\b\\\\a\\\\b\\\\a\\\\b\\\\a\\\\b\\\\a"
                                     "\\\\b\\end{matrix}"
                                  << "assembly";
    }
    void stretchyFences() {
        QFETCH(QString, body);
        QFETCH(QString, how);
        const Box b = layout(QStringLiteral("\\left(") + body + QStringLiteral("\\right)"), true);
        const Box inner = layout(body, true);
        const std::set<quint32> left = stretchGlyphs('(');
        std::vector<QRectF> paren;
        int count = 0;
        bool nominal = false;
        for (const PlacedGlyph& g : b.glyphs) {
            if (!left.count(g.glyph) || g.pos.x() > b.width / 2) continue;
            paren.push_back(ink(g));
            ++count;
            nominal = nominal || g.glyph == glyphOf('(');
        }
        QVERIFY(count > 0);
        const QRectF p = unite(paren);
        if (how == QLatin1String("nominal")) QVERIFY(nominal && count == 1);
        if (how == QLatin1String("variant")) QVERIFY(!nominal && count == 1);
        if (how == QLatin1String("assembly")) QVERIFY(count >= 3);
        // TeX's rule: at least 90.1 % of twice the larger half-height about the axis, and no
        // more than 0.5 em short of it.
        const double axis = MathFont::instance().constants().axisHeight * kPx;
        const double delta = std::max(inner.ascent - axis, inner.descent + axis);
        if (how != QLatin1String("nominal")) {
            QVERIFY2(p.height() >= std::min(2 * delta * 0.901, 2 * delta - 0.5 * kPx) - 0.5,
                     qPrintable(QStringLiteral("%1 < %2").arg(p.height()).arg(2 * delta)));
        }
        QVERIFY2(qAbs(p.center().y() + axis) < 0.02 * kPx, "centred on the axis");
    }

    void spacing_data() {
        QTest::addColumn<QString>("tex");
        QTest::addColumn<QString>("tight");  // the same symbols with less space in TeX
        QTest::newRow("binary a+b") << "a+b"
                                    << "a{+}b";
        QTest::newRow("relation a=b") << "a=b"
                                      << "a{=}b";
        QTest::newRow("relation wider than binary") << "a=b"
                                                    << "a+b";
        QTest::newRow("quad") << "a\\quad b"
                              << "a\\,b";
        QTest::newRow("operator name") << "\\sin x"
                                       << "\\mathrm{sin}x";
    }
    void spacing() {
        QFETCH(QString, tex);
        QFETCH(QString, tight);
        QVERIFY(layout(tex).width > layout(tight).width + 0.05 * kPx);
    }

    void scriptsShrink() {
        // a script is ScriptPercentScaleDown of the base and a second level
        // ScriptScriptPercentScaleDown, in every script position.
        const MathConstants& c = MathFont::instance().constants();
        const Box b = layout(QStringLiteral("x^{x^{x}}"));
        std::vector<double> sizes;
        for (const PlacedGlyph& g : b.glyphs) sizes.push_back(g.size);
        QCOMPARE(sizes.size(), size_t(3));
        QCOMPARE(sizes[0], kPx);
        QCOMPARE(sizes[1], kPx * c.scriptScale);
        QCOMPARE(sizes[2], kPx * c.scriptScriptScale);
    }

    void accentsAttachOnTop_data() {
        QTest::addColumn<QString>("tex");
        QTest::newRow("hat") << "\\hat{x}";
        QTest::newRow("bar") << "\\bar{x}";
        QTest::newRow("tilde") << "\\tilde{A}";
        QTest::newRow("vec") << "\\vec{v}";
        QTest::newRow("dot") << "\\dot{y}";
    }
    void accentsAttachOnTop() {
        QFETCH(QString, tex);
        const Box b = layout(tex);
        QCOMPARE(b.glyphs.size(), size_t(2));
        const QRectF base = ink(b.glyphs[0]), acc = ink(b.glyphs[1]);
        QVERIFY2(acc.bottom() <= base.top() + 0.02 * kPx, "the accent sits above the base");
        QVERIFY2(acc.center().x() > base.left() && acc.center().x() < base.right() + 0.1 * kPx,
                 "over the base");
        QVERIFY(b.ascent >= -acc.top() - kEps);
    }
};

QTEST_MAIN(TestMathLayout)
#include "tst_math_layout.moc"
