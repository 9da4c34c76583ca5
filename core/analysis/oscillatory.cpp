// A15 Long-range decay as an oscillatory integral (notes 004, after Su Jianlin, 2021, "Transformer
// upgrade road 1: tracing the sinusoidal position encoding to its source", kexue.fm/archives/8231):
//   sum(x)      = (2/d) sum_{i < d/2} cos(x theta(2i/d))        (the normalised <p_m, p_n>, x = m -
//   n) integral(x) = int_0^1 cos(x theta(t)) dt                    (its limit as d -> infinity)
// theta(t): exp base^(-t) (the Transformer's choice), power t^alpha, linear t. The sum is a left
// Riemann sum of the integral with step 2/d; the integral decays with x (Riemann-Lebesgue) for
// every smooth monotone theta, which is the notes' explanation of the long-range decay.
//
// The integral to 1e-10 absolute (the code aims at 1e-12) by adaptive Gauss-Kronrod 7-15
// (QUADPACK's QK15 rule, global bisection of the segment with the largest |K15 - G7|):
// - small x (x * theta range < 64): directly in t, after splitting [0, 1] where the phase x theta
//   has advanced by pi, so that no segment holds more than half an oscillation;
// - large x: substitute u = theta(t), int_0^1 cos(x theta(t)) dt = Re int_{u0}^{u1} f(u) e^{ixu} du
//   with f = |dt/du| (exp 1/(u ln base), power u^(1/alpha - 1)/alpha, linear 1), and deform the
//   path into the upper half plane (numerical steepest descent, Huybrechs & Vandewalle 2006):
//     int_c^b f(u) e^{ixu} du = J(c) - J(b),   J(v) = (i e^{ixv} / x) int_0^inf f(v + iq/x) e^{-q}
//     dq,
//   whose integrands are smooth and decay like e^{-q}: the work no longer grows with x. The piece
//   below c = max(u0, 16/x), where f may be singular at u = 0, is integrated directly in t.
// The error estimates add up the |K15 - G7| of every segment, which bounds the error of K15
// with a wide margin for these smooth integrands. A case that cannot reach the tolerance is an
// error naming x, never a silently wrong number.
#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>

#include "core/encodings/common.h"

namespace poslab::core::enc {

namespace {

using Complex = std::complex<double>;

constexpr std::int64_t kMaxDistance = 100000;
constexpr double kTolerance = 1e-12;  // absolute, per x
constexpr double kSwitchPhase = 64;   // x * theta range from which the path is deformed
constexpr double kDirectPhase = 16;   // c = max(u0, kDirectPhase / x)
constexpr double kTail = 80;          // e^{-80} ~ 2e-35: G's integrand is negligible beyond
constexpr int kMaxSplits = 200000;

// Gauss-Kronrod 7-15 nodes and weights on [-1, 1] (QUADPACK qk15).
constexpr double kXgk[8] = {
    0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
    0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
    0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
    0.207784955007898467600689403773245, 0.0};
constexpr double kWgk[8] = {
    0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
    0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
    0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
    0.204432940075298892414161999234649, 0.209482141084727828012999174891714};
constexpr double kWg[4] = {0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
                           0.381830050505118944950369775488975,
                           0.417959183673469387755102040816327};

template <class T>
struct Segment {
    double a, b;
    T value;
    double error;
};

template <class T, class F>
Segment<T> gk15(const F& f, double a, double b) {
    const double c = 0.5 * (a + b), h = 0.5 * (b - a);
    const T fc = f(c);
    T kronrod = fc * kWgk[7];
    T gauss = fc * kWg[3];
    for (int j = 0; j < 7; ++j) {
        const double dx = h * kXgk[j];
        const T pair = f(c - dx) + f(c + dx);
        kronrod += pair * kWgk[j];
        if (j % 2 == 1) gauss += pair * kWg[j / 2];
    }
    return {a, b, kronrod * h, std::abs((kronrod - gauss) * h)};
}

// Global adaptive GK15 over the segments between consecutive breaks, to the absolute tolerance.
template <class T, class F>
bool integrate(const F& f, const std::vector<double>& breaks, double tol, T& result) {
    auto less = [](const Segment<T>& x, const Segment<T>& y) { return x.error < y.error; };
    std::vector<Segment<T>> heap;
    for (std::size_t k = 1; k < breaks.size(); ++k)
        if (breaks[k] > breaks[k - 1]) heap.push_back(gk15<T>(f, breaks[k - 1], breaks[k]));
    std::make_heap(heap.begin(), heap.end(), less);
    auto totalError = [&] {
        double e = 0;
        for (const auto& seg : heap) e += seg.error;
        return e;
    };
    // Updated per split, recomputed from scratch before trusting it (no drift).
    double error = totalError();
    for (int splits = 0;; ++splits) {
        if (error <= tol && (error = totalError()) <= tol) break;
        if (splits == kMaxSplits || heap.empty()) return false;
        std::pop_heap(heap.begin(), heap.end(), less);
        const Segment<T> worst = heap.back();
        const double mid = 0.5 * (worst.a + worst.b);
        if (!(mid > worst.a && mid < worst.b)) return false;  // no room left to bisect
        const Segment<T> left = gk15<T>(f, worst.a, mid);
        const Segment<T> right = gk15<T>(f, mid, worst.b);
        error += left.error + right.error - worst.error;
        heap.back() = left;
        std::push_heap(heap.begin(), heap.end(), less);
        heap.push_back(right);
        std::push_heap(heap.begin(), heap.end(), less);
    }
    result = T{};
    for (const auto& s : heap) result += s.value;
    return true;
}

enum class Curve { Exp, Power, Linear };

struct Theta {
    Curve curve = Curve::Exp;
    double base = 10000, lnBase = std::log(10000.0), alpha = 2, s = 0.5;  // s = 1/alpha

