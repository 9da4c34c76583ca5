// Lists, spacing, characters, operators and scripts; the structures (fractions, radicals,
// accents, fences, matrices) are in math_layout_parts.cpp.
#include "ui/math/math_layout.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace poslab::ui::math {

void Box::place(const Box& b, double dx, double dy) {
    for (PlacedGlyph g : b.glyphs) {
        g.pos += QPointF(dx, dy);
        glyphs.push_back(g);
    }
    for (const QRectF& r : b.rules) rules.push_back(r.translated(dx, dy));
    for (PlacedText t : b.texts) {
        t.pos += QPointF(dx, dy);
        texts.push_back(t);
    }
}

void Box::append(const Box& b, double dy) {
    place(b, width, dy);
    width += b.width;
    ascent = std::max(ascent, b.ascent - dy);
    descent = std::max(descent, b.descent + dy);
}

int atomSpacingMu(AtomClass left, AtomClass right, bool script) {
    // TeXbook p. 170: rows left, columns right (Ord Op Bin Rel Open Close Punct Inner);
    // 1 thin, 2 medium, 3 thick; negative: only in display and text styles.
    static constexpr int kTable[8][8] = {
        {0, 1, -2, -3, 0, 0, 0, -1},     {1, 1, 0, -3, 0, 0, 0, -1},
        {-2, -2, 0, 0, -2, 0, 0, -2},    {-3, -3, 0, 0, -3, 0, 0, -3},
        {0, 0, 0, 0, 0, 0, 0, 0},        {0, 1, -2, -3, 0, 0, 0, -1},
        {-1, -1, 0, -1, -1, -1, -1, -1}, {-1, 1, -2, -3, -1, 0, -1, -1}};
    const int v = kTable[int(left)][int(right)];
    if (v < 0 && script) return 0;
    static constexpr int kMu[4] = {0, 3, 4, 5};
    return kMu[std::abs(v)];
}

Layouter::Layouter(double pixelSize, const QFont& textFont)
    : font_(MathFont::instance()), c_(font_.constants()), px_(pixelSize), textFont_(textFont) {
    textFont_.setPixelSize(int(kTextRefPx));
    textFont_.setHintingPreference(QFont::PreferNoHinting);
}

double Layouter::sz(MathStyle st) const {
    if (st.level <= 1) return px_;
    return px_ * (st.level == 2 ? c_.scriptScale : c_.scriptScriptScale);
}

Box Layouter::layout(const Node& root, bool display) {
    return list(root, MathStyle{display ? 0 : 1, false});
}

Box Layouter::list(const Node& n, MathStyle st) {
    if (n.kind != NodeKind::List) {
        AtomClass cls;
        return atom(n, st, &cls);
    }
    struct Item {
        Box box;
        AtomClass cls;
        bool kern;  // an explicit space: no class, no spacing around it
        bool script;
    };
    std::vector<Item> items;
    for (const auto& kid : n.kids) {
        if (kid->kind == NodeKind::Style) {
            st = MathStyle{kid->style, st.cramped};
            continue;
        }
        if (kid->kind == NodeKind::Space) {
            Box b;
            b.width = kid->space * sz(st);
            items.push_back({b, AtomClass::Ord, true, st.level >= 2});
            continue;
        }
        AtomClass cls = kid->cls;
        Box b = atom(*kid, st, &cls);
        items.push_back({std::move(b), cls, false, st.level >= 2});
    }
    // TeX's rules 5 and 6: a Bin with nothing to bind on its left or right becomes an Ord.
    Item* prev = nullptr;
    for (Item& it : items) {
        if (it.kern) continue;
        if (it.cls == AtomClass::Bin &&
            (!prev || prev->cls == AtomClass::Bin || prev->cls == AtomClass::Op ||
             prev->cls == AtomClass::Rel || prev->cls == AtomClass::Open ||
             prev->cls == AtomClass::Punct))
            it.cls = AtomClass::Ord;
        if (prev && prev->cls == AtomClass::Bin &&
            (it.cls == AtomClass::Rel || it.cls == AtomClass::Close || it.cls == AtomClass::Punct))
            prev->cls = AtomClass::Ord;
        prev = &it;
    }
    if (prev && prev->cls == AtomClass::Bin) prev->cls = AtomClass::Ord;

    Box out;
    const Item* last = nullptr;
    for (const Item& it : items) {
        if (!it.kern && last) {
            const int mu = atomSpacingMu(last->cls, it.cls, it.script);
            out.width += mu / 18.0 * sz(st);
        }
        out.append(it.box);
        if (!it.kern) last = &it;
    }
    if (items.size() == 1 && !items.front().kern) {
        out.italic = items.front().box.italic;
        out.topAccent = items.front().box.topAccent;
        out.isGlyph = items.front().box.isGlyph;
    }
    return out;
}

