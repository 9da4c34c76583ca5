#include "core/backend/cpu_backend.h"

#include <algorithm>

#include <omp.h>

namespace poslab::core {

namespace {

// Integer quantities are exact: they are computed (and asked of a fast path) at F64 whatever
// the precision requested.
Precision effectivePrecision(const Prepared& p, Precision requested) {
    return p.quantity->dtype == DType::I64 ? Precision::F64 : requested;
}

}  // namespace

CpuBackend::CpuBackend() : CpuBackend(Options{}) {}
CpuBackend::CpuBackend(Options options) : m_options(options) {
    // Let the OpenMP runtime use fewer threads while the machine is busy (libgomp follows the
    // load average): on two cores, a parallel region that waits for a descheduled thread costs
    // far more than it gains.
    omp_set_dynamic(1);
}

std::string CpuBackend::deviceName() const {
    return "CPU (" + std::to_string(omp_get_max_threads()) + " threads)";
}

bool CpuBackend::hasFastPath(const Prepared& p, Precision precision) const {
    return m_options.fastPaths &&
           p.quantity->fast.serves(p.params, effectivePrecision(p, precision));
}

Status CpuBackend::run(const Request& request, Result& out, const ComputeOptions& options) {
    auto prepared = prepareRequest(request, options);
    if (!prepared) return prepared.error();
    return runPrepared(*prepared, request.precision, out, options);
}

Status CpuBackend::runPrepared(const Prepared& prepared, Precision precision, Result& out,
                               const ComputeOptions& options) {
    out.shape = prepared.shape;
    out.dtype = prepared.quantity->dtype;
    out.precision = effectivePrecision(prepared, precision);
    out.backend = BackendKind::Cpu;
    out.note.clear();

    if (hasFastPath(prepared, out.precision))
        return prepared.quantity->fast.run(prepared.params, out.precision, out,
                                           ComputeContext{options.cancel});

    auto a = core::run(prepared, options);
    if (!a) return a.error();
    if (out.dtype == DType::I64) {
        out.i64 = std::move(a->i64);
    } else if (out.precision == Precision::F32) {
        out.f32.resize(a->f64.size());
        std::transform(a->f64.begin(), a->f64.end(), out.f32.begin(),
                       [](double v) { return static_cast<float>(v); });
    } else {
        out.f64 = std::move(a->f64);
    }
    return {};
}

}  // namespace poslab::core
