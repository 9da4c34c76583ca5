// Push constants shared by every PosLab kernel; mirrored by gpu::detail::Push (static_assert on
// its size). A kernel writes a tile of `rows` rows x `cols` columns of its output; row0 is the
// global index of the tile's first row, so tiles can cover outputs larger than one storage
// binding (maxStorageBufferRange).
layout(push_constant) uniform Push {
    uint rows;
    uint cols;
    uint row0;
    uint n;
    uint i0;
    uint i1;
    uint i2;
    uint i3;
    float f0;
    float f1;
    float f2;
    float f3;
    uint i4;
    uint i5;
    uint i6;
    uint i7;
} pc;

// Invocation -> (local row, column) of the tile; false outside it (sizes need not be multiples of
// the workgroup size).
bool tileCell(out uint row, out uint col) {
    col = gl_GlobalInvocationID.x;
    row = gl_GlobalInvocationID.y;
    return row < pc.rows && col < pc.cols;
}
