// T5's relative-position bucket (spec C1), shared by the t5 encoding, URPE's T5 bias and the
// Vulkan backend (which uses the bucket edges instead of evaluating a float32 logarithm).
//
// Raffel et al., 2020, "Exploring the Limits of Transfer Learning with a Unified Text-to-Text
// Transformer"; the algorithm is mesh-tensorflow's _relative_position_bucket, also in HuggingFace
// transformers' T5Attention._relative_position_bucket, evaluated here in double precision:
//
//   r = key - query;  nb = num_buckets;  bucket = 0
//   bidirectional:  nb = nb / 2;  bucket += nb if r > 0;  a = |r|
//   otherwise:      a = max(-r, 0)             (every key after the query lands in bucket 0)
//   max_exact = nb / 2
//   a <  max_exact: bucket += a
//   a >= max_exact: bucket += min(max_exact + trunc(ln(a / max_exact) / ln(max_distance /
//   max_exact)
//                                                   * (nb - max_exact)), nb - 1)
#pragma once

#include <cstdint>
#include <vector>

#include "core/expected.h"

namespace poslab::core::enc {

// Buckets per direction: num_buckets / 2 when bidirectional, else num_buckets.
inline std::int64_t t5DirectionBuckets(bool bidirectional, std::int64_t numBuckets) {
    return bidirectional ? numBuckets / 2 : numBuckets;
}

// The exact range: distances below it get a bucket of their own.
inline std::int64_t t5MaxExact(bool bidirectional, std::int64_t numBuckets) {
    return t5DirectionBuckets(bidirectional, numBuckets) / 2;
}

// num_buckets >= 2 (>= 4 when bidirectional) and max_distance > max_exact; the error names the
// parameter, its value and what is allowed.
Status t5CheckParams(bool bidirectional, std::int64_t numBuckets, std::int64_t maxDistance);

// Bucket of relativePosition = key - query (spec C1). Requires t5CheckParams to pass.
std::int64_t t5Bucket(std::int64_t relativePosition, bool bidirectional, std::int64_t numBuckets,
                      std::int64_t maxDistance);

// Bucket edges of one direction: edges[k] is the smallest distance a (|r| when bidirectional,
// max(-r, 0) otherwise) whose in-direction bucket is >= k, for k = 0 .. t5DirectionBuckets - 1.
// edges[k] = k below max_exact; two equal edges mean a bucket no distance reaches. Then
//   bucket(r) = (bidirectional && r > 0 ? t5DirectionBuckets : 0) + #{k >= 1 : edges[k] <= a},
// which is exactly t5Bucket (checked by the tests) and needs no logarithm.
std::vector<std::int64_t> t5BucketEdges(bool bidirectional, std::int64_t numBuckets,
                                        std::int64_t maxDistance);

// bucket(r) from the edges, as a shader would compute it.
std::int64_t t5BucketFromEdges(std::int64_t relativePosition, bool bidirectional,
                               const std::vector<std::int64_t>& edges);

}  // namespace poslab::core::enc
