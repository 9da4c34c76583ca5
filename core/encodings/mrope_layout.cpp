#include "core/encodings/mrope_layout.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

namespace poslab::core::enc {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// A whole number >= 1 written with digits only.
std::optional<std::int64_t> positive(std::string_view s) {
    std::int64_t v = 0;
    if (s.empty() || s.front() == '+' || s.front() == '-') return std::nullopt;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
    return v;
}

// "TxHxW" into three numbers (any of them may be < 1: the caller names that).
bool grid(std::string_view s, std::int64_t* t, std::int64_t* h, std::int64_t* w) {
    const auto x1 = s.find('x');
    const auto x2 = x1 == std::string_view::npos ? x1 : s.find('x', x1 + 1);
    if (x2 == std::string_view::npos || s.find('x', x2 + 1) != std::string_view::npos) return false;
    const auto a = positive(s.substr(0, x1)), b = positive(s.substr(x1 + 1, x2 - x1 - 1)),
               c = positive(s.substr(x2 + 1));
    if (!a || !b || !c) return false;
    *t = *a;
    *h = *b;
    *w = *c;
    return true;
}

constexpr const char* kForms = "text:N, image:1xHxW or video:TxHxW[@S]";
constexpr std::int64_t kMaxItemSize = std::int64_t(1) << 30;
constexpr double kMaxId = 4503599627370496.0;  // 2^52

}  // namespace

Error mropeLayoutError(std::string_view text, std::string_view why) {
    std::string shown = echo(text, 60);
    std::replace(shown.begin(), shown.end(), '\'', '"');
    return fail("parameter 'layout' = '" + shown + "': " + std::string(why) +
                "; allowed: " + kMropeLayoutForm);
}

Expected<std::vector<MropeItem>> parseMropeLayout(std::string_view text, std::int64_t merge) {
    if (trim(text).empty()) return mropeLayoutError(text, "empty");
    std::vector<MropeItem> out;
    std::size_t start = 0;
    for (int index = 1; start <= text.size(); ++index) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = trim(text.substr(start, comma - start));
        start = comma + 1;
        std::string shown = echo(item, 40);
        std::replace(shown.begin(), shown.end(), '\'', '"');
        const std::string where = "item " + std::to_string(index) + " '" + shown + "'";
        auto bad = [&](const std::string& why) {
            return mropeLayoutError(text, where + ": " + why);
        };
        const auto colon = item.find(':');
        const std::string_view kind = item.substr(0, colon);
        const std::string_view rest =
            colon == std::string_view::npos ? std::string_view() : item.substr(colon + 1);
        MropeItem m;
        if (kind == "text") {
            const auto n = positive(rest);
            if (!n || *n < 1 || *n > kMaxItemSize)
                return bad("expected text:N with N a whole number >= 1");
            m.count = *n;
        } else if (kind == "image" || kind == "video") {
            m.kind = kind == "image" ? MropeItem::Kind::Image : MropeItem::Kind::Video;
            std::string_view size = rest;
            if (const auto at = rest.find('@'); at != std::string_view::npos) {
                if (m.kind == MropeItem::Kind::Image)
                    return bad("seconds per grid (@S) are for videos only");
                const std::string_view secs = rest.substr(at + 1);
                double s = 0;
                const auto r = std::from_chars(secs.data(), secs.data() + secs.size(), s);
                if (secs.empty() || r.ec != std::errc() || r.ptr != secs.data() + secs.size() ||
                    !std::isfinite(s) || s < 0)
                    return bad("the seconds per grid (@S) must be a finite number >= 0");
                m.secondsPerGrid = s;
                size = rest.substr(0, at);
            }
            if (!grid(size, &m.t, &m.h, &m.w) || m.t < 1 || m.h < 1 || m.w < 1 ||
                m.t > kMaxItemSize || m.h > kMaxItemSize || m.w > kMaxItemSize)
                return bad(m.kind == MropeItem::Kind::Image
                               ? "expected image:1xHxW with whole numbers >= 1"
                               : "expected video:TxHxW[@S] with whole numbers >= 1");
            if (m.kind == MropeItem::Kind::Image && m.t != 1)
                return bad(
                    "an image has one temporal grid (T = 1); use video:" + std::to_string(m.t) +
                    "x" + std::to_string(m.h) + "x" + std::to_string(m.w) + " for more");
            if (merge >= 1 && (m.h % merge != 0 || m.w % merge != 0))
                return bad("H and W must be multiples of merge = " + std::to_string(merge));
        } else {
            return bad(std::string("expected ") + kForms);
        }
        out.push_back(m);
    }
    return out;
}

