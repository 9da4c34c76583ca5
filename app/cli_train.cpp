// `poslab train --task copy|reverse|sort --encoding E[,E...] [--seeds 0,1,2] [--steps N]
// [--layers L] [--d D] [--heads H] [--multiples 1,1.5,2,3,4] [--threads N] [--learned-init S]
// [--random-positions R] [--json] [-o RESULT.json] [--figure FIG.{png,svg,pdf}] [--lang en|zh]`
// (spec training.md T5; --lang: the figure's language): one tiny Transformer
// per encoding and seed, trained on the CPU, the runs spread over --threads worker threads (each
// run single-threaded, so its numbers do not depend on the others). Progress on stderr: one
// updating line of every run's bar on a terminal, one line per finished run otherwise. Every
// setting is checked, and the output paths, before the first step. The figure is token accuracy
// against the test size (ui/train/train_figure.h), drawn offscreen.
#include <unistd.h>

#include <QApplication>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "app/args.h"
#include "core/compute.h"
#include "core/io/atomic_file.h"
#include "core/train/train_report.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"
#include "ui/train/train_figure.h"

namespace poslab::app {

namespace {

namespace tr = core::train;

struct TrainArgs {
    std::string task, encodings, seeds = "0", steps, layers = "2", d = "64", heads = "4";
    std::string multiples = "1,1.5,2,3,4", threads, learnedInit = "0.02", randomPositions = "0";
    std::string output, figure, lang = "en";
    bool json = false;
};

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream s(text);
    for (std::string item; std::getline(s, item, ',');) out.push_back(item);
    return out;
}

// A whole number in [lo, hi] or nothing.
std::optional<std::int64_t> integerIn(const std::string& text, std::int64_t lo, std::int64_t hi) {
    std::size_t used = 0;
    long long v = 0;
    try {
        v = std::stoll(text, &used);
    } catch (...) {
        return std::nullopt;
    }
    if (used != text.size() || v < lo || v > hi) return std::nullopt;
    return v;
}

std::optional<double> realIn(const std::string& text, double lo, double hi) {
    std::size_t used = 0;
    double v = 0;
    try {
        v = std::stod(text, &used);
    } catch (...) {
        return std::nullopt;
    }
    if (used != text.size() || !(v >= lo && v <= hi)) return std::nullopt;
    return v;
}

// The runs a command line asks for, or one line naming the setting that is wrong.
core::Expected<std::vector<tr::TrainConfig>> configsOf(const TrainArgs& a) {
    tr::TrainConfig base;
    const auto task = tr::taskFromId(a.task);
    if (!task) return core::fail(badValue("--task", a.task, "copy, reverse, sort"));
    base.task.task = *task;
    auto intOpt = [&](const std::string& name, const std::string& text, std::int64_t lo,
                      std::int64_t hi, std::int64_t& into) -> core::Status {
        const auto v = integerIn(text, lo, hi);
        if (!v)
            return core::fail(badValue(
                name, text,
                "a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]"));
        into = *v;
        return {};
    };
    base.steps = tr::defaultSteps(base.task.task);
    if (!a.steps.empty())
        if (auto st = intOpt("--steps", a.steps, 1, 1000000, base.steps); !st) return st.error();
    if (auto st = intOpt("--layers", a.layers, 1, 16, base.layers); !st) return st.error();
    if (auto st = intOpt("--d", a.d, 2, 1024, base.d); !st) return st.error();
    if (auto st = intOpt("--heads", a.heads, 1, 64, base.heads); !st) return st.error();
    if (auto st =
            intOpt("--random-positions", a.randomPositions, 0, 1 << 20, base.task.randomPositions);
        !st)
        return st.error();
    const auto init = realIn(a.learnedInit, 0, 100);
    if (!init) return core::fail(badValue("--learned-init", a.learnedInit, "a real in [0, 100]"));
    base.learnedInit = *init;
    base.task.multiples.clear();
    for (const auto& m : splitList(a.multiples)) {
        const auto v = realIn(m, 1e-9, 1e6);
        if (!v)
            return core::fail(
                badValue("--multiples", a.multiples, "positive reals, comma-separated"));
        base.task.multiples.push_back(*v);
    }
    std::vector<tr::Encoding> encodings;
    std::string known;
    for (const auto& e : tr::encodingTable())
        known += (known.empty() ? "" : ", ") + std::string(e.id);
    for (const auto& id : splitList(a.encodings)) {
        const auto* e = tr::findEncoding(id);
        if (!e) return core::fail(badValue("--encoding", id, known));
        encodings.push_back(e->encoding);
    }
    if (encodings.empty()) return core::fail(badValue("--encoding", a.encodings, known));
    std::vector<std::uint64_t> seeds;
    for (const auto& s : splitList(a.seeds)) {
        const auto v = integerIn(s, 0, (std::int64_t(1) << 53) - 1);
        if (!v)
            return core::fail(badValue("--seeds", a.seeds, "whole numbers >= 0, comma-separated"));
        seeds.push_back(static_cast<std::uint64_t>(*v));
    }
    if (seeds.empty()) return core::fail(badValue("--seeds", a.seeds, "whole numbers >= 0"));
    std::vector<tr::TrainConfig> out;
    for (tr::Encoding e : encodings)
        for (std::uint64_t seed : seeds) {
            tr::TrainConfig c = base;
            c.encoding = e;
            c.seed = seed;
            if (auto st = tr::checkTrainConfig(c); !st) return st.error();
            out.push_back(c);
        }
    return out;
}

std::string runName(const tr::TrainConfig& c) {
    return std::string(tr::encodingEntry(c.encoding).id) + " seed " + std::to_string(c.seed);
}

// Every run's state for the progress line; written by its worker, read under the mutex.
struct Board {
    std::mutex mutex;
    std::vector<double> fraction;
    bool tty = false;
    std::vector<std::string> names;

