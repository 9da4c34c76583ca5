// The header dictionary of a .npy file (numpy.lib.format), parsed as NumPy's own reader accepts
// it: a Python dict literal with exactly the keys 'descr' (a string), 'fortran_order' (True or
// False) and 'shape' (a tuple of non-negative integers), each once, optional trailing commas and
// spaces. A loop over the characters, no regular expression and no recursion, so a header of any
// length costs linear time and constant stack.
#pragma once

#include <string_view>

#include "core/array.h"
#include "core/expected.h"

namespace poslab::core::io {

struct NpyHeader {
    std::string descr;
    bool fortranOrder = false;
    Shape shape;
};

// NumPy's default max_header_size: longer headers are refused before they are parsed.
constexpr std::size_t kMaxNpyHeaderBytes = 10000;

// The dictionary text (after the length field); errors say what is wrong, without the path.
Expected<NpyHeader> parseNpyHeaderDict(std::string_view text);

}  // namespace poslab::core::io
