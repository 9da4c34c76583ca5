// Internal: what every Vulkan op shares (gpu/op.h): the device, buffers by slot, uploads and
// readbacks, tiling an output by rows under the storage-binding limit, dispatching one kernel over
// a tiled output (dispatch2d), the two kernels several quantities build on (cosSum, toeplitz), and
// per-op state that survives between runs (uploaded inputs). Limits a request runs into (a row
// too large for a binding, a buffer too large for one allocation) are error values
// (Errc::VulkanUnavailable); the device itself may throw (vk::raii), and VulkanBackend catches
// that at its one boundary.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <typeindex>
#include <typeinfo>
#include <vector>

#include "core/backend/backend.h"
#include "core/compute.h"
#include "gpu/vulkan/device.h"
#include "gpu/vulkan_backend.h"

namespace poslab::gpu {

constexpr std::uint32_t kGroup = 16;       // 2-D workgroups are 16 x 16
constexpr std::uint32_t kFlatCols = 1024;  // 1-D outputs are laid out as rows of 1024

// An output of rows x cols 4-byte elements, tiled by rows.
struct Grid {
    std::uint64_t rows = 0;
    std::uint32_t cols = 0;
    std::uint64_t xThreads = 0;  // x extent of the grid: 0 = cols (pairs for two-column kernels)
    std::uint32_t n = 0;         // the tile header's n (common/tile.h)
};

// State an op keeps between runs (uploaded inputs and what they were made from); dropped with the
// buffers.
struct OpState {
    virtual ~OpState() = default;
};

// A vector quantity of core's registry (frequencies, slopes) as a kernel input, so that the device
// uses exactly the reference's numbers instead of re-deriving them.
core::Expected<std::vector<double>> registryVector(const core::EncodingDescriptor& encoding,
                                                   std::string_view quantity,
                                                   const core::ParamSet& params);

class OpContext {
public:
    using Step = detail::Device::Step;
    using Bindings = std::vector<detail::BindingRange>;

    explicit OpContext(const VulkanOptions& options);  // creates the device (throws on failure)

    const detail::DeviceInfo& info() const { return m_device.info(); }
    bool float64() const { return m_fp64; }
    std::uint64_t bindingLimit() const;
    // Frees every buffer; the uploads (op states) go with them.
    void releaseBuffers();

    // ---- buffers ----
    core::Expected<detail::Buffer*> buffer(const std::string& slot, std::uint64_t bytes);
    // Doubles as the shader's REAL type (float64 or float32).
    core::Expected<detail::Buffer*> uploadReal(const std::string& slot,
                                               const std::vector<double>& v);
    template <class T>
    core::Expected<detail::Buffer*> upload(const std::string& slot, const std::vector<T>& v) {
        auto b = buffer(slot, v.size() * sizeof(T));
        if (b) std::memcpy((*b)->mapped, v.data(), v.size() * sizeof(T));
        return b;
    }
    // An error when one whole binding of `bytes` would exceed the limit.
    core::Status requireBinding(std::uint64_t bytes, const std::string& what) const;
    // Rows per tile so that one tile of rows x rowBytes fits one binding, starts aligned and stays
    // within `maxRows`; an error when not even one row fits.
    core::Expected<std::uint64_t> rowsPerTile(std::uint64_t rowBytes, std::uint64_t maxRows) const;
    // Floats or integers by out.dtype (integers are int32 on the device).
    static void read(const detail::Buffer& b, core::Result& out);

    // ---- kernels ----
    std::string variant(const std::string& name) const;  // the _fp64 build when angles use it
    detail::Kernel& kernel(const std::string& name, std::uint32_t bindings);
    template <class P>
    static detail::Push push(const P& params) {
        detail::Push p;
        p.setParams(params);
        return p;
    }
    // `kernel` over `grid` in `out` (binding 0, tiled by rows) with `extra` bound after it.
    core::Expected<Step> step(const std::string& kernel, const detail::Buffer& out,
                              const Grid& grid, const detail::Push& push,
                              const Bindings& extra = {});
    void run(const std::vector<Step>& steps) { m_device.run(steps); }
    // One kernel over `grid` into slot "out", run and read back into `result`.
    core::Status dispatch2d(const std::string& kernel, const Grid& grid, const detail::Push& push,
                            const Bindings& extra, core::Result& result);
    template <class P>
    core::Status dispatch2d(const std::string& kernel, const Grid& grid, const P& params,
                            const Bindings& extra, core::Result& result) {
        return dispatch2d(kernel, grid, push(params), extra, result);
    }

    // ---- kernels shared by several quantities ----
    // out[t] = scale * sum_j cos(t w_j), t < length, into slot "vec".
    core::Expected<Step> cosSum(const std::vector<double>& w, std::uint64_t length, float scale);
    // out[i, j] = vec[|j - i|] (or vec[j - i + n - 1] when `signedOffsets`) for an (n, n) output
    // in slot "out".
    core::Expected<Step> toeplitz(std::int64_t n, bool signedOffsets = false);
    // cosSum then toeplitz: the (n, n) matrix scale * sum_j cos((j - i) w_j).
    core::Status toeplitzOfCosines(const std::vector<double>& w, std::int64_t n, float scale,
                                   core::Result& out);
    // cosSum alone: the vector of `length`.
    core::Status cosines(const std::vector<double>& w, std::int64_t length, float scale,
                         core::Result& out);

    // ---- state kept between runs ----
    template <class S>
    S& state() {
        auto& s = m_states[std::type_index(typeid(S))];
        if (!s) s = std::make_unique<S>();
        return static_cast<S&>(*s);
    }

private:
    VulkanOptions m_options;
    detail::Device m_device;
    bool m_fp64 = false;
    std::map<std::type_index, std::unique_ptr<OpState>> m_states;
};

}  // namespace poslab::gpu
