// Typed, non-throwing reads of config keys with errors that name the key (models.md M3). Only
// core/models/*.cpp include this header, so nlohmann-json stays private to core.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/expected.h"

namespace poslab::core::models::detail {

using Json = nlohmann::json;

// An object of a config plus the path that names it in messages ("rope_scaling"), and an outer
// object consulted for keys this one lacks (the top level around a `text_config`).
class Source {
public:
    Source(const Json* object, std::string path, const Json* outer = nullptr)
        : m_object(object), m_path(std::move(path)), m_outer(outer) {}

    // The value of `key`, or nullptr when absent (a JSON null counts as absent).
    const Json* find(const std::string& key) const;
    bool has(const std::string& key) const { return find(key) != nullptr; }
    std::string name(const std::string& key) const;  // "rope_scaling.factor"

    Expected<std::optional<double>> number(const std::string& key) const;  // finite
    // A finite number > 0.
    Expected<std::optional<double>> positive(const std::string& key) const;
    // A positive whole number (4096 or 4096.0).
    Expected<std::optional<std::int64_t>> count(const std::string& key) const;
    Expected<std::optional<std::string>> text(const std::string& key) const;
    Expected<std::optional<bool>> boolean(const std::string& key) const;
    // A list of finite numbers.
    Expected<std::optional<std::vector<double>>> numbers(const std::string& key) const;

    const Json* object() const { return m_object; }
    const std::string& path() const { return m_path; }

private:
    const Json* m_object;
    std::string m_path;
    const Json* m_outer;
};

// "text of a number" for messages, shortest round trip.
std::string show(double v);

// A value of the config as a message shows it, bounded whatever the value: a string through
// echo() in quotes, a number or literal as written, a list or an object only as "[…]" / "{…}"
// (dumping it would recurse and could run to megabytes).
std::string describe(const Json& v);

}  // namespace poslab::core::models::detail
