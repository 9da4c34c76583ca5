// A6 RoPE, rotary position embedding (Su et al. 2021, "RoFormer", eq. 13-16):
//   f(x, m) = R_m x, pair j rotated by the angle m * theta_j, theta_j = base^(-2j/d);
//   (R_m q) . (R_k k) = q^T R_{k-m} k, so scores depend only on k - m (Toeplitz).
// Long-range decay (note 002): with q = k = ones, g(x) = 2 sum_j cos(x theta_j); the slowest term
// stays positive and decreasing for x < pi / (2 theta_min).
// Pairings: interleaved (2j, 2j+1) as in RoFormer; half (j, j + d/2) as GPT-NeoX / HF rotate_half.
// Scalings (spec B3) live in rope_scaling.cpp.
#include "core/encodings/rope.h"
#include "core/encodings/rope_decay_kernel.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/backend/backend.h"
#include "core/backend/fast_kernels.h"
#include "core/encodings/common.h"
#include "core/encodings/rope_scaling.h"

namespace poslab::core::enc {

namespace {

struct Setup {
    std::int64_t n, d, dr;  // dr: the rotary dim; channels dr .. d-1 pass through
    double offset;
    std::string pairing;
    std::vector<double> theta;
    double af;  // attention factor multiplying cos and sin
};

Expected<Setup> setup(const ParamSet& p) {
    auto fp = RopeFrequencyParams::from(p);
    if (!fp) return fp.error();
    auto table = ropeFrequencyTable(*fp);
    return Setup{p.integer("n"),       p.integer("d"),
                 fp->rotaryDim(),      static_cast<double>(p.integer("offset")),
                 p.text("pairing"),    std::move(table.theta),
                 table.attentionFactor};
}

// A vector parameter (q or k) of length d: the .npy file or all ones.
Expected<Eigen::VectorXd> vectorParam(const ParamSet& p, const std::string& name) {
    const auto d = p.integer("d");
    const auto& path = p.text(name);
    if (path.empty()) return Eigen::VectorXd(Eigen::VectorXd::Ones(d));
    auto m = loadMatrix(name, path, 1, d);
    if (!m) return m.error();
    return Eigen::VectorXd(m->row(0).transpose());
}

Expected<Array> rotated(const ParamSet& p, const ComputeContext& ctx) {
    auto su = setup(p);
    if (!su) return su.error();
    const Setup& s = *su;
    RowMatrix x;
    if (p.text("input").empty()) {
        x = RowMatrix::Ones(s.n, s.d);
    } else {
        auto m = loadMatrix("input", p.text("input"), s.n, s.d);
        if (!m) return m.error();
        x = std::move(*m);
    }
    Array out = Array::real({s.n, s.d});
    auto o = out.matrix();
    std::atomic<bool> stop{false};
#pragma omp parallel for schedule(static) if (s.n * s.d > 65536)
    for (std::int64_t i = 0; i < s.n; ++i) {
        if (ctx.cancelled()) stop = true;
        if (stop) continue;
        const double pos = s.offset + static_cast<double>(i);
        for (std::int64_t c = s.dr; c < s.d; ++c) o(i, c) = x(i, c);  // pass through
        for (std::int64_t j = 0; j < s.dr / 2; ++j) {
            const auto [a, b] = ropePair(s.pairing, j, s.dr);
            const double ang = pos * s.theta[static_cast<std::size_t>(j)];
            const double c = std::cos(ang) * s.af, sn = std::sin(ang) * s.af;
            o(i, a) = x(i, a) * c - x(i, b) * sn;
            o(i, b) = x(i, a) * sn + x(i, b) * c;
        }
    }
    if (stop) return cancelledError();
    return out;
}

Expected<Array> scores(const ParamSet& p, const ComputeContext& ctx) {
    auto su = setup(p);
    if (!su) return su.error();
    const Setup& s = *su;
    auto q = vectorParam(p, "q");
    if (!q) return q.error();
    auto k = vectorParam(p, "k");
    if (!k) return k.error();
    // t[delta + n - 1] = q^T R_delta k * af^2 + pass for delta = k - m in [-(n-1), n-1], where
    // pass = the dot product of the channels that are not rotated (nor scaled by af).
    std::vector<double> t(static_cast<std::size_t>(2 * s.n - 1));
    std::vector<double> cc(static_cast<std::size_t>(s.dr / 2)), cs(cc.size());
    const double pass = q->tail(s.d - s.dr).dot(k->tail(s.d - s.dr));
    for (std::int64_t j = 0; j < s.dr / 2; ++j) {
        const auto [a, b] = ropePair(s.pairing, j, s.dr);
        cc[static_cast<std::size_t>(j)] = (*q)(a) * (*k)(a) + (*q)(b) * (*k)(b);
        cs[static_cast<std::size_t>(j)] = (*q)(b) * (*k)(a) - (*q)(a) * (*k)(b);
    }
    const double af2 = s.af * s.af;
#pragma omp parallel for schedule(static) if (s.n * s.d > 65536)
    for (std::int64_t idx = 0; idx < 2 * s.n - 1; ++idx) {
        const double delta = static_cast<double>(idx - (s.n - 1));
        double acc = 0;
        for (std::size_t j = 0; j < cc.size(); ++j) {
            const double ang = delta * s.theta[j];
            acc += cc[j] * std::cos(ang) + cs[j] * std::sin(ang);
        }
        t[static_cast<std::size_t>(idx)] = acc * af2 + pass;
    }
    if (ctx.cancelled()) return cancelledError();
    Array out = Array::real({s.n, s.n});
    auto o = out.matrix();
#pragma omp parallel for schedule(static) if (s.n > 512)
    for (std::int64_t m = 0; m < s.n; ++m)
        for (std::int64_t kk = 0; kk < s.n; ++kk)
            o(m, kk) = t[static_cast<std::size_t>(kk - m + s.n - 1)];
    return out;
}

// CPU fast path of the scores with the default all-ones q and k (no file to read): with
// q = k = ones, S[m, k] = 2 af^2 sum_j cos((k - m) theta_j) + (d - d_rot), even in k - m and
// Toeplitz.
FastPath fastScoresPath() {
    FastPath f;
    f.accepts = [](const ParamSet& p, Precision) {
        return p.text("q").empty() && p.text("k").empty();
    };
    f.run = [](const ParamSet& p, Precision precision, Result& out,
               const ComputeContext&) -> Status {
        auto su = setup(p);
        if (!su) return su.error();
        const auto& theta = su->theta;
        const double af = su->af, pass = static_cast<double>(su->d - su->dr);
        const auto n = p.integer("n");
        std::vector<double> v(static_cast<std::size_t>(2 * n - 1));
#pragma omp parallel for schedule(static) if (n * static_cast <std::int64_t>(theta.size()) >= \
                                              fast::kParallelElements / 4)
        for (std::int64_t t = 0; t < n; ++t) {
            double acc = 0;
            for (double th : theta) acc += std::cos(static_cast<double>(t) * th);
            v[static_cast<std::size_t>(n - 1 + t)] = v[static_cast<std::size_t>(n - 1 - t)] =
                2.0 * af * af * acc + pass;
        }
        if (precision == Precision::F32) {
            std::vector<float> vf(v.begin(), v.end());
            fast::toeplitzFill(vf, 1, n, out.f32);
        } else {
            fast::toeplitzFill(v, 1, n, out.f64);
        }
        return {};
    };
    return f;
}

}  // namespace

