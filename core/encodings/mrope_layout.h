// E1 `mrope` (spec encodings_next.md), the part that needs no parameter table: the layout of a
// multimodal token sequence (text, images, videos), the three position ids (t, h, w) of every
// token as Qwen2-VL / Qwen2.5-VL / Qwen3-VL's get_rope_index gives them, and which position axis
// each frequency pair follows (chunked mrope_section, or Qwen3-VL's interleaving).
//
// Checked against transformers' Qwen2VLModel.get_rope_index (text runs continue from 1 + the
// largest id so far; a vision block's ids are (s + tau_k, s + row, s + col) over its merged grid),
// Qwen2_5_VLModel.get_rope_index (tau_k = long(k * second_per_grid * tokens_per_second)) and
// Qwen3VL's apply_interleaved_mrope (pairs 1, 4, ... height and 2, 5, ... width, the rest time).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace poslab::core::enc {

struct MropeItem {
    enum class Kind { Text, Image, Video };
    Kind kind = Kind::Text;
    std::int64_t count = 0;                // text: N tokens
    std::int64_t t = 1, h = 1, w = 1;      // image and video: the grid (before merging)
    std::optional<double> secondsPerGrid;  // video: "@S"
};

// What `layout` and `mrope_section` accept, in the words of "allowed: ...".
inline constexpr const char* kMropeLayoutForm =
    "comma-separated items text:N, image:1xHxW and video:TxHxW[@S]";
inline constexpr const char* kMropeSectionForm =
    "three comma-separated integers >= 0 adding up to d/2";

// "parameter 'layout' = '<text>': <why>; allowed: <kMropeLayoutForm>".
Error mropeLayoutError(std::string_view text, std::string_view why);

// `text:N, image:1xHxW, video:TxHxW[@S]`, comma-separated, spaces around items ignored. An error
// names the item, its 1-based position and the expected form ("parameter 'layout' = '...': item 2
// 'imag:1x8x8': expected text:N, image:1xHxW or video:TxHxW[@S]; allowed: ..."). Sizes are
// checked against `merge` (H and W multiples of it) when merge >= 1.
Expected<std::vector<MropeItem>> parseMropeLayout(std::string_view text, std::int64_t merge);

enum class MropeAdvance { Max, Spatial };

struct MropeOptions {
    std::int64_t merge = 2;
    bool absoluteTime = false;  // time = absolute (Qwen2.5-VL)
    double tokensPerSecond = 2;
    double secondPerGrid = 1.0;  // a video's seconds per temporal grid unless it says "@S"
    bool splitFrames = false;    // Qwen3-VL: a video of T grids as T one-grid videos
    std::int64_t frameGap = 0;   // text tokens between those frames
    MropeAdvance advance = MropeAdvance::Max;
    std::int64_t offset = 0;
};

struct MropePositions {
    std::int64_t n = 0;
    std::array<std::vector<std::int64_t>, 3> ids;  // t, h, w of every token
    std::vector<std::int64_t> tokenType;           // 0 text, 1 image, 2 video
    std::int64_t ropeDelta = 0;                    // max id + 1 - n
};

// n, the number of tokens (split frames and their gaps included), without making the ids.
Expected<std::int64_t> mropeTokenCount(const std::vector<MropeItem>& layout,
                                       const MropeOptions& options, std::int64_t maxTokens);

// The tokens of the layout in order with their ids (spec "Position ids"); options out of range
// (merge < 1, tokens_per_second <= 0, ...) are refused with the parameter's name. `maxTokens`
// bounds n (the memory budget's share), refused before anything is allocated.
Expected<MropePositions> mropePositions(const std::vector<MropeItem>& layout,
                                        const MropeOptions& options, std::int64_t maxTokens);

// The axis (0 t, 1 h, 2 w) of each of the d/2 frequency pairs: chunked by `section` (s0 + s1 + s2
// must be d/2) or interleaved (Qwen3-VL: j mod 3 = 1 below 3 s1 height, j mod 3 = 2 below 3 s2
// width, the rest time; s0 is not read, but the sum is still checked as the configs carry it).
Expected<std::vector<int>> mropePairAxis(std::int64_t d, const std::array<std::int64_t, 3>& section,
                                         bool interleaved);

}  // namespace poslab::core::enc
