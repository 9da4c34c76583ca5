#include "gpu/kernel_inputs.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "core/encodings/deberta.h"

namespace poslab::gpu::detail {

DebertaEdges debertaEdges(std::int64_t n, std::int64_t buckets, std::int64_t maxPos) {
    DebertaEdges e;
    if (buckets > 0 && maxPos > 0) {
        const std::int64_t mid = buckets / 2;
        e.mid = static_cast<std::uint32_t>(mid);
        if (n - 1 > mid) {
            // For a distance a > mid the bucket of r = a is its log position, nondecreasing in a.
            auto logPos = [&](std::int64_t a) {
                return core::enc::debertaBucket(a, buckets, maxPos);
            };
            const std::int64_t first = logPos(mid + 1), last = logPos(n - 1);
            e.firstLog = static_cast<std::uint32_t>(first);
            for (std::int64_t v = first + 1; v <= last; ++v) {
                std::int64_t lo = mid + 1, hi = n - 1;  // the smallest a with logPos(a) >= v
                while (lo < hi) {
                    const std::int64_t m = lo + (hi - lo) / 2;
                    if (logPos(m) >= v)
                        hi = m;
                    else
                        lo = m + 1;
                }
                e.edges.push_back(static_cast<std::int32_t>(lo));
            }
        }
    }
    e.count = static_cast<std::uint32_t>(e.edges.size());
    if (e.edges.empty()) e.edges.push_back(0);
    return e;
}

core::Expected<DebertaTiling> debertaTiling(std::int64_t n, std::int64_t d,
                                            const BindingLimits& lim) {
    DebertaTiling t;
    t.n = static_cast<std::uint64_t>(n);
    t.d = static_cast<std::uint64_t>(d);
    const std::uint64_t inRow = 4 * t.d, outRow = 4 * t.n;
    auto step = [&](std::uint64_t bytes) { return lim.alignment / std::gcd(lim.alignment, bytes); };
    t.stepIn = step(inRow);
    const std::uint64_t stepRows = std::lcm(t.stepIn, step(outRow));
    t.maxIn = lim.maxBinding / inRow;
    t.maxBinding = lim.maxBinding;
    auto fit = [](std::uint64_t want, std::uint64_t cap, std::uint64_t granule) {
        return want <= cap ? want : cap / granule * granule;  // whole, or aligned tiles
    };
    t.rows = fit(t.n, std::min({lim.maxBinding / outRow, t.maxIn / 2, lim.group * lim.maxGroupsY}),
                 stepRows);
    // Qr/Kr: a tile's R + C - 1 distances reach as many rows (without jumps), plus the alignment
    // below the first.
    const std::uint64_t colCap = t.maxIn >= t.rows + t.stepIn ? t.maxIn - t.rows - t.stepIn + 1 : 0;
    t.cols = fit(t.n, std::min(colCap, lim.group * lim.maxGroupsX), t.stepIn);
    if (t.rows == 0 || t.cols == 0)
        return core::fail(core::Errc::VulkanUnavailable,
                          "DeBERTa rows of d = " + std::to_string(d) +
                              " (n = " + std::to_string(n) + ") do not fit a storage binding of " +
                              std::to_string(lim.maxBinding) + " bytes");
    return t;
}

core::Expected<std::vector<DebertaTile>> debertaTiles(const DebertaTiling& t,
                                                      const std::vector<std::int64_t>& dl) {
    const auto n = static_cast<std::int64_t>(t.n);
    if (dl.size() != static_cast<std::size_t>(2 * n - 1))
        return core::fail(core::Errc::Internal, "DeBERTa: delta table of the wrong size");
    // Rows [first (aligned down), last] of Qr/Kr that a tile reaches: those of its extreme r.
    auto reach = [&](DebertaTile& tile) {
        const auto rMin =
            static_cast<std::int64_t>(tile.r0) - static_cast<std::int64_t>(tile.c0 + tile.cols - 1);
        const auto rMax =
            static_cast<std::int64_t>(tile.r0 + tile.rows - 1) - static_cast<std::int64_t>(tile.c0);
        tile.pFirst = static_cast<std::uint64_t>(dl[static_cast<std::size_t>(rMin + n - 1)]) /
                      t.stepIn * t.stepIn;
        tile.pLast = static_cast<std::uint64_t>(dl[static_cast<std::size_t>(rMax + n - 1)]);
        return tile.pLast - tile.pFirst + 1 <= t.maxIn;
    };
    std::vector<DebertaTile> tiles;
    for (std::uint64_t r0 = 0; r0 < t.n; r0 += t.rows) {
        DebertaTile tile;
        tile.r0 = r0;
        tile.rows = std::min(t.rows, t.n - r0);
        for (tile.c0 = 0; tile.c0 < t.n; tile.c0 += tile.cols) {
            tile.cols = std::min(t.cols, t.n - tile.c0);
            while (!reach(tile)) {  // keep c0 aligned: narrow by whole steps
                tile.cols = (tile.cols - 1) / t.stepIn * t.stepIn;
                if (tile.cols == 0)
                    return core::fail(
                        core::Errc::VulkanUnavailable,
                        "the DeBERTa relative embeddings one tile reaches (rows of d = " +
                            std::to_string(t.d) + ") do not fit a storage binding of " +
                            std::to_string(t.maxBinding) + " bytes");
            }
            tiles.push_back(tile);
        }
    }
    return tiles;
}

}  // namespace poslab::gpu::detail
