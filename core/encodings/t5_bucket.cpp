#include "core/encodings/t5_bucket.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/params/param_spec.h"

namespace poslab::core::enc {

namespace {

// In-direction bucket of a distance a >= 0 (C1 without the direction offset).
std::int64_t directionBucket(std::int64_t a, std::int64_t nb, std::int64_t maxDistance) {
    const std::int64_t maxExact = nb / 2;
    if (a < maxExact) return a;
    // Same operations, same order as the reference: ln(a/me) / ln(md/me) * (nb - me), truncated.
    const double me = static_cast<double>(maxExact);
    double v = std::log(static_cast<double>(a) / me) /
               std::log(static_cast<double>(maxDistance) / me) * static_cast<double>(nb - maxExact);
    v = std::min(v, static_cast<double>(nb));  // keeps the conversion defined for huge a
    return std::min(maxExact + static_cast<std::int64_t>(v), nb - 1);  // the cast truncates
}

}  // namespace

Status t5CheckParams(bool bidirectional, std::int64_t numBuckets, std::int64_t maxDistance) {
    const std::int64_t least = bidirectional ? 4 : 2;
    if (numBuckets < least)
        return paramError("num_buckets", numBuckets,
                          bidirectional ? "too few buckets: a bidirectional T5 bias splits them in "
                                          "two halves of at least 2"
                                        : "too few buckets",
                          "an integer >= " + std::to_string(least));
    const std::int64_t maxExact = t5MaxExact(bidirectional, numBuckets);
    if (maxDistance <= maxExact)
        return paramError(
            "max_distance", maxDistance,
            "must be greater than the exact range max_exact = " + std::to_string(maxExact) +
                " (the log buckets divide by ln(max_distance / max_exact))",
            "an integer > " + std::to_string(maxExact));
    return {};
}

std::int64_t t5Bucket(std::int64_t relativePosition, bool bidirectional, std::int64_t numBuckets,
                      std::int64_t maxDistance) {
    std::int64_t bucket = 0;
    std::int64_t a = 0;
    const std::int64_t nb = t5DirectionBuckets(bidirectional, numBuckets);
    if (bidirectional) {
        if (relativePosition > 0) bucket += nb;
        a = relativePosition < 0 ? -relativePosition : relativePosition;
    } else {
        a = std::max<std::int64_t>(-relativePosition, 0);
    }
    return bucket + directionBucket(a, nb, maxDistance);
}

std::vector<std::int64_t> t5BucketEdges(bool bidirectional, std::int64_t numBuckets,
                                        std::int64_t maxDistance) {
    const std::int64_t nb = t5DirectionBuckets(bidirectional, numBuckets);
    const std::int64_t maxExact = nb / 2;
    std::vector<std::int64_t> edges(static_cast<std::size_t>(nb));
    for (std::int64_t k = 0; k < nb; ++k) {
        if (k < maxExact) {
            edges[static_cast<std::size_t>(k)] = k;
            continue;
        }
        // The bucket never decreases with a and reaches nb - 1 at a = max_distance (the ratio of
        // the two logarithms is then exactly 1): bisect on [max_exact, max_distance].
        std::int64_t lo = k == maxExact ? maxExact : edges[static_cast<std::size_t>(k - 1)];
        std::int64_t hi = std::max(lo, maxDistance);
        while (directionBucket(hi, nb, maxDistance) < k) hi *= 2;  // defensive, never taken
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (directionBucket(mid, nb, maxDistance) >= k)
                hi = mid;
            else
                lo = mid + 1;
        }
        edges[static_cast<std::size_t>(k)] = lo;
    }
    return edges;
}

std::int64_t t5BucketFromEdges(std::int64_t relativePosition, bool bidirectional,
                               const std::vector<std::int64_t>& edges) {
    const auto nb = static_cast<std::int64_t>(edges.size());
    std::int64_t bucket = 0;
    std::int64_t a = 0;
    if (bidirectional) {
        if (relativePosition > 0) bucket += nb;
        a = relativePosition < 0 ? -relativePosition : relativePosition;
    } else {
        a = std::max<std::int64_t>(-relativePosition, 0);
    }
    for (std::size_t k = 1; k < edges.size(); ++k) bucket += edges[k] <= a ? 1 : 0;
    return bucket;
}

}  // namespace poslab::core::enc
