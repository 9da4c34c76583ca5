#include "app/cli.h"

#include <iostream>

#include "core/expected.h"
#include "gpu/backend_router.h"

namespace poslab::app {

int fail(const std::string& command, const std::string& message) {
    // One line whatever the message quotes (a value or path with a newline in it).
    std::cerr << "poslab" << (command.empty() ? "" : " ") << command << ": "
              << core::printable(message) << std::endl;
    return kExitUsage;
}

std::vector<std::string> backendChoices() {
    std::vector<std::string> out;
    for (auto mode : {gpu::BackendMode::Cpu, gpu::BackendMode::Auto, gpu::BackendMode::Vulkan})
        out.emplace_back(gpu::backendModeName(mode));
    return out;
}

void printUsage() {
    std::cout <<
        R"(PosLab — a laboratory for Transformer positional encodings

usage:
  poslab                                 start the GUI
  poslab list [--json]                   encodings, quantities, parameters with defaults/ranges
  poslab export ENC QTY [-p KEY=VALUE]... [--backend cpu|auto|vulkan]
                [--memory-budget SIZE] -o FILE.{npy,csv,json}
  poslab render VIEW [-p KEY=VALUE]... [--size SIZE] [--dpi N]
                [--theme light|dark] [--lang en|zh] [--colormap auto|viridis|diverging]
                [--no-footer] [--no-formula] -o FILE.{png,svg,pdf}
                                         a view as a figure for slides (VIEW as rope/decay);
                                         parameters not given take the view's page preset;
                                         SIZE: WxH (px), WxHin, 16:9, 4:3 (slides), a4,
                                         a4-portrait, column, two-column (print sizes)
  poslab export rope QTY --model FILE|PRESET [--layer I] [--seq-len N] [-p KEY=VALUE]... -o OUT
  poslab render VIEW --model FILE|PRESET [--layer I] [--seq-len N] ... -o OUT
                                         the parameters of layer I's kind of a model (default:
                                         the first RoPE layer); -p overrides them; alibi, t5,
                                         learned and shaw take models of that encoding; decay
                                         and scores open at s (--seq-len, else the model's max)
  poslab render rope/compare --model A --model B ... -o OUT
                                         model A against model B (--model once elsewhere)
  poslab render model/VIEW --model A [--model B] [--layer I] ... -o OUT
                                         the Model page's charts (VIEW: charts, frequencies,
                                         wavelengths, scaling, query_scale, encoding) of one
                                         model, or two compared on one axis 2j/d
  poslab render VIEW --sweep KEY=FROM:TO[:log|:linear] [--frames N] [--fps F] ...
                -o OUT.gif|OUT.pdf|OUT/|OUT.mp4
                                         N frames (2-600, default 30) with KEY going FROM -> TO,
                                         in log steps for a log-slider parameter, else linear;
                                         an animated GIF (--fps, default 10, looping), a page
                                         or a PNG per frame, or an MP4 with ffmpeg installed
  poslab render --list                   every view: its id, then a short title
  poslab render --lesson FILE [--format png|svg|pdf] -o OUT
                                         OUT.pdf: one page per step; OUT a folder: one file each
  poslab bench [--json] [--backend auto|cpu|vulkan] [--quick] [--only ENC/QTY,...]
                                         median timings of the hot quantities, CPU and Vulkan
  poslab bench --interactive [--json]    edit-to-image latency of the live views
  poslab model FILE|PRESET [--seq-len N] [--json]
                                         what a model's config.json means for its positions:
                                         the encoding, layer map, RoPE per kind of layer,
                                         inverse frequencies; notes last (--json: also stderr)
  poslab model A B [--seq-len N] [--json]
                                         two models side by side, differing rows marked *;
                                         --json: {"names": [A, B], "models": [{...}, {...}],
                                         "differences": [{"field", "a", "b"}, ...]} (each model
                                         as 'model --json' writes it; only differing rows)
  poslab model --list                    the bundled model presets: id, name, source
  poslab train --task copy|reverse|sort --encoding E[,E...] [--seeds 0,1,2] [--steps N]
               [--layers L] [--d D] [--heads H] [--multiples 1,1.5,2,3,4] [--threads N]
               [--learned-init S] [--random-positions R] [--json] [-o RESULT.json]
               [--figure FIG.{png,svg,pdf}] [--lang en|zh]
                                         trains a tiny decoder per encoding and seed on the
                                         CPU and measures token accuracy at multiples of the
                                         training length (E: none, sinusoidal, learned, rope,
                                         alibi, t5, kerple, fire); --figure draws accuracy
                                         against test size, mean and range over the seeds
  poslab --help                          this text
  poslab --version                       the version, as "poslab X.Y.Z"

Errors exit with code 2 and one line on stderr; no output file is left behind.
The memory budget (default 2GiB, or POSLAB_MEMORY_BUDGET) refuses results that would not fit.
)";
}

}  // namespace poslab::app
