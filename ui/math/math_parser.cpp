// The TeX-subset parser: a recursive descent over tokens (a character, a control sequence, or the
// end), building math_ast.h nodes. Errors unwind as a ParseError carrying the position; nesting is
// bounded so that no input can exhaust the stack.
#include <QHash>
#include <QStringList>

#include "ui/math/math_ast.h"
#include "ui/math/math_symbols.h"

namespace poslab::ui::math {

namespace {

constexpr int kMaxDepth = 48;
constexpr int kMaxCells = 400;

struct ParseError {
    int pos;
    QString message;
};

struct Token {
    enum Type { End, Char, Command } type = End;
    char32_t cp = 0;  // Char
    QString name;     // Command, without the backslash
    int pos = 0;
};

enum class Stop { End, Brace, Right, Cell };
enum class Ended { End, Brace, Right, CellNext, RowNext, EndEnv };

NodePtr makeNode(NodeKind kind, int pos, AtomClass cls = AtomClass::Ord) {
    auto n = std::make_unique<Node>();
    n->kind = kind;
    n->pos = pos;
    n->cls = cls;
    return n;
}

class Parser {
public:
    explicit Parser(const QString& s) : s_(s) {}

    NodePtr parseAll() {
        Ended ended;
        return parseList(Stop::End, 0, &ended);
    }

private:
    const QString& s_;
    int i_ = 0;
    int depth_ = 0;
    Variant variant_ = Variant::Italic;

    [[noreturn]] void fail(int pos, const QString& what) const { throw ParseError{pos, what}; }

    struct DepthGuard {
        Parser& p;
        DepthGuard(Parser& parser, int pos) : p(parser) {
            if (++p.depth_ > kMaxDepth) p.fail(pos, QStringLiteral("nesting too deep"));
        }
        ~DepthGuard() { --p.depth_; }
    };

    void skipSpaces() {
        while (i_ < s_.size() && s_.at(i_).isSpace()) ++i_;
    }

    char32_t codePointAt(int i, int* len) const {
        const QChar c = s_.at(i);
        if (c.isHighSurrogate() && i + 1 < s_.size() && s_.at(i + 1).isLowSurrogate()) {
            *len = 2;
            return QChar::surrogateToUcs4(c, s_.at(i + 1));
        }
        *len = 1;
        return c.unicode();
    }

    Token next() {
        skipSpaces();
        Token t;
        t.pos = i_;
        if (i_ >= s_.size()) return t;
        if (s_.at(i_) == u'\\') {
            t.type = Token::Command;
            ++i_;
            if (i_ >= s_.size()) fail(t.pos, QStringLiteral("a lone backslash"));
            if (s_.at(i_).isLetter() && s_.at(i_).unicode() < 128) {
                const int start = i_;
                while (i_ < s_.size() && s_.at(i_).isLetter() && s_.at(i_).unicode() < 128) ++i_;
                t.name = s_.mid(start, i_ - start);
            } else {
                int len = 1;
                codePointAt(i_, &len);
                t.name = s_.mid(i_, len);
                i_ += len;
            }
            return t;
        }
        int len = 1;
        t.type = Token::Char;
        t.cp = codePointAt(i_, &len);
        i_ += len;
        return t;
    }

    Token peek() {
        const int save = i_;
        Token t = next();
        i_ = save;
        return t;
    }

