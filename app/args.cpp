#include "app/args.h"

#include <algorithm>
#include <utility>

namespace poslab::app {

namespace {

std::string joined(const std::vector<std::string>& words, const char* separator) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : separator) + w;
    return out;
}

// "-o/--output FILE", "--backend cpu|auto|vulkan", "--json": what the usage and the
// unknown-option message list.
std::string usageOf(const Option& o) {
    std::string out = joined(o.names, "/");
    if (!o.takesValue()) return out;
    return out + " " + (o.allowed.empty() ? o.valueName : joined(o.allowed, "|"));
}

std::string usageOf(const OptionTable& table) {
    std::vector<std::string> parts;
    for (const auto& o : table) parts.push_back(usageOf(o));
    return joined(parts, ", ");
}

const Option* find(const OptionTable& table, const std::string& name) {
    for (const auto& o : table)
        if (std::find(o.names.begin(), o.names.end(), name) != o.names.end()) return &o;
    return nullptr;
}

bool contains(const std::vector<std::string>& words, const std::string& w) {
    return std::find(words.begin(), words.end(), w) != words.end();
}

// Stores one value of `o` given as `name`; "" or the error.
std::string store(const Option& o, const std::string& name, const std::string& v) {
    if (!o.allowed.empty() && !contains(o.allowed, v) && !contains(o.aliases, v))
        return badValue(name, v, joined(o.allowed, ", "));
    if (o.check)
        if (std::string allowed = o.check(v); !allowed.empty()) return badValue(name, v, allowed);
    if (auto* s = std::get_if<std::string*>(&o.target)) {
        **s = v;
    } else if (auto* list = std::get_if<std::vector<std::string>*>(&o.target)) {
        (*list)->push_back(v);
    } else if (auto* pairs = std::get_if<core::TextParams*>(&o.target)) {
        const auto eq = v.find('=');
        if (eq == std::string::npos || eq == 0) return "parameter '" + v + "' is not KEY=VALUE";
        const std::string key = v.substr(0, eq);
        for (const auto& [k, value] : **pairs)
            if (k == key)  // which of the two was meant cannot be guessed (issue 14 F12)
                return "parameter '" + key + "' is given twice (" + key + "=" + value + " and " +
                       v + "); give each parameter once";
        (*pairs)->emplace_back(key, v.substr(eq + 1));
    }
    return {};
}

}  // namespace

Option& Option::alsoAccepts(std::vector<std::string> words) {
    aliases = std::move(words);
    return *this;
}

Option& Option::checkedBy(ValueCheck fn) {
    check = std::move(fn);
    return *this;
}

Option flag(std::vector<std::string> names, bool* target, bool value) {
    Option o;
    o.names = std::move(names);
    o.target = target;
    o.flagValue = value;
    return o;
}

Option valued(std::vector<std::string> names, std::string* target, std::string valueName) {
    Option o;
    o.names = std::move(names);
    o.target = target;
    o.valueName = std::move(valueName);
    return o;
}

Option oneOf(std::vector<std::string> names, std::string* target,
             std::vector<std::string> allowed) {
    Option o = valued(std::move(names), target, {});
    o.allowed = std::move(allowed);
    return o;
}

Option keyValues(std::vector<std::string> names, core::TextParams* target) {
    Option o;
    o.names = std::move(names);
    o.target = target;
    o.valueName = "KEY=VALUE";
    return o;
}

Option valueList(std::vector<std::string> names, std::vector<std::string>* target,
                 std::string valueName) {
    Option o;
    o.names = std::move(names);
    o.target = target;
    o.valueName = std::move(valueName);
    return o;
}

std::string badValue(const std::string& option, const std::string& value,
                     const std::string& allowed) {
    return "option '" + option + "' = " + value + ": allowed: " + allowed;
}

int parseOptions(const std::string& command, const Args& args, const OptionTable& table,
                 std::vector<std::string>* positional) {
    // The value options already given, with their value: a second one is refused, as a repeated
    // `-p` key is (issue 23 note 2: `--memory-budget 256MiB --memory-budget 1TiB` kept the last).
    std::vector<std::pair<const Option*, std::string>> given;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool isOption = a.size() > 1 && a[0] == '-';  // a lone "-" is a name
        if (!isOption && positional) {
            positional->push_back(a);
            continue;
        }
        const Option* o = isOption ? find(table, a) : nullptr;
        if (!o) {
            const std::string what = isOption ? "unknown option '" : "unknown argument '";
            return fail(command, what + a + "'; allowed: " + usageOf(table));
        }
        if (!o->takesValue()) {
            *std::get<bool*>(o->target) = o->flagValue;
            continue;
        }
        if (i + 1 >= args.size()) return fail(command, "option '" + a + "' needs a value");
        if (!o->repeatable()) {
            for (const auto& [seen, value] : given)
                if (seen == o)
                    return fail(command, "option '" + a + "' is given twice (" + core::echo(value) +
                                             " and " + core::echo(args[i + 1]) + "); give it once");
            given.emplace_back(o, args[i + 1]);
        }
        if (std::string error = store(*o, a, args[++i]); !error.empty())
            return fail(command, error);
    }
    return 0;
}

}  // namespace poslab::app
