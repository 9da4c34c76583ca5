// One Vulkan operation: the kernels that compute one quantity of one encoding, and the parameters
// they serve (ggml-vulkan / ncnn shape: one op = the CPU reference in core + a kernel here + a
// shader + a parity case). The table gpuOps() is the only list of what the device computes:
// VulkanBackend::implements() and VulkanBackend::quantities() are derived from it, and the parity
// test walks the registry against it. Adding a GPU op is one entry in a gpu/ops/<family>_ops.cpp,
// its shader (with its parameter block in gpu/shaders/common/params_<op>.h) and a parity case.
#pragma once

#include <string_view>
#include <vector>

#include "core/backend/backend.h"
#include "core/compute.h"

namespace poslab::gpu {

class OpContext;

struct GpuOp {
    std::string_view encoding, quantity;
    // Whether the kernels serve these (resolved) parameters; null: all of them.
    bool (*accepts)(const core::Prepared&) = nullptr;
    // Computes into `out`, whose shape, dtype and precision are already set. Errors are values;
    // the device may still throw (vk::raii), which VulkanBackend catches at its one boundary.
    core::Status (*run)(OpContext&, const core::Prepared&, core::Result&) = nullptr;

    bool serves(const core::Prepared& prepared) const;
};

// Every op, family by family (gpu/ops/op_table.cpp).
const std::vector<GpuOp>& gpuOps();
// The op that serves a prepared request, or null.
const GpuOp* findGpuOp(const core::Prepared& prepared);

namespace detail {
// The families' tables, one per gpu/ops/<family>_ops.cpp.
std::vector<GpuOp> sinusoidalOps();
std::vector<GpuOp> rotaryOps();
std::vector<GpuOp> multimodalOps();  // M-RoPE and 2-D RoPE (E1, E2)
std::vector<GpuOp> attentionOps();
std::vector<GpuOp> relativeOps();
std::vector<GpuOp> distanceBiasOps();
}  // namespace detail

}  // namespace poslab::gpu
