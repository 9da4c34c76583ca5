// The CPU backend: the registry's double-precision reference, plus the fast paths that encodings
// define next to their reference (QuantitySpec::fast: the sinusoidal table, ALiBi bias, softmax
// attention, Toeplitz shortcuts in float64 and float32 that write into the caller's reused buffers
// and use both cores, and a float32-only path for DeBERTa's terms). It knows no encoding itself.
#pragma once

#include "core/backend/backend.h"
#include "core/compute.h"

namespace poslab::core {

class CpuBackend final : public Backend {
public:
    struct Options {
        bool fastPaths = true;  // false: every request goes through the registry reference
    };
    CpuBackend();
    explicit CpuBackend(Options options);

    BackendKind kind() const override { return BackendKind::Cpu; }
    std::string deviceName() const override;
    std::string deviceType() const override { return "cpu"; }
    bool implements(const Prepared&) const override { return true; }
    Status run(const Request& request, Result& out, const ComputeOptions& options = {}) override;

    // Whether the quantity's fast path (not the reference) serves this request at this precision
    // (integer quantities: at any precision, they are computed exactly).
    bool hasFastPath(const Prepared& prepared, Precision precision) const;

    // Runs a prepared request (the parameters already checked).
    Status runPrepared(const Prepared& prepared, Precision precision, Result& out,
                       const ComputeOptions& options = {});

private:
    Options m_options;
};

}  // namespace poslab::core
