// The training lab's positional encodings (spec training.md T2): one table entry per encoding
// with what it trains, and its forward and backward. Each reuses core's definition of the
// encoding: the A1 sinusoidal table, A6's frequencies omega (RoPE, half pairing, base 10000 per
// head), B1's slopes (ALiBi), C1's causal bucket (T5), E3's log kernel (KERPLE) and E4's MLP and
// normalised distance (FIRE).
//
// Positions are per token (a batch's `positions`); biases depend on pos_i - pos_j >= 0 for a query
// i at or after its key j (causal).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/train/param_store.h"

namespace poslab::core::train {

enum class Encoding { None, Sinusoidal, Learned, Rope, Alibi, T5, Kerple, Fire };
// How an encoding enters the model: nothing, a table added at the input, a rotation of q and k,
// or a bias added to the attention logits.
enum class EncodingKind { Nothing, Input, Rotary, Bias };

struct EncodingEntry {
    const char* id;
    Encoding encoding;
    EncodingKind kind;
    const char* trained;  // what it trains, in words ("" when nothing)
};

// Every encoding of the lab, in the spec's order.
const std::vector<EncodingEntry>& encodingTable();
const EncodingEntry* findEncoding(const std::string& id);
const EncodingEntry& encodingEntry(Encoding encoding);

struct EncodingConfig {
    Encoding encoding = Encoding::None;
    std::int64_t d = 64, heads = 4, layers = 2;
    std::int64_t maxPositions = 64;  // positions are in [0, maxPositions)
    double learnedInit = 0.02;       // the learned table's N(0, s^2)
    std::int64_t t5Buckets = 32, t5MaxDistance = 128;
    std::int64_t fireHidden = 32;
    double fireC = 0.1, fireThreshold = 512.0;  // E4's initial c and threshold L (used as |.|)
};

class PosEncoding {
public:
    // Registers the encoding's trained tensors in `layout` (in this order: learned "pos.learned"
    // (maxPositions, d); per layer l: t5 "t5.l" (heads, buckets); kerple "kerple.l" (2, heads),
    // rows rho1, rho2; fire "fire.l.w1" (1, hidden), "fire.l.b1", "fire.l.w2" (heads, hidden),
    // "fire.l.b2" (1, heads), "fire.l.c" (1, 1), "fire.l.threshold" (1, 1)) and builds its fixed
    // tables.
    PosEncoding(const EncodingConfig& config, ParamLayout& layout);

    EncodingKind kind() const { return encodingEntry(m_config.encoding).kind; }
    const EncodingConfig& config() const { return m_config; }

    // Input: x (N, d) += table[pos[r]] for every row r; the backward adds dx's rows to the
    // learned table's gradient.
    template <class S>
    void addInput(const Vec<S>& params, const std::int32_t* pos, Mat<S>& x) const;
    template <class S>
    void addInputBackward(const std::int32_t* pos, const Mat<S>& dx, Vec<S>& grad) const;

    // Rotary: rotates every head of the d columns from `col` of qk (N rows) by pos[r] theta_j
    // (half pairing within each head); `inverse` rotates back (the backward of the rotation).
    template <class S>
    void rotate(const std::int32_t* pos, Mat<S>& qk, Eigen::Index col, bool inverse) const;

    // Bias: out[h] (T, T) for one sample's T positions in layer `layer`, filled for j <= i (0
    // above); the backward adds the gradient of sum_h <dBias[h], bias[h]> over j <= i.
    template <class S>
    void bias(const Vec<S>& params, int layer, const std::int32_t* pos, Eigen::Index t,
              std::vector<Mat<S>>& out) const;
    template <class S>
    void biasBackward(const Vec<S>& params, int layer, const std::int32_t* pos, Eigen::Index t,
                      const std::vector<Mat<S>>& dBias, Vec<S>& grad) const;

private:
    EncodingConfig m_config;
    const ParamLayout* m_layout;
    int m_learned = -1;                  // learned table tensor
    std::vector<int> m_perLayer;         // t5 / kerple: one tensor per layer; fire: the first of 6
    Mat<double> m_table;                 // sinusoidal (maxPositions, d)
    Mat<double> m_cos, m_sin;            // rope (maxPositions, dh / 2)
    std::vector<double> m_slopes;        // alibi
    std::vector<std::int32_t> m_bucket;  // t5: bucket of distance 0 .. maxPositions - 1
};

}  // namespace poslab::core::train
