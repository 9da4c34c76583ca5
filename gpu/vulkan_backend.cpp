#include "gpu/vulkan_backend.h"
#include "core/compute.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>

#include "core/attention/attention.h"
#include "core/backend/inputs.h"
#include "core/encodings/common.h"
#include "core/encodings/deberta.h"
#include "core/encodings/t5_bucket.h"
#include "gpu/kernel_inputs.h"
#include "gpu/vulkan/device.h"

namespace poslab::gpu {

using core::Prepared;
using core::Status;
using detail::BindingRange;
using detail::Buffer;
using detail::Dispatch;
using detail::Push;
using detail::xposLogZeta;

namespace {

constexpr std::uint32_t kGroup = 16;       // 2-D workgroups are 16 x 16
constexpr std::uint32_t kFlatCols = 1024;  // 1-D outputs are laid out as rows of 1024

std::uint32_t groups(std::uint64_t threads) {
    return static_cast<std::uint32_t>((threads + kGroup - 1) / kGroup);
}

// Parameter value equal to the spec's default (used to keep optional .npy inputs on the CPU).
bool isDefault(const Prepared& p, const std::string& name) {
    const auto* spec = p.encoding->findParam(name);
    return spec && p.params.has(name) && p.params.get(name) == spec->defaultValue;
}

}  // namespace

struct VulkanBackend::Impl {
    VulkanOptions options;
    detail::Device device;
    bool fp64 = false;
    bool lost = false;
    std::mutex mutex;
    // Uploaded attention inputs, reused while (n, d, seed) stay the same.
    std::int64_t qkN = -1, qkD = -1, qkSeed = -1;
    // Uploaded DeBERTa inputs (slots qc, kc, qr, kr), reused while the parameters stay the same
    // (c2c, c2p, p2c and logits of one setting share them).
    std::optional<core::ParamSet> debertaKey;
    std::int64_t debertaLo = 0;
    std::vector<std::int64_t> debertaDl;  // delta - lo at index i - j + n - 1

    // Uploads are lost with the buffers (an error, releaseBuffers).
    void forgetUploads() {
        qkN = -1;
        debertaKey.reset();
    }

    explicit Impl(const VulkanOptions& o) : options(o) {
        fp64 = o.useFloat64 && device.info().float64;
    }

    std::uint64_t bindingLimit() const {
        const std::uint64_t dev = device.info().maxStorageRange;
        return options.maxBindingBytes ? std::min<std::uint64_t>(options.maxBindingBytes, dev)
                                       : dev;
    }

    // Rows per tile so that one tile of rows x rowBytes fits one binding, starts aligned, and
    // stays within the dispatch limits.
    std::uint64_t rowsPerTile(std::uint64_t rowBytes, std::uint64_t maxRows) const {
        const std::uint64_t align = device.info().storageAlignment;
        std::uint64_t r = bindingLimit() / rowBytes;
        r = std::min(r, maxRows);
        const std::uint64_t step = align / std::gcd(align, rowBytes);
        r = r / step * step;
        if (r == 0)
            throw std::runtime_error("one row of " + std::to_string(rowBytes) +
                                     " bytes does not fit a storage binding of " +
                                     std::to_string(bindingLimit()) + " bytes");
        return r;
    }

    // Dispatches covering `rows` x `cols` of 4-byte elements in `out`, tiled by rows. `xThreads`
    // is the x extent of the grid (cols, or pairs for kernels writing two columns).
    std::vector<Dispatch> tiles(const Buffer& out, std::uint64_t rows, std::uint32_t cols,
                                std::uint64_t xThreads, const Push& base,
                                const std::vector<BindingRange>& extra) const {
        const std::uint64_t rowBytes = 4ull * cols;
        const std::uint64_t per = rowsPerTile(rowBytes, 16ull * device.info().maxGroupsY);
        std::vector<Dispatch> ds;
        for (std::uint64_t r0 = 0; r0 < rows; r0 += per) {
            const std::uint64_t r = std::min(per, rows - r0);
            Dispatch d;
            d.bindings.push_back({&out, r0 * rowBytes, r * rowBytes});
            d.bindings.insert(d.bindings.end(), extra.begin(), extra.end());
            d.push = base;
            d.push.rows = static_cast<std::uint32_t>(r);
            d.push.cols = cols;
            d.push.row0 = static_cast<std::uint32_t>(r0);
            d.groupsX = groups(xThreads);
            d.groupsY = groups(r);
            ds.push_back(std::move(d));
        }
        return ds;
    }

