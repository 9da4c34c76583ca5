// libFuzzer harness: `-p KEY=VALUE` parsing and validation (issue 14). The input is lines:
// encoding, quantity, then KEY=VALUE pairs, as the command line gives them. Everything goes
// through core::parseParams, core::validate without reading files, and core::prepare's checks
// with a small budget (nothing is computed). Oracle: no crash, and every refusal is one line.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/compute.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace poslab::core;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    std::string encoding, quantity, line;
    std::getline(in, encoding);
    std::getline(in, quantity);
    const EncodingDescriptor* enc = registry().find(encoding);
    if (!enc) enc = &registry().encodings()[size % registry().encodings().size()];
    TextParams given;
    while (std::getline(in, line)) {
        const auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        given.emplace_back(line.substr(0, eq), line.substr(eq + 1));
    }
    auto params = parseParams(*enc, given);
    if (!params) {
        if (printable(params.error().message).find('\n') != std::string::npos) std::abort();
        return 0;
    }
    ParamSet checked = *params;
    if (auto st = validate(*enc, checked, Inputs::Skip); !st) return 0;
    // The quantity's own conditions and the budget, only when no file would be read.
    bool readsFiles = false;
    for (const auto& spec : enc->params)
        if (readsFile(spec, checked.get(spec.name))) readsFiles = true;
    if (!readsFiles) {
        ComputeOptions options;
        options.memoryBudget = 1024.0 * 1024;
        (void)prepare(*enc, quantity, checked, options);
    }
    return 0;
}
