#include "core/encodings/rope_precision_bands.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>

#include "core/encodings/common.h"
#include "core/numeric/angle.h"

namespace poslab::core::enc {

namespace {

using numeric::Format;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMax = std::numeric_limits<double>::max();
// Distance to a rounding boundary of cos below which the polynomial's cosine (within 2e-15 of
// the exact value) might round differently from std::cos: recomputed with std::cos.
constexpr double kMargin = 1e-14;
constexpr std::int64_t kMinChunk = 65536;  // positions per task (at least)
constexpr std::int64_t kPoll = 4096;       // positions between looks at the cancel flag

constexpr double pow2(int e) {
    double v = 1;
    for (int i = 0; i < e; ++i) v *= 2;
    for (int i = 0; i > e; --i) v /= 2;
    return v;
}

// The unbiased exponent of |x| (-1023 for zero and double subnormals).
inline int exponentOf(double x) {
    return static_cast<int>((std::bit_cast<std::uint64_t>(x) >> 52) & 0x7ff) - 1023;
}

inline double powerOfTwo(int e) {
    return std::bit_cast<double>(static_cast<std::uint64_t>(1023 + e) << 52);
}

// The nearest value with kFrac fraction bits and normal exponents kEmin..kEmax (ties to even):
// adding and subtracting 1.5 * 2^(52 + k) rounds to a multiple of the quantum 2^k exactly.
template <int kFrac, int kEmin, int kEmax>
inline double roundBinary(double x) {
    const int e = std::min(std::max(exponentOf(x), kEmin), kEmax + 1);
    const int k = e - kFrac;
    const double c = std::bit_cast<double>((static_cast<std::uint64_t>(1023 + 52 + k) << 52) |
                                           (std::uint64_t{1} << 51));
    const double r = (x + c) - c;
    constexpr double kLargest = (2.0 - pow2(-kFrac)) * pow2(kEmax);
    return std::abs(r) > kLargest ? std::copysign(kInf, x) : r;
}

template <Format F>
inline double roundFmt(double x) {
    if constexpr (F == Format::Float32)
        return static_cast<double>(static_cast<float>(x));
    else if constexpr (F == Format::Bfloat16)
        return roundBinary<7, -126, 127>(x);
    else if constexpr (F == Format::Float16)
        return roundBinary<10, -14, 15>(x);
    else
        return x;
}

template <Format F>
constexpr int fracBits() {
    return F == Format::Float32 ? 23 : F == Format::Bfloat16 ? 7 : F == Format::Float16 ? 10 : 52;
}
template <Format F>
constexpr int minExponent() {
    return F == Format::Float32 ? -126 : F == Format::Bfloat16 ? -126 : -14;
}

// round_F(c), and whether c lies within kMargin of a rounding boundary.
template <Format F>
inline double roundNear(double c, bool* near) {
    const double r = roundFmt<F>(c);
    if constexpr (F == Format::Float64) {
        *near = false;
    } else {
        const int e = std::max(exponentOf(c), minExponent<F>());
        const double half = powerOfTwo(e - fracBits<F>() - 1);
        *near = half - std::abs(c - r) < kMargin;
    }
    return r;
}

// nearbyint(x) (ties to even) for |x| < 2^51, in two additions the compiler vectorizes.
inline double roundInteger(double x) {
    constexpr double kShift = 6755399441055744.0;  // 1.5 * 2^52
    return (x + kShift) - kShift;
}

// numeric::reducedAngle(x, theta), the same operations with roundInteger for nearbyint (equal for
// |x theta| < 2^53): inlined into the vector loops.
inline double reduced(double x, double theta) {
    constexpr double kTwoPiHi = 6.283185307179586;
    constexpr double kTwoPiLo = 2.4492935982947064e-16;
    constexpr double kInvTwoPi = 0.15915494309189535;
    const double p = x * theta;
    const double e = std::fma(x, theta, -p);
    const double k = roundInteger(p * kInvTwoPi);
    double r = std::fma(-k, kTwoPiHi, p);
    r = std::fma(-k, kTwoPiLo, r);
    return r + e;
}

// cos(r) for |r| <= pi (a few ulps more allowed): a quadrant of pi/2 in two parts, then Taylor
// polynomials of cos and sin on [-pi/4, pi/4] (their next terms are below 1e-17). Inlined so that
// the loops over pairs compile to vector instructions.
inline double cosReduced(double r) {
    constexpr double kTwoOverPi = 0.6366197723675814;
    constexpr double kPio2Hi = 1.5707963267948966, kPio2Lo = 6.123233995736766e-17;
    const double q = roundInteger(r * kTwoOverPi);
    const double y = std::fma(-q, kPio2Lo, std::fma(-q, kPio2Hi, r));
    const double z = y * y;
    const double cy =
        1.0 + z * (-1.0 / 2 +
                   z * (1.0 / 24 +
                        z * (-1.0 / 720 +
                             z * (1.0 / 40320 +
                                  z * (-1.0 / 3628800 + z * (1.0 / 479001600 +
                                                             z * (-1.0 / 87178291200 +
                                                                  z * (1.0 / 20922789888000))))))));
    const double sy =
        y + y * z *
                (-1.0 / 6 +
                 z * (1.0 / 120 +
                      z * (-1.0 / 5040 +
                           z * (1.0 / 362880 +
                                z * (-1.0 / 39916800 + z * (1.0 / 6227020800 +
                                                            z * (-1.0 / 1307674368000 +
                                                                 z * (1.0 / 355687428096000))))))));
    const double aq = std::abs(q);
    return aq == 1.0 ? -q * sy : (aq == 0.0 ? cy : -cy);
}

// What is constant over a run of positions that round to one value posT (every position where
// the format's spacing is 1): per pair the rounded angle and (cos_error) its cosine rounded to the
// value format; redo[j]: that cosine lies near a rounding boundary (recomputed with std::cos).
template <Format FA, Format FV, bool kCos>
bool runValues(double posT, const double* thetaT, std::int64_t pairs, double* angle, double* value,
               unsigned char* redo) {
    unsigned any = 0;
    for (std::int64_t j = 0; j < pairs; ++j) {
        const double a = roundFmt<FA>(posT * thetaT[j]);
        angle[j] = a;
        if constexpr (kCos) {
            bool near = false;
            value[j] = roundNear<FV>(cosReduced(reduced(a, 1.0)), &near);
            redo[j] = static_cast<unsigned char>((std::abs(a) <= kMax) & near);
            any |= redo[j];
        } else {
            value[j] = 0;
            redo[j] = 0;
        }
    }
    return any != 0;
}

// The errors at position pos for every pair, from its run's values, added to the pairs' sums,
// minima and maxima (an infinite error makes the sum inf).
template <bool kCos>
void addErrors(double pos, const double* __restrict theta, const double* __restrict angle,
               const double* __restrict value, std::int64_t pairs, double* __restrict sum,
               double* __restrict lo, double* __restrict hi) {
    for (std::int64_t j = 0; j < pairs; ++j) {
        const double t = theta[j];
        const bool finite = std::abs(angle[j]) <= kMax;
        double err;
        if constexpr (kCos) {
            err = finite ? std::abs(value[j] - cosReduced(reduced(pos, t))) : kInf;
        } else {
            const double prod = pos * t;
            const double residual = std::fma(pos, t, -prod);
            err = finite ? std::abs((angle[j] - prod) - residual) : kInf;
        }
        sum[j] += err;
        lo[j] = std::min(lo[j], err);
        hi[j] = std::max(hi[j], err);
    }
}

using RunFn = bool (*)(double, const double*, std::int64_t, double*, double*, unsigned char*);
using AddFn = void (*)(double, const double*, const double*, const double*, std::int64_t, double*,
                       double*, double*);

template <bool kCos>
RunFn runFunction(const std::string& precision) {
    if (precision == "float32") return runValues<Format::Float32, Format::Float32, kCos>;
    if (precision == "bfloat16") return runValues<Format::Bfloat16, Format::Bfloat16, kCos>;
    if (precision == "float16") return runValues<Format::Float16, Format::Float16, kCos>;
    if (precision == "hf_bf16") return runValues<Format::Float32, Format::Bfloat16, kCos>;
    return runValues<Format::Float64, Format::Float64, kCos>;
}

// A chunk of positions of one band (a task; its sums per pair combine in order).
struct Chunk {
    std::int64_t band = 0, from = 0, to = 0;  // positions [from, to) (indices, offset excluded)
};

// Positions per task: at least kMinChunk, and at most about 512 tasks beyond one per band.
std::int64_t chunkOf(const PrecisionBandRequest& r) {
    return std::max(kMinChunk, (r.span + 511) / 512);
}

std::int64_t bandStart(const PrecisionBandRequest& r, std::int64_t b) {
    return r.first + (b * r.span + r.rows - 1) / r.rows;
}

}  // namespace

PrecisionFormats precisionFormats(const std::string& name) {
    if (name == "float32") return {Format::Float32, Format::Float32};
    if (name == "bfloat16") return {Format::Bfloat16, Format::Bfloat16};
    if (name == "float16") return {Format::Float16, Format::Float16};
    if (name == "hf_bf16") return {Format::Float32, Format::Bfloat16};
    return {Format::Float64, Format::Float64};
}

double roundFast(Format format, double x) {
    switch (format) {
        case Format::Float32:
            return roundFmt<Format::Float32>(x);
        case Format::Bfloat16:
            return roundFmt<Format::Bfloat16>(x);
        case Format::Float16:
            return roundFmt<Format::Float16>(x);
        case Format::Float64:
            break;
    }
    return x;
}

double precisionBandsBytes(const PrecisionBandRequest& r) {
    const double tasks = static_cast<double>(r.rows) +
                         static_cast<double>(r.span) / static_cast<double>(chunkOf(r)) + 1;
    const double pairs = static_cast<double>(r.theta.size());
    return 8.0 * pairs * (3.0 * static_cast<double>(r.rows) + 3.0 * tasks);
}

Expected<PrecisionBands> precisionErrorBands(const PrecisionBandRequest& r,
                                             const ComputeContext& ctx) {
    if (r.rows < 1 || r.span < 1 || r.first < 0)
        return fail(Errc::InvalidParameter, "precision bands: empty range or no bands");
    const auto pairs = static_cast<std::int64_t>(r.theta.size());
    const auto P = static_cast<std::size_t>(pairs);
    const PrecisionFormats f = precisionFormats(r.precision);
    const bool cosine = r.which == PrecisionError::Cos;
    const RunFn runFn = cosine ? runFunction<true>(r.precision) : runFunction<false>(r.precision);
    const AddFn addFn = cosine ? addErrors<true> : addErrors<false>;
    std::vector<double> thetaT(P);
    for (std::size_t j = 0; j < P; ++j) thetaT[j] = numeric::roundTo(f.angle, r.theta[j]);
    // Chunks of at most `chunk` positions, band by band: their partial sums combine in order.
    const std::int64_t chunk = chunkOf(r);
    std::vector<Chunk> tasks;
    for (std::int64_t b = 0; b < r.rows; ++b)
        for (std::int64_t a = bandStart(r, b), z = bandStart(r, b + 1); a < z; a += chunk)
            tasks.push_back({b, a, std::min(z, a + chunk)});
    const auto T = static_cast<std::int64_t>(tasks.size());
    std::vector<double> sum(static_cast<std::size_t>(T) * P), lo(sum.size()), hi(sum.size());
    std::atomic<std::int64_t> done{0};
    const bool parallel = static_cast<double>(r.span) * static_cast<double>(pairs) > 65536.0;
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
    for (std::int64_t t = 0; t < T; ++t) {
        if (ctx.cancelled()) continue;
        const Chunk& task = tasks[static_cast<std::size_t>(t)];
        const std::size_t base = static_cast<std::size_t>(t) * P;
        double* s = &sum[base];
        double* mn = &lo[base];
        double* mx = &hi[base];
        std::fill(mn, mn + P, kInf);
        std::fill(mx, mx + P, -kInf);
        std::vector<double> angle(P), value(P);
        std::vector<unsigned char> redo(P);
        double runPos = std::numeric_limits<double>::quiet_NaN();
        for (std::int64_t x = task.from; x < task.to; ++x) {
            if ((x - task.from) % kPoll == kPoll - 1 && ctx.cancelled()) break;
            const double pos = static_cast<double>(r.offset + x);
            const double posT = roundFast(f.angle, pos);
            if (!(posT == runPos)) {  // a new run (an overflowed position: its own, all inf)
                runPos = posT;
                if (runFn(posT, thetaT.data(), pairs, angle.data(), value.data(), redo.data()))
                    for (std::size_t j = 0; j < P; ++j)
                        if (redo[j]) value[j] = numeric::roundTo(f.value, std::cos(angle[j]));
            }
            addFn(pos, r.theta.data(), angle.data(), value.data(), pairs, s, mn, mx);
        }
        ctx.report(static_cast<double>(++done), static_cast<double>(T));
    }
    if (ctx.cancelled()) return cancelledError();
    PrecisionBands out{Array::real({r.rows, pairs}), Array::real({r.rows, pairs}),
                       Array::real({r.rows, pairs})};
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::fill(out.mean.f64.begin(), out.mean.f64.end(), nan);
    std::fill(out.min.f64.begin(), out.min.f64.end(), nan);
    std::fill(out.max.f64.begin(), out.max.f64.end(), nan);
    for (std::int64_t t0 = 0; t0 < T;) {
        const std::int64_t b = tasks[static_cast<std::size_t>(t0)].band;
        std::int64_t t1 = t0;
        while (t1 < T && tasks[static_cast<std::size_t>(t1)].band == b) ++t1;
        const auto count = static_cast<double>(tasks[static_cast<std::size_t>(t1 - 1)].to -
                                               tasks[static_cast<std::size_t>(t0)].from);
        for (std::size_t j = 0; j < P; ++j) {
            double s = 0, mn = kInf, mx = -kInf;
            for (std::int64_t t = t0; t < t1; ++t) {
                const std::size_t k = static_cast<std::size_t>(t) * P + j;
                s += sum[k];
                mn = std::min(mn, lo[k]);
                mx = std::max(mx, hi[k]);
            }
            const std::size_t o = static_cast<std::size_t>(b) * P + j;
            out.mean.f64[o] = s / count;
            out.min.f64[o] = mn;
            out.max.f64[o] = mx;
        }
        t0 = t1;
    }
    return out;
}

PositionCollisions positionCollisions(const std::string& precision, std::int64_t offset,
                                      std::int64_t count) {
    PositionCollisions out;
    if (count <= 0) return out;
    const Format f = precisionFormats(precision).angle;
    const int frac = f == Format::Float32    ? fracBits<Format::Float32>()
                     : f == Format::Bfloat16 ? fracBits<Format::Bfloat16>()
                     : f == Format::Float16  ? fracBits<Format::Float16>()
                                             : fracBits<Format::Float64>();
    const std::int64_t last = offset + count - 1;
    std::int64_t p = offset, distinct = 0;
    // Rounding is monotone: the positions rounding to one value are consecutive (a run); a run
    // ends at the midpoint to the next value above (included when the tie goes down).
    while (p <= last) {
        const double r = numeric::roundTo(f, static_cast<double>(p));
        ++distinct;
        if (std::isinf(r)) break;  // every later position overflows too
        if (r < 1) {
            ++p;
            continue;
        }
        const int e = std::ilogb(r);
        if (e <= frac) {  // spacing <= 1 up to 2^(e + 1): every integer there is its own value
            const std::int64_t stop = std::min(last, (std::int64_t{1} << (e + 1)) - 1);
            distinct += stop - p;
            p = stop + 1;
            continue;
        }
        const auto mid = static_cast<std::int64_t>(r) + (std::int64_t{1} << (e - frac - 1));
        p = (numeric::roundTo(f, static_cast<double>(mid)) == r ? mid : mid - 1) + 1;
    }
    out.distinct = distinct;
    out.collisions = count - distinct;
    return out;
}

}  // namespace poslab::core::enc
