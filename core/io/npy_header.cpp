#include "core/io/npy_header.h"

#include <cstdint>
#include <limits>

namespace poslab::core::io {

namespace {

class DictReader {
public:
    explicit DictReader(std::string_view text) : m_text(text) {}

    void skipSpace() {
        while (m_pos < m_text.size() &&
               (m_text[m_pos] == ' ' || m_text[m_pos] == '\t' || m_text[m_pos] == '\n'))
            ++m_pos;
    }
    bool take(char c) {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    bool peek(char c) {
        skipSpace();
        return m_pos < m_text.size() && m_text[m_pos] == c;
    }
    bool atEnd() {
        skipSpace();
        return m_pos >= m_text.size();
    }
    // A quoted string ('…' or "…") without escapes (NumPy's keys and dtype strings have none).
    Expected<std::string> string() {
        skipSpace();
        if (m_pos >= m_text.size() || (m_text[m_pos] != '\'' && m_text[m_pos] != '"'))
            return fail("header: a quoted string was expected");
        const char quote = m_text[m_pos++];
        const std::size_t end = m_text.find(quote, m_pos);
        if (end == std::string_view::npos) return fail("header: a string is not closed");
        std::string s(m_text.substr(m_pos, end - m_pos));
        if (s.find('\\') != std::string::npos) return fail("header: escapes are not supported");
        m_pos = end + 1;
        return s;
    }
    Expected<bool> boolean() {
        skipSpace();
        for (auto [word, value] : {std::pair{std::string_view("True"), true}, {"False", false}}) {
            if (m_text.substr(m_pos, word.size()) == word) {
                m_pos += word.size();
                return value;
            }
        }
        return fail("header: 'fortran_order' must be True or False");
    }
    // A non-negative decimal integer that fits in int64.
    Expected<std::int64_t> integer() {
        skipSpace();
        std::int64_t v = 0;
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
            const int digit = m_text[m_pos++] - '0';
            if (v > (std::numeric_limits<std::int64_t>::max() - digit) / 10)
                return fail("header: a shape entry is too large");
            v = v * 10 + digit;
        }
        if (m_pos == start) return fail("header: 'shape' must be a tuple of integers");
        // 8.0 or 8L: not an integer the way NumPy writes it.
        if (m_pos < m_text.size() && (m_text[m_pos] == '.' || m_text[m_pos] == 'L' ||
                                      m_text[m_pos] == 'e' || m_text[m_pos] == 'x'))
            return fail("header: 'shape' must be a tuple of integers");
        return v;
    }
    Expected<Shape> tuple() {
        if (!take('(')) return fail("header: 'shape' must be a tuple of integers");
        Shape shape;
        while (!take(')')) {
            auto v = integer();
            if (!v) return v.error();
            shape.push_back(*v);
            if (take(',')) continue;
            if (!peek(')')) return fail("header: 'shape' must be a tuple of integers");
        }
        // NumPy writes (n,) for one dimension; (n) would be an int, not a tuple.
        return shape;
    }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
};

}  // namespace

Expected<NpyHeader> parseNpyHeaderDict(std::string_view text) {
    if (text.size() > kMaxNpyHeaderBytes)
        return fail("header of " + std::to_string(text.size()) + " bytes is longer than " +
                    std::to_string(kMaxNpyHeaderBytes) + " (NumPy's limit)");
    DictReader r(text);
    if (!r.take('{')) return fail("header: not a dictionary");
    NpyHeader h;
    bool haveDescr = false, haveOrder = false, haveShape = false;
    while (!r.take('}')) {
        auto key = r.string();
        if (!key) return key.error();
        if (!r.take(':')) return fail("header: ':' expected after '" + *key + "'");
        bool* seen = *key == "descr"           ? &haveDescr
                     : *key == "fortran_order" ? &haveOrder
                     : *key == "shape"         ? &haveShape
                                               : nullptr;
        if (!seen) return fail("header: unexpected key '" + key->substr(0, 40) + "'");
        if (*seen) return fail("header: key '" + *key + "' given twice");
        *seen = true;
        if (*key == "descr") {
            auto v = r.string();
            if (!v) return fail("header: 'descr' must be a string");
            h.descr = std::move(*v);
        } else if (*key == "fortran_order") {
            auto v = r.boolean();
            if (!v) return v.error();
            h.fortranOrder = *v;
        } else {
            auto v = r.tuple();
            if (!v) return v.error();
            h.shape = std::move(*v);
        }
        if (r.take(',')) continue;
        if (!r.peek('}')) return fail("header: ',' or '}' expected");
    }
    if (!r.atEnd()) return fail("header: text after the dictionary");
    if (!haveDescr) return fail("header has no 'descr'");
    if (!haveOrder) return fail("header has no 'fortran_order'");
    if (!haveShape) return fail("header has no 'shape'");
    return h;
}

}  // namespace poslab::core::io
