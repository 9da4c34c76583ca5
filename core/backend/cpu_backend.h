// The CPU backend: the registry's double-precision reference, plus fast paths for the hot
// quantities (sinusoidal table, ALiBi bias, softmax attention, Toeplitz shortcuts) in float64 and
// float32 that write into the caller's reused buffers and use both cores, and a float32-only path
// for DeBERTa's terms (the reference's inputs rounded to float32, products and gathers in float32).
#pragma once

#include <memory>
#include <mutex>

#include "core/backend/backend.h"
#include "core/compute.h"

namespace poslab::core {

class CpuBackend final : public Backend {
public:
    struct Options {
        bool fastPaths = true;  // false: every F64 request goes through the registry reference
    };
    CpuBackend();
    explicit CpuBackend(Options options);
    ~CpuBackend() override;

    std::string name() const override { return "cpu"; }
    std::string deviceName() const override;
    std::string deviceType() const override { return "cpu"; }
    bool implements(const Prepared&) const override { return true; }
    Status run(const Request& request, Result& out, const ComputeOptions& options = {}) override;
    Status colormap(const ColormapRequest& request, std::vector<std::uint32_t>& out) override;

    // Whether a dedicated fast path (not the reference) serves this request.
    bool hasFastPath(const Prepared& prepared) const;

    // Runs a prepared request (the parameters already checked).
    Status runPrepared(const Prepared& prepared, Precision precision, Result& out,
                       const ComputeOptions& options = {});

private:
    struct Cache;
    Options m_options;
    std::unique_ptr<Cache> m_cache;
    std::mutex m_mutex;
};

// Fast paths, exposed for tests and the benchmark. Each resizes and overwrites `out`.
namespace fast {
// Sinusoidal table (variant paper) by angle addition from exact anchors every kAnchorRows rows:
//   sin((p0 + t) w) = sin(p0 w) cos(t w) + cos(p0 w) sin(t w), cos likewise,
// with sin/cos(p0 w) and sin/cos(t w), t < kAnchorRows, from std::sin/std::cos. The error does not
// grow along the table (no recurrence over more than one step); tests bound it against the
// reference.
constexpr std::int64_t kAnchorRows = 64;
template <class T>
void sinusoidalTable(std::int64_t n, std::int64_t d, double base, double offset,
                     std::vector<T>& out);
// ALiBi bias (heads, n, n) from the slopes: every row is a slice of one Toeplitz vector.
template <class T>
void alibiBias(const std::vector<double>& slopes, std::int64_t n, bool causal, std::vector<T>& out);
// Toeplitz shortcut for quantities that depend only on k - m: `planes` stacked (n, n) matrices,
// plane p row m = v[p (2n-1) + n-1-m ..][0 .. n), one memcpy per row (v holds value(k - m) at
// index k - m + n - 1 of its plane).
template <class T>
void toeplitzFill(const std::vector<T>& v, std::int64_t planes, std::int64_t n,
                  std::vector<T>& out);
}  // namespace fast

}  // namespace poslab::core
