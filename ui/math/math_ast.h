// The parsed form of a formula (see math_formula.h for the TeX subset): a tree of nodes in TeX's
// terms, with the source position of each for messages. Produced by parseTex(), read by the
// layout (math_layout.h).
#pragma once

#include <QString>
#include <memory>
#include <vector>

namespace poslab::ui::math {

// TeX's atom classes; they decide the spacing between neighbours (TeXbook ch. 18).
enum class AtomClass { Ord, Op, Bin, Rel, Open, Close, Punct, Inner };

// Alphabets: italic is TeX's default for Latin and lower-case Greek letters.
enum class Variant { Italic, Upright, Bold, DoubleStruck, SansSerif };

enum class NodeKind {
    List,      // kids: the atoms in order
    Char,      // cp: a code point already mapped to its alphabet
    OpName,    // text: an upright operator name (\sin, \operatorname{...}) in the maths font
    Text,      // text: prose in the UI font (\text{...})
    Space,     // space: a kern in ems (negative allowed)
    Style,     // style: \displaystyle, \textstyle, \scriptstyle, \scriptscriptstyle
    Scripts,   // kids[0]: nucleus; sup, sub: the scripts (either may be null)
    Frac,      // kids[0]: numerator, kids[1]: denominator; style: forced style or -1
    Radical,   // kids[0]: radicand, kids[1] (optional): degree
    Accent,    // cp: the accent's code point, kids[0]: the base; wide: stretch to the base
    Overline,  // kids[0]: the base
    Fenced,    // left, right: delimiters (0 = none), kids[0]: the body
    BigDelim,  // cp: the delimiter, space: its size in ems (\big ...)
    Matrix,    // kids: rows * cols cells (each a List) row by row; left/right: delimiters
};

enum class Limits { Auto, Above, Beside };

struct Node {
    NodeKind kind = NodeKind::List;
    AtomClass cls = AtomClass::Ord;
    int pos = 0;  // index in the source (UTF-16 code units, 0-based)
    char32_t cp = 0;
    QString text;
    double space = 0;
    int style = -1;  // 0 display, 1 text, 2 script, 3 scriptscript
    Limits limits = Limits::Auto;
    bool wide = false;
    bool largeOp = false;  // a Char that is a big operator (\sum, \prod, \int ...)
    char32_t left = 0, right = 0;
    int rows = 0, cols = 0;
    bool leftAlign = false;  // Matrix: cells flush left (cases)
    std::vector<std::unique_ptr<Node>> kids;
    std::unique_ptr<Node> sup, sub;
};
using NodePtr = std::unique_ptr<Node>;

struct ParseResult {
    NodePtr root;   // a List; null when the source has an error
    QString error;  // "... at position N" (N = errorPosition)
    int errorPosition = -1;
};

// Parses the TeX subset documented in math_formula.h. Never throws; any input gives either a
// tree or one message naming the position.
ParseResult parseTex(const QString& source);

}  // namespace poslab::ui::math
