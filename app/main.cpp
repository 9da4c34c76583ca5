// PosLab entry point: thin. Subcommands run without a display; no arguments starts the GUI.
#include <iostream>
#include <string>
#include <vector>

#include "app/cli.h"
#include "core/compute.h"
#include "poslab_version.h"  // generated from the CMake project version (packaging/)
#include "ui/shell/gui_main.h"

int main(int argc, char** argv) {
    using namespace poslab::app;
    const Args all(argv + 1, argv + argc);
    if (all.empty()) return poslab::ui::runGui(argc, argv);
    const std::string command = all.front();
    const Args rest(all.begin() + 1, all.end());
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
    return fail("", "unknown command '" + command +
                        "'; allowed: list, export, render, bench, model (see --help)");
}
