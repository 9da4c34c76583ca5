// The one rule for reading an input file (issue 23): regular files only, a size cap per kind,
// the memory budget, and JSON nesting checked before anything recurses over it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/expected.h"

namespace poslab::core::io {

enum class InputKind { Config, Session, Lesson };

struct InputRule {
    const char* what;        // "config", "session", "lesson": the word messages use
    std::uint64_t maxBytes;  // the largest file of the kind
};
const InputRule& inputRule(InputKind kind);

// The deepest JSON nesting any input may have: configs, sessions and lessons nest a few levels.
constexpr std::size_t kMaxJsonDepth = 64;
// Working memory of a parsed JSON document per byte of text, for the budget check (a DOM of
// many small numbers takes ~25 bytes per byte of text).
constexpr double kJsonBytesPerByte = 32.0;

// Reads a whole input file. Symbolic links are followed; anything but a regular file (a FIFO, a
// device, a socket, a folder) is refused before it is opened, so nothing blocks or streams. A file
// over the kind's cap, or whose parsed form would exceed `budget` bytes (inputBudget() when
// negative: the request's --memory-budget, else the configured one), is refused before it is read.
// Errors name the file with echo().
Expected<std::string> readInputFile(const std::string& path, InputKind kind, double budget = -1);

// Whether `text` (JSON, not yet parsed) nests arrays and objects deeper than `maxDepth`: one
// linear pass that skips strings, so no parser or printer ever recurses over a hostile file.
// The error names `what` ("config").
Status checkJsonDepth(std::string_view text, std::string_view what,
                      std::size_t maxDepth = kMaxJsonDepth);

}  // namespace poslab::core::io
