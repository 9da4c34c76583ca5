// NumPy .npy v1.0 files: '<f8' and '<i8' arrays in C order (NEP 1 / numpy.lib.format).
#pragma once

#include <ostream>
#include <string>

#include "core/array.h"
#include "core/expected.h"
#include "core/io/npy_header.h"

namespace poslab::core::io {

// Header fields only; cheap, used to validate input shapes before computing. The path must be a
// regular file (a FIFO or a device would block or never end).
Expected<NpyHeader> readNpyHeader(const std::string& path);
// Reads a real (f8, f4, i8, i4 converted to double) or integer array. The size the header
// promises is checked for overflow, against the file's length and against `maxBytes` (the
// configured memory budget unless given) before anything is allocated.
Expected<Array> readNpy(const std::string& path, double maxBytes = -1);
// The header (magic, version, length, dictionary) of `array`'s .npy file.
std::string npyHeader(const Array& array);
// Writes the .npy file of `array` to `out`, the data straight from the array (no second copy).
void writeNpy(std::ostream& out, const Array& array);
// The encoded bytes of a .npy file (tests, small arrays).
std::string encodeNpy(const Array& array);

}  // namespace poslab::core::io
