#include "ui/panels/error_words.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <vector>

#include "core/registry.h"
#include "ui/panels/choice_words.h"
#include "ui/panels/error_phrases.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace {

constexpr std::size_t npos = std::string_view::npos;

bool isDigit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}
bool isIdent(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}
bool isPlaceholder(char c) {
    return c == '#' || c == '@' || c == '$' || c == '*';
}

// Where a number written by core (127, -1, 0.5, 1e-12, nan, -inf) that starts at i ends.
std::size_t numberEnd(std::string_view t, std::size_t i) {
    for (std::string_view word : {"-inf", "inf", "nan"})
        if (t.substr(i).starts_with(word) &&
            (i + word.size() == t.size() || !isIdent(t[i + word.size()])))
            return i + word.size();
    std::size_t j = i;
    if (j < t.size() && t[j] == '-') ++j;
    const std::size_t first = j;
    while (j < t.size() && isDigit(t[j])) ++j;
    if (j == first) return npos;
    if (j + 1 < t.size() && t[j] == '.' && isDigit(t[j + 1])) {
        ++j;
        while (j < t.size() && isDigit(t[j])) ++j;
    }
    if (j < t.size() && (t[j] == 'e' || t[j] == 'E')) {
        std::size_t k = j + 1;
        if (k < t.size() && (t[k] == '+' || t[k] == '-')) ++k;
        if (k < t.size() && isDigit(t[k])) {
            j = k;
            while (j < t.size() && isDigit(t[j])) ++j;
        }
    }
    return j;
}

// An identifier: max_distance, rope_scaling.factor.
std::size_t identEnd(std::string_view t, std::size_t i) {
    std::size_t j = i;
    while (j < t.size() && isIdent(t[j])) ++j;
    if (j == i) return npos;
    while (j + 1 < t.size() && t[j] == '.' && isIdent(t[j + 1])) {
        ++j;
        while (j < t.size() && isIdent(t[j])) ++j;
    }
    return j;
}

// Matches pattern p (from pi) against t (from ti); the pieces its placeholders took.
std::optional<std::size_t> matchAt(std::string_view p, std::size_t pi, std::string_view t,
                                   std::size_t ti, std::vector<std::string>& pieces) {
    if (pi == p.size()) return ti;
    const char c = p[pi];
    auto take = [&](std::size_t end, std::string piece) -> std::optional<std::size_t> {
        pieces.push_back(std::move(piece));
        if (auto r = matchAt(p, pi + 1, t, end, pieces)) return r;
        pieces.pop_back();
        return std::nullopt;
    };
    switch (c) {
        case '#':
        case '@': {
            const std::size_t end = c == '#' ? numberEnd(t, ti) : identEnd(t, ti);
            if (end == npos) return std::nullopt;
            return take(end, std::string(t.substr(ti, end - ti)));
        }
        case '$': {
            if (ti >= t.size() || t[ti] != '\'') return std::nullopt;
            const std::size_t close = t.find('\'', ti + 1);
            if (close == npos) return std::nullopt;
            return take(close + 1, "“" + std::string(t.substr(ti + 1, close - ti - 1)) + "”");
        }
        case '*':
            if (pi + 1 == p.size()) return take(t.size(), std::string(t.substr(ti)));
            for (std::size_t end = ti; end <= t.size(); ++end)
                if (auto r = take(end, std::string(t.substr(ti, end - ti)))) return r;
            return std::nullopt;
        case '\\':  // the next character as itself ("\\@S" matches "@S")
            if (pi + 1 < p.size() && ti < t.size() && t[ti] == p[pi + 1])
                return matchAt(p, pi + 2, t, ti + 1, pieces);
            return std::nullopt;
        default:
            if (ti < t.size() && t[ti] == c) return matchAt(p, pi + 1, t, ti + 1, pieces);
            return std::nullopt;
    }
}

std::string render(std::string_view zh, const std::vector<std::string>& pieces) {
    std::string out;
    for (std::size_t i = 0; i < zh.size(); ++i) {
        if (zh[i] == '%' && i + 1 < zh.size() && zh[i + 1] >= '1' && zh[i + 1] <= '9') {
            const auto k = static_cast<std::size_t>(zh[i + 1] - '1');
            if (k < pieces.size()) out += pieces[k];
            ++i;
        } else {
            out += zh[i];
        }
    }
    return out;
}

// The phrases, longest literal text first.
const std::vector<const ErrorPhrase*>& sortedPhrases() {
    static const std::vector<const ErrorPhrase*> sorted = [] {
        std::vector<const ErrorPhrase*> v;
        for (const auto& p : errorPhrases()) v.push_back(&p);
        auto literal = [](const ErrorPhrase* p) {
            const std::string_view en = p->en;
            return std::count_if(en.begin(), en.end(), [](char c) { return !isPlaceholder(c); });
        };
        std::stable_sort(v.begin(), v.end(), [&](const ErrorPhrase* a, const ErrorPhrase* b) {
            return literal(a) > literal(b);
        });
        return v;
    }();
    return sorted;
}

