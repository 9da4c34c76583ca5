// One interface for every compute backend (design.md, "Compute model"): a Request names an
// encoding, a quantity, its parameters and the precision wanted; a Result holds the array.
// Implementations: CpuBackend (core, double reference plus float32 fast paths) and VulkanBackend
// (gpu/, float32 storage). Errors are values.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/array.h"
#include "core/compute.h"
#include "core/expected.h"

namespace poslab::core {

enum class Precision { F64, F32 };
std::string_view precisionName(Precision p);  // "f64" / "f32"

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
    std::string backend;  // who computed it: "cpu" or "vulkan"
    std::string note;     // why another backend computed it, if one did (else empty)

    std::int64_t size() const { return elementCount(shape); }
    double at(std::int64_t k) const;
    Array toArray() const;  // f32 widened to f64
};

// The colormap step of the heatmap: each value maps to LUT[index] with
//   index = clamp(trunc((v - lo) * scale), 0, 255),   scale = 256 / (hi - lo)
// evaluated in float32 with no fused multiply-add (+, -, * are correctly rounded in IEEE and in
// Vulkan), so every backend gives the same index; NaN maps to `nanColor`.
struct ColormapRequest {
    const float* values = nullptr;
    std::size_t count = 0;
    float lo = 0.0f, hi = 1.0f;
    std::array<std::uint32_t, 256> lut{};  // packed RGBA8, R in the low byte
    std::uint32_t nanColor = 0;
};
float colormapScale(float lo, float hi);
inline std::uint32_t colormapIndex(float v, float lo, float scale) {
    const float t = (v - lo) * scale;
    if (t >= 255.0f) return 255;
    if (!(t > 0.0f)) return 0;
    return static_cast<std::uint32_t>(t);
}

class Backend {
public:
    Backend() = default;
    Backend(const Backend&) = delete;
    Backend& operator=(const Backend&) = delete;
    virtual ~Backend() = default;

    virtual std::string name() const = 0;        // "cpu", "vulkan"
    virtual std::string deviceName() const = 0;  // "llvmpipe (LLVM 15.0.6, 256 bits)"
    virtual std::string deviceType() const = 0;  // "cpu", "integrated", "discrete", "virtual"

    // Whether this backend computes the quantity itself for these (resolved) parameters.
    virtual bool implements(const Prepared& prepared) const = 0;

    // Computes into `out`, reusing its buffers. Parameters are checked first (errors name them).
    virtual Status run(const Request& request, Result& out, const ComputeOptions& options = {}) = 0;

    // Values to RGBA8 (see ColormapRequest).
    virtual Status colormap(const ColormapRequest& request, std::vector<std::uint32_t>& out) = 0;

    Expected<Result> compute(const Request& request, const ComputeOptions& options = {}) {
        Result out;
        if (auto st = run(request, out, options); !st) return st.error();
        return out;
    }
};

// Parses nothing: overlays the request's values on the defaults and checks them.
Expected<Prepared> prepareRequest(const Request& request, const ComputeOptions& options = {});

}  // namespace poslab::core