Box Layouter::atom(const Node& n, MathStyle st, AtomClass* cls) {
    *cls = n.cls;
    switch (n.kind) {
        case NodeKind::List:
            *cls = AtomClass::Ord;
            return list(n, st);
        case NodeKind::Char:
            return n.largeOp ? largeOp(n, st) : glyph(n.cp, st);
        case NodeKind::OpName:
            return opName(n, st);
        case NodeKind::Text:
            return text(n.text, sz(st));
        case NodeKind::Space: {
            Box b;
            b.width = n.space * sz(st);
            return b;
        }
        case NodeKind::Style:
            return Box{};
        case NodeKind::Scripts:
            *cls = n.kids.front()->cls;
            return scripts(n, st);
        case NodeKind::Frac:
            *cls = AtomClass::Inner;
            return fraction(n, st);
        case NodeKind::Radical:
            return radical(n, st);
        case NodeKind::Accent:
            return accent(n, st);
        case NodeKind::Overline:
            return overline(n, st);
        case NodeKind::Fenced:
            return fenced(n, st);
        case NodeKind::BigDelim:
            return delimiter(n.cp, n.space * sz(st), st);
        case NodeKind::Matrix:
            return matrix(n, st);
    }
    return Box{};
}

Box Layouter::glyphBox(quint32 g, double size) const {
    const GlyphMetrics m = font_.metrics(g);
    Box b;
    b.width = m.advance * size;
    b.ascent = std::max(0.0, m.ascent * size);
    b.descent = std::max(0.0, m.descent * size);
    b.italic = m.italic * size;
    b.topAccent = m.topAccent * size;
    b.isGlyph = true;
    b.glyphs.push_back({g, size, QPointF(0, 0)});
    return b;
}

Box Layouter::glyph(char32_t cp, MathStyle st) {
    const quint32 g = font_.glyph(cp);
    if (g == 0) return text(QString::fromUcs4(&cp, 1), sz(st));  // e.g. CJK typed in maths
    return glyphBox(g, sz(st));
}

Box Layouter::text(const QString& s, double size) const {
    const QFontMetricsF fm(textFont_);
    const double k = size / kTextRefPx;
    Box b;
    b.width = fm.horizontalAdvance(s) * k;
    b.ascent = fm.ascent() * k;
    b.descent = fm.descent() * k;
    if (!s.isEmpty()) b.texts.push_back({s, size, QPointF(0, 0)});
    return b;
}

Box Layouter::opName(const Node& n, MathStyle st) {
    Box b;
    for (const char32_t cp : n.text.toUcs4()) {
        const quint32 g = font_.glyph(cp);
        b.append(g ? glyphBox(g, sz(st)) : text(QString::fromUcs4(&cp, 1), sz(st)));
    }
    return b;
}

Box Layouter::largeOp(const Node& n, MathStyle st) {
    const double size = sz(st);
    quint32 g = font_.glyph(n.cp);
    if (g == 0) return text(QString::fromUcs4(&n.cp, 1), size);
    if (st.level == 0) {  // display: the first variant at least DisplayOperatorMinHeight tall
        for (const GlyphVariant& v : font_.variants(g, true)) {
            g = v.glyph;
            if (v.advance >= c_.displayOperatorMinHeight) break;
        }
    }
    Box glyphOnly = glyphBox(g, size);
    // Centre on the axis (TeX rule 13).
    const double shift = (glyphOnly.ascent - glyphOnly.descent) / 2 - em(c_.axisHeight, st);
    Box b;
    b.width = glyphOnly.width;
    b.italic = glyphOnly.italic;
    b.place(glyphOnly, 0, shift);
    b.ascent = glyphOnly.ascent - shift;
    b.descent = glyphOnly.descent + shift;
    return b;
}

namespace {
MathStyle supStyle(MathStyle st) {
    return {st.level <= 1 ? 2 : 3, st.cramped};
}
MathStyle subStyle(MathStyle st) {
    return {st.level <= 1 ? 2 : 3, true};
}
bool isIntegral(char32_t cp) {
    return cp >= 0x222B && cp <= 0x2233;
}
}  // namespace

