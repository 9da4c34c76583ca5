// E7 ReRoPE and Leaky ReRoPE (Su 2023, "Rectified Rotary Position Embeddings",
// kexue.fm/archives/9708; bojone/rerope rerope_patch.py and leaky_rerope_patch.py):
//   RoPE with the relative position t = i - j (query minus key) clipped to a window w:
//   r(t) = t for |t| <= w; beyond, rerope: sign(t) w; leaky: sign(t) (w + (|t| - w) / factor).
//   S[i, j] = s_i sum_l [A_l cos(r theta_l) + B_l sin(r theta_l)], A6's theta_l and pairs, with
//   s_i = max(1, ln(pos_i + 1) / ln(L)) when log_scale (the patches' query scaling, L their
//   training_length). The patches are causal; for j > i the odd extension keeps S equal to RoPE's
//   inside the window. Leaky with w = 0 is position interpolation by `factor` (rope
//   scaling=linear).
#include "core/encodings/rerope.h"

#include <atomic>

#include "core/backend/backend.h"
#include "core/backend/fast_kernels.h"
#include "core/encodings/common.h"
#include "core/encodings/rope.h"
#include "core/encodings/rope_scaling.h"

namespace poslab::core::enc {

Expected<ReropeSetup> reropeSetup(const ParamSet& p) {
    ReropeSetup s;
    s.n = p.integer("n");
    s.d = p.integer("d");
    s.window = static_cast<double>(p.integer("window"));
    s.factor = p.real("factor");
    s.leaky = p.text("variant") == "leaky";
    s.logScale = p.boolean("log_scale");
    s.originalMax = static_cast<double>(p.integer("original_max_position"));
    s.offset = static_cast<double>(p.integer("offset"));
    RopeFrequencyParams fp;  // A6's frequencies: rope's table without a scaling
    fp.d = s.d;
    fp.base = p.real("base");
    s.theta = ropeFrequencies(fp);
    Eigen::VectorXd q = Eigen::VectorXd::Ones(s.d), k = Eigen::VectorXd::Ones(s.d);
    for (auto [name, v] : {std::pair{"q", &q}, std::pair{"k", &k}}) {
        if (p.text(name).empty()) continue;
        auto m = loadMatrix(name, p.text(name), 1, s.d);
        if (!m) return m.error();
        *v = m->row(0).transpose();
    }
    const std::string pairing = p.text("pairing");
    for (std::int64_t l = 0; l < s.d / 2; ++l) {
        const auto [a, b] = ropePair(pairing, l, s.d);
        s.cosCoef.push_back(q(a) * k(a) + q(b) * k(b));
        s.sinCoef.push_back(q(a) * k(b) - q(b) * k(a));
    }
    return s;
}

namespace {

// g(r) = sum_l [A_l cos(r theta_l) + B_l sin(r theta_l)], summed over l in order.
double pairSum(double r, const ReropeSetup& s) {
    double acc = 0;
    for (std::size_t l = 0; l < s.theta.size(); ++l) {
        const double ang = r * s.theta[l];
        acc += s.cosCoef[l] * std::cos(ang) + s.sinCoef[l] * std::sin(ang);
    }
    return acc;
}

Expected<Array> relativePositions(const ParamSet& p, const ComputeContext& ctx) {
    auto su = reropeSetup(p);
    if (!su) return su.error();
    const auto n = su->n;
    Array out = Array::real({n, n});
    auto o = out.matrix();
    for (std::int64_t i = 0; i < n; ++i) {
        if (ctx.cancelled()) return cancelledError();
        for (std::int64_t j = 0; j < n; ++j)
            o(i, j) = reropePosition(static_cast<double>(i - j), *su);
    }
    return out;
}

// g(t) = sum_l of pair l's score at the rectified position r(t), t = i - j in [-(n-1), n-1],
// at index t + n - 1: every score is s_i g(i - j).
std::vector<double> scoresByOffset(const ReropeSetup& s) {
    const auto n = s.n;
    std::vector<double> g(static_cast<std::size_t>(2 * n - 1));
#pragma omp parallel for schedule(static) if (n * s.d > 65536)
    for (std::int64_t idx = 0; idx < 2 * n - 1; ++idx)
        g[static_cast<std::size_t>(idx)] =
            pairSum(reropePosition(static_cast<double>(idx - (n - 1)), s), s);
    return g;
}

Expected<Array> scores(const ParamSet& p, const ComputeContext& ctx) {
    auto su = reropeSetup(p);
    if (!su) return su.error();
    const ReropeSetup& s = *su;
    const auto n = s.n;
    const auto g = scoresByOffset(s);
    if (ctx.cancelled()) return cancelledError();
    Array out = Array::real({n, n});
    auto o = out.matrix();
#pragma omp parallel for schedule(static) if (n > 512)
    for (std::int64_t i = 0; i < n; ++i) {
        const double si = reropeQueryScale(s.offset + static_cast<double>(i), s);
        for (std::int64_t j = 0; j < n; ++j)
            o(i, j) = si * g[static_cast<std::size_t>(i - j + n - 1)];
    }
    return out;
}

// CPU fast path with the default all-ones q and k (no file to read) and without log_scale (every
// s_i = 1): the scores are Toeplitz, filled one row per memcpy into the caller's reused buffer,
// as rope's.
FastPath fastScoresPath() {
    FastPath f;
    f.accepts = [](const ParamSet& p, Precision) {
        return p.text("q").empty() && p.text("k").empty() && !p.boolean("log_scale");
    };
    f.run = [](const ParamSet& p, Precision precision, Result& out,
               const ComputeContext& ctx) -> Status {
        auto su = reropeSetup(p);
        if (!su) return su.error();
        const auto g = scoresByOffset(*su);
        if (ctx.cancelled()) return cancelledError();
        // toeplitzFill reads value(j - i) at index j - i + n - 1: g reversed.
        std::vector<double> v(g.rbegin(), g.rend());
        if (precision == Precision::F32) {
            std::vector<float> vf(v.begin(), v.end());
            fast::toeplitzFill(vf, 1, su->n, out.f32);
        } else {
            fast::toeplitzFill(v, 1, su->n, out.f64);
        }
        return {};
    };
    return f;
}

// 2 sum_l cos(r(x) theta_l), x = 0 .. max_distance (q = k = ones, no query scale).
Expected<Array> decay(const ParamSet& p, const ComputeContext& ctx) {
    auto su = reropeSetup(p);
    if (!su) return su.error();
    ReropeSetup s = *su;
    s.cosCoef.assign(s.theta.size(), 2.0);
    s.sinCoef.assign(s.theta.size(), 0.0);
    const auto len = p.integer("max_distance") + 1;
    Array a = Array::real({len});
    std::atomic<bool> stop{false};
#pragma omp parallel for schedule(static) if (len * s.d > (std::int64_t(1) << 20))
    for (std::int64_t x = 0; x < len; ++x) {
        if ((x & 4095) == 0 && ctx.cancelled()) stop = true;
        if (stop) continue;
        a.f64[static_cast<std::size_t>(x)] = pairSum(reropePosition(static_cast<double>(x), s), s);
    }
    if (stop) return cancelledError();
    return a;
}

Status resolve(ParamSet& p) {
    if (auto st = requireEven(p, "d", "ReRoPE rotates pairs of dimensions"); !st) return st;
    if (p.text("variant") == "leaky" && p.real("factor") < 1.0)
        return paramError("factor", p.real("factor"),
                          "Leaky ReRoPE divides the distance past the window by factor",
                          "a real >= 1 when variant is leaky");
    if (p.boolean("log_scale") && p.integer("original_max_position") < 2)
        return paramError("original_max_position", p.integer("original_max_position"),
                          "log_scale divides by ln(original_max_position)",
                          "an integer >= 2 when log_scale is true");
    const auto d = p.integer("d");
    for (const char* v : {"q", "k"})
        if (!p.text(v).empty())
            if (auto st = checkNpyShape(v, p.text(v), {d}); !st) return st;
    return {};
}

std::vector<ParamSpec> params() {
    return {
        specN(),
        specD(),
        specBase(),
        enumParam("pairing", {"interleaved", "half"})
            .label("Dimension pairing", "维度配对")
            .help("pairs (2j, 2j+1) as RoFormer, or (j, j+d/2) as GPT-NeoX rotate_half",
                  "维度配对方式：(2j, 2j+1)（RoFormer）或 (j, j+d/2)（GPT-NeoX）"),
        specOffset(),
        enumParam("variant", {"rerope", "leaky"})
            .label("Variant", "变体")
            .help("rerope: distances past the window count as w; leaky: they grow 1/factor as "
                  "fast",
                  "rerope：超出窗口的距离一律记为 w；leaky：超出部分按 1/factor 的速度增长"),
        intParam("window", 512)
            .range(0, kMaxPositions)
            .slider(0, 8192)
            .label("Window w", "窗口 w")
            .help("relative positions up to w are exact RoPE; beyond, they are rectified",
                  "相对距离不超过 w 时与 RoPE 完全相同，超过后被截断"),
        realParam("factor", 16.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(1, 64)
            .onlyWhen("variant", {"leaky"})
            .label("Leak factor k", "泄漏因子 k")
            .help("Leaky ReRoPE: past the window the distance grows by 1/factor per token "
                  "(>= 1)",
                  "Leaky ReRoPE：窗口之外每个词元距离只增长 1/factor（须 >= 1）"),
        boolParam("log_scale", false)
            .label("Log-n query scale", "对数查询缩放")
            .help("multiply query i by max(1, ln(pos_i + 1) / ln(L)) as the released patches do",
                  "按发布的补丁将第 i 个查询乘以 max(1, ln(pos_i + 1) / ln(L))"),
        intParam("original_max_position", 4096)
            .range(1, kMaxPositions)
            .slider(2, 131072)
            .onlyWhen("log_scale", {"true"})
            .label("Training length L", "训练长度 L")
            .help("L of the log-n query scale (the patches' training_length; >= 2)",
                  "对数查询缩放中的 L（补丁中的 training_length；须 >= 2）"),
        specQueryVector(),
        specKeyVector(),
        intParam("max_distance", 4096)
            .range(0, kMaxPositions)
            .slider(16, 131072)
            .label("Largest distance", "最大距离")
            .help("largest relative distance x of the decay curve", "衰减曲线的最大相对距离 x"),
    };
}

}  // namespace

void registerRerope(Registry& r) {
    EncodingDescriptor e;
    e.id = "rerope";
    e.nameEn = "ReRoPE (rectified RoPE)";
    e.nameZh = "ReRoPE（截断旋转编码）";
    e.family = Family::Rotary;
    e.summaryEn = "RoPE inside a window; past it the relative position stops (or leaks) growing.";
    e.summaryZh = "窗口内即 RoPE；超出窗口后相对位置不再增长（或缓慢增长）。";
    e.params = params();
    e.resolve = resolve;
    auto nn = [](const ParamSet& p) { return Shape{p.integer("n"), p.integer("n")}; };
    e.quantities.push_back(
        quantity("relative_positions", "n,n", nn, relativePositions)
            .title("Effective relative position r(i − j)", "有效相对位置 r(i − j)")
            .axisNames({"query position i", "key position j"}));
    e.quantities.push_back(
        quantity("scores", "n,n", nn, scores)
            .title("Scores with the rectified position", "使用截断位置的注意力分数")
            .axisNames({"query position i", "key position j"})
            .withFast(fastScoresPath()));
    e.quantities.push_back(
        quantity(
            "decay", "max_distance+1",
            [](const ParamSet& p) { return Shape{p.integer("max_distance") + 1}; }, decay)
            .title("Decay 2 Σₗ cos(r(x) θₗ)", "衰减 2 Σₗ cos(r(x) θₗ)")
            .axisNames({"relative distance x"}));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
