// Shared pieces of the absolute encodings of section A (learned, hierarchical): a position table
// read from a `source` .npy file, whose shape sets n and d.
#pragma once

#include <cstdint>
#include <string>

#include "core/array.h"
#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core::enc {

// Reads the (rows, cols) table at `path` for parameter `param`: it must be a readable 2-D real
// .npy file of finite values with at least one row and two columns. Errors name `param`.
Expected<RowMatrix> readSourceTable(const std::string& param, const std::string& path);

// Validates the table named by `param` and lets its shape set "n" and "d" in `p`. A value the
// user gave (ParamSet::given) must equal the file's size, else the error names n (or d), the
// value and the size; a value not given follows the file (one still at its default `defaultN`,
// `defaultD`, or already equal to the file's size, when the set carries no "given" marks).
Status adoptSourceShape(ParamSet& p, const std::string& param, std::int64_t defaultN,
                        std::int64_t defaultD);

}  // namespace poslab::core::enc
