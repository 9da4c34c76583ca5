#include "gpu/op.h"

namespace poslab::gpu {

bool GpuOp::serves(const core::Prepared& prepared) const {
    return prepared.encoding->id == encoding && prepared.quantity->id == quantity &&
           (!accepts || accepts(prepared));
}

const std::vector<GpuOp>& gpuOps() {
    static const std::vector<GpuOp> all = [] {
        std::vector<GpuOp> ops;
        for (auto family : {detail::sinusoidalOps, detail::rotaryOps, detail::attentionOps,
                            detail::relativeOps, detail::distanceBiasOps, detail::multimodalOps}) {
            auto more = family();
            ops.insert(ops.end(), more.begin(), more.end());
        }
        return ops;
    }();
    return all;
}

const GpuOp* findGpuOp(const core::Prepared& prepared) {
    for (const auto& op : gpuOps())
        if (op.serves(prepared)) return &op;
    return nullptr;
}

}  // namespace poslab::gpu
