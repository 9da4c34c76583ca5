// The words a parameter panel shows for the values of a choice parameter ("Interleaved pairs",
// "交错（interleaved）") instead of the identifiers the command line and session files spell.
#pragma once

#include <QString>
#include <string_view>

namespace poslab::ui {

// The value in the interface language; the identifier itself for a value with no words.
QString choiceText(std::string_view value);
// Whether the value has words in both languages (every choice of every encoding must).
bool hasChoiceWords(std::string_view value);

}  // namespace poslab::ui
