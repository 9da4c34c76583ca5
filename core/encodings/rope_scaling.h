// RoPE frequencies theta_j with the context-extension scalings of spec B3 and models.md M2
// (linear, ntk, dynamic, yarn, llama3, longrope, proportional), partial rotation, the attention
// factor, the logit multiplier and the query-scale rules. One implementation shared by rope, xpos,
// the GPU backend, the model reader (core/models) and the views.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core::enc {

struct RopeFrequencyParams {
    std::int64_t d = 64;  // head dim
    double base = 10000.0;
    // none | linear | ntk | dynamic | yarn | llama3 | longrope | proportional
    std::string scaling = "none";
    double factor = 1.0;
    double originalMaxPosition = 2048;  // L (dynamic: max_position_embeddings M)
    double betaFast = 32, betaSlow = 1;
    double lowFreqFactor = 1, highFreqFactor = 4;
    std::int64_t length = 64;    // the sequence length s (dynamic base, longrope table)
    double partialRotary = 1;    // rotate the first floor(d p) channels (proportional: r pairs)
    double attentionFactor = 0;  // yarn / longrope: the given factor; 0 derives it
    double mscale = 0, mscaleAllDim = 0;          // yarn (DeepSeek); 0 = absent
    bool truncate = true;                         // yarn: floor / ceil the correction range
    std::vector<double> shortFactor, longFactor;  // longrope, rotaryDim()/2 each
    std::string logitGain = "none";               // none | deepseek (m^2 of mscale_all_dim)

    // From a rope or xpos parameter set (keys an encoding lacks keep their defaults); reads the
    // longrope lists (numbers or .npy) only when the scaling is longrope.
    static Expected<RopeFrequencyParams> from(const ParamSet& p);
    // floor(d p) for every scaling but proportional (d).
    std::int64_t rotaryDim() const;
};

// Frequencies of one set and how the scaling treated each pair.
struct RopeFrequencies {
    std::vector<double> theta;     // rotaryDim()/2 entries, the scaled frequencies
    std::vector<double> unscaled;  // base^(-2j/d_rot) before the scaling (proportional: zeros)
    std::vector<int> pairClass;    // 0 kept, 1 blended, 2 interpolated (scaled)
    double attentionFactor = 1;    // a, multiplies cos and sin
    double logitMultiplier = 1;    // a^2 times the softmax gain
};

RopeFrequencies ropeFrequencyTable(const RopeFrequencyParams& p);
// theta_j for j = 0 .. rotaryDim()/2 - 1.
std::vector<double> ropeFrequencies(const RopeFrequencyParams& p);
double ropeAttentionFactor(const RopeFrequencyParams& p);
// YaRN's get_mscale(s, m) = 1 if s <= 1 else 0.1 m ln s + 1.
double yarnMscale(double scale, double m = 1);
// YaRN's ramp over the pairs (find_correction_range after the truncation and the clamps): pair j
// has ramp clamp((j - low) / (high - low), 0, 1), 0 kept and 1 interpolated.
struct YarnRamp {
    double low = 0, high = 0;
};
YarnRamp yarnRamp(const RopeFrequencyParams& p);

// Query-scale rules (models.md M1, M5.3) at the 0-based position p:
//   llama4_temperature    ln(floor((p + 1) / floor_scale) + 1) attn_scale + 1
//   llama_4_scaling_beta  1 + beta ln(1 + floor(p / L))
//   qwen_logn             ln(p + 1) / ln(L) when p + 1 > L, else 1 (Qwen v1 use_logn_attn)
struct QueryScaleParams {
    // none | llama4_temperature | llama_4_scaling_beta | qwen_logn
    std::string rule = "none";
    double floorScale = 8192, attnScale = 0.1;  // llama4_temperature
    double beta = 0;                            // llama_4_scaling_beta
    // L: llama_4_scaling_beta (original_max_position), qwen_logn (logn_max, Qwen's seq_length)
    double originalMax = 2048;
    static QueryScaleParams from(const ParamSet& p);
};
double queryScale(const QueryScaleParams& q, double position);

// The scaling ParamSpecs (scaling, factor, original_max_position, beta_fast, beta_slow,
// low_freq_factor, high_freq_factor, seq_len, partial_rotary_factor, attention_factor, mscale,
// mscale_all_dim, truncate, short_factor, long_factor, logit_gain) and their cross-checks
// (`readFiles`: also load the longrope lists given as .npy paths).
std::vector<ParamSpec> ropeScalingSpecs();
Status checkRopeScaling(const ParamSet& p, bool readFiles = true);
// The query-scale ParamSpecs (query_scale, floor_scale, attn_scale, scaling_beta, logn_max).
std::vector<ParamSpec> queryScaleSpecs();

}  // namespace poslab::core::enc
