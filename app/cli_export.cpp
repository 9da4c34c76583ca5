// `poslab export ENC QTY [--model FILE|PRESET [--layer I] [--seq-len N]] [-p KEY=VALUE]...
// [--backend B] -o FILE`: one quantity to .npy/.csv/.json.
// Everything, the output path included, is checked before computing; the file is opened after
// the computation and written atomically.
#include <iostream>
#include <new>

#include "app/args.h"
#include "app/model_option.h"
#include "core/compute.h"
#include "core/io/atomic_file.h"
#include "core/io/npy.h"
#include "core/io/writers.h"
#include "gpu/backend_router.h"

namespace poslab::app {

namespace {

// cpu: the double reference. auto / vulkan: the router picks per quantity; a missing or failing
// Vulkan, or a quantity without a shader, computes on the CPU and says so once.
core::Expected<core::Array> computeOn(gpu::BackendMode backend, const core::Prepared& prepared,
                                      const core::ComputeOptions& options) {
    if (backend == gpu::BackendMode::Cpu) return core::run(prepared, options);
    gpu::BackendRouter router(
        backend, [&](const std::string& m) { std::cerr << "poslab export: note: " << m << "\n"; });
    core::Result computed;
    const core::Request request{prepared.encoding->id, prepared.quantity->id, prepared.params,
                                core::Precision::F64};
    if (auto st = router.run(request, computed, options); !st) return st.error();
    if (computed.backend == core::BackendKind::Vulkan && computed.dtype == core::DType::F64)
        std::cerr << "poslab export: note: " << prepared.encoding->id << "/"
                  << prepared.quantity->id << " computed on the Vulkan device ("
                  << router.vulkan()->deviceName() << ") in float32\n";
    return computed.toArray();
}

}  // namespace

int runExport(const Args& args) {
    const std::string cmd = "export";
    std::vector<std::string> positional;
    core::TextParams given;
    std::string output, backendText = "cpu", budgetText;
    ModelOption model;
    OptionTable table = {
        keyValues({"-p", "--param"}, &given),
        valued({"-o", "--output"}, &output, "FILE"),
        oneOf({"--backend"}, &backendText, backendChoices()),
        valued({"--memory-budget"}, &budgetText, "SIZE").checkedBy([](const std::string& v) {
            return core::parseByteSize(v) ? std::string()
                                          : "a positive size such as 512MiB or 2GiB";
        }),
    };
    addModelOptions(table, model);
    if (int rc = parseOptions(cmd, args, table, &positional); rc != 0) return rc;
    const gpu::BackendMode backend = *gpu::parseBackendMode(backendText);
    const double budget =
        budgetText.empty() ? core::configuredMemoryBudget() : *core::parseByteSize(budgetText);
    if (positional.size() != 2)
        return fail(cmd, "expected ENCODING and QUANTITY (see 'poslab list'), got " +
                             std::to_string(positional.size()) + " names");
    if (output.empty()) return fail(cmd, "missing output file: -o FILE.{npy,csv,json}");

    const auto* enc = core::registry().find(positional[0]);
    if (!enc) return fail(cmd, "unknown encoding '" + positional[0] + "' (see 'poslab list')");
    auto format = core::io::formatForPath(output);
    if (!format) return fail(cmd, format.error().message);
    AppliedModel applied;
    if (int rc = applyModel(cmd, model, enc->id, positional[1], given, budget, &applied); rc != 0)
        return rc;
    auto params = core::parseParams(*enc, given);
    if (!params) return fail(cmd, params.error().message);
    core::ComputeOptions options;
    options.memoryBudget = budget;
    // Input tables (-p source=…, input=…) are read under the same budget as the result.
    const core::io::InputBudgetScope inputBudget(budget);
    auto prepared = core::prepare(*enc, positional[1], std::move(*params), options);
    if (!prepared) return fail(cmd, prepared.error().message);

    // The output is checked now and opened after the computation: an interrupted export leaves
    // no temporary file behind.
    if (auto st = core::io::AtomicFile::check(output); !st) return fail(cmd, st.error().message);
    core::Expected<core::Array> result = core::fail("not computed");
    try {
        result = computeOn(backend, *prepared, options);
    } catch (const std::bad_alloc&) {
        return fail(cmd, "out of memory while computing " + enc->id + "/" + prepared->quantity->id +
                             " of shape (" + core::shapeText(prepared->shape) +
                             "), although it is within the memory budget of " +
                             core::formatBytes(budget) + "; lower the sizes or --memory-budget");
    }
    if (!result) return fail(cmd, result.error().message);
    core::io::AtomicFile file;
    if (auto st = file.open(output); !st) return fail(cmd, st.error().message);
    if (auto st = core::io::exportArray(file, *format, *result, enc->id, prepared->quantity->id,
                                        prepared->params);
        !st)
        return fail(cmd, st.error().message);
    if (!model.models.empty()) printModelNotes(cmd, applied);  // once the file is written
    return 0;
}

}  // namespace poslab::app
