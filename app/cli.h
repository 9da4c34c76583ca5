// The command line: subcommands that work without a display (design.md, "Command line contract").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/registry.h"

namespace poslab::app {

using Args = std::vector<std::string>;

constexpr int kExitUsage = 2;

// Prints "poslab <command>: <message>" on stderr and returns 2.
int fail(const std::string& command, const std::string& message);

// Pops the value of an option that takes one (`-o FILE`); nullopt and an error when missing.
std::optional<std::string> takeValue(const Args& args, std::size_t& i, std::string& error);

// Parses a size such as 2147483648, 512MiB or 2GiB.
std::optional<double> parseBytes(const std::string& text);
// The memory budget from POSLAB_MEMORY_BUDGET or the default.
double defaultMemoryBudget();

int runList(const Args& args);
int runExport(const Args& args);
int runRender(const Args& args);
int runBench(const Args& args);
void printUsage();

}  // namespace poslab::app