namespace {

// The runs: text, or one vision block; split frames make a video of T grids T blocks.
struct Run {
    MropeItem::Kind kind;
    std::int64_t count, t, h, w;
    double seconds;
};

Expected<std::int64_t> layoutRuns(const std::vector<MropeItem>& layout, const MropeOptions& o,
                                  std::int64_t maxTokens, std::vector<Run>* runs) {
    std::int64_t n = 0;
    auto add = [&](const Run& r) -> Status {
        // T x H' x W' of items up to 2^30 each overflows int64 (the fuzzer's 73680005 x 3733 x
        // 500873680): compared in double first, multiplied only when it fits.
        const double size =
            r.kind == MropeItem::Kind::Text
                ? static_cast<double>(r.count)
                : static_cast<double>(r.t) * static_cast<double>(r.h) * static_cast<double>(r.w);
        if (size > static_cast<double>(maxTokens - n))
            return fail("the layout has more than " + std::to_string(maxTokens) +
                        " tokens (the memory budget's limit)");
        n += static_cast<std::int64_t>(size);
        if (runs) runs->push_back(r);
        return {};
    };
    for (const MropeItem& m : layout) {
        if (m.kind == MropeItem::Kind::Text) {
            if (auto st = add({m.kind, m.count, 0, 0, 0, 0}); !st) return st.error();
            continue;
        }
        if (m.h % o.merge != 0 || m.w % o.merge != 0)
            return fail("layout: H and W must be multiples of merge = " + std::to_string(o.merge));
        const std::int64_t hm = m.h / o.merge, wm = m.w / o.merge;
        const double secs = m.secondsPerGrid.value_or(o.secondPerGrid);
        const bool split = o.splitFrames && m.kind == MropeItem::Kind::Video && m.t > 1;
        if (split && !runs) {  // counting only: T frames and T - 1 gaps at once, not frame by frame
            const double size = static_cast<double>(m.t) * static_cast<double>(hm * wm) +
                                static_cast<double>(m.t - 1) * static_cast<double>(o.frameGap);
            if (size > static_cast<double>(maxTokens - n))
                return fail("the layout has more than " + std::to_string(maxTokens) +
                            " tokens (the memory budget's limit)");
            n += static_cast<std::int64_t>(size);
            continue;
        }
        for (std::int64_t k = 0; k < (split ? m.t : 1); ++k) {
            if (split && k > 0 && o.frameGap > 0)
                if (auto st = add({MropeItem::Kind::Text, o.frameGap, 0, 0, 0, 0}); !st)
                    return st.error();
            if (auto st = add({m.kind, 0, split ? 1 : m.t, hm, wm, secs}); !st) return st.error();
        }
    }
    return n;
}

}  // namespace

namespace {

// The options both the count and the ids need, refused alike (the fuzzer found the count
// accepting a negative frame_gap that the ids then refused).
Status checkOptions(const MropeOptions& o) {
    if (o.merge < 1) return fail("parameter 'merge' must be an integer >= 1");
    if (!std::isfinite(o.tokensPerSecond) || !(o.tokensPerSecond > 0))
        return fail("parameter 'tokens_per_second' must be a finite real > 0");
    if (!std::isfinite(o.secondPerGrid) || o.secondPerGrid < 0)
        return fail("parameter 'second_per_grid' must be a finite real >= 0");
    if (o.frameGap < 0) return fail("parameter 'frame_gap' must be an integer >= 0");
    if (o.offset < 0) return fail("parameter 'offset' must be an integer >= 0");
    return {};
}

}  // namespace

