#include "core/params/param_spec.h"

#include <cassert>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace poslab::core {

std::string_view paramTypeName(ParamType type) {
    switch (type) {
        case ParamType::Int:
            return "int";
        case ParamType::Real:
            return "real";
        case ParamType::Bool:
            return "bool";
        case ParamType::Enum:
            return "enum";
        case ParamType::Path:
            return "path";
        case ParamType::RealList:
            return "list";
        case ParamType::Text:
            return "text";
    }
    return "?";
}

namespace {
std::string formatReal(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    // Shortest text that round-trips.
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

std::string joinWords(const std::vector<std::string>& words) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (i) out += ", ";
        out += words[i];
    }
    return out;
}
}  // namespace

std::string formatValue(const ParamValue& value) {
    return std::visit(
        [](const auto& v) -> std::string {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::int64_t>)
                return std::to_string(v);
            else if constexpr (std::is_same_v<T, double>)
                return formatReal(v);
            else if constexpr (std::is_same_v<T, bool>)
                return v ? "true" : "false";
            else
                return v;
        },
        value);
}

std::string ParamSpec::allowedText() const {
    return allowedText(AllowedWords{});
}

std::string ParamSpec::allowedText(const AllowedWords& words) const {
    switch (type) {
        case ParamType::Bool:
            return words.boolean;
        case ParamType::Enum:
            return words.oneOf + joinWords(choices);
        case ParamType::Path:
            if (choices.empty()) return words.path;
            return words.oneOf + joinWords(choices) + words.orPath;
        case ParamType::Text:
            return formEn;
        case ParamType::Int:
        case ParamType::Real:
        case ParamType::RealList:
            break;
    }
    std::string text = type == ParamType::Int    ? words.integer
                       : type == ParamType::Real ? words.real
                                                 : words.list;
    auto num = [&](double v) {
        return type == ParamType::Int ? std::to_string(static_cast<long long>(v)) : formatReal(v);
    };
    if (min) text += (minExclusive ? " > " : words.ge) + num(*min);
    if (min && max) text += words.conjunction;
    if (max) text += (maxExclusive ? " < " : words.le) + num(*max);
    if (type == ParamType::RealList) text += words.orPath;
    return text;
}

Expected<ParamValue> ParamSpec::parse(std::string_view text) const {
    const std::string shown = echo(text);
    auto bad = [&](std::string_view why) -> Error {
        return fail("parameter '" + name + "' = '" + shown + "': " + std::string(why) +
                    "; allowed: " + allowedText());
    };
    switch (type) {
        case ParamType::Int: {
            std::int64_t v = 0;
            const char* first = text.data();
            const char* last = first + text.size();
            if (!text.empty() && *first == '+') ++first;
            auto res = std::from_chars(first, last, v);
            if (text.empty() || res.ec == std::errc::invalid_argument || res.ptr != last)
                return bad("not an integer");
            if (res.ec == std::errc::result_out_of_range) return bad("integer out of range");
            ParamValue pv = v;
            if (auto st = check(pv); !st) return st.error();
            return pv;
        }
        case ParamType::Real: {
            double v = 0;
            const char* first = text.data();
            const char* last = first + text.size();
            if (!text.empty() && *first == '+') ++first;
            auto res = std::from_chars(first, last, v);
            if (text.empty() || res.ec == std::errc::invalid_argument || res.ptr != last)
                return bad("not a number");
            if (res.ec == std::errc::result_out_of_range || !std::isfinite(v))
                return bad("not a finite number");
            ParamValue pv = v;
            if (auto st = check(pv); !st) return st.error();
            return pv;
        }
        case ParamType::Bool:
            if (text == "true") return ParamValue{true};
            if (text == "false") return ParamValue{false};
            return bad("not a boolean");
        case ParamType::RealList:
            if (isNumberList(text)) {
                std::size_t start = 0;
                for (int item = 0; start <= text.size(); ++item) {
                    const std::size_t comma = std::min(text.find(',', start), text.size());
                    ParamSpec one = *this;
                    one.type = ParamType::Real;
                    if (!one.parse(text.substr(start, comma - start)))
                        return bad("item " + std::to_string(item) + " ('" +
                                   echo(text.substr(start, comma - start)) +
                                   "') is not an allowed number");
                    start = comma + 1;
                }
            }
            return ParamValue{std::string(text)};
        case ParamType::Enum:
        case ParamType::Path:
        case ParamType::Text: {
            ParamValue pv = std::string(text);
            if (auto st = check(pv); !st) return st.error();
            return pv;
        }
    }
    return bad("unknown type");
}

