// NumPy .npy v1.0 files: '<f8' and '<i8' arrays in C order (NEP 1 / numpy.lib.format).
#pragma once

#include <string>

#include "core/array.h"
#include "core/expected.h"

namespace poslab::core::io {

// Header fields only; cheap, used to validate input shapes before computing.
struct NpyHeader {
    std::string descr;
    bool fortranOrder = false;
    Shape shape;
};

Expected<NpyHeader> readNpyHeader(const std::string& path);
// Reads a real (f8, f4, i8, i4 converted to double) or integer array.
Expected<Array> readNpy(const std::string& path);
// The encoded bytes of a .npy file.
std::string encodeNpy(const Array& array);

}  // namespace poslab::core::io