Expected<std::vector<double>> ropeFrequencies(const ParamSet& p) {
    auto fp = RopeFrequencyParams::from(p);
    if (!fp) return fp.error();
    return ropeFrequencies(*fp);
}

Expected<double> ropeAttentionFactor(const ParamSet& p) {
    auto fp = RopeFrequencyParams::from(p);
    if (!fp) return fp.error();
    return ropeAttentionFactor(*fp);
}

std::int64_t ropeRotaryDim(const ParamSet& p) {
    RopeFrequencyParams r;
    r.d = p.integer("d");
    if (p.has("scaling")) r.scaling = p.text("scaling");
    if (p.has("partial_rotary_factor")) r.partialRotary = p.real("partial_rotary_factor");
    return r.rotaryDim();
}

bool isPRope(const ParamSet& p) {
    return p.has("scaling") && p.text("scaling") == "proportional" && p.has("factor") &&
           p.real("factor") == 1.0;
}

namespace {

Expected<Array> angleArray(const ParamSet& p, const ComputeContext&) {
    auto su = setup(p);
    if (!su) return su.error();
    const Setup& s = *su;
    Array a = Array::real({s.n, s.dr / 2});
    auto m = a.matrix();
    for (std::int64_t i = 0; i < s.n; ++i)
        for (std::int64_t j = 0; j < s.dr / 2; ++j)
            m(i, j) = (s.offset + static_cast<double>(i)) * s.theta[static_cast<std::size_t>(j)];
    return a;
}

Expected<Array> decayArray(const ParamSet& p, const ComputeContext& ctx) {
    auto su = setup(p);
    if (!su) return su.error();
    const Setup& s = *su;
    const double pass = static_cast<double>(s.d - s.dr);  // channels not rotated, q = k = ones
    const auto len = p.integer("max_distance") + 1;
    Array a = Array::real({len});
    const DecayKernel kernel(s.theta, 2.0 * s.af * s.af, pass);
    // Blocks of distances on both cores for long curves only: waking a team costs milliseconds
    // when the other core is busy, more than the default curve (4097 x 64) takes alone.
    constexpr std::int64_t kChunk = 4 * DecayKernel::kRun;
    const std::int64_t blocks = (len + kChunk - 1) / kChunk;
#pragma omp parallel for schedule(static) if (len * s.d > (std::int64_t(1) << 23))
    for (std::int64_t b = 0; b < blocks; ++b) {
        if (ctx.cancelled()) continue;
        const std::int64_t x0 = b * kChunk;
        kernel.run(x0, std::min(kChunk, len - x0),
                   [&a](std::int64_t x, double g) { a.f64[static_cast<std::size_t>(x)] = g; });
    }
    if (ctx.cancelled()) return cancelledError();
    return a;
}

Expected<Array> rotationArray(const ParamSet& p, const ComputeContext&) {
    auto su = setup(p);
    if (!su) return su.error();
    const Setup& s = *su;
    auto q = vectorParam(p, "q");
    if (!q) return q.error();
    const double pos = static_cast<double>(p.integer("position"));
    Array a = Array::real({s.dr / 2, 2});
    auto m = a.matrix();
    for (std::int64_t j = 0; j < s.dr / 2; ++j) {
        const auto [ia, ib] = ropePair(s.pairing, j, s.dr);
        const double ang = pos * s.theta[static_cast<std::size_t>(j)];
        const double c = std::cos(ang) * s.af, sn = std::sin(ang) * s.af;
        m(j, 0) = (*q)(ia)*c - (*q)(ib)*sn;
        m(j, 1) = (*q)(ia)*sn + (*q)(ib)*c;
    }
    return a;
}

}  // namespace