// Words that stay as they are in Chinese: the registry's identifiers (parameters, choices,
// encodings, quantities) and proper names.
const std::set<std::string, std::less<>>& keptWords() {
    static const std::set<std::string, std::less<>> words = [] {
        std::set<std::string, std::less<>> w;
        for (const auto& e : core::registry().encodings()) {
            w.insert(e.id);
            for (const auto& q : e.quantities) w.insert(q.id);
            for (const auto& s : e.params) {
                w.insert(s.name);
                w.insert(s.choices.begin(), s.choices.end());
            }
        }
        for (const char* name : errorProperNames()) w.insert(name);
        return w;
    }();
    return words;
}

// Whether a word left untranslated may stand in a Chinese sentence: a number, an identifier,
// a path, a proper name, a short symbol (x, d, ln).
bool keptToken(std::string_view token) {
    if (std::any_of(token.begin(), token.end(),
                    [](char c) { return isDigit(c) || c == '_' || c == '.' || c == '/'; }))
        return true;
    std::size_t start = 0;
    while (start <= token.size()) {
        const std::size_t dash = std::min(token.find('-', start), token.size());
        const std::string_view word = token.substr(start, dash - start);
        if (word.size() >= 3 && !keptWords().count(word)) return false;
        start = dash + 1;
    }
    return true;
}

struct Translated {
    std::string text;
    bool complete = true;
};

bool phraseFits(std::string_view en, std::string_view t, std::size_t i, std::size_t end) {
    const char first = en.front(), last = en.back();
    const bool wordStart = std::isalpha(static_cast<unsigned char>(first)) || first == '@';
    if (wordStart && i > 0 && isIdent(t[i - 1])) return false;
    if (std::isalpha(static_cast<unsigned char>(last)) && end < t.size() && isIdent(t[end]))
        return false;
    return true;
}

// Puts a text together from the phrases; `complete` is false when an English word is left.
Translated translatePhrases(std::string_view t) {
    Translated out;
    std::size_t i = 0;
    while (i < t.size()) {
        bool matched = false;
        for (const ErrorPhrase* p : sortedPhrases()) {
            std::vector<std::string> pieces;
            const auto end = matchAt(p->en, 0, t, i, pieces);
            if (!end || *end == i || !phraseFits(p->en, t, i, *end)) continue;
            out.text += render(p->zh, pieces);
            i = *end;
            matched = true;
            break;
        }
        if (matched) continue;
        if (t[i] == '\'' && (i == 0 || !isIdent(t[i - 1]))) {
            if (const std::size_t close = t.find('\'', i + 1); close != npos) {
                out.text += "“" + std::string(t.substr(i + 1, close - i - 1)) + "”";
                i = close + 1;
                continue;
            }
        }
        auto tokenChar = [](char c) { return isIdent(c) || c == '.' || c == '/' || c == '-'; };
        if (isIdent(t[i])) {
            std::size_t j = i;
            while (j < t.size() && tokenChar(t[j])) ++j;
            const std::string_view token = t.substr(i, j - i);
            if (!keptToken(token)) out.complete = false;
            out.text += token;
            i = j;
            continue;
        }
        out.text += t[i++];
    }
    return out;
}

// A spec's allowed values in Chinese, its choices in words ("补零（zeros）").
std::string allowedOfSpec(const core::ParamSpec& spec) {
    const auto zh = chineseAllowedWords();
    if (spec.type == core::ParamType::Text) return spec.formZh;
    const bool choices = spec.type == core::ParamType::Enum ||
                         (spec.type == core::ParamType::Path && !spec.choices.empty());
    if (!choices) return spec.allowedText(zh);
    std::string out = zh.oneOf;
    for (std::size_t i = 0; i < spec.choices.size(); ++i)
        out += (i ? "、" : "") + choiceText(spec.choices[i]).toStdString();
    if (spec.type == core::ParamType::Path) out += zh.orPath;
    return out;
}

// "<why>; allowed: <what>" after the frame.
Translated translateReason(std::string_view rest, const core::ParamSpec* spec) {
    constexpr std::string_view kAllowed = "; allowed: ";
    const std::size_t cut = rest.find(kAllowed);
    const std::string_view why = rest.substr(0, cut);
    Translated out = translatePhrases(why);
    if (!out.complete) out.text = std::string(why);
    if (cut == npos) return out;
    const std::string_view allowed = rest.substr(cut + kAllowed.size());
    Translated a;
    if (spec && allowed == spec->allowedText()) {
        a.text = allowedOfSpec(*spec);
    } else {
        a = translatePhrases(allowed);
        if (!a.complete) a.text = std::string(allowed);
    }
    out.text += "；允许：" + a.text;
    out.complete = out.complete && a.complete;
    return out;
}

