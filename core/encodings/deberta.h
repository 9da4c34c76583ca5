// A12 DeBERTa disentangled attention: what the backends need to compute the terms themselves
// (the CPU float32 fast path and the Vulkan kernels) from exactly the numbers the registry uses.
//
// With rel(i, j) the (log-bucketed, spec C2) relative position i - j, k the attention span and
// delta(i, j) = clamp(rel + k, 0, 2k - 1):
//   c2c_ij = Qc_i . Kc_j,   c2p_ij = Qc_i . Kr[delta(i, j)],   p2c_ij = Kc_j . Qr[delta(i, j)],
//   logits = (c2c + c2p + p2c) / sqrt(3 d)
// (He, Liu, Gao & Chen, 2021, ICLR; the p2c index follows the released code, see deberta.cpp).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/array.h"
#include "core/expected.h"
#include "core/params/param_spec.h"
#include "core/registry.h"

namespace poslab::core::enc {

template <class T>
using DebertaMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// The seeded content and the projected relative embeddings (spec A12), drawn and multiplied in
// double. Only the rows lo .. hi of P W_qr^T and P W_kr^T that some delta(i, j) reaches are kept.
template <class T>
struct DebertaInputsT {
    DebertaMatrix<T> qc, kc;       // H W_qc^T, H W_kc^T (n, d)
    DebertaMatrix<T> qr, kr;       // rows lo .. hi of P W_qr^T, P W_kr^T (hi - lo + 1, d)
    std::int64_t lo = 0;           // the delta of row 0 of qr and kr
    std::vector<std::int64_t> dl;  // delta(i, j) - lo for r = i - j, at index r + n - 1

    template <class U>
    DebertaInputsT<U> cast() const {
        return {qc.template cast<U>(),
                kc.template cast<U>(),
                qr.template cast<U>(),
                kr.template cast<U>(),
                lo,
                dl};
    }
};
using DebertaInputs = DebertaInputsT<double>;

// The inputs for these (resolved) parameters; positions = false leaves qr, kr and dl empty.
Expected<DebertaInputs> debertaInputs(const ParamSet& p, bool positions,
                                      const ComputeContext& ctx = {});

// The terms a quantity sums: c2c, c2p, p2c one each, logits all three; 0 for other quantities.
enum DebertaTerm : unsigned { kDebertaC2c = 1, kDebertaC2p = 2, kDebertaP2c = 4, kDebertaAll = 7 };
unsigned debertaTermsOf(std::string_view quantity);
// The factor a quantity's sum is multiplied by: 1 / sqrt(3 d) for logits, else 1.
double debertaScaleOf(std::string_view quantity, std::int64_t d);

// out (n, n) = the sum of the selected terms, unscaled, in T (float: the float32 fast path;
// double: the registry's reference). Cancellable between blocks of 128 rows.
template <class T>
Status debertaTermSum(const DebertaInputsT<T>& in, unsigned which, Eigen::Ref<DebertaMatrix<T>> out,
                      const ComputeContext& ctx = {});

// The attention span k: position_buckets when > 0, else max_relative_positions.
std::int64_t debertaSpan(const ParamSet& p);

// DeBERTa-v2's log bucket of r = query - key (spec C2), in double as the released code. Identity
// when position_buckets <= 0 or max_relative_positions <= 0 (no bucketing).
std::int64_t debertaBucket(std::int64_t r, std::int64_t positionBuckets, std::int64_t maxPositions);

}  // namespace poslab::core::enc
