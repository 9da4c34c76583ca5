// A quantity's optional CPU fast path (QuantitySpec::fast), defined in the encoding's own file
// next to the reference it must agree with. The CPU backend knows no encoding: it runs a
// quantity's fast path where the path accepts the request, and the registry's reference
// everywhere else. Tests bound every fast path against the reference (tst_backend_cpu).
#pragma once

#include <functional>
#include <string_view>

#include "core/compute_context.h"
#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core {

enum class Precision { F64, F32 };
std::string_view precisionName(Precision p);  // "f64" / "f32"

struct Result;  // core/backend/backend.h

struct FastPath {
    // Whether the path serves these (resolved) parameters at this precision; empty: always.
    // Integer quantities are always asked at F64.
    std::function<bool(const ParamSet&, Precision)> accepts;
    // Fills the vector of `out` the precision and dtype select (f64, f32 or i64), resized; the
    // runner has set out's shape, dtype and precision.
    std::function<Status(const ParamSet&, Precision, Result&, const ComputeContext&)> run;

    bool serves(const ParamSet& p, Precision precision) const {
        return run && (!accepts || accepts(p, precision));
    }
};

}  // namespace poslab::core
