#include "core/backend/backend.h"
#include "core/compute.h"

namespace poslab::core {

std::string_view precisionName(Precision p) {
    return p == Precision::F64 ? "f64" : "f32";
}

double Result::at(std::int64_t k) const {
    const auto i = static_cast<std::size_t>(k);
    if (dtype == DType::I64) return static_cast<double>(i64[i]);
    return precision == Precision::F64 ? f64[i] : static_cast<double>(f32[i]);
}

Array Result::toArray() const {
    Array a;
    a.shape = shape;
    a.dtype = dtype;
    if (dtype == DType::I64) {
        a.i64 = i64;
    } else if (precision == Precision::F64) {
        a.f64 = f64;
    } else {
        a.f64.assign(f32.begin(), f32.end());
    }
    return a;
}

Expected<Prepared> prepareRequest(const Request& request, const ComputeOptions& options) {
    const EncodingDescriptor* enc = registry().find(request.encoding);
    if (!enc) return fail(Errc::UnknownName, "unknown encoding '" + request.encoding + "'");
    return prepare(*enc, request.quantity, request.params, options);
}

}  // namespace poslab::core
