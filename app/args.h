// The options of a subcommand as one declarative table: names, whether a value follows, the values
// allowed, and the field of the subcommand's own struct that receives it. One parser reads every
// subcommand with it, so `-p KEY=VALUE`, `--backend` and the error texts are written once:
//   poslab export: option '--backend' = tpu: allowed: cpu, auto, vulkan
//   poslab render: option '-o' needs a value
//   poslab bench: unknown option '--fats'; allowed: --json, --backend cpu|auto|vulkan, ...
#pragma once

#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "app/cli.h"
#include "core/compute.h"

namespace poslab::app {

// The rule of a value that a list of words cannot state: "" when the value is allowed, else the
// text after "allowed: " ("a number in [36, 600]").
using ValueCheck = std::function<std::string(const std::string& value)>;

struct Option {
    std::vector<std::string> names;  // {"-o", "--output"}
    // Where a use of the option goes. A flag stores `flagValue` in a bool; a value sets a string
    // and may be given once (a second `--memory-budget` is refused: which one was meant cannot be
    // guessed); KEY=VALUE pairs (`-p`) are repeatable, each key once, in the order given; a list
    // (`render rope/compare --model A --model B`) keeps every value in order, and the command
    // says how many it takes.
    std::variant<bool*, std::string*, core::TextParams*, std::vector<std::string>*> target;
    bool flagValue = true;             // --no-footer stores false
    std::string valueName;             // the value in the usage text: "FILE", "KEY=VALUE"
    std::vector<std::string> allowed;  // the values allowed (empty: any value, or `check`)
    std::vector<std::string> aliases;  // also accepted, not listed ("zh_CN" for "zh")
    ValueCheck check;

    bool takesValue() const { return !std::holds_alternative<bool*>(target); }
    bool repeatable() const {
        return std::holds_alternative<core::TextParams*>(target) ||
               std::holds_alternative<std::vector<std::string>*>(target);
    }
    Option& alsoAccepts(std::vector<std::string> words);
    Option& checkedBy(ValueCheck fn);
};

using OptionTable = std::vector<Option>;

Option flag(std::vector<std::string> names, bool* target, bool value = true);
Option valued(std::vector<std::string> names, std::string* target, std::string valueName);
Option oneOf(std::vector<std::string> names, std::string* target, std::vector<std::string> allowed);
Option keyValues(std::vector<std::string> names, core::TextParams* target);
Option valueList(std::vector<std::string> names, std::vector<std::string>* target,
                 std::string valueName);

// "option '--dpi' = 0: allowed: a number in [36, 600]": the one text of a refused value, also for
// the values a subcommand can only check after parsing (--size depends on --dpi).
std::string badValue(const std::string& option, const std::string& value,
                     const std::string& allowed);

// Fills the targets of `table` from `args`; the words that are not options go to `positional`
// (a subcommand that takes none passes nullptr). Returns 0, or prints "poslab COMMAND: ..." (one
// line on stderr) and returns kExitUsage.
int parseOptions(const std::string& command, const Args& args, const OptionTable& table,
                 std::vector<std::string>* positional);

}  // namespace poslab::app