// The spec the message is about: the encoding's own, else any with that name (for its label
// only when every encoding labels it alike).
const core::ParamSpec* specNamed(const std::string& name, const core::EncodingDescriptor* enc,
                                 std::string* label) {
    if (enc) {
        const core::ParamSpec* s = enc->findParam(name);
        if (s) *label = s->labelZh;
        return s;
    }
    const core::ParamSpec* found = nullptr;
    std::set<std::string> labels;
    for (const auto& e : core::registry().encodings())
        if (const core::ParamSpec* s = e.findParam(name)) {
            found = found ? found : s;
            labels.insert(s->labelZh);
        }
    if (labels.size() == 1) *label = *labels.begin();
    return found;  // its allowed text is used only where the message has exactly that text
}

std::string shownValue(std::string value, bool quoted, const core::ParamSpec* spec) {
    constexpr std::string_view kLong = " characters)";  // paramError's shortened long value
    if (value.ends_with(kLong)) value = value.substr(0, value.size() - kLong.size()) + " 个字符)";
    if (quoted) return "“" + value + "”";
    if (spec && spec->type == core::ParamType::Enum &&
        std::find(spec->choices.begin(), spec->choices.end(), value) != spec->choices.end())
        return choiceText(value).toStdString();
    return value;
}

// "parameter 'NAME' = VALUE: WHY; allowed: WHAT" (VALUE quoted when it was unreadable text, no
// "= VALUE" for a file's problem); nullopt for any other message.
std::optional<std::string> translateFrame(std::string_view message,
                                          const core::EncodingDescriptor* enc) {
    const std::string name = core::parameterNamed(message);
    if (name.empty()) return std::nullopt;
    std::string_view after =
        message.substr(std::string_view("parameter '").size() + name.size() + 1);
    std::string label;
    const core::ParamSpec* spec = specNamed(name, enc, &label);
    std::string head = "参数 “" + name + "”" + (label.empty() ? "" : "（" + label + "）");
    std::string_view rest;
    if (after.starts_with(": ")) {
        rest = after.substr(2);
    } else if (after.starts_with(" = '")) {
        const std::size_t close = after.find("': ", 4);
        if (close == npos) return std::nullopt;
        head += (label.empty() ? " = " : "= ") +
                shownValue(std::string(after.substr(4, close - 4)), true, spec);
        rest = after.substr(close + 3);
    } else if (after.starts_with(" = ")) {
        // The value (a number, a word, a path) ends at the first ": "; the reason may hold more.
        const std::size_t cut = after.find(": ", 3);
        if (cut == npos) return std::nullopt;
        const std::string value(after.substr(3, cut - 3));
        head += value.empty() ? std::string("为空")
                              : (label.empty() ? " = " : "= ") + shownValue(value, false, spec);
        rest = after.substr(cut + 2);
    } else {
        return std::nullopt;
    }
    return head + "：" + translateReason(rest, spec).text;
}

bool isCjk(QChar c) {
    return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff;
}
bool isLatin(QChar c) {
    return c.unicode() < 0x80 && c.isLetterOrNumber();
}

// A space between Chinese and Latin letters or digits ("维度 d"), as the rest of the interface.
QString spaced(const QString& text) {
    QString out;
    out.reserve(text.size() + 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (i > 0 &&
            ((isCjk(text[i - 1]) && isLatin(text[i])) || (isLatin(text[i - 1]) && isCjk(text[i]))))
            out += QLatin1Char(' ');
        out += text[i];
    }
    return out;
}

}  // namespace

core::AllowedWords chineseAllowedWords() {
    core::AllowedWords zh;
    zh.integer = "整数";
    zh.real = "实数";
    zh.conjunction = " 且";
    zh.boolean = "true 或 false";
    zh.oneOf = "以下之一：";
    zh.path = ".npy 文件路径";
    zh.orPath = "，或 .npy 文件路径";
    zh.ge = " ≥ ";
    zh.le = " ≤ ";
    zh.list = "逗号分隔的实数";
    return zh;
}

QString localisedError(std::string_view message, const core::EncodingDescriptor* enc) {
    const QString english = QString::fromUtf8(message.data(), qsizetype(message.size()));
    if (!isChinese() || message.empty()) return english;
    if (auto framed = translateFrame(message, enc)) return spaced(QString::fromStdString(*framed));
    const Translated t = translatePhrases(message);
    return t.complete ? spaced(QString::fromStdString(t.text)) : english;
}

QString localisedError(const QString& message, const core::EncodingDescriptor* enc) {
    if (!isChinese()) return message;
    const std::string utf8 = message.toStdString();
    return localisedError(std::string_view(utf8), enc);
}

}  // namespace poslab::ui
