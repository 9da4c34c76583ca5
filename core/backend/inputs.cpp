#include "core/backend/inputs.h"

#include "core/encodings/common.h"
#include "core/encodings/t5_bucket.h"
#include "core/random.h"

namespace poslab::core::backend {

Expected<RowMatrix> t5Weights(const ParamSet& p) {
    const auto rows = p.text("bucketing") == "log" ? p.integer("num_buckets") : p.integer("n");
    const auto heads = p.integer("heads");
    if (const auto& path = p.text("weights"); !path.empty())
        return enc::loadMatrix("weights", path, rows, heads);
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    return RowMatrix(normalMatrix(rng, rows, heads));
}

std::vector<std::int64_t> t5BucketsByOffset(const ParamSet& p) {
    const auto n = p.integer("n");
    const bool log = p.text("bucketing") == "log";
    const bool bidirectional = p.boolean("bidirectional");
    const auto nb = p.integer("num_buckets");
    const auto md = p.integer("max_distance");
    std::vector<std::int64_t> b(static_cast<std::size_t>(2 * n - 1));
    for (std::int64_t r = -(n - 1); r <= n - 1; ++r)
        b[static_cast<std::size_t>(r + n - 1)] =
            log ? enc::t5Bucket(r, bidirectional, nb, md) : (r < 0 ? -r : r);
    return b;
}

}  // namespace poslab::core::backend