    // Uploads doubles as the shader's REAL type (float64 or float32).
    Buffer& uploadReal(const std::string& slot, const std::vector<double>& v) {
        Buffer& b = device.buffer(slot, v.size() * (fp64 ? 8 : 4));
        if (fp64) {
            std::memcpy(b.mapped, v.data(), v.size() * 8);
        } else {
            auto* f = static_cast<float*>(b.mapped);
            for (std::size_t i = 0; i < v.size(); ++i) f[i] = static_cast<float>(v[i]);
        }
        return b;
    }
    template <class T>
    Buffer& upload(const std::string& slot, const std::vector<T>& v) {
        Buffer& b = device.buffer(slot, v.size() * sizeof(T));
        std::memcpy(b.mapped, v.data(), v.size() * sizeof(T));
        return b;
    }
    std::string variant(const std::string& name) const { return fp64 ? name + "_fp64" : name; }
    detail::Kernel& kernel(const std::string& name, std::uint32_t bindings) {
        return device.kernel(name, bindings);
    }

    static void readFloats(const Buffer& b, core::Result& out) {
        out.f32.resize(static_cast<std::size_t>(out.size()));
        std::memcpy(out.f32.data(), b.mapped, out.f32.size() * sizeof(float));
    }
    static void readInts(const Buffer& b, core::Result& out) {
        out.i64.resize(static_cast<std::size_t>(out.size()));
        const auto* s = static_cast<const std::int32_t*>(b.mapped);
        for (std::size_t i = 0; i < out.i64.size(); ++i) out.i64[i] = s[i];
    }

    // ---- kernels shared by several quantities --------------------------------------------
    // out[t] = scale * sum_j cos(t w_j), t < length, into slot "vec"; returns the step.
    detail::Device::Step cosSum(const std::vector<double>& w, std::uint64_t length, float scale) {
        Buffer& wb = uploadReal("freq", w);
        const std::uint64_t rows = (length + kFlatCols - 1) / kFlatCols;
        Buffer& vec = device.buffer("vec", rows * kFlatCols * 4);
        Push p;
        p.i0 = static_cast<std::uint32_t>(length);
        p.i1 = static_cast<std::uint32_t>(w.size());
        p.f0 = scale;
        return {&kernel(variant("cos_sum"), 2), tiles(vec, rows, kFlatCols, kFlatCols, p, {{&wb}})};
    }
    // out[i, j] = vec[|j - i|] (or vec[j - i + n - 1] when `signedOffsets`) for an (n, n) output
    // in slot "out".
    detail::Device::Step toeplitz(std::int64_t n, bool signedOffsets = false) {
        Buffer& out = device.buffer("out", static_cast<std::uint64_t>(n * n) * 4);
        Buffer& vec = device.buffer("vec", 16);
        Push p;
        p.n = static_cast<std::uint32_t>(n);
        p.i3 = signedOffsets ? 1u : 0u;
        return {&kernel("toeplitz", 2),
                tiles(out, static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(n),
                      static_cast<std::uint64_t>(n), p, {{&vec}})};
    }

    core::Expected<std::vector<double>> registryVector(const Prepared& p,
                                                       const std::string& quantity) {
        auto prep = core::prepare(*p.encoding, quantity, p.params);
        if (!prep) return prep.error();
        auto a = core::run(*prep);
        if (!a) return a.error();
        return a->f64;
    }

    // ---- the quantities ------------------------------------------------------------------
    Status sinusoidalTable(const Prepared& p, core::Result& out, bool twoD) {
        const auto d = p.params.integer("d");
        const double base = p.params.real("base");
        std::int64_t rows, width, split;
        std::vector<double> w(static_cast<std::size_t>(d / 2));
        if (!twoD) {
            rows = p.params.integer("n");
            width = rows;
            split = d / 2;
            for (std::int64_t j = 0; j < d / 2; ++j)
                w[static_cast<std::size_t>(j)] = core::enc::omega(j, d, base);
        } else {
            width = p.params.integer("width");
            rows = p.params.integer("height") * width;
            split = d / 4;
            for (std::int64_t j = 0; j < d / 2; ++j)
                w[static_cast<std::size_t>(j)] = core::enc::omega(j % (d / 4), d / 2, base);
        }
        Buffer& wb = uploadReal("freq", w);
        Buffer& ob = device.buffer("out", static_cast<std::uint64_t>(rows * d) * 4);
        Push push;
        push.n = static_cast<std::uint32_t>(rows);
        push.i0 = static_cast<std::uint32_t>(p.params.integer("offset"));
        push.i1 = static_cast<std::uint32_t>(split);
        push.i2 = static_cast<std::uint32_t>(width);
        device.run({{&kernel(variant("sinusoidal_table"), 2),
                     tiles(ob, static_cast<std::uint64_t>(rows), static_cast<std::uint32_t>(d),
                           static_cast<std::uint64_t>(d / 2), push, {{&wb}})}});
        readFloats(ob, out);
        return {};
    }

