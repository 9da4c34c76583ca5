#include "core/models/json_access.h"

#include <charconv>
#include <cmath>

namespace poslab::core::models::detail {

std::string show(double v) {
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

std::string describe(const Json& v) {
    if (v.is_string()) return "\"" + echo(v.get_ref<const std::string&>()) + "\"";
    if (v.is_array()) return v.empty() ? "[]" : "[…]";
    if (v.is_object()) return v.empty() ? "{}" : "{…}";
    if (v.is_number_float()) return show(v.get<double>());
    return v.dump();  // an integer, true, false or null: a few characters
}

const Json* Source::find(const std::string& key) const {
    for (const Json* o : {m_object, m_outer}) {
        if (!o || !o->is_object()) continue;
        auto it = o->find(key);
        if (it != o->end()) return it->is_null() ? nullptr : &*it;
    }
    return nullptr;
}

std::string Source::name(const std::string& key) const {
    return m_path.empty() ? key : m_path + "." + key;
}

Expected<std::optional<double>> Source::number(const std::string& key) const {
    const Json* v = find(key);
    if (!v) return std::optional<double>();
    if (!v->is_number()) return fail(name(key) + ": expected a number, got " + describe(*v));
    const double x = v->get<double>();
    if (!std::isfinite(x)) return fail(name(key) + ": not a finite number");
    return std::optional<double>(x);
}

Expected<std::optional<double>> Source::positive(const std::string& key) const {
    auto x = number(key);
    if (!x || !*x) return x;
    if (!(**x > 0)) return fail(name(key) + ": must be greater than 0, got " + show(**x));
    return x;
}

Expected<std::optional<std::int64_t>> Source::count(const std::string& key) const {
    auto x = number(key);
    if (!x) return x.error();
    if (!*x) return std::optional<std::int64_t>();
    const double v = **x;
    if (!(v >= 1) || v != std::floor(v) || v > 9.0e15)
        return fail(name(key) + ": expected a positive whole number, got " + show(v));
    return std::optional<std::int64_t>(static_cast<std::int64_t>(v));
}

Expected<std::optional<std::string>> Source::text(const std::string& key) const {
    const Json* v = find(key);
    if (!v) return std::optional<std::string>();
    if (!v->is_string()) return fail(name(key) + ": expected a string, got " + describe(*v));
    return std::optional<std::string>(v->get<std::string>());
}

Expected<std::optional<bool>> Source::boolean(const std::string& key) const {
    const Json* v = find(key);
    if (!v) return std::optional<bool>();
    if (!v->is_boolean()) return fail(name(key) + ": expected true or false, got " + describe(*v));
    return std::optional<bool>(v->get<bool>());
}

Expected<std::optional<std::vector<double>>> Source::numbers(const std::string& key) const {
    const Json* v = find(key);
    if (!v) return std::optional<std::vector<double>>();
    if (!v->is_array()) return fail(name(key) + ": expected a list of numbers");
    std::vector<double> out;
    for (std::size_t i = 0; i < v->size(); ++i) {
        const Json& e = (*v)[i];
        if (!e.is_number())
            return fail(name(key) + "[" + std::to_string(i) + "]: expected a number, got " +
                        describe(e));
        const double x = e.get<double>();
        if (!std::isfinite(x))
            return fail(name(key) + "[" + std::to_string(i) + "]: not a finite number");
        out.push_back(x);
    }
    return std::optional<std::vector<double>>(std::move(out));
}

}  // namespace poslab::core::models::detail
