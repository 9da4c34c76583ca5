// The symbol tables of the TeX subset: control sequences naming a character, the classes of
// literal characters, operator names, and the mapping of letters to Unicode's mathematical
// alphabets (italic, bold, ...), as unicode-math does.
#pragma once

#include <QStringView>
#include <optional>

#include "ui/math/math_ast.h"

namespace poslab::ui::math {

struct Symbol {
    char32_t cp = 0;
    AtomClass cls = AtomClass::Ord;
    bool largeOp = false;
};

// \alpha, \le, \sum, \langle, ... (name without the backslash); nullopt when not a symbol.
std::optional<Symbol> commandSymbol(QStringView name);

// A literal character typed in maths ('+', '=', '(', '≤', 'θ' ...): the code point to draw
// (ASCII '-' becomes U+2212 minus, '*' the asterisk operator) and its class.
Symbol literalSymbol(char32_t cp);

// \sin, \log, \lim, ...: true for the operator names the subset knows; `limits` tells whether
// it takes limits above and below in display style (\lim, \max, \min, ...).
bool operatorName(QStringView name, bool* limits);

// The code point of `cp` in the alphabet `v` (Latin letters, digits and Greek); `cp` itself when
// the alphabet has no such letter.
char32_t mapToVariant(char32_t cp, Variant v);

// Accent commands: \hat, \bar, \tilde, \vec, \dot, \ddot, \check, \breve, \acute, \grave and the
// wide \widehat, \widetilde. `wide` tells whether the accent stretches to the base.
std::optional<char32_t> accentSymbol(QStringView name, bool* wide);

// A delimiter after \left, \right, \big...: "(", "[", "\{", "|", "\|", "\langle", ".", ...
// 0 for "." (no delimiter); nullopt when the token is not a delimiter.
std::optional<char32_t> delimiterSymbol(QStringView token);

// \, \; \quad ...: the space in ems (1 mu = 1/18 em); nullopt for other names.
std::optional<double> spaceCommand(QStringView name);
// \displaystyle (0), \textstyle (1), \scriptstyle (2), \scriptscriptstyle (3).
std::optional<int> styleCommand(QStringView name);
// \mathrm, \mathbf, \mathbb, ...: the alphabet the argument is set in.
std::optional<Variant> fontCommand(QStringView name);
// \big, \Bigl, \biggr, ...: the delimiter's height in ems; *cls Open (l), Close (r), Rel (m)
// or Ord.
std::optional<double> bigDelimiter(QStringView name, AtomClass* cls);

}  // namespace poslab::ui::math
