// `--model FILE|PRESET [--layer I] [--seq-len N]` on export and render (models.md M4, M5.2,
// M5.4): the parameters of layer I's kind (default: the first layer with RoPE, or for a model of
// another encoding its first layer of that encoding) come first, the `-p` values after them, so
// `-p base=1e6` tries another base on the same model. RoPE views take RoPE (and M-RoPE) models;
// the alibi, t5, learned and shaw views and exports take models of that encoding, with the
// parameters the config implies (KindInfo::encodingParams).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/args.h"
#include "core/compute.h"
#include "core/models/model_config.h"

namespace poslab::app {

struct ModelOption {
    std::vector<std::string> models;  // every --model, in order (only rope/compare takes two)
    std::string layer, seqLen;
};

// A model as --model gave it.
struct AppliedModel {
    std::string given;  // the argument: a preset id or a file path
    std::string label;  // for footers and legends: the preset id, or the file's name
    core::models::ModelConfig config;
    core::models::KindInfo kind;         // the layer's kind whose parameters are used
    core::TextParams texts;              // those parameters, as -p would give them
    std::optional<std::int64_t> seqLen;  // --seq-len
    // The sequence length s the views open at: --seq-len, else max_position_embeddings.
    std::optional<std::int64_t> length() const {
        return seqLen ? seqLen : config.maxPositionEmbeddings;
    }
};

// How footers and legends name model `given`: the preset id, or the file's name.
std::string labelOfModel(const std::string& given);

// "" when `v` is a whole number >= min, else the rule ("a positive whole number").
std::string wholeNumberProblem(const std::string& v, std::int64_t min);

// Adds --model, --layer and --seq-len to a subcommand's table.
void addModelOptions(OptionTable& table, ModelOption& into);

// Reads model `given` and picks the kind for `encoding` / `quantity` (a NoPE layer only has
// query_scale; a layer without attention has nothing). The config's text, parsed form and tables
// are held to `budget` bytes (the configured memory budget when negative). Returns 0, or prints one
// line and returns kExitUsage.
int loadModel(const std::string& command, const std::string& given, const ModelOption& option,
              const std::string& encoding, const std::string& quantity, AppliedModel& out,
              double budget = -1);

// The config's notes, one stderr line each ("poslab export: note: llama-2-7b: ..."); commands
// print them once their output is written, so that a refusal stays one line.
void printModelNotes(const std::string& command, const AppliedModel& model);

// With one --model: loadModel, then its parameters go before `given` (into `applied` when
// given). More than one --model is refused (only `render rope/compare` compares two: it calls
// loadModel itself). Without --model, --layer and --seq-len are refused. Returns 0 or
// kExitUsage after one line.
int applyModel(const std::string& command, const ModelOption& option, const std::string& encoding,
               const std::string& quantity, core::TextParams& given, double budget = -1,
               AppliedModel* applied = nullptr);

}  // namespace poslab::app
