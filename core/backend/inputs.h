// Inputs the backends rebuild exactly as the registry's encodings do, so that fast paths and
// device kernels use the same numbers (the parity tests would catch any drift).
#pragma once

#include "core/array.h"
#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core::backend {

// T5's (num_buckets, heads) table — (n, heads) when bucketing is none: the `weights` file, or
// standard normal drawn row by row from Rng(seed) (core/encodings/t5.cpp).
Expected<RowMatrix> t5Weights(const ParamSet& p);

// Bucket of every relative position r = j - i in [-(n-1), n-1], at index r + n - 1.
std::vector<std::int64_t> t5BucketsByOffset(const ParamSet& p);

}  // namespace poslab::core::backend
