// Fractions, radicals, accents, over-bars, \left...\right fences, stretchy delimiters and
// matrices (TeXbook Appendix G rules 11, 15, 19 with the OpenType MATH constants).
#include <algorithm>
#include <cmath>

#include "ui/math/math_layout.h"

namespace poslab::ui::math {

namespace {
// TeX's \nulldelimiterspace (1.2 pt at 10 pt): the space an empty delimiter and a fraction's
// sides take.
constexpr double kNullDelimiter = 0.12;
// \delimiterfactor 901 and \delimitershortfall 5 pt (0.5 em).
constexpr double kDelimiterFactor = 0.901, kDelimiterShortfall = 0.5;
}  // namespace

Box Layouter::fraction(const Node& n, MathStyle st) {
    if (n.style >= 0) st = MathStyle{n.style, st.cramped};
    const bool display = st.level == 0;
    const MathStyle numSt{st.level <= 0 ? 1 : st.level == 1 ? 2 : 3, st.cramped};
    const MathStyle denSt{numSt.level, true};
    const Box num = list(*n.kids[0], numSt);
    const Box den = list(*n.kids[1], denSt);
    const double size = sz(st);
    const double t = c_.fractionRuleThickness * size, a = c_.axisHeight * size;
    double up =
        (display ? c_.fractionNumeratorDisplayStyleShiftUp : c_.fractionNumeratorShiftUp) * size;
    double down =
        (display ? c_.fractionDenominatorDisplayStyleShiftDown : c_.fractionDenominatorShiftDown) *
        size;
    const double gapNum =
        (display ? c_.fractionNumDisplayStyleGapMin : c_.fractionNumeratorGapMin) * size;
    const double gapDen =
        (display ? c_.fractionDenomDisplayStyleGapMin : c_.fractionDenominatorGapMin) * size;
    up = std::max(up, a + t / 2 + gapNum + num.descent);
    down = std::max(down, den.ascent + gapDen + t / 2 - a);
    const double pad = kNullDelimiter * size;
    const double w = std::max(num.width, den.width);
    Box out;
    out.width = w + 2 * pad;
    out.place(num, pad + (w - num.width) / 2, -up);
    out.place(den, pad + (w - den.width) / 2, down);
    out.rules.push_back(QRectF(pad, -a - t / 2, w, t));
    out.ascent = std::max(up + num.ascent, a + t / 2);
    out.descent = std::max(down + den.descent, t / 2 - a);
    return out;
}

Box Layouter::radical(const Node& n, MathStyle st) {
    const double size = sz(st);
    const Box body = list(*n.kids[0], MathStyle{st.level, true});
    const double t = c_.radicalRuleThickness * size;
    double gap = (st.level == 0 ? c_.radicalDisplayStyleVerticalGap : c_.radicalVerticalGap) * size;
    const double target = body.height() + gap + t;
    const Box sign = stretchVertical(font_.glyph(0x221A), target, size);
    // TeX rule 11: an over-tall sign leaves the extra clearance split evenly.
    if (sign.height() > target) gap += (sign.height() - target) / 2;
    const double top = body.ascent + gap + t;  // the rule's top above the baseline
    const double dy = sign.ascent - top;       // the sign moved down so its top meets the rule
    Box out;
    double x = 0;
    if (n.kids.size() > 1) {
        const Box degree = list(*n.kids[1], MathStyle{3, true});
        const double raise = c_.radicalDegreeBottomRaisePercent * sign.height();
        const double bottom = dy + sign.descent;  // the sign's bottom (y down)
        x = c_.radicalKernBeforeDegree * size;
        out.place(degree, x, bottom - raise);
        out.ascent = std::max(out.ascent, raise - bottom + degree.ascent);
        x = std::max(0.0, x + degree.width + c_.radicalKernAfterDegree * size);
    }
    out.place(sign, x, dy);
    x += sign.width;
    out.rules.push_back(QRectF(x, -top, body.width, t));
    out.place(body, x, 0);
    out.width = x + body.width;
    out.ascent = std::max(out.ascent, top + c_.radicalExtraAscender * size);
    out.descent = std::max(body.descent, sign.descent + dy);
    return out;
}

Box Layouter::accent(const Node& n, MathStyle st) {
    const double size = sz(st);
    AtomClass cls;
    const Box base = atom(*n.kids[0], MathStyle{st.level, true}, &cls);
    quint32 g = font_.glyph(n.cp);
    if (g == 0) return base;
    // Wide accents: the first size variant as wide as the base (else the widest); others keep
    // their natural size unless it is wider than the base allows (TeX's successor rule).
    for (const GlyphVariant& v : font_.variants(g, false)) {
        if (n.wide) {
            g = v.glyph;
            if (v.advance * size >= base.width) break;
        } else if (v.advance * size <= base.width) {
            g = v.glyph;
        } else {
            break;
        }
    }
    const GlyphMetrics m = font_.metrics(g);
    const double lift = base.ascent - std::min(base.ascent, c_.accentBaseHeight * size);
    const double attach = base.topAccent >= 0 ? base.topAccent : base.width / 2;
    Box out = base;
    out.isGlyph = false;
    out.topAccent = -1;
    out.glyphs.push_back({g, size, QPointF(attach - m.topAccent * size, -lift)});
    out.ascent = std::max(base.ascent, m.ascent * size + lift);
    return out;
}

Box Layouter::overline(const Node& n, MathStyle st) {
    const double size = sz(st);
    const Box base = list(*n.kids[0], MathStyle{st.level, true});
    const double t = c_.overbarRuleThickness * size, gap = c_.overbarVerticalGap * size;
    Box out = base;
    out.isGlyph = false;
    out.rules.push_back(QRectF(0, -(base.ascent + gap + t), base.width, t));
    out.ascent = base.ascent + gap + t + c_.overbarExtraAscender * size;
    return out;
}

Box Layouter::fenced(const Node& n, MathStyle st) {
    return fence(list(*n.kids[0], st), n.left, n.right, st);
}

Box Layouter::fence(const Box& body, char32_t left, char32_t right, MathStyle st) {
    const double a = c_.axisHeight * sz(st);
    const double delta = std::max(body.ascent - a, body.descent + a);
    const double target =
        std::max(2 * delta * kDelimiterFactor, 2 * delta - kDelimiterShortfall * sz(st));
    Box out;
    out.append(delimiter(left, target, st));
    out.append(body);
    out.append(delimiter(right, target, st));
    return out;
}

Box Layouter::delimiter(char32_t cp, double target, MathStyle st) {
    const double size = sz(st);
    if (cp == 0) {
        Box b;
        b.width = kNullDelimiter * size;
        return b;
    }
    const quint32 g = font_.glyph(cp);
    if (g == 0) return glyph(cp, st);
    const Box grown = stretchVertical(g, target, size);
    const double shift = (grown.ascent - grown.descent) / 2 - c_.axisHeight * size;
    Box b;
    b.width = grown.width;
    b.place(grown, 0, shift);
    b.ascent = grown.ascent - shift;
    b.descent = grown.descent + shift;
    return b;
}

Box Layouter::stretchVertical(quint32 g, double target, double size) const {
    quint32 best = g;
    for (const GlyphVariant& v : font_.variants(g, true)) {
        best = v.glyph;
        if (v.advance * size >= target) return glyphBox(best, size);
    }
    const Box largest = glyphBox(best, size);
    if (largest.height() >= target) return largest;
    const std::vector<GlyphPart> parts = font_.assembly(g, true);
    if (parts.empty()) return largest;
    return assemble(parts, target, size);
}

// A vertical assembly (OpenType MATH GlyphAssembly): the fewest extender repeats whose full
// length reaches `target`, the overlaps then spread evenly between the connectors.
Box Layouter::assemble(const std::vector<GlyphPart>& parts, double target, double size) const {
    const double minOverlap = c_.minConnectorOverlapV * size;
    std::vector<GlyphPart> seq;
    for (int repeats = 0; repeats <= 64; ++repeats) {
        seq.clear();
        for (const GlyphPart& p : parts) {
            for (int k = 0; k < (p.extender ? repeats : 1); ++k) seq.push_back(p);
        }
        double full = 0;
        for (const GlyphPart& p : seq) full += p.fullAdvance * size;
        full -= minOverlap * double(std::max<size_t>(seq.size(), 1) - 1);
        if (full >= target || seq.empty()) break;
    }
    double total = 0;
    for (const GlyphPart& p : seq) total += p.fullAdvance * size;
    const size_t joints = seq.size() > 1 ? seq.size() - 1 : 0;
    const double overlap = joints ? std::max(minOverlap, (total - target) / double(joints)) : 0.0;
    Box b;
    double bottom = 0;  // y (down) of the current part's bottom edge
    for (size_t i = 0; i < seq.size(); ++i) {
        if (i > 0) {
            const double cap = std::min(seq[i - 1].endConnector, seq[i].startConnector) * size;
            bottom += std::min(overlap, std::max(cap, minOverlap));
            bottom -= seq[i - 1].fullAdvance * size;
        }
        const GlyphMetrics m = font_.metrics(seq[i].glyph);
        b.glyphs.push_back({seq[i].glyph, size, QPointF(0, bottom - m.descent * size)});
        b.width = std::max(b.width, m.advance * size);
    }
    const double top = seq.empty() ? 0 : bottom - seq.back().fullAdvance * size;
    // The assembly spans [top, 0] in y; hang it with its bottom on the baseline.
    b.ascent = -top;
    b.descent = 0;
    return b;
}

Box Layouter::matrix(const Node& n, MathStyle st) {
    const MathStyle cellSt{std::max(1, st.level), false};
    const double size = sz(cellSt);
    const int rows = n.rows, cols = n.cols;
    std::vector<Box> cells;
    cells.reserve(n.kids.size());
    for (const auto& k : n.kids) cells.push_back(list(*k, cellSt));
    std::vector<double> colW(cols, 0.0), rowA(rows, 0.84 * size), rowD(rows, 0.36 * size);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const Box& b = cells[size_t(r * cols + c)];
            colW[size_t(c)] = std::max(colW[size_t(c)], b.width);
            rowA[size_t(r)] = std::max(rowA[size_t(r)], b.ascent);
            rowD[size_t(r)] = std::max(rowD[size_t(r)], b.descent);
        }
    }
    const double colSep = 1.0 * size;  // 2 \arraycolsep, or the \quad of cases
    double height = 0;
    for (int r = 0; r < rows; ++r) height += rowA[size_t(r)] + rowD[size_t(r)];
    const double top = -(c_.axisHeight * size + height / 2);
    Box body;
    double y = top;
    for (int r = 0; r < rows; ++r) {
        y += rowA[size_t(r)];
        double x = 0;
        for (int c = 0; c < cols; ++c) {
            const Box& b = cells[size_t(r * cols + c)];
            const double dx = n.leftAlign ? 0.0 : (colW[size_t(c)] - b.width) / 2;
            body.place(b, x + dx, y);
            x += colW[size_t(c)] + (c + 1 < cols ? colSep : 0.0);
        }
        body.width = std::max(body.width, x);
        y += rowD[size_t(r)];
    }
    body.ascent = -top;
    body.descent = y;
    if (n.left == 0 && n.right == 0) return body;
    return fence(body, n.left, n.right, st);
}

}  // namespace poslab::ui::math
