// `poslab bench [--json] [--backend auto|cpu|vulkan] [--quick] [--only ENC/QTY,...]`: median
// timings of the hot quantities on the CPU backend (float64, and float32 where a fast path exists),
// the registry's double reference where a fast path replaces it, and the Vulkan backend — in one
// run; then the training lab's step per encoding (train/step: ms and GFLOP/s). Each row runs once
// untimed-for-the-median (its "first" cost: allocation, first touch of the pages, pipeline
// creation), then repeats into the same reused Result buffers and reports the median, min and max.
// `--json` prints one object on stdout and nothing else (notes on stderr). `bench --interactive`
// belongs to the UI (ui/interactive_bench.h).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "app/args.h"
#include "core/backend/cpu_backend.h"
#include "core/compute.h"
#include "core/io/writers.h"
#include "core/timing.h"
#include "core/train/train_bench.h"
#include "gpu/backend_router.h"
#include "gpu/vulkan_backend.h"
#include "ui/shell/interactive_bench.h"

namespace poslab::app {

namespace {

struct BenchCase {
    std::string encoding, quantity;
    core::TextParams params;
    bool reference = false;  // also time the registry's double reference
};

std::vector<BenchCase> benchCases(bool quick) {
    if (quick)
        return {{"sinusoidal", "table", {{"n", "512"}, {"d", "128"}}, true},
                {"alibi", "bias", {{"n", "256"}, {"heads", "8"}}, true},
                {"attention", "softmax", {{"n", "256"}, {"d", "64"}}, true},
                {"rope", "scores", {{"n", "256"}, {"d", "128"}}},
                {"t5", "bias", {{"n", "256"}, {"heads", "8"}}}};
    return {
        {"sinusoidal", "table", {{"n", "1024"}, {"d", "512"}}},
        {"sinusoidal", "table", {{"n", "8192"}, {"d", "1024"}}, true},
        {"alibi", "bias", {{"n", "1024"}, {"heads", "8"}}},
        {"alibi", "bias", {{"n", "4096"}, {"heads", "8"}}, true},
        {"attention", "softmax", {{"n", "2048"}, {"d", "64"}}, true},
        {"attention", "softmax", {{"n", "4096"}, {"d", "64"}}},
        {"rope", "scores", {{"n", "4096"}, {"d", "128"}}},
        {"t5", "buckets", {{"n", "4096"}}},
        {"t5", "bias", {{"n", "4096"}, {"heads", "8"}}},
        {"kerple", "bias", {{"n", "4096"}, {"heads", "8"}}},
        {"sandwich", "bias", {{"n", "4096"}, {"heads", "8"}}},
        {"deberta", "logits", {{"n", "2048"}, {"d", "64"}}},
        {"xpos", "scores", {{"n", "4096"}, {"d", "128"}}},
        {"rerope", "scores", {{"n", "4096"}, {"d", "128"}}},
        {"fire", "bias", {{"n", "4096"}, {"heads", "8"}}},
        // n = 1024 + 4 x 32 x 32 + 3072 = 8192 tokens (a video between two texts).
        {"mrope", "scores", {{"layout", "text:1024,video:4x64x64,text:3072"}}},
        {"rope2d", "scores", {{"height", "64"}, {"width", "64"}}},
    };
}

struct Row {
    BenchCase c;
    core::Shape shape;
    std::string backend;  // "cpu", "cpu-reference", "vulkan"
    core::Precision precision = core::Precision::F64;
    double firstMs = 0, medianMs = 0, minMs = 0, maxMs = 0;
    int runs = 0;
};

// The bench's timing (core/timing.h) into a row.
template <class Fn>
bool timeRuns(Fn&& fn, Row& row, int minRuns, int maxRuns, double minSeconds) {
    const auto t = core::timeRepeats(fn, minRuns, maxRuns, minSeconds);
    if (!t) return false;
    row.firstMs = t->firstMs;
    row.medianMs = t->medianMs;
    row.minMs = t->minMs;
    row.maxMs = t->maxMs;
    row.runs = t->runs;
    return true;
}

std::string paramsJson(const core::TextParams& params, const core::EncodingDescriptor& enc) {
    std::string s = "{";
    for (std::size_t i = 0; i < params.size(); ++i) {
        const auto* spec = enc.findParam(params[i].first);
        const bool numeric =
            spec && (spec->type == core::ParamType::Int || spec->type == core::ParamType::Real);
        s += (i ? ", " : "") + core::io::jsonString(params[i].first) + ": " +
             (numeric ? params[i].second : core::io::jsonString(params[i].second));
    }
    return s + "}";
}

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

struct BenchArgs {
    bool json = false, interactive = false, quick = false;
    std::string backend = "auto", only;
};

int parseArgs(const Args& args, BenchArgs& b) {
    const OptionTable table = {
        flag({"--json"}, &b.json),
        oneOf({"--backend"}, &b.backend, backendChoices()),
        flag({"--quick"}, &b.quick),
        valued({"--only"}, &b.only, "ENC/QTY[,ENC/QTY...]"),
        flag({"--interactive"}, &b.interactive),
    };
    return parseOptions("bench", args, table, nullptr);
}

// The backends of one run: the CPU backend, the registry's double reference, and Vulkan when
// asked for and available.
struct Backends {
    core::CpuBackend cpu;
    core::CpuBackend reference{core::CpuBackend::Options{false}};
    std::unique_ptr<gpu::VulkanBackend> vulkan;
    bool cpuRows = true;
};

void openBackends(gpu::BackendMode mode, Backends& be) {
    if (mode != gpu::BackendMode::Cpu) {
        auto v = gpu::VulkanBackend::create();
        if (v)
            be.vulkan = std::move(*v);
        else
            std::cerr << "poslab bench: note: " << v.error().message
                      << " — Vulkan is not available; CPU rows only\n";
    }
    be.cpuRows = mode != gpu::BackendMode::Vulkan || !be.vulkan;
    if (be.vulkan)
        std::cerr << "poslab bench: Vulkan device: " << be.vulkan->deviceName() << " ("
                  << be.vulkan->deviceType() << "), angles in "
                  << (be.vulkan->float64() ? "float64" : "float32") << "\n";
}

// Times one case on every backend that runs it, appending its rows; 0 or the exit code.
int timeCase(const BenchCase& c, bool json, Backends& be, std::vector<Row>& rows) {
    const auto* enc = core::registry().find(c.encoding);
    if (!enc) {
        std::cerr << "poslab bench: note: " << c.encoding << " is not in this build; skipped\n";
        return 0;
    }
    auto params = core::parseParams(*enc, c.params);
    if (!params) return fail("bench", params.error().message);
    core::Request req{c.encoding, c.quantity, *params, core::Precision::F64};
    auto prepared = core::prepareRequest(req);
    if (!prepared) return fail("bench", prepared.error().message);
    const bool big = core::elementCount(prepared->shape) >= (1 << 24);
    const int minRuns = big ? 3 : 7, maxRuns = big ? 7 : 31;
    const double minSeconds = big ? 1.0 : 0.5;

    auto add = [&](const std::string& backend, core::Precision precision, auto&& fn) {
        Row row;
        row.c = c;
        row.shape = prepared->shape;
        row.backend = backend;
        row.precision = precision;
        if (!json)
            std::cerr << "  " << c.encoding << "/" << c.quantity << " ["
                      << core::shapeText(prepared->shape) << "] " << backend << " "
                      << core::precisionName(precision) << " ...\n";
        if (timeRuns(fn, row, minRuns, maxRuns, minSeconds)) rows.push_back(row);
    };
    core::Result out;  // reused across the repeats of each row
    std::string lastError;
    auto check = [&](const core::Status& st) {
        if (!st) lastError = st.error().message;
        return st.ok();
    };
    if (be.cpuRows) {
        add("cpu", core::Precision::F64,
            [&] { return check(be.cpu.runPrepared(*prepared, core::Precision::F64, out)); });
        if (prepared->quantity->dtype == core::DType::F64 &&
            be.cpu.hasFastPath(*prepared, core::Precision::F32))
            add("cpu", core::Precision::F32,
                [&] { return check(be.cpu.runPrepared(*prepared, core::Precision::F32, out)); });
        if (c.reference && be.cpu.hasFastPath(*prepared, core::Precision::F64))
            add("cpu-reference", core::Precision::F64, [&] {
                return check(be.reference.runPrepared(*prepared, core::Precision::F64, out));
            });
        out = core::Result{};
    }
    if (be.vulkan && be.vulkan->implements(*prepared)) {
        // Integer quantities are exact on every backend: labelled f64 like the CPU rows.
        const auto precision = prepared->quantity->dtype == core::DType::I64 ? core::Precision::F64
                                                                             : core::Precision::F32;
        add("vulkan", precision, [&] { return check(be.vulkan->run(*prepared, out)); });
        be.vulkan->releaseBuffers();
    }
    if (!lastError.empty())
        std::cerr << "poslab bench: note: " << c.encoding << "/" << c.quantity << ": " << lastError
                  << "\n";
    return 0;
}

// The median of the CPU float64 row of the same case (the speed-up's baseline); 0 when none.
double baselineOf(const Row& r, const std::vector<Row>& rows) {
    for (const auto& o : rows)
        if (o.backend == "cpu" && o.precision == core::Precision::F64 &&
            o.c.encoding == r.c.encoding && o.c.quantity == r.c.quantity && o.shape == r.shape)
            return o.medianMs;
    return 0;
}

namespace tr = core::train;

// The training lab's step per encoding (core/train/train_bench.h): quick, one encoding.
std::vector<tr::TrainBenchRow> trainRows(bool quick, bool json) {
    std::vector<tr::Encoding> encodings;
    if (quick)
        encodings = {tr::Encoding::Rope};
    else
        for (const auto& e : tr::encodingTable()) encodings.push_back(e.encoding);
    if (!json) std::cerr << "  train/step (copy, L 2, d 64, H 4, batch 32) ...\n";
    return tr::benchTrainSteps(encodings, quick ? 5 : 15, quick ? 15 : 101, quick ? 0.2 : 1.0);
}

void printJson(const std::vector<Row>& rows, const std::vector<tr::TrainBenchRow>& train,
               const Backends& be, const std::string& devName, const std::string& devType) {
    std::ostringstream o;
    o << "{\"device\": {\"name\": " << core::io::jsonString(devName)
      << ", \"type\": " << core::io::jsonString(devType)
      << "}, \"cpu\": {\"name\": " << core::io::jsonString(be.cpu.deviceName())
      << "}, \"results\": [";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& r = rows[i];
        const auto* enc = core::registry().find(r.c.encoding);
        o << (i ? ",\n  " : "\n  ") << "{\"encoding\": " << core::io::jsonString(r.c.encoding)
          << ", \"quantity\": " << core::io::jsonString(r.c.quantity) << ", \"shape\": [";
        for (std::size_t k = 0; k < r.shape.size(); ++k) o << (k ? ", " : "") << r.shape[k];
        const double b = baselineOf(r, rows);
        o << "], \"params\": " << paramsJson(r.c.params, *enc)
          << ", \"backend\": " << core::io::jsonString(r.backend) << ", \"precision\": \""
          << core::precisionName(r.precision)
          << "\", \"median_ms\": " << core::io::numberText(r.medianMs)
          << ", \"min_ms\": " << core::io::numberText(r.minMs)
          << ", \"max_ms\": " << core::io::numberText(r.maxMs) << ", \"runs\": " << r.runs
          << ", \"first_ms\": " << core::io::numberText(r.firstMs) << ", \"speedup_vs_cpu_f64\": "
          << (b > 0 ? core::io::numberText(b / r.medianMs) : std::string("null")) << "}";
    }
    o << "\n], \"train\": [";
    for (std::size_t i = 0; i < train.size(); ++i) {
        const auto& t = train[i];
        o << (i ? ",\n  " : "\n  ") << "{\"encoding\": " << core::io::jsonString(t.encoding)
          << ", \"batch\": " << t.batch << ", \"length\": " << t.length << ", \"d\": " << t.d
          << ", \"heads\": " << t.heads << ", \"layers\": " << t.layers
          << ", \"median_ms\": " << core::io::numberText(t.medianMs)
          << ", \"min_ms\": " << core::io::numberText(t.minMs)
          << ", \"max_ms\": " << core::io::numberText(t.maxMs) << ", \"runs\": " << t.runs
          << ", \"first_ms\": " << core::io::numberText(t.firstMs)
          << ", \"gflop_per_step\": " << core::io::numberText(t.flops * 1e-9)
          << ", \"gflop_s\": " << core::io::numberText(t.gflops()) << "}";
    }
    o << "\n]}\n";
    std::cout << o.str();
}

void printTable(const std::vector<Row>& rows, const std::vector<tr::TrainBenchRow>& train,
                const Backends& be, const std::string& devName, const std::string& devType) {
    std::cout << "device: " << devName << " (" << devType
              << "); CPU backend: " << be.cpu.deviceName() << "\n";
    std::cout << "quantity               shape           backend        prec   median ms     min "
                 "ms     max ms  runs   first ms  speed-up\n";
    for (const Row& r : rows) {
        char line[256];
        const double b = baselineOf(r, rows);
        std::snprintf(line, sizeof line, "%-22s %-15s %-14s %-4s %11s %10s %10s %5d %10s %8s\n",
                      (r.c.encoding + "/" + r.c.quantity).c_str(), core::shapeText(r.shape).c_str(),
                      r.backend.c_str(), std::string(core::precisionName(r.precision)).c_str(),
                      fmt(r.medianMs).c_str(), fmt(r.minMs).c_str(), fmt(r.maxMs).c_str(), r.runs,
                      fmt(r.firstMs).c_str(), b > 0 ? (fmt(b / r.medianMs) + "x").c_str() : "-");
        std::cout << line;
    }
    std::cout
        << "cpu: CPU backend (fast paths where they exist); cpu-reference: the registry's double "
           "reference;\nvulkan: float32 storage; speed-up against the cpu f64 row of the same "
           "size.\n";
    if (train.empty()) return;
    std::cout << "\ntraining step (forward, backward, AdamW; one thread; float32)\n"
                 "encoding     batch x T   median ms     min ms     max ms  runs   first ms   "
                 "GFLOP/step  GFLOP/s\n";
    for (const auto& t : train) {
        char line[256];
        std::snprintf(
            line, sizeof line, "%-12s %5lld x %-3lld %11s %10s %10s %5d %10s %12.4f %8.2f\n",
            t.encoding.c_str(), static_cast<long long>(t.batch), static_cast<long long>(t.length),
            fmt(t.medianMs).c_str(), fmt(t.minMs).c_str(), fmt(t.maxMs).c_str(), t.runs,
            fmt(t.firstMs).c_str(), t.flops * 1e-9, t.gflops());
        std::cout << line;
    }
    std::cout << "train: copy at n = 8 (T = 17), L 2, d 64, H 4; GFLOP counts the matrix products "
                 "(backward as twice the forward).\n";
}

}  // namespace

