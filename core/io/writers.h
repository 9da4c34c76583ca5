// Array writers for `poslab export`: .npy, .csv and .json, chosen by the file's extension.
#pragma once

#include <ostream>
#include <string>

#include "core/array.h"
#include "core/expected.h"
#include "core/io/npy.h"
#include "core/params/param_spec.h"

namespace poslab::core::io {

enum class Format { Npy, Csv, Json };
Expected<Format> formatForPath(const std::string& path);

// writeNpy (the header, then the data straight from the array) is in core/io/npy.h.
// "# shape: a,b,c" then one line per row of the array folded to 2-D; 17 significant digits.
void writeCsv(std::ostream& out, const Array& array);
// {"encoding","quantity","params","shape","dtype","data"}; data nested by dimension. A rope set
// that is p-RoPE (scaling proportional, factor 1) also gets "variant": "p-RoPE".
void writeJson(std::ostream& out, const Array& array, const std::string& encoding,
               const std::string& quantity, const ParamSet& params);

// Text of a double that round-trips; non-finite as inf, -inf, nan.
std::string numberText(double v);
std::string jsonString(const std::string& s);

class AtomicFile;

// Writes the array in `format` into `file` and commits it. The file is opened by the caller
// before the computation (`poslab export`), so that a bad output path is reported before any work
// and a failed computation leaves no file behind.
Status exportArray(AtomicFile& file, Format format, const Array& array, const std::string& encoding,
                   const std::string& quantity, const ParamSet& params);

}  // namespace poslab::core::io