    NodePtr parseList(Stop stop, int openPos, Ended* ended);
    bool listControl(const Token& t, Stop stop, int openPos, Node& list, Ended* ended);
    void attachScript(Node& list, const Token& t);
    NodePtr parseArgument(const Token& owner);
    NodePtr parseAtom(const Token& t);
    NodePtr parseCommand(const Token& t);
    NodePtr parseStructure(const Token& t);
    NodePtr parseCharacter(const Token& t);
    QString readRawGroup(const Token& owner);
    char32_t readDelimiter(const Token& owner);
    NodePtr parseFenced(const Token& t);
    NodePtr parseEnvironment(const Token& t);
    QString readEnvName(const Token& owner);
};

NodePtr Parser::parseList(Stop stop, int openPos, Ended* ended) {
    DepthGuard guard(*this, openPos);
    auto list = makeNode(NodeKind::List, i_);
    while (true) {
        const Token t = next();
        if (listControl(t, stop, openPos, *list, ended)) return list;
    }
}

// One token of a list: true when it ends the list (with *ended saying how).
bool Parser::listControl(const Token& t, Stop stop, int openPos, Node& list, Ended* ended) {
    const auto endWith = [&](Ended e) {
        *ended = e;
        return true;
    };
    if (t.type == Token::End) {
        if (stop == Stop::Brace) fail(openPos, QStringLiteral("missing } for the { opened"));
        if (stop == Stop::Right) fail(openPos, QStringLiteral("missing \\right for the \\left"));
        if (stop == Stop::Cell) fail(openPos, QStringLiteral("missing \\end for the \\begin"));
        return endWith(Ended::End);
    }
    if (t.type == Token::Char) {
        if (t.cp == '}') {
            if (stop != Stop::Brace) fail(t.pos, QStringLiteral("unexpected }"));
            return endWith(Ended::Brace);
        }
        if (t.cp == '&') {
            if (stop != Stop::Cell) fail(t.pos, QStringLiteral("& outside a matrix"));
            return endWith(Ended::CellNext);
        }
        if (t.cp == '^' || t.cp == '_' || t.cp == '\'') {
            attachScript(list, t);
            return false;
        }
    } else if (t.name == QLatin1String("right")) {
        if (stop != Stop::Right) fail(t.pos, QStringLiteral("\\right without \\left"));
        return endWith(Ended::Right);
    } else if (t.name == QLatin1String("\\") || t.name == QLatin1String("cr")) {
        if (stop != Stop::Cell) fail(t.pos, QStringLiteral("\\\\ outside a matrix"));
        return endWith(Ended::RowNext);
    } else if (t.name == QLatin1String("end")) {
        if (stop != Stop::Cell) fail(t.pos, QStringLiteral("\\end without \\begin"));
        return endWith(Ended::EndEnv);
    } else if (t.name == QLatin1String("limits") || t.name == QLatin1String("nolimits")) {
        Node* last = list.kids.empty() ? nullptr : list.kids.back().get();
        if (last && last->kind == NodeKind::Scripts) last = last->kids.front().get();
        if (!last || last->cls != AtomClass::Op)
            fail(t.pos, QStringLiteral("\\%1 must follow an operator").arg(t.name));
        last->limits = t.name == QLatin1String("limits") ? Limits::Above : Limits::Beside;
        return false;
    }
    list.kids.push_back(parseAtom(t));
    return false;
}

void Parser::attachScript(Node& list, const Token& t) {
    if (list.kids.empty()) list.kids.push_back(makeNode(NodeKind::List, t.pos));
    NodePtr& last = list.kids.back();
    if (last->kind != NodeKind::Scripts) {
        auto s = makeNode(NodeKind::Scripts, last->pos, last->cls);
        s->kids.push_back(std::move(last));
        last = std::move(s);
    }
    Node& s = *last;
    if (t.cp == '\'') {  // x' is x^{\prime}; x'^2 is x^{\prime 2}
        if (s.sup && s.sup->text != QLatin1String("primes"))
            fail(t.pos, QStringLiteral("a prime after a superscript"));
        if (!s.sup) {
            s.sup = makeNode(NodeKind::List, t.pos);
            s.sup->text = QStringLiteral("primes");
        }
        auto prime = makeNode(NodeKind::Char, t.pos);
        prime->cp = 0x2032;
        s.sup->kids.push_back(std::move(prime));
        return;
    }
    NodePtr arg = parseArgument(t);
    if (t.cp == '^') {
        if (s.sup && s.sup->text == QLatin1String("primes")) {
            s.sup->text.clear();
            s.sup->kids.push_back(std::move(arg));
            return;
        }
        if (s.sup) fail(t.pos, QStringLiteral("double superscript"));
        s.sup = std::move(arg);
    } else {
        if (s.sub) fail(t.pos, QStringLiteral("double subscript"));
        s.sub = std::move(arg);
    }
}

NodePtr Parser::parseArgument(const Token& owner) {
    const QString what = owner.type == Token::Command ? QStringLiteral("\\") + owner.name
                                                      : QString(QChar(char16_t(owner.cp)));
    const Token t = next();
    if (t.type == Token::End) fail(owner.pos, QStringLiteral("%1 expects an argument").arg(what));
    if (t.type == Token::Char) {
        if (t.cp == '{') {
            Ended ended;
            return parseList(Stop::Brace, t.pos, &ended);
        }
        if (t.cp == '}' || t.cp == '&' || t.cp == '^' || t.cp == '_')
            fail(t.pos, QStringLiteral("%1 expects an argument").arg(what));
    } else if (t.name == QLatin1String("right") || t.name == QLatin1String("end") ||
               t.name == QLatin1String("\\")) {
        fail(t.pos, QStringLiteral("%1 expects an argument").arg(what));
    }
    return parseAtom(t);
}

NodePtr Parser::parseAtom(const Token& t) {
    if (t.type == Token::Command) return parseCommand(t);
    if (t.cp == '{') {
        Ended ended;
        return parseList(Stop::Brace, t.pos, &ended);
    }
    return parseCharacter(t);
}

NodePtr Parser::parseCharacter(const Token& t) {
    if (t.cp == '$') fail(t.pos, QStringLiteral("unexpected $ inside maths"));
    if (t.cp == '~') {
        auto n = makeNode(NodeKind::Space, t.pos);
        n->space = 1.0 / 3.0;
        return n;
    }
    const Symbol sym = literalSymbol(t.cp);
    auto n = makeNode(NodeKind::Char, t.pos, sym.cls);
    n->largeOp = sym.largeOp;
    n->cp = mapToVariant(sym.cp, variant_);
    return n;
}

NodePtr Parser::parseCommand(const Token& t) {
    const QString& name = t.name;
    if (const auto sym = commandSymbol(name)) {
        auto n = makeNode(NodeKind::Char, t.pos, sym->cls);
        n->cp = sym->largeOp ? sym->cp : mapToVariant(sym->cp, variant_);
        n->largeOp = sym->largeOp;
        return n;
    }
    bool limits = false;
    if (operatorName(name, &limits)) {
        auto n = makeNode(NodeKind::OpName, t.pos, AtomClass::Op);
        n->text = name;
        n->limits = limits ? Limits::Auto : Limits::Beside;
        return n;
    }
    if (const auto space = spaceCommand(name)) {
        auto n = makeNode(NodeKind::Space, t.pos);
        n->space = *space;
        return n;
    }
    if (const auto style = styleCommand(name)) {
        auto n = makeNode(NodeKind::Style, t.pos);
        n->style = *style;
        return n;
    }
    if (const auto variant = fontCommand(name)) {
        const Variant saved = variant_;
        variant_ = *variant;
        NodePtr arg = parseArgument(t);
        variant_ = saved;
        return arg;
    }
    return parseStructure(t);
}

NodePtr Parser::parseStructure(const Token& t) {
    const QString& name = t.name;
    if (name == QLatin1String("frac") || name == QLatin1String("dfrac") ||
        name == QLatin1String("tfrac")) {
        auto n = makeNode(NodeKind::Frac, t.pos);
        n->style = name == QLatin1String("dfrac") ? 0 : name == QLatin1String("tfrac") ? 1 : -1;
        n->kids.push_back(parseArgument(t));
        n->kids.push_back(parseArgument(t));
        return n;
    }
    if (name == QLatin1String("sqrt")) {
        auto n = makeNode(NodeKind::Radical, t.pos);
        NodePtr degree;
        skipSpaces();
        if (i_ < s_.size() && s_.at(i_) == u'[') {
            const int open = i_++;
            auto d = makeNode(NodeKind::List, open);
            while (true) {
                skipSpaces();
                if (i_ < s_.size() && s_.at(i_) == u']') {
                    ++i_;
                    break;
                }
                const Token k = next();
                if (k.type == Token::End) fail(open, QStringLiteral("missing ] for the \\sqrt["));
                Ended ended;
                if (listControl(k, Stop::End, open, *d, &ended))
                    fail(k.pos, QStringLiteral("missing ] for the \\sqrt["));
            }
            degree = std::move(d);
        }
        n->kids.push_back(parseArgument(t));
        if (degree) n->kids.push_back(std::move(degree));
        return n;
    }
    bool wide = false;
    if (const auto accent = accentSymbol(name, &wide)) {
        auto n = makeNode(NodeKind::Accent, t.pos);
        n->cp = *accent;
        n->wide = wide;
        n->kids.push_back(parseArgument(t));
        return n;
    }
    if (name == QLatin1String("overline")) {
        auto n = makeNode(NodeKind::Overline, t.pos);
        n->kids.push_back(parseArgument(t));
        return n;
    }
    if (name == QLatin1String("text") || name == QLatin1String("textrm") ||
        name == QLatin1String("mbox") || name == QLatin1String("textnormal")) {
        auto n = makeNode(NodeKind::Text, t.pos);
        n->text = readRawGroup(t);
        return n;
    }
    if (name == QLatin1String("operatorname")) {
        auto n = makeNode(NodeKind::OpName, t.pos, AtomClass::Op);
        n->text = readRawGroup(t);
        n->limits = Limits::Beside;
        return n;
    }
    if (name == QLatin1String("left")) return parseFenced(t);
    if (name == QLatin1String("begin")) return parseEnvironment(t);
    AtomClass cls = AtomClass::Ord;
    if (const auto size = bigDelimiter(name, &cls)) {
        auto n = makeNode(NodeKind::BigDelim, t.pos, cls);
        n->cp = readDelimiter(t);
        n->space = *size;
        return n;
    }
    fail(t.pos, QStringLiteral("unknown command \\%1").arg(name));
}

// The raw text of a {group} (\text, \operatorname): nested braces kept, \{ \} \% \$ \_ \& \#
// and "\ " unescaped; any other command is refused.
QString Parser::readRawGroup(const Token& owner) {
    skipSpaces();
    if (i_ >= s_.size() || s_.at(i_) != u'{')
        fail(owner.pos, QStringLiteral("\\%1 expects a {group}").arg(owner.name));
    const int open = i_++;
    QString out;
    int level = 1;
    while (i_ < s_.size()) {
        const QChar c = s_.at(i_);
        if (c == u'\\') {
            if (i_ + 1 >= s_.size()) break;
            const QChar e = s_.at(i_ + 1);
            if (QStringLiteral("{}%$_&# ").contains(e)) {
                out += e;
                i_ += 2;
                continue;
            }
            fail(i_, QStringLiteral("commands are not allowed inside \\%1").arg(owner.name));
        }
        if (c == u'{') ++level;
        if (c == u'}' && --level == 0) {
            ++i_;
            return out;
        }
        out += c;
        ++i_;
    }
    fail(open, QStringLiteral("missing } for the { opened"));
}

char32_t Parser::readDelimiter(const Token& owner) {
    const Token d = next();
    if (d.type == Token::End)
        fail(owner.pos, QStringLiteral("\\%1 expects a delimiter").arg(owner.name));
    const QString token =
        d.type == Token::Command ? QStringLiteral("\\") + d.name : QString::fromUcs4(&d.cp, 1);
    const auto delim = delimiterSymbol(token);
    if (!delim) fail(d.pos, QStringLiteral("%1 is not a delimiter").arg(token));
    return *delim;
}

NodePtr Parser::parseFenced(const Token& t) {
    auto n = makeNode(NodeKind::Fenced, t.pos, AtomClass::Inner);
    n->left = readDelimiter(t);
    Ended ended;
    n->kids.push_back(parseList(Stop::Right, t.pos, &ended));
    Token right;
    right.pos = i_;
    right.name = QStringLiteral("right");
    n->right = readDelimiter(right);
    return n;
}

QString Parser::readEnvName(const Token& owner) {
    const int save = i_;
    const QString name = readRawGroup(owner).trimmed();
    if (name.isEmpty())
        fail(save, QStringLiteral("\\%1 expects an environment name").arg(owner.name));
    return name;
}

NodePtr Parser::parseEnvironment(const Token& t) {
    const QString env = readEnvName(t);
    static const QHash<QString, std::pair<char32_t, char32_t>> fences = {
        {"matrix", {0, 0}},      {"pmatrix", {'(', ')'}}, {"bmatrix", {'[', ']'}},
        {"Bmatrix", {'{', '}'}}, {"vmatrix", {'|', '|'}}, {"Vmatrix", {0x2016, 0x2016}},
        {"cases", {'{', 0}},     {"smallmatrix", {0, 0}}};
    if (!fences.contains(env)) fail(t.pos, QStringLiteral("unknown environment %1").arg(env));
    auto n = makeNode(NodeKind::Matrix, t.pos, AtomClass::Inner);
    n->left = fences.value(env).first;
    n->right = fences.value(env).second;
    n->leftAlign = env == QLatin1String("cases");
    std::vector<std::vector<NodePtr>> rows(1);
    while (true) {
        Ended ended;
        NodePtr cell = parseList(Stop::Cell, t.pos, &ended);
        rows.back().push_back(std::move(cell));
        if (int(rows.size() * rows.back().size()) > kMaxCells)
            fail(t.pos, QStringLiteral("matrix too large"));
        if (ended == Ended::RowNext) rows.emplace_back();
        if (ended != Ended::EndEnv) continue;
        Token endTok;
        endTok.pos = i_;
        endTok.name = QStringLiteral("end");
        const QString closing = readEnvName(endTok);
        if (closing != env)
            fail(endTok.pos,
                 QStringLiteral("\\end{%1} does not match \\begin{%2}").arg(closing, env));
        break;
    }
    // A trailing \\ leaves an empty last row: drop it, as LaTeX does.
    if (rows.size() > 1 && rows.back().size() == 1 && rows.back().front()->kids.empty())
        rows.pop_back();
    size_t cols = 0;
    for (const auto& r : rows) cols = std::max(cols, r.size());
    n->rows = int(rows.size());
    n->cols = int(cols);
    for (auto& r : rows) {
        while (r.size() < cols) r.push_back(makeNode(NodeKind::List, t.pos));
        for (auto& c : r) n->kids.push_back(std::move(c));
    }
    return n;
}

}  // namespace

ParseResult parseTex(const QString& source) {
    ParseResult r;
    try {
        Parser p(source);
        r.root = p.parseAll();
    } catch (const ParseError& e) {
        r.root.reset();
        r.errorPosition = e.pos;
        r.error = QStringLiteral("%1 at position %2").arg(e.message).arg(e.pos);
    }
    return r;
}

}  // namespace poslab::ui::math
