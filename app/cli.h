// The command line: subcommands that work without a display (design.md, "Command line contract").
#pragma once

#include <string>
#include <vector>

namespace poslab::app {

using Args = std::vector<std::string>;

constexpr int kExitUsage = 2;

// Prints "poslab <command>: <message>" on stderr and returns 2.
int fail(const std::string& command, const std::string& message);

// The names `--backend` accepts (gpu::BackendMode's, in its order).
std::vector<std::string> backendChoices();

// The options of each subcommand are a table read by parseOptions (app/args.h).
int runList(const Args& args);
int runExport(const Args& args);
int runRender(const Args& args);
int runBench(const Args& args);
int runModel(const Args& args);
int runTrain(const Args& args);
void printUsage();

}  // namespace poslab::app