Status ParamSpec::check(const ParamValue& value) const {
    auto bad = [&](std::string_view why) -> Error {
        return paramError(name, value, why, allowedText());
    };
    double numeric = 0;
    switch (type) {
        case ParamType::Int:
            if (!std::holds_alternative<std::int64_t>(value)) return bad("not an integer");
            numeric = static_cast<double>(std::get<std::int64_t>(value));
            break;
        case ParamType::Real:
            if (std::holds_alternative<std::int64_t>(value)) {
                numeric = static_cast<double>(std::get<std::int64_t>(value));
            } else if (std::holds_alternative<double>(value)) {
                numeric = std::get<double>(value);
            } else {
                return bad("not a number");
            }
            if (!std::isfinite(numeric)) return bad("not a finite number");
            break;
        case ParamType::Bool:
            if (!std::holds_alternative<bool>(value)) return bad("not a boolean");
            return {};
        case ParamType::Enum: {
            if (!std::holds_alternative<std::string>(value)) return bad("not a word");
            const auto& s = std::get<std::string>(value);
            for (const auto& c : choices)
                if (c == s) return {};
            return bad("unknown choice");
        }
        case ParamType::Path:
            if (!std::holds_alternative<std::string>(value)) return bad("not a path");
            return {};
        case ParamType::Text: {
            if (!std::holds_alternative<std::string>(value)) return bad("not a text");
            const auto& t = std::get<std::string>(value);
            if (t.find_first_not_of(" \t") == std::string::npos) return bad("empty");
            for (char c : t)
                if (static_cast<unsigned char>(c) < 0x20) return bad("a control character");
            return {};
        }
        case ParamType::RealList: {
            if (!std::holds_alternative<std::string>(value)) return bad("not a list");
            const auto& t = std::get<std::string>(value);
            if (!isNumberList(t)) return {};
            for (double v : numberListValues(t)) {
                if (!std::isfinite(v)) return bad("an item is not a finite number");
                if (min && (minExclusive ? !(v > *min) : !(v >= *min)))
                    return bad("an item is too small");
                if (max && (maxExclusive ? !(v < *max) : !(v <= *max)))
                    return bad("an item is too large");
            }
            return {};
        }
    }
    if (min && (minExclusive ? !(numeric > *min) : !(numeric >= *min))) return bad("too small");
    if (max && (maxExclusive ? !(numeric < *max) : !(numeric <= *max))) return bad("too large");
    return {};
}

ParamSpec intParam(std::string name, std::int64_t def) {
    ParamSpec s;
    s.name = std::move(name);
    s.type = ParamType::Int;
    s.defaultValue = def;
    return s;
}

ParamSpec realParam(std::string name, double def) {
    ParamSpec s;
    s.name = std::move(name);
    s.type = ParamType::Real;
    s.defaultValue = def;
    return s;
}

ParamSpec boolParam(std::string name, bool def) {
    ParamSpec s;
    s.name = std::move(name);
    s.type = ParamType::Bool;
    s.defaultValue = def;
    return s;
}

ParamSpec enumParam(std::string name, std::vector<std::string> choices) {
    ParamSpec s;
    s.name = std::move(name);
    s.type = ParamType::Enum;
    s.defaultValue = choices.front();
    s.choices = std::move(choices);
    return s;
}

ParamSpec pathParam(std::string name, std::vector<std::string> words, std::string def) {
    ParamSpec s;
    s.name = std::move(name);
    s.type = ParamType::Path;
    s.defaultValue = std::move(def);
    s.choices = std::move(words);
    return s;
}

bool ParamSpec::relevant(const ParamSet& values) const {
    if (relevantWhen.empty()) return true;
    for (const auto& c : relevantWhen) {
        const ParamValue* v = values.find(c.name);
        if (!v) continue;
        const std::string text = formatValue(*v);
        if (std::find(c.values.begin(), c.values.end(), text) != c.values.end()) return true;
    }
    return false;
}

