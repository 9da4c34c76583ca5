#include "ui/math/math_symbols.h"

#include <QHash>
#include <QString>
#include <initializer_list>

namespace poslab::ui::math {

namespace {

using C = AtomClass;

struct Entry {
    const char* name;
    char32_t cp;
    C cls;
};

// Control sequences naming one character (the unicode-math names and code points).
constexpr Entry kCommands[] = {
    // Greek, lower case (italic in maths) and upper case (upright)
    {"alpha", 0x3B1, C::Ord},
    {"beta", 0x3B2, C::Ord},
    {"gamma", 0x3B3, C::Ord},
    {"delta", 0x3B4, C::Ord},
    {"epsilon", 0x3F5, C::Ord},
    {"varepsilon", 0x3B5, C::Ord},
    {"zeta", 0x3B6, C::Ord},
    {"eta", 0x3B7, C::Ord},
    {"theta", 0x3B8, C::Ord},
    {"vartheta", 0x3D1, C::Ord},
    {"iota", 0x3B9, C::Ord},
    {"kappa", 0x3BA, C::Ord},
    {"lambda", 0x3BB, C::Ord},
    {"mu", 0x3BC, C::Ord},
    {"nu", 0x3BD, C::Ord},
    {"xi", 0x3BE, C::Ord},
    {"pi", 0x3C0, C::Ord},
    {"varpi", 0x3D6, C::Ord},
    {"rho", 0x3C1, C::Ord},
    {"varrho", 0x3F1, C::Ord},
    {"sigma", 0x3C3, C::Ord},
    {"varsigma", 0x3C2, C::Ord},
    {"tau", 0x3C4, C::Ord},
    {"upsilon", 0x3C5, C::Ord},
    {"phi", 0x3D5, C::Ord},
    {"varphi", 0x3C6, C::Ord},
    {"chi", 0x3C7, C::Ord},
    {"psi", 0x3C8, C::Ord},
    {"omega", 0x3C9, C::Ord},
    {"Gamma", 0x393, C::Ord},
    {"Delta", 0x394, C::Ord},
    {"Theta", 0x398, C::Ord},
    {"Lambda", 0x39B, C::Ord},
    {"Xi", 0x39E, C::Ord},
    {"Pi", 0x3A0, C::Ord},
    {"Sigma", 0x3A3, C::Ord},
    {"Upsilon", 0x3A5, C::Ord},
    {"Phi", 0x3A6, C::Ord},
    {"Psi", 0x3A8, C::Ord},
    {"Omega", 0x3A9, C::Ord},
    // ordinary symbols
    {"infty", 0x221E, C::Ord},
    {"partial", 0x2202, C::Ord},
    {"nabla", 0x2207, C::Ord},
    {"ldots", 0x2026, C::Inner},
    {"cdots", 0x22EF, C::Inner},
    {"vdots", 0x22EE, C::Ord},
    {"ddots", 0x22F1, C::Inner},
    {"dots", 0x2026, C::Inner},
    {"prime", 0x2032, C::Ord},
    {"ell", 0x2113, C::Ord},
    {"hbar", 0x210F, C::Ord},
    {"forall", 0x2200, C::Ord},
    {"exists", 0x2203, C::Ord},
    {"emptyset", 0x2205, C::Ord},
    {"angle", 0x2220, C::Ord},
    {"top", 0x22A4, C::Ord},
    {"bot", 0x22A5, C::Ord},
    {"neg", 0xAC, C::Ord},
    {"Re", 0x211C, C::Ord},
    {"Im", 0x2111, C::Ord},
    {"imath", 0x1D6A4, C::Ord},
    {"vert", 0x7C, C::Ord},
    {"Vert", 0x2016, C::Ord},
    {"|", 0x2016, C::Ord},
    {"#", 0x23, C::Ord},
    {"%", 0x25, C::Ord},
    {"&", 0x26, C::Ord},
    {"_", 0x5F, C::Ord},
    {"$", 0x24, C::Ord},
    {"lbrace", 0x7B, C::Open},
    {"rbrace", 0x7D, C::Close},
    {"{", 0x7B, C::Open},
    {"}", 0x7D, C::Close},
    {"langle", 0x27E8, C::Open},
    {"rangle", 0x27E9, C::Close},
    {"lceil", 0x2308, C::Open},
    {"rceil", 0x2309, C::Close},
    {"lfloor", 0x230A, C::Open},
    {"rfloor", 0x230B, C::Close},
    {"lvert", 0x7C, C::Open},
    {"rvert", 0x7C, C::Close},
    {"lVert", 0x2016, C::Open},
    {"rVert", 0x2016, C::Close},
    // binary operators
    {"cdot", 0x22C5, C::Bin},
    {"times", 0xD7, C::Bin},
    {"pm", 0xB1, C::Bin},
    {"mp", 0x2213, C::Bin},
    {"div", 0xF7, C::Bin},
    {"circ", 0x2218, C::Bin},
    {"ast", 0x2217, C::Bin},
    {"star", 0x22C6, C::Bin},
    {"bullet", 0x2219, C::Bin},
    {"odot", 0x2299, C::Bin},
    {"otimes", 0x2297, C::Bin},
    {"oplus", 0x2295, C::Bin},
    {"cap", 0x2229, C::Bin},
    {"cup", 0x222A, C::Bin},
    {"setminus", 0x2216, C::Bin},
    {"wedge", 0x2227, C::Bin},
    {"vee", 0x2228, C::Bin},
    {"land", 0x2227, C::Bin},
    {"lor", 0x2228, C::Bin},
    // relations
    {"le", 0x2264, C::Rel},
    {"leq", 0x2264, C::Rel},
    {"ge", 0x2265, C::Rel},
    {"geq", 0x2265, C::Rel},
    {"ne", 0x2260, C::Rel},
    {"neq", 0x2260, C::Rel},
    {"approx", 0x2248, C::Rel},
    {"equiv", 0x2261, C::Rel},
    {"sim", 0x223C, C::Rel},
    {"simeq", 0x2243, C::Rel},
    {"cong", 0x2245, C::Rel},
    {"propto", 0x221D, C::Rel},
    {"in", 0x2208, C::Rel},
    {"notin", 0x2209, C::Rel},
    {"ni", 0x220B, C::Rel},
    {"subset", 0x2282, C::Rel},
    {"subseteq", 0x2286, C::Rel},
    {"supset", 0x2283, C::Rel},
    {"supseteq", 0x2287, C::Rel},
    {"to", 0x2192, C::Rel},
    {"rightarrow", 0x2192, C::Rel},
    {"leftarrow", 0x2190, C::Rel},
    {"gets", 0x2190, C::Rel},
    {"mapsto", 0x21A6, C::Rel},
    {"Rightarrow", 0x21D2, C::Rel},
    {"Leftarrow", 0x21D0, C::Rel},
    {"Leftrightarrow", 0x21D4, C::Rel},
    {"leftrightarrow", 0x2194, C::Rel},
    {"implies", 0x27F9, C::Rel},
    {"iff", 0x27FA, C::Rel},
    {"ll", 0x226A, C::Rel},
    {"gg", 0x226B, C::Rel},
    {"mid", 0x2223, C::Rel},
    {"parallel", 0x2225, C::Rel},
    {"perp", 0x27C2, C::Rel},
    {"coloneqq", 0x2254, C::Rel},
    {"triangleq", 0x225C, C::Rel},
    {"asymp", 0x224D, C::Rel},
    // punctuation
    {"colon", 0x3A, C::Punct},
};

// Large operators (limits above and below in display style, except integrals).
constexpr Entry kLargeOps[] = {
    {"sum", 0x2211, C::Op},       {"prod", 0x220F, C::Op},    {"coprod", 0x2210, C::Op},
    {"int", 0x222B, C::Op},       {"iint", 0x222C, C::Op},    {"oint", 0x222E, C::Op},
    {"bigcup", 0x22C3, C::Op},    {"bigcap", 0x22C2, C::Op},  {"bigoplus", 0x2A01, C::Op},
    {"bigotimes", 0x2A02, C::Op}, {"bigodot", 0x2A00, C::Op},
};

const QHash<QString, Symbol>& commandTable() {
    static const QHash<QString, Symbol> table = [] {
        QHash<QString, Symbol> t;
        for (const Entry& e : kCommands) t.insert(QString::fromLatin1(e.name), {e.cp, e.cls});
        for (const Entry& e : kLargeOps) t.insert(QString::fromLatin1(e.name), {e.cp, e.cls, true});
        return t;
    }();
    return table;
}

// Literal characters: the classes of the symbols above when typed as Unicode.
const QHash<char32_t, Symbol>& literalTable() {
    static const QHash<char32_t, Symbol> table = [] {
        QHash<char32_t, Symbol> t;
        for (const Entry& e : kCommands) {
            if (e.cls != C::Ord) t.insert(e.cp, {e.cp, e.cls});
        }
        for (const Entry& e : kLargeOps) t.insert(e.cp, {e.cp, e.cls, true});
        const std::initializer_list<std::pair<char32_t, Symbol>> ascii = {
            {'+', {'+', C::Bin}},        {'-', {0x2212, C::Bin}},
            {0x2212, {0x2212, C::Bin}},  {'*', {0x2217, C::Bin}},
            {'=', {'=', C::Rel}},        {'<', {'<', C::Rel}},
            {'>', {'>', C::Rel}},        {':', {':', C::Rel}},
            {',', {',', C::Punct}},      {';', {';', C::Punct}},
            {'(', {'(', C::Open}},       {'[', {'[', C::Open}},
            {')', {')', C::Close}},      {']', {']', C::Close}},
            {'!', {'!', C::Close}},      {'?', {'?', C::Close}},
            {0x27E8, {0x27E8, C::Open}}, {0x27E9, {0x27E9, C::Close}},
            {0x2308, {0x2308, C::Open}}, {0x2309, {0x2309, C::Close}},
            {0x230A, {0x230A, C::Open}}, {0x230B, {0x230B, C::Close}},
            {0x21D2, {0x21D2, C::Rel}},  {0x2026, {0x2026, C::Inner}},
        };
        for (const auto& [cp, s] : ascii) t.insert(cp, s);
        return t;
    }();
    return table;
}

}  // namespace

std::optional<Symbol> commandSymbol(QStringView name) {
    const auto& t = commandTable();
    const auto it = t.constFind(name.toString());
    if (it == t.constEnd()) return std::nullopt;
    return it.value();
}

Symbol literalSymbol(char32_t cp) {
    const auto& t = literalTable();
    const auto it = t.constFind(cp);
    return it == t.constEnd() ? Symbol{cp, C::Ord} : it.value();
}

bool operatorName(QStringView name, bool* limits) {
    static const QStringList withLimits = {"lim", "liminf", "limsup", "max", "min",    "sup",
                                           "inf", "det",    "gcd",    "Pr",  "argmax", "argmin"};
    static const QStringList beside = {
        "sin",  "cos",    "tan",    "cot",    "sec", "csc",  "sinh", "cosh",    "tanh",
        "coth", "arcsin", "arccos", "arctan", "exp", "log",  "ln",   "lg",      "arg",
        "deg",  "dim",    "ker",    "hom",    "sgn", "diag", "tr",   "softmax", "clip"};
    const QString n = name.toString();
    if (withLimits.contains(n)) {
        if (limits) *limits = true;
        return true;
    }
    if (beside.contains(n)) {
        if (limits) *limits = false;
        return true;
    }
    return false;
}

char32_t mapToVariant(char32_t cp, Variant v) {
    const bool lower = cp >= 'a' && cp <= 'z', upper = cp >= 'A' && cp <= 'Z';
    const bool digit = cp >= '0' && cp <= '9';
    const bool greekLower = (cp >= 0x3B1 && cp <= 0x3C9);
    switch (v) {
        case Variant::Upright:
            return cp;
        case Variant::Italic: {
            if (cp == 'h') return 0x210E;
            if (lower) return 0x1D44E + (cp - 'a');
            if (upper) return 0x1D434 + (cp - 'A');
            if (greekLower) return 0x1D6FC + (cp - 0x3B1);
            static const QHash<char32_t, char32_t> symbols = {{0x3F5, 0x1D716},
                                                              {0x3D1, 0x1D717},
                                                              {0x3D5, 0x1D719},
                                                              {0x3F1, 0x1D71A},
                                                              {0x3D6, 0x1D71B}};
            return symbols.value(cp, cp);
        }
        case Variant::Bold:
            if (lower) return 0x1D41A + (cp - 'a');
            if (upper) return 0x1D400 + (cp - 'A');
            if (digit) return 0x1D7CE + (cp - '0');
            if (greekLower) return 0x1D6C2 + (cp - 0x3B1);
            if (cp >= 0x391 && cp <= 0x3A9) return 0x1D6A8 + (cp - 0x391);
            return cp;
        case Variant::DoubleStruck: {
            static const QHash<char32_t, char32_t> holes = {
                {'C', 0x2102}, {'H', 0x210D}, {'N', 0x2115}, {'P', 0x2119},
                {'Q', 0x211A}, {'R', 0x211D}, {'Z', 0x2124}};
            if (holes.contains(cp)) return holes.value(cp);
            if (upper) return 0x1D538 + (cp - 'A');
            if (lower) return 0x1D552 + (cp - 'a');
            if (digit) return 0x1D7D8 + (cp - '0');
            return cp;
        }
        case Variant::SansSerif:
            if (upper) return 0x1D5A0 + (cp - 'A');
            if (lower) return 0x1D5BA + (cp - 'a');
            if (digit) return 0x1D7E2 + (cp - '0');
            return cp;
    }
    return cp;
}

std::optional<char32_t> accentSymbol(QStringView name, bool* wide) {
    static const QHash<QString, std::pair<char32_t, bool>> table = {
        {"hat", {0x302, false}},
        {"widehat", {0x302, true}},
        {"tilde", {0x303, false}},
        {"widetilde", {0x303, true}},
        {"bar", {0x304, false}},
        {"vec", {0x20D7, false}},
        {"dot", {0x307, false}},
        {"ddot", {0x308, false}},
        {"check", {0x30C, false}},
        {"breve", {0x306, false}},
        {"acute", {0x301, false}},
        {"grave", {0x300, false}},
        {"overrightarrow", {0x20D7, true}},
    };
    const auto it = table.constFind(name.toString());
    if (it == table.constEnd()) return std::nullopt;
    if (wide) *wide = it->second;
    return it->first;
}

std::optional<char32_t> delimiterSymbol(QStringView token) {
    static const QHash<QString, char32_t> table = {
        {"(", '('},           {")", ')'},           {"[", '['},
        {"]", ']'},           {"|", '|'},           {".", 0},
        {"/", '/'},           {"\\{", '{'},         {"\\}", '}'},
        {"\\lbrace", '{'},    {"\\rbrace", '}'},    {"\\|", 0x2016},
        {"\\Vert", 0x2016},   {"\\vert", '|'},      {"\\lvert", '|'},
        {"\\rvert", '|'},     {"\\lVert", 0x2016},  {"\\rVert", 0x2016},
        {"\\langle", 0x27E8}, {"\\rangle", 0x27E9}, {"\\lceil", 0x2308},
        {"\\rceil", 0x2309},  {"\\lfloor", 0x230A}, {"\\rfloor", 0x230B},
        {"\u27E8", 0x27E8},   {"\u27E9", 0x27E9},   {"\\lbrack", '['},
        {"\\rbrack", ']'},
    };
    const auto it = table.constFind(token.toString());
    if (it == table.constEnd()) return std::nullopt;
    return it.value();
}

std::optional<double> spaceCommand(QStringView name) {
    static const QHash<QString, double> table = {{",", 3.0 / 18},
                                                 {":", 4.0 / 18},
                                                 {">", 4.0 / 18},
                                                 {";", 5.0 / 18},
                                                 {"!", -3.0 / 18},
                                                 {" ", 1.0 / 3},
                                                 {"quad", 1.0},
                                                 {"qquad", 2.0},
                                                 {"enspace", 0.5},
                                                 {"thinspace", 3.0 / 18},
                                                 {"medspace", 4.0 / 18},
                                                 {"thickspace", 5.0 / 18},
                                                 {"negthinspace", -3.0 / 18}};
    const auto it = table.constFind(name.toString());
    if (it == table.constEnd()) return std::nullopt;
    return it.value();
}

std::optional<int> styleCommand(QStringView name) {
    static const QHash<QString, int> table = {
        {"displaystyle", 0}, {"textstyle", 1}, {"scriptstyle", 2}, {"scriptscriptstyle", 3}};
    const auto it = table.constFind(name.toString());
    if (it == table.constEnd()) return std::nullopt;
    return it.value();
}

std::optional<Variant> fontCommand(QStringView name) {
    static const QHash<QString, Variant> table = {
        {"mathrm", Variant::Upright},      {"mathup", Variant::Upright},
        {"mathit", Variant::Italic},       {"mathnormal", Variant::Italic},
        {"mathbf", Variant::Bold},         {"boldsymbol", Variant::Bold},
        {"mathbb", Variant::DoubleStruck}, {"mathsf", Variant::SansSerif}};
    const auto it = table.constFind(name.toString());
    if (it == table.constEnd()) return std::nullopt;
    return it.value();
}

std::optional<double> bigDelimiter(QStringView name, AtomClass* cls) {
    static const QHash<QString, double> sizes = {
        {"big", 1.2}, {"Big", 1.8}, {"bigg", 2.4}, {"Bigg", 3.0}};
    *cls = AtomClass::Ord;
    QString base = name.toString();
    if (!sizes.contains(base) && !base.isEmpty()) {
        const QChar last = base.back();
        if (last == u'l') *cls = AtomClass::Open;
        if (last == u'r') *cls = AtomClass::Close;
        if (last == u'm') *cls = AtomClass::Rel;
        if (*cls != AtomClass::Ord) base.chop(1);
    }
    const auto it = sizes.constFind(base);
    if (it == sizes.constEnd()) return std::nullopt;
    return it.value();
}

}  // namespace poslab::ui::math
