// `poslab model A B` (models.md M5.4): two configs side by side, row by row, the rows where
// they differ marked. The rows are what a researcher compares first: the encoding, head dim and
// maximum, the NoPE, position-free and windowed layers, and per kind of layer the RoPE set (base,
// rotary dim, pairing with its source, pairs kept / blended / interpolated, attention factor, ...)
// or the parameters of another encoding. The printing is the command line's (app/cli_model.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/models/model_config.h"

namespace poslab::core::models {

struct CompareRow {
    std::string field;  // "base", "full_attention: pairing", "NoPE layers"
    std::string a, b;   // as `poslab model` writes them; "-" where the model has none
    bool differs = false;
};

// The rows of A against B. Kinds are matched by name when both models have the same kind names
// (each kind's rows carry its name: "sliding_attention: base"); otherwise each model's default
// kind (the one `--model` takes: the first layer with RoPE, else the first attention layer) is
// compared, and a row "kind" names the two. Numbers are compared at full precision and shown to
// 12 significant digits. Texts from the configs are raw: the caller makes them printable.
std::vector<CompareRow> compareModels(const ModelConfig& a, const ModelConfig& b);

// A kind of attention layer without positions (NoPE): no RoPE, and no other encoding either.
bool isNopeKind(const KindInfo& kind);

// The kind `--model` takes without --layer: the first layer with RoPE, else the first attention
// layer, else the first kind; nullptr for a config without kinds.
const KindInfo* defaultKind(const ModelConfig& config);

// Layer indices (ascending) as a short text: runs as "a-b", at most six pieces (the first four,
// "…", the last), then the count out of `total`: "3, 7, 11, 15, …, 35 (9 of 36)", "0-31 (32 of
// 32)". "-" for none.
std::string layerListText(const std::vector<std::int64_t>& layers, std::int64_t total);

}  // namespace poslab::core::models