    Status toeplitzOfCosines(const std::vector<double>& w, std::int64_t n, float scale,
                             core::Result& out) {
        auto s1 = cosSum(w, static_cast<std::uint64_t>(n), scale);
        auto s2 = toeplitz(n);
        device.run({s1, s2});
        readFloats(device.buffer("out", 16), out);
        return {};
    }

    Status cosines(const std::vector<double>& w, std::int64_t length, float scale,
                   core::Result& out) {
        device.run({cosSum(w, static_cast<std::uint64_t>(length), scale)});
        readFloats(device.buffer("vec", 16), out);
        return {};
    }

    Status sinusoidal2dSimilarity(const Prepared& p, core::Result& out) {
        const auto h = p.params.integer("height"), w = p.params.integer("width");
        const auto d = p.params.integer("d");
        std::vector<double> freq(static_cast<std::size_t>(d / 4));
        for (std::int64_t j = 0; j < d / 4; ++j)
            freq[static_cast<std::size_t>(j)] = core::enc::omega(j, d / 2, p.params.real("base"));
        auto s1 = cosSum(freq, static_cast<std::uint64_t>(std::max(h, w)), 1.0f);
        const auto hw = h * w;
        Buffer& ob = device.buffer("out", static_cast<std::uint64_t>(hw * hw) * 4);
        Buffer& vec = device.buffer("vec", 16);
        Push push;
        push.n = static_cast<std::uint32_t>(hw);
        push.i0 = static_cast<std::uint32_t>(w);
        device.run({s1,
                    {&kernel("toeplitz2d", 2),
                     tiles(ob, static_cast<std::uint64_t>(hw), static_cast<std::uint32_t>(hw),
                           static_cast<std::uint64_t>(hw), push, {{&vec}})}});
        readFloats(ob, out);
        return {};
    }

    Status alibiBias(const Prepared& p, core::Result& out) {
        auto slopes = registryVector(p, "slopes");
        if (!slopes) return slopes.error();
        const auto n = p.params.integer("n"), heads = p.params.integer("heads");
        Buffer& sb = uploadReal("freq", *slopes);
        Buffer& ob = device.buffer("out", static_cast<std::uint64_t>(heads * n * n) * 4);
        Push push;
        push.n = static_cast<std::uint32_t>(n);
        push.i0 = p.params.boolean("causal") ? 1u : 0u;
        device.run({{&kernel(variant("alibi_bias"), 2),
                     tiles(ob, static_cast<std::uint64_t>(heads * n), static_cast<std::uint32_t>(n),
                           static_cast<std::uint64_t>(n), push, {{&sb}})}});
        readFloats(ob, out);
        return {};
    }

    Status ropeQuantity(const Prepared& p, core::Result& out) {
        auto theta = registryVector(p, "frequencies");
        if (!theta) return theta.error();
        double af = 1.0;
        if (p.encoding->findQuantity("attention_factor")) {
            auto a = registryVector(p, "attention_factor");
            if (!a) return a.error();
            af = a->at(0);
        }
        const auto& q = p.quantity->id;
        const auto n = p.params.integer("n"), d = p.params.integer("d");
        if (q == "scores")
            return toeplitzOfCosines(*theta, n, static_cast<float>(2.0 * af * af), out);
        if (q == "decay")
            return cosines(*theta, p.params.integer("max_distance") + 1,
                           static_cast<float>(2.0 * af * af), out);
        Buffer& tb = uploadReal("freq", *theta);
        Push push;
        push.n = static_cast<std::uint32_t>(n);
        push.i0 = static_cast<std::uint32_t>(p.params.integer("offset"));
        if (q == "angles") {
            Buffer& ob = device.buffer("out", static_cast<std::uint64_t>(n * (d / 2)) * 4);
            device.run({{&kernel(variant("rope_angles"), 2),
                         tiles(ob, static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(d / 2),
                               static_cast<std::uint64_t>(d / 2), push, {{&tb}})}});
            readFloats(ob, out);
            return {};
        }
        // rotated (all-ones input)
        push.i1 = p.params.text("pairing") == "half" ? 1u : 0u;
        push.f0 = static_cast<float>(af);
        Buffer& ob = device.buffer("out", static_cast<std::uint64_t>(n * d) * 4);
        device.run({{&kernel(variant("rope_rotated"), 2),
                     tiles(ob, static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(d),
                           static_cast<std::uint64_t>(d / 2), push, {{&tb}})}});
        readFloats(ob, out);
        return {};
    }

