// The fixed English fragments core (and the compute worker) write into error messages, with their
// Chinese; errorText (error_words.h) puts them together. Written by hand from the fail() and
// paramError() calls of core/ (encodings, analysis, params, io, models, compute.cpp).
//
// In `en`: '#' is a number (also nan, inf), '@' an identifier (max_distance, rope_scaling.factor),
// '$' a quoted 'text' (shown “text”), '*' any text, kept as it is (a path, a JSON value; at the
// end of a phrase: the rest of the message). Everything else is literal. In `zh`: %1 … %9 are
// those pieces in order.
#pragma once

#include <span>

namespace poslab::ui {

struct ErrorPhrase {
    const char* en;
    const char* zh;
};

std::span<const ErrorPhrase> errorPhrases();

// Names written alike in both languages (RoPE, GiB, sqrt), kept inside a Chinese message.
std::span<const char* const> errorProperNames();

}  // namespace poslab::ui
