// `--model FILE|PRESET [--layer I] [--seq-len N]` on export and render (models.md M4): the rope
// parameters of layer I's kind (default: the first layer with RoPE) come first, the `-p` values
// after them, so `-p base=1e6` tries another base on the same model.
#pragma once

#include <cstdint>
#include <string>

#include "app/args.h"
#include "core/compute.h"

namespace poslab::app {

struct ModelOption {
    std::string model, layer, seqLen;
};

// "" when `v` is a whole number >= min, else the rule ("a positive whole number").
std::string wholeNumberProblem(const std::string& v, std::int64_t min);

// Adds --model, --layer and --seq-len to a subcommand's table.
void addModelOptions(OptionTable& table, ModelOption& into);

// With --model: reads the config, picks the layer's kind and puts its rope parameters before
// `given`. `encoding` / `quantity` are what the command computes (a NoPE layer only has
// query_scale). The config's text, parsed form and tables are held to `budget` bytes (the
// configured memory budget when negative: POSLAB_MEMORY_BUDGET or the default). Returns 0, or
// prints one line and returns kExitUsage.
int applyModel(const std::string& command, const ModelOption& option, const std::string& encoding,
               const std::string& quantity, core::TextParams& given, double budget = -1);

}  // namespace poslab::app
