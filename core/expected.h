// Errors as values: core never throws across its boundary.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace poslab::core {

struct Error {
    std::string message;
};

inline Error fail(std::string message) { return Error{std::move(message)}; }

// A value or an Error (C++20 has no std::expected).
template <class T>
class Expected {
public:
    Expected(T value) : m_v(std::move(value)) {}          // NOLINT(google-explicit-constructor)
    Expected(Error error) : m_v(std::move(error)) {}      // NOLINT(google-explicit-constructor)

    bool ok() const { return std::holds_alternative<T>(m_v); }
    explicit operator bool() const { return ok(); }
    T& value() & { return std::get<T>(m_v); }
    const T& value() const& { return std::get<T>(m_v); }
    T&& value() && { return std::get<T>(std::move(m_v)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<Error>(m_v); }

private:
    std::variant<T, Error> m_v;
};

// Success or an Error.
class Status {
public:
    Status() = default;
    Status(Error error) : m_error(std::move(error)), m_failed(true) {}  // NOLINT
    static Status success() { return {}; }
    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return m_error; }

private:
    Error m_error;
    bool m_failed = false;
};

}  // namespace poslab::core
