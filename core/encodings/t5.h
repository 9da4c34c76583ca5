// Inputs of the T5 encoding that its CPU fast path and the Vulkan kernels share with the
// reference, so that every backend uses the same numbers.
#pragma once

#include <cstdint>
#include <vector>

#include "core/array.h"
#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core::enc {

// Bucket of every relative position r = j - i in [-(n-1), n-1], at index r + n - 1 (the bucket
// matrix is Toeplitz, so 2n - 1 evaluations fill it); |r| when bucketing is none.
std::vector<std::int64_t> t5BucketsByOffset(const ParamSet& p);

// The (rows, heads) weight table — num_buckets rows, or n when bucketing is none: the `weights`
// file, or standard normal drawn row by row from Rng(seed).
Expected<RowMatrix> t5Weights(const ParamSet& p);

}  // namespace poslab::core::enc
