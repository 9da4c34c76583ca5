// printable() and echo() (declared in core/expected.h): the one way input text reaches a message.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/expected.h"

namespace poslab::core {

namespace {

constexpr const char* kHex = "0123456789abcdef";

// Code points shown as escapes: a terminal or a text view would act on them (C1 controls such as
// CSI and NEL, line and paragraph separators) or they would reorder what follows (bidi controls).
bool invisibleControl(std::uint32_t cp) {
    return (cp >= 0x80 && cp <= 0x9f) || cp == 0x061c || cp == 0x200e || cp == 0x200f ||
           cp == 0x2028 || cp == 0x2029 || (cp >= 0x202a && cp <= 0x202e) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

// The length of the well-formed UTF-8 sequence at `s[i]` and its code point, or 0 when the bytes
// there are not UTF-8 (overlong forms, surrogates and values past U+10FFFF included).
std::size_t decode(std::string_view s, std::size_t i, std::uint32_t* cp) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    std::uint32_t v = 0, min = 0;
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    } else if ((b0 & 0xe0) == 0xc0) {
        n = 2, v = b0 & 0x1f, min = 0x80;
    } else if ((b0 & 0xf0) == 0xe0) {
        n = 3, v = b0 & 0x0f, min = 0x800;
    } else if ((b0 & 0xf8) == 0xf0) {
        n = 4, v = b0 & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xc0) != 0x80) return 0;
        v = (v << 6) | (b & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
    *cp = v;
    return n;
}

void hexByte(std::string& out, unsigned char c) {
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 15];
}

// Appends one shown character for the input at `s[i]` and returns how many bytes it took.
std::size_t appendShown(std::string& out, std::string_view s, std::size_t i) {
    std::uint32_t cp = 0;
    const std::size_t n = decode(s, i, &cp);
    if (n == 0) {
        hexByte(out, static_cast<unsigned char>(s[i]));
        return 1;
    }
    if (cp == '\n') {
        out += "\\n";
    } else if (cp == '\r') {
        out += "\\r";
    } else if (cp == '\t') {
        out += "\\t";
    } else if (cp < 0x20 || cp == 0x7f) {
        hexByte(out, static_cast<unsigned char>(cp));
    } else if (invisibleControl(cp)) {
        out += "\\u";
        for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(cp >> shift) & 15];
    } else {
        out.append(s.substr(i, n));
    }
    return n;
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) i += appendShown(out, text, i);
    return out;
}

std::string echo(std::string_view text, std::size_t limit) {
    std::string out;
    std::size_t characters = 0, shown = 0, i = 0;
    // The start, one shown character at a time (an escape counts as one, and is never cut),
    // until the limit; then only the characters are counted.
    while (i < text.size() && shown < limit) {
        i += appendShown(out, text, i);
        ++shown;
        ++characters;
    }
    if (i == text.size()) return out;
    for (; i < text.size(); ++characters) {
        std::uint32_t cp = 0;
        const std::size_t n = decode(text, i, &cp);
        i += n == 0 ? 1 : n;
    }
    return out + "\u2026 (" + std::to_string(characters) + " characters)";
}

}  // namespace poslab::core