    Status xposScale(const Prepared& p, core::Result& out) {
        const auto n = p.params.integer("n"), d = p.params.integer("d");
        const double sb = p.params.real("scale_base");
        std::vector<double> c = xposLogZeta(d, p.params.real("gamma"));
        for (double& v : c) v /= sb;
        Buffer& cb = uploadReal("freq", c);
        Buffer& ob = device.buffer("out", static_cast<std::uint64_t>(n * (d / 2)) * 4);
        Push push;
        push.n = static_cast<std::uint32_t>(n);
        push.i0 = static_cast<std::uint32_t>((n + 1) / 2);
        device.run({{&kernel(variant("xpos_scale"), 2),
                     tiles(ob, static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(d / 2),
                           static_cast<std::uint64_t>(d / 2), push, {{&cb}})}});
        readFloats(ob, out);
        return {};
    }

    // xPos scores for q = k = ones (spec B2), Toeplitz in k - m:
    //   t[k - m] = sum_j 2 zeta_j^((m - k) / scale_base) cos((k - m) omega_j);
    // scores_rope drops the decay (plain RoPE, even in k - m).
    Status xposScores(const Prepared& p, core::Result& out) {
        const auto n = p.params.integer("n"), d = p.params.integer("d");
        std::vector<double> w(static_cast<std::size_t>(d / 2));
        for (std::int64_t j = 0; j < d / 2; ++j)
            w[static_cast<std::size_t>(j)] = core::enc::omega(j, d, p.params.real("base"));
        if (p.quantity->id == "scores_rope") return toeplitzOfCosines(w, n, 2.0f, out);
        std::vector<double> c = xposLogZeta(d, p.params.real("gamma"));
        const double sb = p.params.real("scale_base");
        for (double& v : c) v = -v / sb;
        Buffer& wb = uploadReal("freq", w);
        Buffer& cb = uploadReal("coef", c);
        const std::uint64_t length = static_cast<std::uint64_t>(2 * n - 1);
        const std::uint64_t rows = (length + kFlatCols - 1) / kFlatCols;
        Buffer& vec = device.buffer("vec", rows * kFlatCols * 4);
        Push push;
        push.i0 = static_cast<std::uint32_t>(length);
        push.i1 = static_cast<std::uint32_t>(d / 2);
        push.i2 = static_cast<std::uint32_t>(n - 1);
        push.f0 = 2.0f;
        device.run({{&kernel(variant("decayed_cos_sum"), 3),
                     tiles(vec, rows, kFlatCols, kFlatCols, push, {{&wb}, {&cb}})},
                    toeplitz(n, true)});
        readFloats(device.buffer("out", 16), out);
        return {};
    }

    Status attention(const Prepared& p, core::Result& out) {
        const auto n = p.params.integer("n"), d = p.params.integer("d"),
                   seed = p.params.integer("seed");
        if (n != qkN || d != qkD || seed != qkSeed) {
            qkN = -1;
            const auto qk = core::attention::drawQK(n, d, static_cast<std::uint64_t>(seed));
            std::vector<float> qf(static_cast<std::size_t>(n * d)), kf(qf.size());
            for (std::int64_t i = 0; i < n; ++i)
                for (std::int64_t t = 0; t < d; ++t) {
                    qf[static_cast<std::size_t>(i * d + t)] = static_cast<float>(qk.q(i, t));
                    kf[static_cast<std::size_t>(i * d + t)] = static_cast<float>(qk.k(i, t));
                }
            upload("q", qf);
            upload("k", kf);
            qkN = n;
            qkD = d;
            qkSeed = seed;
        }
        Buffer& qb = device.buffer("q", 16);
        Buffer& kb = device.buffer("k", 16);
        Buffer& ob = device.buffer("out", static_cast<std::uint64_t>(n * n) * 4);
        Push push;
        push.n = static_cast<std::uint32_t>(n);
        push.i0 = p.params.text("bias") == "alibi" ? 1u : 0u;
        push.i1 = static_cast<std::uint32_t>(d);
        push.f0 = static_cast<float>(1.0 / std::sqrt(static_cast<double>(d)));
        push.f1 = static_cast<float>(core::attention::alibiSlope0(p.params.integer("heads")));
        std::vector<detail::Device::Step> steps;
        steps.push_back({&kernel("attention_logits", 3),
                         tiles(ob, static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(n),
                               static_cast<std::uint64_t>(n), push, {{&qb}, {&kb}})});
        if (p.quantity->id == "softmax") {
            // One workgroup per row: tiles of at most maxComputeWorkGroupCount[0] rows.
            const std::uint64_t rowBytes = 4ull * static_cast<std::uint64_t>(n);
            const std::uint64_t per = rowsPerTile(rowBytes, device.info().maxGroupsX);
            detail::Device::Step s{&kernel("softmax_rows", 1), {}};
            for (std::uint64_t r0 = 0; r0 < static_cast<std::uint64_t>(n); r0 += per) {
                const std::uint64_t r = std::min(per, static_cast<std::uint64_t>(n) - r0);
                Dispatch disp;
                disp.bindings.push_back({&ob, r0 * rowBytes, r * rowBytes});
                disp.push.rows = static_cast<std::uint32_t>(r);
                disp.push.cols = static_cast<std::uint32_t>(n);
                disp.push.row0 = static_cast<std::uint32_t>(r0);
                disp.groupsX = static_cast<std::uint32_t>(r);
                s.dispatches.push_back(std::move(disp));
            }
            steps.push_back(std::move(s));
        }
        device.run(steps);
        readFloats(ob, out);
        return {};
    }