int runBench(const Args& args) {
    BenchArgs b;
    if (int rc = parseArgs(args, b); rc != 0) return rc;
    if (b.interactive) return ui::runInteractiveBench(b.json);

    // Every name in --only must be a benchmarked quantity: a typo is an error, not an empty table.
    if (!b.only.empty()) {
        std::string known;
        for (const auto& c : benchCases(false)) {
            const std::string id = c.encoding + "/" + c.quantity;
            if (("," + known + ",").find("," + id + ",") == std::string::npos)
                known += (known.empty() ? "" : ",") + id;
        }
        known += ",train/step";
        std::size_t start = 0;
        while (start <= b.only.size()) {
            const std::size_t end = std::min(b.only.find(',', start), b.only.size());
            const std::string id = b.only.substr(start, end - start);
            if (("," + known + ",").find("," + id + ",") == std::string::npos || id.empty())
                return fail("bench", badValue("--only", id, known));
            start = end + 1;
        }
    }
    Backends be;
    openBackends(*gpu::parseBackendMode(b.backend), be);
    std::vector<Row> rows;
    for (const auto& c : benchCases(b.quick)) {
        if (!b.only.empty() &&
            ("," + b.only + ",").find("," + c.encoding + "/" + c.quantity + ",") ==
                std::string::npos)
            continue;
        if (int rc = timeCase(c, b.json, be, rows); rc != 0) return rc;
    }
    std::vector<tr::TrainBenchRow> train;
    if (be.cpuRows &&
        (b.only.empty() || ("," + b.only + ",").find(",train/step,") != std::string::npos))
        train = trainRows(b.quick, b.json);
    const std::string devName = be.vulkan ? be.vulkan->deviceName() : be.cpu.deviceName();
    const std::string devType = be.vulkan ? be.vulkan->deviceType() : "cpu";
    if (b.json)
        printJson(rows, train, be, devName, devType);
    else
        printTable(rows, train, be, devName, devType);
    return 0;
}

}  // namespace poslab::app
