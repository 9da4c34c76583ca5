// PosLab entry point: thin. Subcommands run without a display; no arguments starts the GUI.
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "app/cli.h"
#include "core/compute.h"
#include "core/io/temp_registry.h"
#include "poslab_version.h"  // generated from the CMake project version (packaging/)
#include "ui/shell/gui_main.h"

namespace {

using namespace poslab::app;

int runCommand(const std::string& command, const Args& rest) {
    // --help and --version answer whatever the environment holds (a bad budget included).
    if (command == "--version") {
        if (!rest.empty())
            return fail("", "--version takes no arguments, got '" + rest.front() + "'");
        std::cout << "poslab " << POSLAB_VERSION << std::endl;
        return 0;
    }
    if (command == "--help" || command == "-h" || command == "help") {
        printUsage();
        return 0;
    }
    if (auto budget = poslab::core::memoryBudgetFromEnvironment(); !budget)
        return fail("", budget.error().message);
    if (command == "list") return runList(rest);
    if (command == "export") return runExport(rest);
    if (command == "render") return runRender(rest);
    if (command == "bench") return runBench(rest);
    if (command == "model") return runModel(rest);
    if (command == "train") return runTrain(rest);
    return fail("", "unknown command '" + command +
                        "'; allowed: list, export, render, bench, model, train (see --help)");
}

}  // namespace

int main(int argc, char** argv) {
    // Interrupted by a signal, no temporary is left; past `ulimit -f`, a write fails (EFBIG) and
    // is reported rather than killing the process (core/io/temp_registry.h).
    poslab::core::io::installTempCleanup();
    const Args all(argv + 1, argv + argc);
    std::string command;
    try {
        if (all.empty()) return poslab::ui::runGui(argc, argv);
        command = all.front();
        return runCommand(command, Args(all.begin() + 1, all.end()));
    } catch (const std::bad_alloc&) {
        // Memory the budget allowed but the system refused (a ulimit, a full machine): one line.
        // Unwinding has removed any temporary (AtomicFile's destructor).
        return fail(command, command.empty()
                                 ? "out of memory while running the GUI"
                                 : "out of memory while running the command; lower the sizes "
                                   "or the memory budget");
    } catch (const std::exception& e) {
        return fail(command, std::string("internal error: ") + e.what());
    }
}
