#include "core/backend/cpu_backend.h"
#include "core/compute.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

#include <omp.h>

#include "core/attention/attention.h"
#include "core/backend/inputs.h"
#include "core/encodings/common.h"
#include "core/encodings/deberta.h"
#include "core/encodings/rope_scaling.h"
#include "core/encodings/xpos.h"

namespace poslab::core {

namespace {
// Below this many elements one core finishes in well under a millisecond, less than what a
// parallel region can cost when the other core is busy (a descheduled OpenMP thread).
constexpr std::int64_t kParallelElements = std::int64_t{1} << 18;
}  // namespace

namespace fast {

template <class T>
void sinusoidalTable(std::int64_t n, std::int64_t d, double base, double offset,
                     std::vector<T>& out) {
    const std::int64_t h = d / 2;
    const std::int64_t r = std::min<std::int64_t>(kAnchorRows, n);
    out.resize(static_cast<std::size_t>(n * d));
    std::vector<double> w(static_cast<std::size_t>(h));
    for (std::int64_t j = 0; j < h; ++j) w[static_cast<std::size_t>(j)] = enc::omega(j, d, base);
    // Step table: sin/cos(t w_j), t < r, stored per t as [sin... | cos...].
    std::vector<double> steps(static_cast<std::size_t>(r * d));
    for (std::int64_t t = 0; t < r; ++t)
        for (std::int64_t j = 0; j < h; ++j) {
            const double a = static_cast<double>(t) * w[static_cast<std::size_t>(j)];
            steps[static_cast<std::size_t>(t * d + j)] = std::sin(a);
            steps[static_cast<std::size_t>(t * d + h + j)] = std::cos(a);
        }
    const std::int64_t blocks = (n + r - 1) / r;
    T* dst = out.data();
#pragma omp parallel if (n * d >= kParallelElements)
    {
        std::vector<double> anchor(static_cast<std::size_t>(d));
#pragma omp for schedule(static)
        for (std::int64_t b = 0; b < blocks; ++b) {
            const double p0 = offset + static_cast<double>(b * r);
            double* as = anchor.data();
            double* ac = anchor.data() + h;
            for (std::int64_t j = 0; j < h; ++j) {
                const double a = p0 * w[static_cast<std::size_t>(j)];
                as[j] = std::sin(a);
                ac[j] = std::cos(a);
            }
            const std::int64_t rows = std::min(r, n - b * r);
            for (std::int64_t t = 0; t < rows; ++t) {
                const double* ts = steps.data() + t * d;
                const double* tc = ts + h;
                T* row = dst + (b * r + t) * d;
#pragma omp simd
                for (std::int64_t j = 0; j < h; ++j) {
                    row[2 * j] = static_cast<T>(as[j] * tc[j] + ac[j] * ts[j]);
                    row[2 * j + 1] = static_cast<T>(ac[j] * tc[j] - as[j] * ts[j]);
                }
            }
        }
    }
}

template <class T>
void alibiBias(const std::vector<double>& slopes, std::int64_t n, bool causal,
               std::vector<T>& out) {
    const auto heads = static_cast<std::int64_t>(slopes.size());
    out.resize(static_cast<std::size_t>(heads * n * n));
    // v_h[t] = bias at j - i = t - (n - 1); row i of head h is v_h[n-1-i .. 2n-2-i].
    std::vector<T> v(static_cast<std::size_t>(heads * (2 * n - 1)));
    for (std::int64_t h = 0; h < heads; ++h) {
        const double s = slopes[static_cast<std::size_t>(h)];
        for (std::int64_t t = 0; t < 2 * n - 1; ++t) {
            const std::int64_t rel = t - (n - 1);  // j - i
            double b;
            if (!causal)
                b = -s * static_cast<double>(std::abs(rel));
            else
                b = rel > 0 ? -std::numeric_limits<double>::infinity()
                            : -s * static_cast<double>(-rel);
            v[static_cast<std::size_t>(h * (2 * n - 1) + t)] = static_cast<T>(b);
        }
    }
    T* dst = out.data();
    const std::int64_t rowsTotal = heads * n;
#pragma omp parallel for schedule(static) if (rowsTotal * n >= kParallelElements)
    for (std::int64_t hi = 0; hi < rowsTotal; ++hi) {
        const std::int64_t h = hi / n, i = hi % n;
        std::memcpy(dst + hi * n, v.data() + h * (2 * n - 1) + (n - 1 - i),
                    static_cast<std::size_t>(n) * sizeof(T));
    }
}

template <class T>
void toeplitzFill(const std::vector<T>& v, std::int64_t planes, std::int64_t n,
                  std::vector<T>& out) {
    out.resize(static_cast<std::size_t>(planes * n * n));
    T* dst = out.data();
    const std::int64_t rowsTotal = planes * n;
#pragma omp parallel for schedule(static) if (rowsTotal * n >= kParallelElements)
    for (std::int64_t pr = 0; pr < rowsTotal; ++pr) {
        const std::int64_t p = pr / n, m = pr % n;
        std::memcpy(dst + pr * n, v.data() + p * (2 * n - 1) + (n - 1 - m),
                    static_cast<std::size_t>(n) * sizeof(T));
    }
}

template void toeplitzFill<float>(const std::vector<float>&, std::int64_t, std::int64_t,
                                  std::vector<float>&);
template void toeplitzFill<double>(const std::vector<double>&, std::int64_t, std::int64_t,
                                   std::vector<double>&);
template void toeplitzFill<std::int64_t>(const std::vector<std::int64_t>&, std::int64_t,
                                         std::int64_t, std::vector<std::int64_t>&);
template void sinusoidalTable<float>(std::int64_t, std::int64_t, double, double,
                                     std::vector<float>&);
template void sinusoidalTable<double>(std::int64_t, std::int64_t, double, double,
                                      std::vector<double>&);
template void alibiBias<float>(const std::vector<double>&, std::int64_t, bool, std::vector<float>&);
template void alibiBias<double>(const std::vector<double>&, std::int64_t, bool,
                                std::vector<double>&);

}  // namespace fast

namespace {

template <class T>
using RowMat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Row softmax in place, both cores; same formula as the reference.
template <class T>
void softmaxRowsT(Eigen::Map<RowMat<T>> m) {
#pragma omp parallel for schedule(static) if (m.size() >= kParallelElements)
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        auto row = m.row(i);
        const T mx = row.maxCoeff();
        if (!std::isfinite(mx)) {
            row.setZero();
            continue;
        }
        row = (row.array() - mx).exp();
        row /= row.sum();
    }
}

}  // namespace