    explicit Theta(const ParamSet& p) {
        const auto& f = p.text("family");
        curve = f == "power" ? Curve::Power : f == "linear" ? Curve::Linear : Curve::Exp;
        base = p.real("base");
        lnBase = std::log(base);
        alpha = p.real("alpha");
        s = 1.0 / alpha;
    }
    double operator()(double t) const {
        switch (curve) {
            case Curve::Exp:
                return std::pow(base, -t);
            case Curve::Power:
                return std::pow(t, alpha);
            case Curve::Linear:
                return t;
        }
        return t;
    }
    // t with theta(t) = u.
    double inverse(double u) const {
        switch (curve) {
            case Curve::Exp:
                return std::clamp(-std::log(u) / lnBase, 0.0, 1.0);
            case Curve::Power:
                return std::pow(u, s);
            case Curve::Linear:
                return u;
        }
        return u;
    }
    // |dt/du|, continued analytically into Re u > 0.
    Complex density(Complex u) const {
        switch (curve) {
            case Curve::Exp:
                return 1.0 / (u * lnBase);
            case Curve::Power:
                return s * std::pow(u, s - 1.0);
            case Curve::Linear:
                return 1.0;
        }
        return 1.0;
    }
    double uMin() const { return curve == Curve::Exp ? 1.0 / base : 0.0; }
    // Deformation needs f smooth on the scale of 1/x: power with large 1/alpha waits longer.
    bool deform(double x) const {
        const double sharp = curve == Curve::Power ? std::max(1.0, s) : 1.0;
        return x * (1.0 - uMin()) >= kSwitchPhase && x >= 4.0 * sharp && x * x >= 1000.0 * sharp;
    }
};

// int cos(x theta(t)) dt over the t that theta maps into [u0, u1], split where the phase has
// advanced by pi.
bool direct(const Theta& th, double x, double u0, double u1, double& out) {
    const auto pieces =
        static_cast<std::int64_t>(std::max(1.0, std::ceil(x * (u1 - u0) / std::numbers::pi)));
    std::vector<double> breaks;
    breaks.reserve(static_cast<std::size_t>(pieces + 1));
    for (std::int64_t k = 0; k <= pieces; ++k) {
        const double u =
            k == pieces ? u1
                        : u0 + (u1 - u0) * static_cast<double>(k) / static_cast<double>(pieces);
        breaks.push_back(th.inverse(u));
    }
    // Exact ends of [0, 1] where the range reaches them.
    if (u0 == th.uMin()) breaks.front() = th.curve == Curve::Exp ? 1.0 : 0.0;
    if (u1 == 1.0) breaks.back() = th.curve == Curve::Exp ? 0.0 : 1.0;
    std::sort(breaks.begin(), breaks.end());
    return integrate<double>([&](double t) { return std::cos(x * th(t)); }, breaks,
                             0.3 * kTolerance, out);
}

// J(v) = (i e^{ixv} / x) int_0^inf f(v + iq/x) e^{-q} dq.
bool steepest(const Theta& th, double x, double v, Complex& out) {
    const std::vector<double> breaks = {0, 4, 16, kTail};
    Complex g;
    if (!integrate<Complex>([&](double q) { return th.density(Complex(v, q / x)) * std::exp(-q); },
                            breaks, 0.3 * kTolerance * x, g))
        return false;
    out = Complex(0, 1) * std::polar(1.0, x * v) / x * g;
    return true;
}

Expected<double> integral(const Theta& th, double x) {
    double value = 0;
    bool ok = true;
    if (!th.deform(x)) {
        ok = direct(th, x, th.uMin(), 1.0, value);
    } else {
        const double c = std::max(th.uMin(), kDirectPhase / x);
        Complex jc, jb;
        if (c > th.uMin()) ok = direct(th, x, th.uMin(), c, value);
        ok = ok && steepest(th, x, c, jc) && steepest(th, x, 1.0, jb);
        value += (jc - jb).real();
    }
    if (!ok)
        return fail(
            "oscillatory integral: the adaptive quadrature did not reach its tolerance "
            "(1e-12) at x = " +
            std::to_string(static_cast<std::int64_t>(x)));
    return value;
}

// Fills out[x] = fn(x) for x = 0..max_distance in parallel, checking cancellation between blocks.
template <class F>
Expected<Array> overDistances(const ParamSet& p, const ComputeContext& ctx, const F& fn) {
    const auto m = p.integer("max_distance");
    Array a = Array::real({m + 1});
    constexpr std::int64_t kBlock = 512;
    for (std::int64_t start = 0; start <= m; start += kBlock) {
        if (ctx.cancelledAt(start, m + 1)) return cancelledError();
        const std::int64_t end = std::min(m + 1, start + kBlock);
        std::vector<std::string> errors(static_cast<std::size_t>(end - start));
#pragma omp parallel for schedule(dynamic, 8)
        for (std::int64_t x = start; x < end; ++x) {
            auto v = fn(static_cast<double>(x));
            if (v)
                a.f64[static_cast<std::size_t>(x)] = *v;
            else
                errors[static_cast<std::size_t>(x - start)] = v.error().message;
        }
        for (const auto& e : errors)
            if (!e.empty()) return fail(e);
    }
    return a;
}

}  // namespace

void registerOscillatory(Registry& r) {
    EncodingDescriptor e;
    e.id = "oscillatory";
    e.nameEn = "Decay as an oscillatory integral";
    e.nameZh = "远程衰减与振荡积分";
    e.family = Family::Argument;
    e.summaryEn =
        "The sinusoidal inner product as a Riemann sum of $\\int_0^1 \\cos(x\\,\\theta(t))\\,dt$, "
        "which decays.";
    e.summaryZh =
        "正弦编码内积是积分 $\\int_0^1 \\cos(x\\,\\theta(t))\\,dt$ 的黎曼和，该积分随距离衰减。";
    e.params = {
        specD(), specBase(),
        enumParam("family", {"exp", "power", "linear"})
            .label("θ(t) family", "θ(t) 函数族")
            .help("theta(t): exp base^(-t) (the Transformer's), power t^alpha, linear t",
                  "theta(t)：exp 为 base^(-t)（Transformer 所用），power 为 t^alpha，linear 为 t"),
        realParam("alpha", 2.0)
            .range(0, 1000)
            .exclusiveMin()
            .slider(0.1, 8)
            .label("Power exponent α", "幂指数 α")
            .help("exponent of the power family theta(t) = t^alpha (> 0)",
                  "power 族 theta(t) = t^alpha 的指数（> 0）"),
        intParam("max_distance", 256)
            .range(0, kMaxDistance)
            .slider(0, 16384)
            .label("Largest distance", "最大距离")
            .help("largest relative distance x shown (0 .. max_distance)",
                  "显示的最大相对距离 x(0 .. max_distance)")};
    // The sum pairs dimensions (theta_i for i < d/2, weight 2/d): an odd d has no meaning here.
    e.resolve = [](ParamSet& p) -> Status {
        return requireEven(p, "d", "the sum runs over the d/2 sin/cos pairs");
    };
    auto length = [](const ParamSet& p) { return Shape{p.integer("max_distance") + 1}; };

    e.quantities.push_back(
        quantity("sum", "max_distance+1", length,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     const Theta th(p);
                     const auto d = p.integer("d");
                     std::vector<double> theta(static_cast<std::size_t>(d / 2));
                     for (std::int64_t i = 0; i < d / 2; ++i)
                         theta[static_cast<std::size_t>(i)] =
                             th(2.0 * static_cast<double>(i) / static_cast<double>(d));
                     return overDistances(p, ctx, [&](double x) -> Expected<double> {
                         double acc = 0;
                         for (double w : theta) acc += std::cos(x * w);
                         return 2.0 * acc / static_cast<double>(d);
                     });
                 })
            .title("(2/d) Σᵢ cos(x θᵢ)", "(2/d) Σᵢ cos(x θᵢ)")
            .axisNames({"distance x"}));
    e.quantities.push_back(
        quantity("integral", "max_distance+1", length,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     const Theta th(p);
                     return overDistances(p, ctx, [&](double x) { return integral(th, x); });
                 })
            .title("∫₀¹ cos(x θ(t)) dt", "∫₀¹ cos(x θ(t)) dt")
            .axisNames({"distance x"}));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
