// The tile header that starts every PosLab kernel's push constants, shared by GLSL (through
// common/push.glsl) and C++ (gpu::detail::Push). A kernel writes a tile of `rows` rows x `cols`
// columns of its output; row0 is the global index of the tile's first row, so tiles can cover
// outputs larger than one storage binding (maxStorageBufferRange); n is the op's length (the full
// row width, or the rows per head). The op's own parameter block follows at byte 16
// (common/params_<op>.h). Include guards, not #pragma once: GLSL has no #pragma once.
#ifndef POSLAB_SHADER_TILE_H
#define POSLAB_SHADER_TILE_H
#ifdef __cplusplus
#include "gpu/shaders/common/shader_types.h"
namespace poslab::gpu::shader {
#endif

struct Tile {
    uint rows;
    uint cols;
    uint row0;
    uint n;
};

#ifdef __cplusplus
static_assert(sizeof(Tile) == 16);
static_assert(offsetof(Tile, rows) == 0 && offsetof(Tile, cols) == 4 && offsetof(Tile, row0) == 8 &&
              offsetof(Tile, n) == 12);
}  // namespace poslab::gpu::shader
#endif
#endif