// Seeded inputs and slopes kept between calls: the benchmark and live views recompute the same
// quantity at the same sizes, and drawing 2 n d normals would cost more than the product.
struct CpuBackend::Cache {
    std::int64_t n = -1, d = -1, seed = -1;
    RowMat<double> q64, k64;
    RowMat<float> q32, k32;
    std::int64_t slopeHeads = -1;
    std::vector<double> slopes;
};

CpuBackend::CpuBackend() : CpuBackend(Options{}) {}
CpuBackend::CpuBackend(Options options) : m_options(options), m_cache(std::make_unique<Cache>()) {
    // Let the OpenMP runtime use fewer threads while the machine is busy (libgomp follows the
    // load average): on two cores, a parallel region that waits for a descheduled thread costs
    // far more than it gains.
    omp_set_dynamic(1);
}
CpuBackend::~CpuBackend() = default;

std::string CpuBackend::deviceName() const {
    return "CPU (" + std::to_string(omp_get_max_threads()) + " threads)";
}

bool CpuBackend::hasFastPath(const Prepared& p) const {
    if (!m_options.fastPaths) return false;
    const auto& e = p.encoding->id;
    const auto& q = p.quantity->id;
    if (e == "sinusoidal" && q == "table") return p.params.text("variant") == "paper";
    if (e == "alibi" && q == "bias") return true;
    if (e == "attention" && (q == "logits" || q == "softmax")) return true;
    // Toeplitz shortcuts. RoPE scores with the default all-ones q and k (no file to read).
    if (e == "rope" && q == "scores")
        return p.params.text("q").empty() && p.params.text("k").empty();
    if (e == "xpos" && (q == "scores" || q == "scores_rope")) return true;
    if (e == "t5" && (q == "buckets" || q == "bias")) return true;
    // DeBERTa's terms: float32 only (the float64 path is the reference itself).
    if (e == "deberta") return enc::debertaTermsOf(q) != 0;
    return false;
}

Status CpuBackend::run(const Request& request, Result& out, const ComputeOptions& options) {
    auto prepared = prepareRequest(request, options);
    if (!prepared) return prepared.error();
    return runPrepared(*prepared, request.precision, out, options);
}

