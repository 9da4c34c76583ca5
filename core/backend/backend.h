// One interface for every compute backend (design.md, "Compute model"): a Request names an
// encoding, a quantity, its parameters and the precision wanted; a Result holds the array.
// Implementations: CpuBackend (core, double reference plus float32 fast paths) and VulkanBackend
// (gpu/, float32 storage). Errors are values.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/array.h"
#include "core/backend/fast_path.h"
#include "core/compute.h"
#include "core/expected.h"

namespace poslab::core {

// Who computes: core's CPU backend or the Vulkan device (gpu/).
enum class BackendKind { Cpu, Vulkan };

struct Request {
    std::string encoding;
    std::string quantity;
    ParamSet params;  // values given; the rest take their defaults
    Precision precision = Precision::F64;
};

// A computed array. Real quantities fill f64 (precision F64) or f32 (precision F32); integer
// quantities always fill i64. The vectors keep their capacity when a Result is reused, so
// recomputing a quantity of the same size touches no fresh memory.
struct Result {
    Shape shape;
    DType dtype = DType::F64;  // logical type: real or integer
    Precision precision = Precision::F64;
    std::vector<double> f64;
    std::vector<float> f32;
    std::vector<std::int64_t> i64;
    BackendKind backend = BackendKind::Cpu;  // who computed it
    std::string note;  // why another backend computed it, if one did (else empty)

    std::int64_t size() const { return elementCount(shape); }
    double at(std::int64_t k) const;
    Array toArray() const;  // f32 widened to f64
};

class Backend {
public:
    Backend() = default;
    Backend(const Backend&) = delete;
    Backend& operator=(const Backend&) = delete;
    virtual ~Backend() = default;

    virtual BackendKind kind() const = 0;
    virtual std::string deviceName() const = 0;  // "llvmpipe (LLVM 15.0.6, 256 bits)"
    virtual std::string deviceType() const = 0;  // "cpu", "integrated", "discrete", "virtual"

    // Whether this backend computes the quantity itself for these (resolved) parameters.
    virtual bool implements(const Prepared& prepared) const = 0;

    // Computes into `out`, reusing its buffers. Parameters are checked first (errors name them).
    virtual Status run(const Request& request, Result& out, const ComputeOptions& options = {}) = 0;

    Expected<Result> compute(const Request& request, const ComputeOptions& options = {}) {
        Result out;
        if (auto st = run(request, out, options); !st) return st.error();
        return out;
    }
};

// Parses nothing: overlays the request's values on the defaults and checks them.
Expected<Prepared> prepareRequest(const Request& request, const ComputeOptions& options = {});

}  // namespace poslab::core