    void draw() {  // under the mutex
        if (!tty) return;
        std::string line = "\r";
        for (std::size_t i = 0; i < fraction.size(); ++i) {
            if (fraction[i] <= 0 || fraction[i] >= 1) continue;
            line += names[i] + " " + std::to_string(static_cast<int>(100 * fraction[i])) + "%  ";
        }
        std::cerr << line << "\x1b[K" << std::flush;
    }
};

// What is checked before the first step: the runs side by side fit the memory budget, and every
// output can be written (-o, --figure and its format).
int checkBeforeRuns(const std::string& cmd, const TrainArgs& a,
                    const std::vector<tr::TrainConfig>& configs, int threads) {
    // The runs side by side must fit the memory budget, checked before the first step.
    const int parallel = std::min<int>(threads, static_cast<int>(configs.size()));
    for (const auto& c : configs)
        if (auto st = tr::checkTrainMemory(c, parallel, core::configuredMemoryBudget()); !st)
            return fail(cmd, st.error().message);
    if (!a.output.empty())
        if (auto st = core::io::AtomicFile::check(a.output); !st)
            return fail(cmd, st.error().message);
    if (!a.figure.empty()) {
        ui::FigureFormat format;
        if (!ui::figureFormatOf(QString::fromStdString(a.figure), &format))
            return fail(cmd, "--figure '" + core::echo(a.figure, core::kEchoPathLimit) +
                                 "': unknown extension; allowed: .png, .svg, .pdf");
        if (auto st = core::io::AtomicFile::check(a.figure); !st)
            return fail(cmd, st.error().message);
    }
    return 0;
}

// The JSON (--json, -o) and the figure (--figure), each written whole or not at all.
int writeResults(const std::string& cmd, const TrainArgs& a,
                 const std::vector<tr::RunRecord>& records, int threads) {
    const std::string text = tr::trainReportJson(records, threads);
    if (a.json) std::cout << text;
    if (!a.output.empty()) {
        core::io::AtomicFile file;
        if (auto st = file.open(a.output); !st) return fail(cmd, st.error().message);
        file.stream() << text;
        if (auto st = file.commit(); !st) return fail(cmd, st.error().message);
    }
    if (!a.figure.empty()) {
        // Fonts and painting need a Qt application; no display is needed (offscreen platform).
        const auto app = ui::makeOffscreenApplication();
        ui::applyLanguage(ui::languageFromCode(QString::fromStdString(a.lang)));
        const auto figure = ui::trainFigure(records);
        if (!figure) return fail(cmd, figure.error().message);
        if (const QString e =
                ui::writeFigure(QString::fromStdString(a.figure), *figure, ui::FigureOptions{});
            !e.isEmpty())
            return fail(cmd, e.toStdString());
    }
    return 0;
}

}  // namespace