namespace {

template <class T>
void attentionFast(const ParamSet& p, const RowMat<T>& q, const RowMat<T>& k, bool softmax,
                   std::vector<T>& buf) {
    const auto n = p.integer("n");
    buf.resize(static_cast<std::size_t>(n * n));
    Eigen::Map<RowMat<T>> m(buf.data(), n, n);
    m.noalias() = q * k.transpose();
    const T scale = static_cast<T>(1.0 / std::sqrt(static_cast<double>(p.integer("d"))));
    const bool alibi = p.text("bias") == "alibi";
    std::vector<T> v;
    if (alibi) {  // Toeplitz: row i adds v[n-1-i ..]
        const double s = attention::alibiSlope0(p.integer("heads"));
        v.resize(static_cast<std::size_t>(2 * n - 1));
        for (std::int64_t t = 0; t < 2 * n - 1; ++t)
            v[static_cast<std::size_t>(t)] =
                static_cast<T>(-s * static_cast<double>(std::abs(t - (n - 1))));
    }
#pragma omp parallel for schedule(static) if (n * n >= kParallelElements)
    for (std::int64_t i = 0; i < n; ++i) {
        T* row = buf.data() + i * n;
        if (alibi) {
            const T* b = v.data() + (n - 1 - i);
            for (std::int64_t j = 0; j < n; ++j) row[j] = row[j] * scale + b[j];
        } else {
            for (std::int64_t j = 0; j < n; ++j) row[j] *= scale;
        }
    }
    if (softmax) softmaxRowsT<T>(m);
}

}  // namespace