    Status t5(const Prepared& p, core::Result& out) {
        const auto n = p.params.integer("n"), heads = p.params.integer("heads");
        const bool log = p.params.text("bucketing") == "log";
        const bool bidir = p.params.boolean("bidirectional");
        const auto nb = p.params.integer("num_buckets");
        Push push;
        push.n = static_cast<std::uint32_t>(n);
        push.i3 = static_cast<std::uint32_t>(heads);
        std::vector<std::int32_t> edges{0};
        if (log) {  // bucketing none: |j - i| (mode 2), no edges
            const auto edges64 =
                core::enc::t5BucketEdges(bidir, nb, p.params.integer("max_distance"));
            edges.resize(edges64.size());
            for (std::size_t i = 0; i < edges.size(); ++i)
                edges[i] = static_cast<std::int32_t>(std::min<std::int64_t>(edges64[i], INT32_MAX));
            push.i0 = bidir ? 1u : 0u;
            push.i1 = static_cast<std::uint32_t>(edges.size());
            push.i2 = static_cast<std::uint32_t>(core::enc::t5DirectionBuckets(bidir, nb));
        } else {
            push.i0 = 2;
        }
        Buffer& eb = upload("edges", edges);
        if (p.quantity->id == "buckets") {
            Buffer& ob = device.buffer("out", static_cast<std::uint64_t>(n * n) * 4);
            device.run({{&kernel("t5_buckets", 2),
                         tiles(ob, static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(n),
                               static_cast<std::uint64_t>(n), push, {{&eb}})}});
            readInts(ob, out);
            return {};
        }
        // bias: the (num_buckets, heads) table — (n, heads) when bucketing is none — as the CPU
        // builds it: the file, or seeded normal.
        auto wm = core::backend::t5Weights(p.params);
        if (!wm) return wm.error();
        const core::RowMatrix& w = *wm;
        std::vector<float> wf(static_cast<std::size_t>(w.size()));
        for (std::size_t k = 0; k < wf.size(); ++k) wf[k] = static_cast<float>(w.data()[k]);
        requireBinding(4ull * wf.size(), "the T5 weight table");
        Buffer& wb = upload("weights", wf);
        Buffer& ob = device.buffer("out", static_cast<std::uint64_t>(heads * n * n) * 4);
        device.run({{&kernel("t5_bias", 3),
                     tiles(ob, static_cast<std::uint64_t>(heads * n), static_cast<std::uint32_t>(n),
                           static_cast<std::uint64_t>(n), push, {{&eb}, {&wb}})}});
        readFloats(ob, out);
        return {};
    }

    // Throws (caught at the boundary: an error value) when one whole binding would be too big.
    void requireBinding(std::uint64_t bytes, const std::string& what) const {
        if (bytes > bindingLimit())
            throw std::runtime_error(what + " (" + std::to_string(bytes) +
                                     " bytes) does not fit a storage binding of " +
                                     std::to_string(bindingLimit()) + " bytes");
    }

    Status debertaBuckets(const Prepared& p, core::Result& out) {
        const auto n = p.params.integer("n");
        const auto e = detail::debertaEdges(n, p.params.integer("position_buckets"),
                                            p.params.integer("max_relative_positions"));
        Push push;
        push.n = static_cast<std::uint32_t>(n);
        push.i1 = e.mid;
        push.i2 = e.firstLog;
        push.i3 = e.count;
        Buffer& eb = upload("edges", e.edges);
        Buffer& ob = device.buffer("out", static_cast<std::uint64_t>(n * n) * 4);
        device.run({{&kernel("deberta_buckets", 2),
                     tiles(ob, static_cast<std::uint64_t>(n), static_cast<std::uint32_t>(n),
                           static_cast<std::uint64_t>(n), push, {{&eb}})}});
        readInts(ob, out);
        return {};
    }

