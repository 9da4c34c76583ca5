// The layout of a parsed formula in TeX's manner (TeXbook Appendix G as the OpenType MATH table
// restates it, cf. MathML Core): boxes with width, ascent and descent; scripts, limits,
// fractions, radicals, accents, fences and matrices placed with the font's MATH constants at the
// size of the current style (display, text, script, scriptscript; cramped or not).
// Coordinates: pixels, x to the right, y down, the box's baseline at y = 0 (ascent above is y < 0).
#pragma once

#include <QFont>
#include <QRectF>
#include <QString>
#include <vector>

#include "ui/math/math_ast.h"
#include "ui/math/math_font.h"

namespace poslab::ui::math {

struct PlacedGlyph {
    quint32 glyph = 0;
    double size = 0;  // pixel size of the maths font for this glyph
    QPointF pos;      // the glyph's baseline origin
};

struct PlacedText {  // prose in the UI font (\text{...}, or a character the maths font lacks)
    QString text;
    double size = 0;  // pixel size
    QPointF pos;      // baseline origin
};

struct Box {
    double width = 0, ascent = 0, descent = 0;
    double italic = 0;      // italic correction of a one-glyph box
    double topAccent = -1;  // x of the top accent attachment of a one-glyph box; -1: width / 2
    bool isGlyph = false;   // one character (TeX's character box, for the script rules)
    std::vector<PlacedGlyph> glyphs;
    std::vector<QRectF> rules;
    std::vector<PlacedText> texts;

    double height() const { return ascent + descent; }
    bool empty() const { return glyphs.empty() && rules.empty() && texts.empty(); }
    // Adds `b`'s contents shifted by (dx, dy) (dy > 0 moves down); extents are left alone.
    void place(const Box& b, double dx, double dy);
    // Appends `b` on the right, its baseline dy below ours, growing width and extents.
    void append(const Box& b, double dy = 0);
};

struct MathStyle {
    int level = 1;  // 0 display, 1 text, 2 script, 3 scriptscript
    bool cramped = false;
};

class Layouter {
public:
    // `textFont` gives the family for \text{} (its size is ignored: text follows the style size).
    Layouter(double pixelSize, const QFont& textFont);
    Box layout(const Node& root, bool display);

    // Units of the UI font's text measurement: drawn at kTextRefPx and scaled.
    static constexpr double kTextRefPx = 64.0;

private:
    const MathFont& font_;
    const MathConstants& c_;
    double px_;
    QFont textFont_;

    double sz(MathStyle st) const;
    double em(double v, MathStyle st) const { return v * sz(st); }

    Box list(const Node& n, MathStyle st);
    Box atom(const Node& n, MathStyle st, AtomClass* cls);
    Box glyph(char32_t cp, MathStyle st);
    Box glyphBox(quint32 g, double size) const;
    Box text(const QString& s, double size) const;
    Box opName(const Node& n, MathStyle st);
    Box largeOp(const Node& n, MathStyle st);
    Box scripts(const Node& n, MathStyle st);
    Box limits(const Box& base, const Node* sup, const Node* sub, MathStyle st);
    Box fraction(const Node& n, MathStyle st);
    Box radical(const Node& n, MathStyle st);
    Box accent(const Node& n, MathStyle st);
    Box overline(const Node& n, MathStyle st);
    Box fenced(const Node& n, MathStyle st);
    Box matrix(const Node& n, MathStyle st);
    Box fence(const Box& body, char32_t left, char32_t right, MathStyle st);
    // A delimiter at least `target` tall (variant or assembly), centred on the maths axis.
    Box delimiter(char32_t cp, double target, MathStyle st);
    // `g` grown vertically to at least `target` (size variants, then the assembly); not centred.
    Box stretchVertical(quint32 g, double target, double size) const;
    Box assemble(const std::vector<GlyphPart>& parts, double target, double size) const;
};

// TeX's spacing between two atom classes in mu (0, 3 thin, 4 medium, 5 thick), for the style.
int atomSpacingMu(AtomClass left, AtomClass right, bool script);

}  // namespace poslab::ui::math
