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
// The memory budget input tables are read under on this thread: that of the request being
// prepared or computed (`--memory-budget`, ComputeOptions::memoryBudget) while an
// InputBudgetScope is alive, else configuredMemoryBudget() (POSLAB_MEMORY_BUDGET or the default).
double inputBudget();
class InputBudgetScope {
public:
    explicit InputBudgetScope(double bytes);
    ~InputBudgetScope();
    InputBudgetScope(const InputBudgetScope&) = delete;
    InputBudgetScope& operator=(const InputBudgetScope&) = delete;

private:
    double m_previous;
};

// What reading the array at `path` takes, checked without reading its data: a supported dtype in
// C order, a shape whose size does not overflow, data exactly as long as the shape promises, and
// the raw bytes plus the array of doubles within `maxBytes` (inputBudget() unless given).
Expected<NpyHeader> inspectNpy(const std::string& path, double maxBytes = -1);
// Reads a real (f8, f4, i8, i4 converted to double) or integer array, after inspectNpy's checks
// (nothing is allocated before them).
Expected<Array> readNpy(const std::string& path, double maxBytes = -1);
// The header (magic, version, length, dictionary) of `array`'s .npy file.
std::string npyHeader(const Array& array);
// Writes the .npy file of `array` to `out`, the data straight from the array (no second copy).
void writeNpy(std::ostream& out, const Array& array);
// The encoded bytes of a .npy file (tests, small arrays).
std::string encodeNpy(const Array& array);

}  // namespace poslab::core::io