Box Layouter::scripts(const Node& n, MathStyle st) {
    const Node& nucleus = *n.kids.front();
    AtomClass cls;
    Box base = atom(nucleus, st, &cls);
    const bool op =
        nucleus.cls == AtomClass::Op && (nucleus.kind == NodeKind::OpName || nucleus.largeOp);
    const bool above = op && (nucleus.limits == Limits::Above ||
                              (nucleus.limits == Limits::Auto && st.level == 0 &&
                               !(nucleus.kind == NodeKind::Char && isIntegral(nucleus.cp))));
    if (above) return limits(base, n.sup.get(), n.sub.get(), st);

    const double size = sz(st);
    const MathStyle ss = supStyle(st), bs = subStyle(st);
    // Primes (x') are Unicode primes, drawn raised at the base's size (as unicode-math does).
    const bool primes = n.sup && n.sup->text == QLatin1String("primes");
    Box sup, sub;
    if (n.sup) sup = list(*n.sup, primes ? st : ss);
    if (n.sub) sub = list(*n.sub, bs);
    // TeX rule 18a: a character nucleus has no drop; anything else drops by the script's.
    double u = 0, v = 0;
    if (!base.isGlyph) {
        u = base.ascent - c_.superscriptBaselineDropMax * sz(ss);
        v = base.descent + c_.subscriptBaselineDropMin * sz(bs);
    }
    double up = 0, down = 0;
    if (n.sup && !primes) {
        const double shiftUp = st.cramped ? c_.superscriptShiftUpCramped : c_.superscriptShiftUp;
        up = std::max({u, shiftUp * size, sup.descent + c_.superscriptBottomMin * size});
    }
    if (n.sub && (!n.sup || primes)) {
        down = std::max({v, c_.subscriptShiftDown * size, sub.ascent - c_.subscriptTopMax * size});
    } else if (n.sub) {
        down = std::max(v, c_.subscriptShiftDown * size);
        const double gap = (up - sup.descent) - (sub.ascent - down);
        const double minGap = c_.subSuperscriptGapMin * size;
        if (gap < minGap) {
            down += minGap - gap;
            const double psi = c_.superscriptBottomMaxWithSubscript * size - (up - sup.descent);
            if (psi > 0) {
                up += psi;
                down -= psi;
            }
        }
    }
    // The superscript follows the italic correction; a large operator's subscript tucks under.
    const double supX = base.width + (op ? 0 : base.italic);
    const double subX = base.width - (op ? base.italic : 0);
    Box out = base;
    out.isGlyph = false;
    out.italic = 0;
    double right = base.width;
    if (n.sup) {
        out.place(sup, supX, -up);
        out.ascent = std::max(out.ascent, sup.ascent + up);
        out.descent = std::max(out.descent, sup.descent - up);
        right = std::max(right, supX + sup.width);
    }
    if (n.sub) {
        out.place(sub, subX, down);
        out.ascent = std::max(out.ascent, sub.ascent - down);
        out.descent = std::max(out.descent, sub.descent + down);
        right = std::max(right, subX + sub.width);
    }
    out.width = right + c_.spaceAfterScript * size;
    return out;
}

Box Layouter::limits(const Box& base, const Node* sup, const Node* sub, MathStyle st) {
    const double size = sz(st);
    Box over, under;
    if (sup) over = list(*sup, supStyle(st));
    if (sub) under = list(*sub, subStyle(st));
    const double w = std::max({base.width, sup ? over.width : 0.0, sub ? under.width : 0.0});
    Box out;
    out.width = w;
    out.place(base, (w - base.width) / 2, 0);
    out.ascent = base.ascent;
    out.descent = base.descent;
    if (sup) {
        const double shift = std::max(c_.upperLimitGapMin * size + over.descent,
                                      c_.upperLimitBaselineRiseMin * size);
        const double y = -(base.ascent + shift);
        out.place(over, (w - over.width) / 2 + base.italic / 2, y);
        out.ascent = base.ascent + shift + over.ascent;
    }
    if (sub) {
        const double shift = std::max(c_.lowerLimitGapMin * size + under.ascent,
                                      c_.lowerLimitBaselineDropMin * size);
        const double y = base.descent + shift;
        out.place(under, (w - under.width) / 2 - base.italic / 2, y);
        out.descent = base.descent + shift + under.descent;
    }
    return out;
}

}  // namespace poslab::ui::math
