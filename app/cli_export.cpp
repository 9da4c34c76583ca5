// `poslab export ENC QTY [-p KEY=VALUE]... [--backend B] -o FILE`: one quantity to .npy/.csv/.json.
// Everything is checked before the output file is opened; the file is written atomically.
#include <iostream>

#include "app/cli.h"
#include "core/compute.h"
#include "core/io/atomic_file.h"
#include "core/io/writers.h"
#include "gpu/backend_router.h"

namespace poslab::app {

int runExport(const Args& args) {
    const std::string cmd = "export";
    std::vector<std::string> positional;
    core::TextParams given;
    std::string output, backend = "cpu", error;
    double budget = defaultMemoryBudget();
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-p" || a == "--param") {
            auto v = takeValue(args, i, error);
            if (!v) return fail(cmd, error);
            const auto eq = v->find('=');
            if (eq == std::string::npos || eq == 0)
                return fail(cmd, "parameter '" + *v + "' is not KEY=VALUE");
            given.emplace_back(v->substr(0, eq), v->substr(eq + 1));
        } else if (a == "-o" || a == "--output") {
            auto v = takeValue(args, i, error);
            if (!v) return fail(cmd, error);
            output = *v;
        } else if (a == "--backend") {
            auto v = takeValue(args, i, error);
            if (!v) return fail(cmd, error);
            backend = *v;
            if (backend != "cpu" && backend != "auto" && backend != "vulkan")
                return fail(cmd,
                            "option '--backend' = " + backend + ": allowed: cpu, auto, vulkan");
        } else if (a == "--memory-budget") {
            auto v = takeValue(args, i, error);
            if (!v) return fail(cmd, error);
            auto b = parseBytes(*v);
            if (!b)
                return fail(cmd, "option '--memory-budget' = " + *v +
                                     ": allowed: a positive size such as 512MiB or 2GiB");
            budget = *b;
        } else if (!a.empty() && a[0] == '-' && a.size() > 1) {
            return fail(cmd, "unknown option '" + a + "'");
        } else {
            positional.push_back(a);
        }
    }
    if (positional.size() != 2)
        return fail(cmd, "expected ENCODING and QUANTITY (see 'poslab list'), got " +
                             std::to_string(positional.size()) + " names");
    if (output.empty()) return fail(cmd, "missing output file: -o FILE.{npy,csv,json}");

    const auto* enc = core::registry().find(positional[0]);
    if (!enc) return fail(cmd, "unknown encoding '" + positional[0] + "' (see 'poslab list')");
    auto format = core::io::formatForPath(output);
    if (!format) return fail(cmd, format.error().message);
    auto params = core::parseParams(*enc, given);
    if (!params) return fail(cmd, params.error().message);
    core::ComputeOptions options;
    options.memoryBudget = budget;
    auto prepared = core::prepare(*enc, positional[1], std::move(*params), options);
    if (!prepared) return fail(cmd, prepared.error().message);

    core::io::AtomicFile file;
    if (auto st = file.open(output); !st) return fail(cmd, st.error().message);
    // cpu: the double reference. auto / vulkan: the router picks per quantity; a missing or
    // failing Vulkan, or a quantity without a shader, computes on the CPU and says so once.
    core::Expected<core::Array> result = core::fail("not computed");
    if (backend == "cpu") {
        result = core::run(*prepared, options);
    } else {
        gpu::BackendRouter router(*gpu::parseBackendMode(backend), [&](const std::string& m) {
            std::cerr << "poslab export: note: " << m << "\n";
        });
        core::Result computed;
        const core::Request request{enc->id, prepared->quantity->id, prepared->params,
                                    core::Precision::F64};
        if (auto st = router.run(request, computed, options); !st)
            return fail(cmd, st.error().message);
        if (computed.backend == "vulkan" && computed.dtype == core::DType::F64)
            std::cerr << "poslab export: note: " << enc->id << "/" << prepared->quantity->id
                      << " computed on the Vulkan device (" << router.vulkan()->deviceName()
                      << ") in float32\n";
        result = computed.toArray();
    }
    if (!result) return fail(cmd, result.error().message);
    switch (*format) {
        case core::io::Format::Npy:
            core::io::writeNpy(file.stream(), *result);
            break;
        case core::io::Format::Csv:
            core::io::writeCsv(file.stream(), *result);
            break;
        case core::io::Format::Json:
            core::io::writeJson(file.stream(), *result, enc->id, prepared->quantity->id,
                                prepared->params);
            break;
    }
    if (auto st = file.commit(); !st) return fail(cmd, st.error().message);
    return 0;
}

}  // namespace poslab::app