    // Uploads Qc, Kc, Qr, Kr (float64 on the CPU, as the registry draws and projects them, then
    // rounded to float32) unless these parameters' are already there.
    Status debertaUpload(const Prepared& p) {
        if (debertaKey && *debertaKey == p.params) return {};
        debertaKey.reset();
        auto in = core::enc::debertaInputs(p.params, true);
        if (!in) return in.error();
        auto put = [&](const std::string& slot, const core::RowMatrix& m) {
            Buffer& b = device.buffer(slot, static_cast<std::uint64_t>(m.size()) * 4);
            auto* f = static_cast<float*>(b.mapped);
            for (Eigen::Index k = 0; k < m.size(); ++k) f[k] = static_cast<float>(m.data()[k]);
        };
        put("qc", in->qc);
        put("kc", in->kc);
        put("qr", in->qr);
        put("kr", in->kr);
        debertaLo = in->lo;
        debertaDl = std::move(in->dl);
        debertaKey = p.params;
        return {};
    }

    // c2c, c2p, p2c and logits (spec A12): the bucket map, the gathers and the dot products on the
    // device, tiled by detail::debertaTiles so that every binding fits maxStorageBufferRange.
    Status debertaTerms(const Prepared& p, core::Result& out) {
        const auto n = p.params.integer("n"), d = p.params.integer("d");
        detail::BindingLimits limits;
        limits.maxBinding = bindingLimit();
        limits.alignment = device.info().storageAlignment;
        limits.maxGroupsX = device.info().maxGroupsX;
        limits.maxGroupsY = device.info().maxGroupsY;
        limits.group = kGroup;
        auto tiling = detail::debertaTiling(n, d, limits);  // checked before drawing the inputs
        if (!tiling) return tiling.error();
        const auto e = detail::debertaEdges(n, p.params.integer("position_buckets"),
                                            p.params.integer("max_relative_positions"));
        requireBinding(4ull * e.edges.size(), "the DeBERTa bucket edges");
        if (auto st = debertaUpload(p); !st) return st;
        auto tiles = detail::debertaTiles(*tiling, debertaDl);
        if (!tiles) return tiles.error();

        Buffer& eb = upload("edges", e.edges);
        Buffer& qc = device.buffer("qc", 16);
        Buffer& kc = device.buffer("kc", 16);
        Buffer& qr = device.buffer("qr", 16);
        Buffer& kr = device.buffer("kr", 16);
        const auto N = static_cast<std::uint64_t>(n);
        Buffer& ob = device.buffer("out", N * N * 4);
        const std::uint64_t inRow = 4ull * static_cast<std::uint64_t>(d), outRow = 4ull * N;
        Push base;
        base.n = static_cast<std::uint32_t>(n);
        base.i0 = static_cast<std::uint32_t>(d);
        base.i2 = core::enc::debertaTermsOf(p.quantity->id);
        base.i4 = e.mid;
        base.i5 = e.firstLog;
        base.i6 = e.count;
        base.i7 = static_cast<std::uint32_t>(core::enc::debertaSpan(p.params));
        base.f0 = static_cast<float>(core::enc::debertaScaleOf(p.quantity->id, d));
        detail::Device::Step s{&kernel("deberta_terms", 6), {}};
        for (const auto& t : *tiles) {
            const std::uint64_t pRows = t.pLast - t.pFirst + 1;
            Dispatch disp;
            disp.bindings = {
                {&ob, t.r0 * outRow, t.rows * outRow},  {&eb},
                {&qc, t.r0 * inRow, t.rows * inRow},    {&kc, t.c0 * inRow, t.cols * inRow},
                {&qr, t.pFirst * inRow, pRows * inRow}, {&kr, t.pFirst * inRow, pRows * inRow}};
            disp.push = base;
            disp.push.rows = static_cast<std::uint32_t>(t.rows);
            disp.push.cols = static_cast<std::uint32_t>(t.cols);
            disp.push.row0 = static_cast<std::uint32_t>(t.r0);
            disp.push.i1 = static_cast<std::uint32_t>(t.c0);
            disp.push.i3 =
                static_cast<std::uint32_t>(debertaLo + static_cast<std::int64_t>(t.pFirst));
            disp.groupsX = groups(t.cols);
            disp.groupsY = groups(t.rows);
            s.dispatches.push_back(std::move(disp));
        }
        device.run({std::move(s)});
        readFloats(ob, out);
        return {};
    }

