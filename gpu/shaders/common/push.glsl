// The push constants of a PosLab kernel: the common tile header (common/tile.h) at byte 0 and the
// op's parameter block `op` at byte 16, of the type the shader names with
//   #define POSLAB_PARAMS <Type>   (declared in common/params_<op>.h, mirrored in C++)
// before including this file; kernels without parameters define nothing. The C++ side pushes
// gpu::detail::Push, whose layout is asserted against the same headers.
#include "common/tile.h"
#ifdef POSLAB_PARAMS
layout(push_constant) uniform Push {
    Tile tile;
    layout(offset = 16) POSLAB_PARAMS op;
} pc;
#else
layout(push_constant) uniform Push {
    Tile tile;
} pc;
#endif

// Invocation -> (local row, column) of the tile; false outside it (sizes need not be multiples of
// the workgroup size).
bool tileCell(out uint row, out uint col) {
    col = gl_GlobalInvocationID.x;
    row = gl_GlobalInvocationID.y;
    return row < pc.tile.rows && col < pc.tile.cols;
}
