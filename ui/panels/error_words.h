// Core's error messages in the interface language. core/ writes English, in one shape for a
// parameter ("parameter 'd' = 127: must be even: RoPE rotates pairs of dimensions; allowed: an
// even integer >= 2"); the command line prints them and core::parameterNamed reads the name from
// them, so they stay English there and are translated only where the window shows them.
//
// In Chinese the frame is rebuilt ("参数 “d”（维度 d）= 127：…；允许：…", with the parameter's
// label from its ParamSpec) and the reason and the allowed values are put together from the
// fixed fragments core writes (error_phrases.h), numbers and identifiers kept. A part with words
// that no fragment covers stays English as a whole rather than half translated.
#pragma once

#include <QString>
#include <string>
#include <string_view>

namespace poslab::core {
struct AllowedWords;
struct EncodingDescriptor;
}  // namespace poslab::core

namespace poslab::ui {

// The message in the current interface language (GUI thread): unchanged in English. `enc`: the
// encoding the message is about, for the parameter's label (null: the label every encoding with
// such a parameter shares, if any).
QString localisedError(std::string_view message, const core::EncodingDescriptor* enc = nullptr);
QString localisedError(const QString& message, const core::EncodingDescriptor* enc = nullptr);

// Core's words for allowed values (ParamSpec::allowedText) in Chinese, for the error lines and the
// parameter tooltips alike, with "：" and "，" as inside a Chinese sentence.
core::AllowedWords chineseAllowedWords();

}  // namespace poslab::ui
