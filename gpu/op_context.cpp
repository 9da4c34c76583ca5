#include "gpu/op_context.h"

#include <algorithm>
#include <numeric>

#include "gpu/shaders/common/params_toeplitz.h"

namespace poslab::gpu {

using core::Errc;
using detail::Buffer;

namespace {

std::uint32_t groups(std::uint64_t threads) {
    return static_cast<std::uint32_t>((threads + kGroup - 1) / kGroup);
}

}  // namespace

core::Expected<std::vector<double>> registryVector(const core::EncodingDescriptor& encoding,
                                                   std::string_view quantity,
                                                   const core::ParamSet& params) {
    auto prepared = core::prepare(encoding, quantity, params);
    if (!prepared) return prepared.error();
    auto a = core::run(*prepared);
    if (!a) return a.error();
    return std::move(a->f64);
}

OpContext::OpContext(const VulkanOptions& options) : m_options(options) {
    m_fp64 = options.useFloat64 && m_device.info().float64;
}

std::uint64_t OpContext::bindingLimit() const {
    const std::uint64_t dev = m_device.info().maxStorageRange;
    return m_options.maxBindingBytes ? std::min<std::uint64_t>(m_options.maxBindingBytes, dev)
                                     : dev;
}

void OpContext::releaseBuffers() {
    m_device.releaseBuffers();
    m_states.clear();
}

core::Expected<Buffer*> OpContext::buffer(const std::string& slot, std::uint64_t bytes) {
    if (Buffer* b = m_device.buffer(slot, bytes)) return b;
    return core::fail(Errc::VulkanUnavailable,
                      "a buffer of " + std::to_string(bytes) +
                          " bytes exceeds the device's maxMemoryAllocationSize (" +
                          std::to_string(m_device.info().maxAllocation) + " bytes)");
}

core::Expected<Buffer*> OpContext::uploadReal(const std::string& slot,
                                              const std::vector<double>& v) {
    auto b = buffer(slot, v.size() * (m_fp64 ? 8 : 4));
    if (!b) return b;
    if (m_fp64) {
        std::memcpy((*b)->mapped, v.data(), v.size() * 8);
    } else {
        auto* f = static_cast<float*>((*b)->mapped);
        for (std::size_t i = 0; i < v.size(); ++i) f[i] = static_cast<float>(v[i]);
    }
    return b;
}

core::Status OpContext::requireBinding(std::uint64_t bytes, const std::string& what) const {
    if (bytes <= bindingLimit()) return {};
    return core::fail(Errc::VulkanUnavailable, what + " (" + std::to_string(bytes) +
                                                   " bytes) does not fit a storage binding of " +
                                                   std::to_string(bindingLimit()) + " bytes");
}

core::Expected<std::uint64_t> OpContext::rowsPerTile(std::uint64_t rowBytes,
                                                     std::uint64_t maxRows) const {
    const std::uint64_t align = m_device.info().storageAlignment;
    std::uint64_t r = std::min(bindingLimit() / rowBytes, maxRows);
    const std::uint64_t stepRows = align / std::gcd(align, rowBytes);
    r = r / stepRows * stepRows;
    if (r == 0)
        return core::fail(Errc::VulkanUnavailable, "one row of " + std::to_string(rowBytes) +
                                                       " bytes does not fit a storage binding of " +
                                                       std::to_string(bindingLimit()) + " bytes");
    return r;
}

void OpContext::read(const Buffer& b, core::Result& out) {
    const auto count = static_cast<std::size_t>(out.size());
    if (out.dtype == core::DType::I64) {
        out.i64.resize(count);
        const auto* s = static_cast<const std::int32_t*>(b.mapped);
        for (std::size_t i = 0; i < count; ++i) out.i64[i] = s[i];
    } else {
        out.f32.resize(count);
        std::memcpy(out.f32.data(), b.mapped, count * sizeof(float));
    }
}

std::string OpContext::variant(const std::string& name) const {
    return m_fp64 ? name + "_fp64" : name;
}

detail::Kernel& OpContext::kernel(const std::string& name, std::uint32_t bindings) {
    return m_device.kernel(name, bindings);
}

core::Expected<OpContext::Step> OpContext::step(const std::string& name, const Buffer& out,
                                                const Grid& grid, const detail::Push& push,
                                                const Bindings& extra) {
    const std::uint64_t rowBytes = 4ull * grid.cols;
    auto per = rowsPerTile(rowBytes, std::uint64_t{kGroup} * m_device.info().maxGroupsY);
    if (!per) return per.error();
    Step s{&kernel(name, static_cast<std::uint32_t>(1 + extra.size())), {}};
    for (std::uint64_t r0 = 0; r0 < grid.rows; r0 += *per) {
        const std::uint64_t r = std::min(*per, grid.rows - r0);
        detail::Dispatch d;
        d.bindings.push_back({&out, r0 * rowBytes, r * rowBytes});
        d.bindings.insert(d.bindings.end(), extra.begin(), extra.end());
        d.push = push;
        d.push.tile = {static_cast<std::uint32_t>(r), grid.cols, static_cast<std::uint32_t>(r0),
                       grid.n};
        d.groupsX = groups(grid.xThreads ? grid.xThreads : grid.cols);
        d.groupsY = groups(r);
        s.dispatches.push_back(std::move(d));
    }
    return s;
}

core::Status OpContext::dispatch2d(const std::string& kernel, const Grid& grid,
                                   const detail::Push& push, const Bindings& extra,
                                   core::Result& result) {
    auto out = buffer("out", grid.rows * grid.cols * 4);
    if (!out) return out.error();
    auto s = step(kernel, **out, grid, push, extra);
    if (!s) return s.error();
    run({std::move(*s)});
    read(**out, result);
    return {};
}

core::Expected<OpContext::Step> OpContext::cosSum(const std::vector<double>& w,
                                                  std::uint64_t length, float scale) {
    auto wb = uploadReal("freq", w);
    if (!wb) return wb.error();
    const std::uint64_t rows = (length + kFlatCols - 1) / kFlatCols;
    auto vec = buffer("vec", rows * kFlatCols * 4);
    if (!vec) return vec.error();
    const shader::CosSumParams p{static_cast<std::uint32_t>(length),
                                 static_cast<std::uint32_t>(w.size()), scale};
    return step(variant("cos_sum"), **vec, {rows, kFlatCols}, push(p), {{*wb}});
}

core::Expected<OpContext::Step> OpContext::toeplitz(std::int64_t n, bool signedOffsets) {
    const auto N = static_cast<std::uint64_t>(n);
    auto out = buffer("out", N * N * 4);
    if (!out) return out.error();
    auto vec = buffer("vec", 16);  // written by the step before
    if (!vec) return vec.error();
    const shader::ToeplitzParams p{signedOffsets ? 1u : 0u};
    const Grid grid{N, static_cast<std::uint32_t>(n), 0, static_cast<std::uint32_t>(n)};
    return step("toeplitz", **out, grid, push(p), {{*vec}});
}

core::Status OpContext::toeplitzOfCosines(const std::vector<double>& w, std::int64_t n, float scale,
                                          core::Result& out) {
    auto s1 = cosSum(w, static_cast<std::uint64_t>(n), scale);
    if (!s1) return s1.error();
    auto s2 = toeplitz(n);
    if (!s2) return s2.error();
    run({std::move(*s1), std::move(*s2)});
    read(**buffer("out", 16), out);
    return {};
}

core::Status OpContext::cosines(const std::vector<double>& w, std::int64_t length, float scale,
                                core::Result& out) {
    auto s = cosSum(w, static_cast<std::uint64_t>(length), scale);
    if (!s) return s.error();
    run({std::move(*s)});
    read(**buffer("vec", 16), out);
    return {};
}

}  // namespace poslab::gpu
