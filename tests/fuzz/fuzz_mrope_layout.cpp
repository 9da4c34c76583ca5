// libFuzzer harness: M-RoPE's layout grammar and position ids (spec E1, issue 28). The input is
// one line of options, then the layout text: "merge frame_gap flags" (flags: s split frames, a
// absolute time, p spatial advance), e.g. "2 1 sa\ntext:4,video:3x8x8@0.5". Everything goes
// through parseMropeLayout, mropeTokenCount and, for at most 4096 tokens, mropePositions and the
// angles of a small d. Oracle: no crash; every refusal is one line naming the layout (or the
// option); the token count agrees with the ids made; every id is at least the offset; rope_delta
// is max id + 1 - n; text tokens carry one id on all three axes.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/encodings/mrope_layout.h"
#include "core/encodings/mrope_math.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace poslab::core;
    using namespace poslab::core::enc;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    std::string options, layout;
    std::getline(in, options);
    std::getline(in, layout, '\0');
    long merge = 2, gap = 0;
    std::string flags;
    std::istringstream(options) >> merge >> gap >> flags;
    MropeOptions o;
    o.merge = std::clamp<long>(merge, -1, 64);
    o.frameGap = std::clamp<long>(gap, -1, 64);
    o.splitFrames = flags.find('s') != std::string::npos;
    o.absoluteTime = flags.find('a') != std::string::npos;
    o.advance = flags.find('p') != std::string::npos ? MropeAdvance::Spatial : MropeAdvance::Max;
    o.offset = 7;
    o.secondPerGrid = 0.75;
    const auto oneLine = [](const Error& e) {
        if (e.message.empty() || e.message.find('\n') != std::string::npos) std::abort();
    };
    const auto items = parseMropeLayout(layout, o.merge);
    if (!items) {
        oneLine(items.error());
        if (items.error().message.rfind("parameter 'layout'", 0) != 0) std::abort();
        return 0;
    }
    constexpr std::int64_t kMax = 4096;
    const auto n = mropeTokenCount(*items, o, std::int64_t(1) << 24);  // the encoding's bound
    if (!n) {
        oneLine(n.error());
        return 0;
    }
    const auto p = mropePositions(*items, o, kMax);
    if (!p) {
        oneLine(p.error());
        // Within the bound, only time ids past 2^52 (a huge @S with absolute time) are refused.
        if (*n <= kMax && p.error().message.find("2^52") == std::string::npos) std::abort();
        return 0;
    }
    if (p->n != *n || static_cast<std::int64_t>(p->tokenType.size()) != *n) std::abort();
    std::int64_t top = -1;
    for (std::size_t i = 0; i < p->tokenType.size(); ++i) {
        for (const auto& axis : p->ids) {
            if (axis.size() != p->tokenType.size() || axis[i] < o.offset) std::abort();
            top = std::max(top, axis[i]);
        }
        if (p->tokenType[i] == 0 && (p->ids[0][i] != p->ids[1][i] || p->ids[1][i] != p->ids[2][i]))
            std::abort();
    }
    if (p->ropeDelta != top + 1 - *n) std::abort();
    const auto axis = mropePairAxis(6, {1, 1, 1}, o.splitFrames);
    if (!axis) std::abort();
    const RowMatrix phi = mropeAngles(*p, mropeFrequencies(6, 10000), *axis);
    if (phi.rows() != *n || !phi.allFinite()) std::abort();
    return 0;
}
