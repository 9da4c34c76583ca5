// Internal: what the CPU prepares for the relative-position kernels, in plain C++ (no Vulkan):
// the bucket edges that let the device map distances to buckets without a logarithm, and the
// tiling of the DeBERTa terms under the storage-binding limit. Errors are values (a tiling that
// cannot fit the device's bindings: Errc::VulkanUnavailable).
#pragma once

#include <cstdint>
#include <vector>

#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::gpu::detail {

// DeBERTa-v2's log buckets (spec C2) as gpu/shaders/common/buckets.glsl's debertaBucket takes
// them, for distances up to n - 1: mid (0 = no buckets), the log position of mid + 1, and the
// edges, the smallest distance of every later log position, all found with the CPU's float64
// bucket (core/encodings/deberta.h).
struct DebertaEdges {
    std::uint32_t mid = 0, firstLog = 0;
    std::uint32_t count = 0;          // edges in use
    std::vector<std::int32_t> edges;  // never empty (a dummy 0 when count = 0)
};
DebertaEdges debertaEdges(std::int64_t n, std::int64_t positionBuckets, std::int64_t maxPositions);

// Limits a tiling must respect (bytes and workgroup counts of the device).
struct BindingLimits {
    std::uint64_t maxBinding = 0;  // largest storage binding
    std::uint64_t alignment = 1;   // minStorageBufferOffsetAlignment
    std::uint64_t maxGroupsX = 65535, maxGroupsY = 65535;
    std::uint64_t group = 16;  // workgroup edge
};

// One dispatch of the DeBERTa terms kernel: queries [r0, r0 + rows) x keys [c0, c0 + cols),
// reading rows [pFirst, pLast] of Qr and Kr (delta - lo). Every binding starts aligned and fits.
struct DebertaTile {
    std::uint64_t r0 = 0, rows = 0, c0 = 0, cols = 0, pFirst = 0, pLast = 0;
};

// The tile sizes for an (n, n) output with rows of d floats as inputs: R query rows (the output
// binding holds R rows of n), C key rows, and room for the R + C - 1 Qr/Kr rows a tile's
// distances reach. An error when a row of d (or of n) floats cannot fit one binding.
struct DebertaTiling {
    std::uint64_t n = 0, d = 0;
    std::uint64_t rows = 0, cols = 0;  // R, C
    std::uint64_t stepIn = 1;          // input rows per aligned offset
    std::uint64_t maxIn = 0;           // input rows one binding holds
    std::uint64_t maxBinding = 0;      // bytes
};
core::Expected<DebertaTiling> debertaTiling(std::int64_t n, std::int64_t d,
                                            const BindingLimits& limits);

// The dispatches covering the output. dl[r + n - 1] = delta(r) - lo for r = i - j; delta is
// monotone in r, but the log buckets can jump, so a tile may narrow its columns until the Qr/Kr
// rows it reaches fit; an error when even the narrowest does not.
core::Expected<std::vector<DebertaTile>> debertaTiles(const DebertaTiling& tiling,
                                                      const std::vector<std::int64_t>& dl);

}  // namespace poslab::gpu::detail