Expected<std::int64_t> mropeTokenCount(const std::vector<MropeItem>& layout,
                                       const MropeOptions& options, std::int64_t maxTokens) {
    if (auto st = checkOptions(options); !st) return st.error();
    return layoutRuns(layout, options, maxTokens, nullptr);
}

Expected<MropePositions> mropePositions(const std::vector<MropeItem>& layout, const MropeOptions& o,
                                        std::int64_t maxTokens) {
    if (auto st = checkOptions(o); !st) return st.error();
    std::vector<Run> runs;
    const auto count = layoutRuns(layout, o, maxTokens, &runs);
    if (!count) return count.error();
    const std::int64_t n = *count;
    MropePositions p;
    p.n = n;
    for (auto& axis : p.ids) axis.reserve(static_cast<std::size_t>(n));
    p.tokenType.reserve(static_cast<std::size_t>(n));
    std::int64_t s = 0, largest = -1;
    for (const Run& r : runs) {
        if (r.kind == MropeItem::Kind::Text) {
            for (std::int64_t i = 0; i < r.count; ++i) {
                for (auto& axis : p.ids) axis.push_back(s + i);
                p.tokenType.push_back(0);
            }
            largest = std::max(largest, s + r.count - 1);
            s = o.advance == MropeAdvance::Max ? largest + 1 : s + r.count;
            continue;
        }
        const bool absolute = o.absoluteTime && r.kind == MropeItem::Kind::Video;
        for (std::int64_t k = 0; k < r.t; ++k) {
            const double time =
                absolute ? std::floor(static_cast<double>(k) * r.seconds * o.tokensPerSecond)
                         : static_cast<double>(k);
            // Ids stay exact integers in a double (the angles are id x theta): past 2^52 a video's
            // seconds per grid times tokens_per_second is refused, never wrapped.
            if (!(static_cast<double>(s) + time < kMaxId))
                return fail(
                    "a video's time ids pass 2^52 (k x seconds per grid x "
                    "tokens_per_second): give it fewer seconds per grid");
            const auto tau = static_cast<std::int64_t>(time);
            for (std::int64_t row = 0; row < r.h; ++row)
                for (std::int64_t col = 0; col < r.w; ++col) {
                    p.ids[0].push_back(s + tau);
                    p.ids[1].push_back(s + row);
                    p.ids[2].push_back(s + col);
                    p.tokenType.push_back(r.kind == MropeItem::Kind::Image ? 1 : 2);
                    largest = std::max({largest, s + tau, s + row, s + col});
                }
        }
        s = o.advance == MropeAdvance::Max ? largest + 1 : s + std::max(r.h, r.w);
    }
    std::int64_t top = -1;
    for (auto& axis : p.ids)
        for (auto& id : axis) {
            id += o.offset;
            top = std::max(top, id);
        }
    p.ropeDelta = top + 1 - n;
    return p;
}

Expected<std::vector<int>> mropePairAxis(std::int64_t d, const std::array<std::int64_t, 3>& sec,
                                         bool interleaved) {
    if (d < 2 || d % 2 != 0) return fail("parameter 'd' must be an even integer >= 2");
    const std::int64_t half = d / 2;
    if (sec[0] < 0 || sec[1] < 0 || sec[2] < 0 || sec[0] + sec[1] + sec[2] != half)
        return fail("parameter 'mrope_section' = '" + std::to_string(sec[0]) + "," +
                    std::to_string(sec[1]) + "," + std::to_string(sec[2]) + "': adds up to " +
                    std::to_string(sec[0] + sec[1] + sec[2]) +
                    ", not d/2 = " + std::to_string(half) + "; allowed: " + kMropeSectionForm);
    std::vector<int> axis(static_cast<std::size_t>(half), 0);
    for (std::int64_t j = 0; j < half; ++j) {
        int a = 0;
        if (interleaved) {
            if (j % 3 == 1 && j < 3 * sec[1]) a = 1;
            if (j % 3 == 2 && j < 3 * sec[2]) a = 2;
        } else {
            a = j < sec[0] ? 0 : (j < sec[0] + sec[1] ? 1 : 2);
        }
        axis[static_cast<std::size_t>(j)] = a;
    }
    return axis;
}

}  // namespace poslab::core::enc
