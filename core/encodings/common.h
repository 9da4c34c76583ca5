// Shared pieces of the encoding tables: the common ParamSpecs, frequencies, the sinusoidal row,
// quantity builders and input-file checks.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include <Eigen/Core>

#include "core/array.h"
#include "core/registry.h"

namespace poslab::core::enc {

// Largest sizes a parameter accepts; the memory budget refuses results that would not fit first.
constexpr std::int64_t kMaxPositions = 1 << 24;
constexpr std::int64_t kMaxDim = 1 << 16;

ParamSpec specN(std::int64_t def = 64);
ParamSpec specD(std::int64_t def = 64);
ParamSpec specBase(double def = 10000.0);
ParamSpec specSeed();
ParamSpec specOffset();
ParamSpec specHeads(std::int64_t def = 8);
// q and k of the rotary encodings' scores: .npy files of d numbers, all ones when not given.
ParamSpec specQueryVector();
ParamSpec specKeyVector();

// omega_j = base^(-2j/d), computed with pow (never accumulated).
inline double omega(std::int64_t j, std::int64_t d, double base) {
    return std::pow(base, -2.0 * static_cast<double>(j) / static_cast<double>(d));
}

// Interleaved sinusoidal row at position pos: out[2j] = sin(pos w_j), out[2j+1] = cos(pos w_j).
void sinusoidalRow(double pos, std::int64_t d, double base, double* out);
// The (n, d) table for positions offset + i.
RowMatrix sinusoidalTable(std::int64_t n, std::int64_t d, double base, double offset = 0.0);

// "d must be even" with the encoding's reason.
Status requireEven(const ParamSet& p, const std::string& name, const std::string& why);

// Gram matrix X X^T (symmetric) as an (n, n) Array, in row blocks so that a cancel is noticed
// and the progress moves.
Expected<Array> gram(const Eigen::Ref<const RowMatrix>& x, const ComputeContext& ctx = {});
// The share of the progress of a similarity given to building its (rows, cols) table before the
// (rows, rows) Gram matrix: per table element the table costs `elementCost` multiply-adds and the
// Gram `rows`, so the share is elementCost / (elementCost + rows).
double tableShare(std::int64_t rows, double elementCost = 64.0);

using TableFn = std::function<Expected<RowMatrix>(const ParamSet&, const ComputeContext&)>;
using SizeFn = std::function<std::int64_t(const ParamSet&)>;
using CostFn = std::function<double(const ParamSet&)>;
// The `similarity` quantity P P^T of a (rows, cols) table: shape (rows, rows), with a work
// estimate counting the table too. Title and axes can be overridden by the caller. `elementCost`
// (optional) is the table's cost per element for tableShare, when far from the default.
QuantitySpec similarityQuantity(std::string shapeDoc, SizeFn rows, SizeFn cols, TableFn table,
                                CostFn elementCost = {});

// Checks that a .npy at `path` exists, is readable and has `shape` (-1 matches any size).
Status checkNpyShape(const std::string& param, const std::string& path, const Shape& shape);
// Loads a real array of the given shape (after checkNpyShape in resolve).
Expected<RowMatrix> loadMatrix(const std::string& param, const std::string& path, std::int64_t rows,
                               std::int64_t cols);

// Builds a QuantitySpec.
QuantitySpec quantity(std::string id, std::string shapeDoc,
                      std::function<Shape(const ParamSet&)> shape,
                      std::function<Expected<Array>(const ParamSet&, const ComputeContext&)> fn);

inline Error cancelledError() {
    return fail(Errc::Cancelled, "cancelled");
}

}  // namespace poslab::core::enc