Status CpuBackend::runPrepared(const Prepared& prepared, Precision precision, Result& out,
                               const ComputeOptions& options) {
    out.shape = prepared.shape;
    out.dtype = prepared.quantity->dtype;
    out.precision = out.dtype == DType::I64 ? Precision::F64 : precision;
    out.backend = "cpu";
    out.note.clear();
    const bool f32 = out.precision == Precision::F32 && out.dtype == DType::F64;
    const ParamSet& p = prepared.params;
    const auto& e = prepared.encoding->id;
    const auto& q = prepared.quantity->id;

    if (hasFastPath(prepared)) {
        std::lock_guard lock(m_mutex);
        if (e == "sinusoidal") {
            const auto n = p.integer("n"), d = p.integer("d");
            const double base = p.real("base"), off = static_cast<double>(p.integer("offset"));
            if (f32)
                fast::sinusoidalTable(n, d, base, off, out.f32);
            else
                fast::sinusoidalTable(n, d, base, off, out.f64);
            return {};
        }
        if (e == "alibi") {
            const auto heads = p.integer("heads");
            if (m_cache->slopeHeads != heads) {
                ParamSet sp;
                sp.set("heads", heads);
                auto s = core::compute("alibi", "slopes", sp, options);
                if (!s) return s.error();
                m_cache->slopes = s->f64;
                m_cache->slopeHeads = heads;
            }
            const bool causal = p.boolean("causal");
            if (f32)
                fast::alibiBias(m_cache->slopes, p.integer("n"), causal, out.f32);
            else
                fast::alibiBias(m_cache->slopes, p.integer("n"), causal, out.f64);
            return {};
        }
        if (e == "rope") {  // S[m, k] = 2 af^2 sum_j cos((k - m) theta_j), even in k - m
            const auto fp = enc::RopeFrequencyParams::from(p);
            const auto theta = enc::ropeFrequencies(fp);
            const double af = enc::ropeAttentionFactor(fp);
            const auto n = p.integer("n");
            std::vector<double> v(static_cast<std::size_t>(2 * n - 1));
#pragma omp parallel for schedule(static) if (n * static_cast <std::int64_t>(theta.size()) >= \
                                              kParallelElements / 4)
            for (std::int64_t t = 0; t < n; ++t) {
                double acc = 0;
                for (double th : theta) acc += std::cos(static_cast<double>(t) * th);
                v[static_cast<std::size_t>(n - 1 + t)] = v[static_cast<std::size_t>(n - 1 - t)] =
                    2.0 * af * af * acc;
            }
            if (f32) {
                std::vector<float> vf(v.begin(), v.end());
                fast::toeplitzFill(vf, 1, n, out.f32);
            } else {
                fast::toeplitzFill(v, 1, n, out.f64);
            }
            return {};
        }
        if (e == "xpos") {  // Toeplitz in k - m, as the reference computes it
            const auto v = enc::xposScoresByOffset(p, q == "scores");
            const auto n = p.integer("n");
            if (f32)
                fast::toeplitzFill(std::vector<float>(v.begin(), v.end()), 1, n, out.f32);
            else
                fast::toeplitzFill(v, 1, n, out.f64);
            return {};
        }
        if (e == "t5") {
            const auto n = p.integer("n");
            const auto b = backend::t5BucketsByOffset(p);
            if (q == "buckets") {
                fast::toeplitzFill(b, 1, n, out.i64);
                return {};
            }
            auto w = backend::t5Weights(p);
            if (!w) return w.error();
            const auto heads = p.integer("heads");
            const std::size_t len = b.size();
            auto planes = [&](auto& v) {
                v.resize(static_cast<std::size_t>(heads) * len);
                for (std::int64_t h = 0; h < heads; ++h)
                    for (std::size_t t = 0; t < len; ++t)
                        v[static_cast<std::size_t>(h) * len + t] =
                            static_cast<typename std::decay_t<decltype(v)>::value_type>(
                                (*w)(b[t], h));
            };
            if (f32) {
                std::vector<float> v;
                planes(v);
                fast::toeplitzFill(v, heads, n, out.f32);
            } else {
                std::vector<double> v;
                planes(v);
                fast::toeplitzFill(v, heads, n, out.f64);
            }
            return {};
        }
        if (e == "attention") {
            auto& c = *m_cache;
            if (c.n != p.integer("n") || c.d != p.integer("d") || c.seed != p.integer("seed")) {
                const auto qk = attention::drawQK(p.integer("n"), p.integer("d"),
                                                  static_cast<std::uint64_t>(p.integer("seed")));
                c.q64 = qk.q;
                c.k64 = qk.k;
                c.q32 = c.q64.cast<float>();
                c.k32 = c.k64.cast<float>();
                c.n = p.integer("n");
                c.d = p.integer("d");
                c.seed = p.integer("seed");
            }
            if (f32)
                attentionFast<float>(p, c.q32, c.k32, q == "softmax", out.f32);
            else
                attentionFast<double>(p, c.q64, c.k64, q == "softmax", out.f64);
            return {};
        }
        if (e == "deberta" && f32) {
            // The registry's double inputs rounded to float32, then the same products and gathers
            // in float32: a genuine float32 computation (the Vulkan parity tolerance uses its
            // error).
            const ComputeContext ctx{options.cancel};
            const unsigned which = enc::debertaTermsOf(q);
            auto in =
                enc::debertaInputs(p, (which & (enc::kDebertaC2p | enc::kDebertaP2c)) != 0, ctx);
            if (!in) return in.error();
            const auto n = p.integer("n");
            out.f32.resize(static_cast<std::size_t>(n * n));
            Eigen::Map<RowMat<float>> m(out.f32.data(), n, n);
            if (auto st = enc::debertaTermSum<float>(in->cast<float>(), which, m, ctx); !st)
                return st;
            if (const double scale = enc::debertaScaleOf(q, p.integer("d")); scale != 1.0)
                m *= static_cast<float>(scale);
            return {};
        }
    }

    auto a = core::run(prepared, options);
    if (!a) return a.error();
    if (out.dtype == DType::I64) {
        out.i64 = std::move(a->i64);
    } else if (f32) {
        out.f32.resize(a->f64.size());
        std::transform(a->f64.begin(), a->f64.end(), out.f32.begin(),
                       [](double v) { return static_cast<float>(v); });
    } else {
        out.f64 = std::move(a->f64);
    }
    return {};
}

Status CpuBackend::colormap(const ColormapRequest& r, std::vector<std::uint32_t>& out) {
    out.resize(r.count);
    const float scale = colormapScale(r.lo, r.hi);
    const auto count = static_cast<std::int64_t>(r.count);
#pragma omp parallel for schedule(static) if (count >= kParallelElements)
    for (std::int64_t k = 0; k < count; ++k) {
        const float v = r.values[k];
        out[static_cast<std::size_t>(k)] =
            std::isnan(v) ? r.nanColor : r.lut[colormapIndex(v, r.lo, scale)];
    }
    return {};
}

}  // namespace poslab::core