ParamSpec realListParam(std::string name) {
    ParamSpec s;
    s.name = std::move(name);
    s.type = ParamType::RealList;
    s.defaultValue = std::string();
    return s;
}

ParamSpec textParam(std::string name, std::string def, std::string formEn, std::string formZh) {
    ParamSpec s;
    s.name = std::move(name);
    s.type = ParamType::Text;
    s.defaultValue = std::move(def);
    s.formEn = std::move(formEn);
    s.formZh = std::move(formZh);
    return s;
}

bool isNumberList(std::string_view text) {
    if (text.empty() || text.find('/') != std::string_view::npos) return false;
    if (text.size() >= 4) {
        std::string ext(text.substr(text.size() - 4));
        for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (ext == ".npy") return false;
    }
    return true;
}

std::vector<double> numberListValues(std::string_view text) {
    std::vector<double> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const char* first = text.data() + start;
        const char* last = text.data() + comma;
        if (first != last && *first == '+') ++first;
        double v = std::numeric_limits<double>::quiet_NaN();
        auto res = std::from_chars(first, last, v);
        if (res.ec != std::errc() || res.ptr != last) v = std::numeric_limits<double>::quiet_NaN();
        out.push_back(v);
        start = comma + 1;
    }
    return out;
}

bool readsFile(const ParamSpec& spec, const ParamValue& value) {
    const auto* text = std::get_if<std::string>(&value);
    if (!text || text->empty()) return false;
    if (spec.type == ParamType::RealList) return !isNumberList(*text);
    if (spec.type != ParamType::Path) return false;
    return std::find(spec.choices.begin(), spec.choices.end(), *text) == spec.choices.end();
}

const ParamValue* ParamSet::find(const std::string& name) const {
    auto it = m_values.find(name);
    return it == m_values.end() ? nullptr : &it->second;
}

const ParamValue& ParamSet::get(const std::string& name) const {
    static const ParamValue kMissing{};
    const ParamValue* v = find(name);
    assert(v && "ParamSet: no such parameter");
    return v ? *v : kMissing;
}

namespace {

// The value of type T, or T{} for a bug (a name or type the encoding does not declare).
template <class T>
const T& typed(const ParamValue& v) {
    static const T kZero{};
    const T* p = std::get_if<T>(&v);
    assert(p && "ParamSet: parameter of another type");
    return p ? *p : kZero;
}

}  // namespace

std::int64_t ParamSet::integer(const std::string& name) const {
    return typed<std::int64_t>(get(name));
}

double ParamSet::real(const std::string& name) const {
    const auto& v = get(name);
    if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
    return typed<double>(v);
}

bool ParamSet::boolean(const std::string& name) const {
    return typed<bool>(get(name));
}

const std::string& ParamSet::text(const std::string& name) const {
    return typed<std::string>(get(name));
}

ParamSet defaultParams(const std::vector<ParamSpec>& specs) {
    ParamSet p;
    for (const auto& s : specs) p.set(s.name, s.defaultValue);
    return p;
}

const ParamSpec* findSpec(const std::vector<ParamSpec>& specs, std::string_view name) {
    for (const auto& s : specs)
        if (s.name == name) return &s;
    return nullptr;
}

Error paramError(std::string_view name, const ParamValue& value, std::string_view why,
                 std::string_view allowed) {
    // A long list: its start is enough to recognise it.
    const std::string shown = echo(formatValue(value));
    std::string msg = "parameter '" + echo(name) + "' = " + shown + ": " + std::string(why);
    if (!allowed.empty()) msg += "; allowed: " + std::string(allowed);
    return fail(std::move(msg));
}

std::string parameterNamed(std::string_view message) {
    constexpr std::string_view kHead = "parameter '";
    if (!message.starts_with(kHead)) return {};
    message.remove_prefix(kHead.size());
    const auto end = message.find('\'');
    if (end == std::string_view::npos || end == 0) return {};
    return std::string(message.substr(0, end));
}

}  // namespace poslab::core