void registerRope(Registry& r) {
    EncodingDescriptor e;
    e.id = "rope";
    e.nameEn = "RoPE (rotary)";
    e.nameZh = "旋转位置编码 RoPE";
    e.family = Family::Rotary;
    e.summaryEn = "Rotate each pair of q and k by its position: scores depend only on k - m.";
    e.summaryZh = "按位置旋转 q、k 的每一对分量：注意力分数只依赖于 k - m。";
    e.params = {
        specN(),
        specD(),
        specBase(),
        enumParam("pairing", {"interleaved", "half"})
            .label("Dimension pairing", "维度配对")
            .help("pairs (2j, 2j+1) as RoFormer, or (j, j+d/2) as GPT-NeoX rotate_half",
                  "维度配对方式：(2j, 2j+1)（RoFormer）或 (j, j+d/2)（GPT-NeoX）"),
        specOffset(),
        pathParam("input")
            .label("Input rows (.npy)", "输入行（.npy）")
            .help(".npy (n, d) rows to rotate (default all ones)",
                  "要旋转的 .npy (n, d) 输入（默认全 1）"),
        specQueryVector(),
        specKeyVector(),
        intParam("max_distance", 4096)
            .range(0, kMaxPositions)
            .slider(16, 131072)
            .label("Largest distance", "最大距离")
            .help("largest relative distance x of the decay curve", "衰减曲线的最大相对距离 x"),
        intParam("position", 1)
            .range(0, kMaxPositions)
            .slider(0, 4096)
            .label("Rotation position", "旋转位置")
            .help("position of the rotation view", "旋转视图中的位置")};
    for (auto& s : ropeScalingSpecs()) e.params.push_back(std::move(s));
    for (auto& s : queryScaleSpecs()) e.params.push_back(std::move(s));
    for (auto& s : ropeLongRangeSpecs()) e.params.push_back(std::move(s));
    e.params.push_back(ropePrecisionSpec());
    e.resolve = [](ParamSet& p) -> Status {
        if (auto st = requireEven(p, "d", "RoPE rotates pairs of dimensions"); !st) return st;
        if (auto st = checkRopeScaling(p); !st) return st;
        if (auto st = checkRopeLongRange(p); !st) return st;
        const auto n = p.integer("n"), d = p.integer("d");
        if (!p.text("input").empty())
            if (auto st = checkNpyShape("input", p.text("input"), {n, d}); !st) return st;
        for (const char* v : {"q", "k"})
            if (!p.text(v).empty())
                if (auto st = checkNpyShape(v, p.text(v), {d}); !st) return st;
        return {};
    };
    auto n = [](const ParamSet& p) { return p.integer("n"); };
    auto half = [](const ParamSet& p) { return ropeRotaryDim(p) / 2; };

    e.quantities.push_back(quantity(
                               "angles", "n,d_rot/2",
                               [=](const ParamSet& p) {
                                   return Shape{n(p), half(p)};
                               },
                               angleArray)
                               .title("Rotation angle m·θⱼ", "旋转角 m·θⱼ")
                               .axisNames({"position m", "pair j"})
                               .nonNegative());
    e.quantities.push_back(quantity(
                               "rotated", "n,d",
                               [=](const ParamSet& p) {
                                   return Shape{n(p), p.integer("d")};
                               },
                               rotated)
                               .title("Rotated input Rₘ x", "旋转后的输入 Rₘ x")
                               .axisNames({"position m", "dimension"})
                               .work([](const ParamSet& p) {
                                   return 16.0 *
                                          static_cast<double>(p.integer("n") * p.integer("d"));
                               }));
    e.quantities.push_back(quantity(
                               "scores", "n,n",
                               [=](const ParamSet& p) {
                                   return Shape{n(p), n(p)};
                               },
                               scores)
                               .title("Scores (Rₘ q) · (Rₖ k)", "注意力分数 (Rₘ q) · (Rₖ k)")
                               .axisNames({"query position m", "key position k"})
                               .withFast(fastScoresPath()));
    e.quantities.push_back(
        quantity(
            "decay", "max_distance+1",
            [](const ParamSet& p) { return Shape{p.integer("max_distance") + 1}; }, decayArray)
            .title("Long-range decay g(x) = 2 Σⱼ cos(x θⱼ)", "远程衰减 g(x) = 2 Σⱼ cos(x θⱼ)")
            .axisNames({"relative distance x"}));
    e.quantities.push_back(quantity(
                               "rotation", "d_rot/2,2",
                               [=](const ParamSet& p) {
                                   return Shape{half(p), 2};
                               },
                               rotationArray)
                               .title("Rotated pairs of q at the chosen position",
                                      "q 的各维度对在所选位置旋转后的坐标")
                               .axisNames({"pair j", "coordinate (x, y)"}));
    addRopeTableQuantities(e);
    addRopeLongRangeQuantities(e);
    addRopePrecisionQuantities(e);
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