    // The op for a prepared request, or none.
    using Op = std::function<Status(Impl&, const Prepared&, core::Result&)>;
    static Op find(const Prepared& p) {
        const auto& e = p.encoding->id;
        const auto& q = p.quantity->id;
        const auto& v = p.params;
        if (e == "sinusoidal" && v.text("variant") == "paper") {
            if (q == "table")
                return [](Impl& m, const Prepared& pp, core::Result& o) {
                    return m.sinusoidalTable(pp, o, false);
                };
            if (q == "similarity")
                return [](Impl& m, const Prepared& pp, core::Result& o) {
                    const auto d = pp.params.integer("d");
                    std::vector<double> w(static_cast<std::size_t>(d / 2));
                    for (std::int64_t j = 0; j < d / 2; ++j)
                        w[static_cast<std::size_t>(j)] =
                            core::enc::omega(j, d, pp.params.real("base"));
                    return m.toeplitzOfCosines(w, pp.params.integer("n"), 1.0f, o);
                };
        }
        if (e == "sinusoidal2d" && q == "table")
            return [](Impl& m, const Prepared& pp, core::Result& o) {
                return m.sinusoidalTable(pp, o, true);
            };
        if (e == "sinusoidal2d" && q == "similarity")
            return [](Impl& m, const Prepared& pp, core::Result& o) {
                return m.sinusoidal2dSimilarity(pp, o);
            };
        if (e == "alibi" && q == "bias")
            return [](Impl& m, const Prepared& pp, core::Result& o) { return m.alibiBias(pp, o); };
        if (e == "rope" && (q == "angles" || q == "rotated" || q == "scores" || q == "decay")) {
            // Optional .npy inputs stay on the CPU (the shaders use the all-ones defaults).
            const bool ones = isDefault(p, "input") && isDefault(p, "q") && isDefault(p, "k");
            if (q == "angles" || q == "decay" || ones)
                return [](Impl& m, const Prepared& pp, core::Result& o) {
                    return m.ropeQuantity(pp, o);
                };
        }
        if (e == "xpos" && q == "scale")
            return [](Impl& m, const Prepared& pp, core::Result& o) { return m.xposScale(pp, o); };
        if (e == "xpos" && (q == "scores" || q == "scores_rope"))
            return [](Impl& m, const Prepared& pp, core::Result& o) { return m.xposScores(pp, o); };
        if (e == "attention" && (q == "logits" || q == "softmax"))
            return [](Impl& m, const Prepared& pp, core::Result& o) { return m.attention(pp, o); };
        if (e == "t5" && (q == "buckets" || q == "bias"))
            return [](Impl& m, const Prepared& pp, core::Result& o) { return m.t5(pp, o); };
        if (e == "deberta" && q == "relative_positions")
            return [](Impl& m, const Prepared& pp, core::Result& o) {
                return m.debertaBuckets(pp, o);
            };
        if (e == "deberta" && core::enc::debertaTermsOf(q) != 0)
            return
                [](Impl& m, const Prepared& pp, core::Result& o) { return m.debertaTerms(pp, o); };
        return {};
    }
};

namespace {

FaultStep faultFromName(std::string_view name) {
    for (auto s : kAllFaultSteps)
        if (faultStepName(s) == name) return s;
    return FaultStep::None;
}

core::Error vulkanError(const std::string& what) {
    return core::fail("Vulkan: " + what);
}

}  // namespace

core::Expected<std::unique_ptr<VulkanBackend>> VulkanBackend::create(const VulkanOptions& options) {
    if (const char* f = std::getenv("POSLAB_VULKAN_FAULT"); f && injectedFault() == FaultStep::None)
        setInjectedFault(faultFromName(f));
    try {
        auto impl = std::make_unique<Impl>(options);
        return std::unique_ptr<VulkanBackend>(new VulkanBackend(std::move(impl)));
    } catch (const vk::SystemError& e) {
        return vulkanError(e.what());
    } catch (const std::exception& e) {
        return vulkanError(e.what());
    }
}

VulkanBackend::VulkanBackend(std::unique_ptr<Impl> impl) : m(std::move(impl)) {}
VulkanBackend::~VulkanBackend() = default;

std::string VulkanBackend::deviceName() const {
    return m->device.info().name;
}
std::string VulkanBackend::deviceType() const {
    return m->device.info().type;
}
bool VulkanBackend::float64() const {
    return m->fp64;
}
bool VulkanBackend::lost() const {
    return m->lost;
}
std::uint64_t VulkanBackend::maxBindingBytes() const {
    return m->bindingLimit();
}

bool VulkanBackend::implements(const Prepared& prepared) const {
    return static_cast<bool>(Impl::find(prepared));
}

std::vector<std::string> VulkanBackend::quantities() {
    return {"sinusoidal/table",
            "sinusoidal/similarity",
            "sinusoidal2d/table",
            "sinusoidal2d/similarity",
            "alibi/bias",
            "rope/angles",
            "rope/rotated",
            "rope/scores",
            "rope/decay",
            "xpos/scale",
            "xpos/scores",
            "xpos/scores_rope",
            "attention/logits",
            "attention/softmax",
            "t5/buckets",
            "t5/bias",
            "deberta/relative_positions",
            "deberta/c2c",
            "deberta/c2p",
            "deberta/p2c",
            "deberta/logits"};
}

void VulkanBackend::releaseBuffers() {
    std::lock_guard lock(m->mutex);
    m->device.releaseBuffers();
    m->forgetUploads();
}

core::Status VulkanBackend::run(const core::Request& request, core::Result& out,
                                const core::ComputeOptions& options) {
    auto prepared = core::prepareRequest(request, options);
    if (!prepared) return prepared.error();
    return run(*prepared, out);
}

core::Status VulkanBackend::run(const Prepared& prepared, core::Result& out) {
    std::lock_guard lock(m->mutex);
    if (m->lost) return vulkanError("the device was lost earlier; restart to use it again");
    auto op = Impl::find(prepared);
    if (!op)
        return core::fail("no Vulkan shader for " + prepared.encoding->id + "/" +
                          prepared.quantity->id + " with these parameters");
    out.shape = prepared.shape;
    out.dtype = prepared.quantity->dtype;
    out.precision = out.dtype == core::DType::I64 ? core::Precision::F64 : core::Precision::F32;
    out.backend = "vulkan";
    out.note.clear();
    try {
        return op(*m, prepared, out);
    } catch (const vk::SystemError& e) {
        // Device loss, failed submission: this device is done. An allocation failure only
        // drops the buffers.
        if (e.code() == vk::make_error_code(vk::Result::eErrorOutOfDeviceMemory) ||
            e.code() == vk::make_error_code(vk::Result::eErrorOutOfHostMemory))
            m->device.releaseBuffers();
        else
            m->lost = true;
        m->forgetUploads();
        return vulkanError(e.what());
    } catch (const std::exception& e) {
        m->device.releaseBuffers();
        m->forgetUploads();
        return vulkanError(e.what());
    }
}

core::Status VulkanBackend::colormap(const core::ColormapRequest& r,
                                     std::vector<std::uint32_t>& out) {
    std::lock_guard lock(m->mutex);
    if (m->lost) return vulkanError("the device was lost earlier");
    try {
        auto& d = m->device;
        const std::uint64_t rows = (r.count + kFlatCols - 1) / kFlatCols;
        Buffer& in = d.buffer("cm_in", rows * kFlatCols * 4);
        std::memcpy(in.mapped, r.values, r.count * sizeof(float));
        Buffer& lut = d.buffer("cm_lut", 256 * 4);
        std::memcpy(lut.mapped, r.lut.data(), 256 * 4);
        Buffer& ob = d.buffer("cm_out", rows * kFlatCols * 4);
        Push push;
        push.f0 = r.lo;
        push.f1 = core::colormapScale(r.lo, r.hi);
        push.i1 = r.nanColor;
        auto ds = m->tiles(ob, rows, kFlatCols, kFlatCols, push, {{&in}, {&lut}});
        for (auto& disp : ds) {  // the input is tiled like the output
            disp.bindings[1].offset = disp.bindings[0].offset;
            disp.bindings[1].range = disp.bindings[0].range;
            const std::uint64_t first = disp.push.row0 * std::uint64_t{kFlatCols};
            disp.push.i0 = static_cast<std::uint32_t>(std::min<std::uint64_t>(
                std::uint64_t{disp.push.rows} * kFlatCols, r.count - first));
        }
        d.run({{&d.kernel("colormap", 3), std::move(ds)}});
        out.resize(r.count);
        std::memcpy(out.data(), ob.mapped, r.count * 4);
        return {};
    } catch (const std::exception& e) {
        m->lost = dynamic_cast<const vk::SystemError*>(&e) != nullptr;
        m->device.releaseBuffers();
        m->forgetUploads();
        return vulkanError(e.what());
    }
}

}  // namespace poslab::gpu
