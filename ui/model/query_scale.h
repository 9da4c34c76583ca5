// The query scaling rules of models.md M1 as functions of the position p, Qt-free, for the Model
// page's query-scale curve: Llama 4's NoPE temperature, llama_4_scaling_beta (Ministral 3) and
// Qwen v1's log-n attention.
#pragma once

#include <cstdint>
#include <vector>

#include "core/models/model_config.h"

namespace poslab::ui {

// The factor that multiplies the queries at position p >= 0:
//   "llama4_temperature":    ln(floor((p + 1) / floor_scale) + 1) * attn_scale + 1
//   "llama_4_scaling_beta":  1 + beta * ln(1 + floor(p / original_max_position_embeddings))
//   "qwen_logn":             ln(p + 1) / ln(L) when p + 1 > L, else 1 (L = originalMax)
// An unknown kind (or a non-positive floor_scale / original max, L <= 1 for qwen_logn) gives 1:
// queries unchanged.
double queryScaleAt(const core::models::QueryScale& rule, std::int64_t p);

// Positions for a log-x curve over [0, maxPos]: 0, then about `perDecade` points per decade, and
// both sides of every step of the floor() (the curve is a staircase). Sorted, unique.
std::vector<std::int64_t> queryScalePositions(const core::models::QueryScale& rule,
                                              std::int64_t maxPos, int perDecade = 40);

}  // namespace poslab::ui
