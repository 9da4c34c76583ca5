#include "core/models/json_scan.h"

#include <clocale>
#include <cmath>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace poslab::core::models::detail {

namespace {

// One open array or object: the key of its current value (raw text between the quotes), or the
// index of its current item.
struct Frame {
    bool object = false;
    bool expectKey = false;
    std::string_view key;
    std::size_t index = 0;
};

bool numberChar(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// Walks the text once, keeping the frames of the first `maxDepth` levels. `deep(frames)` is called
// where the nesting first passes maxDepth, `number(frames, token)` for each number; the walk stops
// when either returns true. Strings are skipped as a whole, so nothing in them counts.
template <class Deep, class Number>
void walk(std::string_view text, std::size_t maxDepth, Deep deep, Number number) {
    std::vector<Frame> frames;
    std::size_t depth = 0;
    const auto top = [&]() -> Frame* {
        return depth > 0 && depth == frames.size() ? &frames.back() : nullptr;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            const std::size_t begin = i + 1;
            for (++i; i < text.size() && text[i] != '"'; ++i)
                if (text[i] == '\\') ++i;
            Frame* f = top();
            if (f && f->object && f->expectKey)
                f->key = text.substr(begin, std::min(i, text.size()) - begin);
        } else if (c == '{' || c == '[') {
            if (++depth > maxDepth) {
                if (depth == maxDepth + 1 && deep(frames)) return;
            } else {
                frames.push_back({c == '{', c == '{', {}, 0});
            }
        } else if ((c == '}' || c == ']') && depth > 0) {
            if (depth-- <= maxDepth) frames.pop_back();
        } else if (c == ',' || c == ':') {
            if (Frame* f = top()) {
                if (c == ':')
                    f->expectKey = false;
                else if (f->object)
                    f->expectKey = true;
                else
                    ++f->index;
            }
        } else if (numberChar(c)) {
            std::size_t end = i;
            while (end < text.size() && numberChar(text[end])) ++end;
            if (number(frames, text.substr(i, end - i))) return;
            i = end - 1;
        }
    }
}

std::string pathOf(const std::vector<Frame>& frames) {
    std::string out;
    for (const Frame& f : frames) {
        if (f.object)
            out += (out.empty() ? "" : ".") + std::string(f.key);
        else
            out += "[" + std::to_string(f.index) + "]";
    }
    return out;
}

}  // namespace

std::string deepKey(std::string_view text, std::size_t maxDepth) {
    std::string out;
    walk(
        text, maxDepth,
        [&](const std::vector<Frame>& frames) {
            if (frames.empty() || !frames[0].object) return true;
            out = frames[0].key;
            if (out == "text_config" && frames.size() > 1 && frames[1].object)
                out += "." + std::string(frames[1].key);
            return true;
        },
        [](const std::vector<Frame>&, std::string_view) { return false; });
    return out;
}

std::optional<std::string> overflowingNumber(std::string_view text, std::size_t maxDepth) {
    std::optional<std::string> out;
    walk(
        text, maxDepth, [](const std::vector<Frame>&) { return false; },
        [&](const std::vector<Frame>& frames, std::string_view token) {
            // As nlohmann reads it: strtod with the locale's decimal point.
            std::string copy(token);
            for (char& ch : copy)
                if (ch == '.') ch = *std::localeconv()->decimal_point;
            if (!std::isinf(std::strtod(copy.c_str(), nullptr))) return false;
            out = pathOf(frames);
            return true;
        });
    return out;
}

}  // namespace poslab::core::models::detail
