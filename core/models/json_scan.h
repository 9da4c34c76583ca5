// Naming the key of a spot in a config's text that no parser reports usefully (issue 23): where
// the nesting first passes the limit, and a number a double cannot hold (nlohmann reports that at
// the end of the text). Both are one linear pass over the text that never recurses.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace poslab::core::models::detail {

// The key of the outermost value holding the first point where `text` nests deeper than
// `maxDepth` ("rope_scaling", or "text_config.rope_scaling" inside a wrapper); "" when there is
// no such point or it is not inside an object's value. Raw text of the key, not echoed.
std::string deepKey(std::string_view text, std::size_t maxDepth);

// The path of the first number in `text` that overflows a double ("rope_theta",
// "rope_scaling.short_factor[3]"), or nullopt. Raw key text, not echoed. `text` must nest at
// most `maxDepth` deep (checked before); deeper parts are left out of the path.
std::optional<std::string> overflowingNumber(std::string_view text, std::size_t maxDepth);

}  // namespace poslab::core::models::detail