int runTrain(const Args& args) {
    const std::string cmd = "train";
    TrainArgs a;
    OptionTable table = {
        valued({"--task"}, &a.task, "copy|reverse|sort"),
        valued({"--encoding"}, &a.encodings, "E[,E...]"),
        valued({"--seeds"}, &a.seeds, "S[,S...]"),
        valued({"--steps"}, &a.steps, "N"),
        valued({"--layers"}, &a.layers, "L"),
        valued({"--d"}, &a.d, "D"),
        valued({"--heads"}, &a.heads, "H"),
        valued({"--multiples"}, &a.multiples, "M[,M...]"),
        valued({"--threads"}, &a.threads, "N"),
        valued({"--learned-init"}, &a.learnedInit, "S"),
        valued({"--random-positions"}, &a.randomPositions, "R"),
        flag({"--json"}, &a.json),
        valued({"-o", "--output"}, &a.output, "RESULT.json"),
        valued({"--figure"}, &a.figure, "FIG.{png,svg,pdf}"),
        oneOf({"--lang"}, &a.lang, {"en", "zh"}).alsoAccepts({"zh_CN"}),
    };
    if (int rc = parseOptions(cmd, args, table, nullptr); rc != 0) return rc;
    if (a.task.empty()) return fail(cmd, "--task is required (copy, reverse or sort)");
    if (a.encodings.empty()) return fail(cmd, "--encoding is required (e.g. none,rope,alibi)");
    auto configs = configsOf(a);
    if (!configs) return fail(cmd, configs.error().message);
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    int threads = cores;
    if (!a.threads.empty()) {
        const auto v = integerIn(a.threads, 1, 256);
        if (!v) return fail(cmd, badValue("--threads", a.threads, "a whole number in [1, 256]"));
        threads = static_cast<int>(*v);
    }
    if (int rc = checkBeforeRuns(cmd, a, *configs, threads); rc != 0) return rc;

    const std::size_t count = configs->size();
    std::vector<tr::RunRecord> records(count);
    std::vector<std::string> errors(count);
    Board board;
    board.tty = ::isatty(STDERR_FILENO) == 1;
    board.fraction.assign(count, 0.0);
    for (const auto& c : *configs) board.names.push_back(runName(c));
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i = next++; i < count; i = next++) {
            const tr::TrainConfig& c = (*configs)[i];
            core::ProgressSink sink([&, i](double f) {
                std::lock_guard lock(board.mutex);
                board.fraction[i] = f;
                board.draw();
            });
            core::ComputeContext ctx;
            ctx.progress = &sink;
            auto r = tr::recordRun(c, ctx);
            std::lock_guard lock(board.mutex);
            board.fraction[i] = 1.0;
            if (!r) {
                errors[i] = runName(c) + ": " + r.error().message;
                continue;
            }
            records[i] = std::move(*r);
            const double wall = records[i].wallSeconds;
            std::ostringstream line;
            line << (board.tty ? "\r\x1b[K" : "") << a.task << " " << runName(c) << ": " << c.steps
                 << " steps in " << static_cast<int>(std::lround(wall)) << " s ("
                 << static_cast<int>(std::lround(c.steps / std::max(wall, 1e-9)))
                 << " steps/s), loss "
                 << (records[i].result.loss.empty() ? 0.0 : records[i].result.loss.back()[1])
                 << ", token accuracy";
            for (const auto& e : records[i].result.eval)
                line << " " << tr::multipleKey(e.multiple) << "x "
                     << std::lround(1000 * e.tokenAcc) / 10.0 << "%";
            std::cerr << line.str() << "\n";
            board.draw();
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < std::min<int>(threads, static_cast<int>(count)); ++t)
        pool.emplace_back(worker);
    for (auto& t : pool) t.join();
    for (const auto& e : errors)
        if (!e.empty()) return fail(cmd, e);

    return writeResults(cmd, a, records, threads);
}

}  // namespace poslab::app
