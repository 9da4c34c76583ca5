// Errors as values: core never throws across its boundary.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace poslab::core {

// What went wrong, for callers that react to it (fall back, mark a field, stay silent on a
// cancel); the message is for people and is never matched.
enum class Errc {
    InvalidParameter,   // a value out of range, inconsistent values, a bad input file's content
    UnknownName,        // an encoding, quantity, parameter or view that does not exist
    OverBudget,         // the result or its working memory would exceed the memory budget
    Cancelled,          // the caller's cancel flag was raised
    Io,                 // a file could not be read or written
    VulkanUnavailable,  // no loader, driver or device; or an operation the device cannot run
    DeviceLost,         // the device failed during a computation
    NoShader,           // the backend has no kernel for this quantity or these parameters
    Internal,           // a broken invariant: a bug
};

// A short stable name of a code ("invalid-parameter", ...), for logs and tests.
constexpr const char* errcName(Errc code) {
    switch (code) {
        case Errc::InvalidParameter:
            return "invalid-parameter";
        case Errc::UnknownName:
            return "unknown-name";
        case Errc::OverBudget:
            return "over-budget";
        case Errc::Cancelled:
            return "cancelled";
        case Errc::Io:
            return "io";
        case Errc::VulkanUnavailable:
            return "vulkan-unavailable";
        case Errc::DeviceLost:
            return "device-lost";
        case Errc::NoShader:
            return "no-shader";
        case Errc::Internal:
            return "internal";
    }
    return "?";
}

struct Error {
    Errc code = Errc::InvalidParameter;
    std::string message;

    Error() = default;
    explicit Error(std::string text) : message(std::move(text)) {}
    Error(Errc errc, std::string text) : code(errc), message(std::move(text)) {}
};

// The one way to show text that came from a file, an argument or the environment
// (core/echo.cpp). `printable` keeps it on one line and harmless to a terminal: C0 controls and
// DEL, C1 controls (U+0080-U+009F), U+2028/U+2029 and the bidirectional controls are written as
// escapes (\n, \x1b, \u202e), and bytes that are not UTF-8 as \xNN. `echo` does the same and
// shortens a long value to `limit` characters: its start, an ellipsis and its length
// ("abcd… (120000 characters)"). Values are echoed; whole messages are made printable.
constexpr std::size_t kEchoLimit = 80;
constexpr std::size_t kEchoPathLimit = 240;  // a path: long ones are common, still bounded
std::string printable(std::string_view text);
std::string echo(std::string_view text, std::size_t limit = kEchoLimit);

// An invalid-parameter error (the common case in core); the two-argument form names the code.
inline Error fail(std::string message) {
    return Error{std::move(message)};
}
inline Error fail(Errc code, std::string message) {
    return Error{code, std::move(message)};
}

// A value or an Error (C++20 has no std::expected).
template <class T>
class Expected {
public:
    Expected(T value) : m_v(std::move(value)) {}      // NOLINT(google-explicit-constructor)
    Expected(Error error) : m_v(std::move(error)) {}  // NOLINT(google-explicit-constructor)

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
