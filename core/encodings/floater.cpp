// A4 FLOATER (Liu, Yu, Dhillon & Hsieh, 2020, "Learning to Encode Position for Transformer with
// Continuous Dynamical Model", ICML): positions as the trajectory of a neural ODE
//   dp/dt = h(t, p),  p(0) = p0,  P[i] = p(i),
// integrated here with the classic fourth-order Runge-Kutta method, `steps_per_unit` substeps
// of size dt = 1/steps_per_unit per unit of position (global error O(dt^4)).
//   rotation: dp_{2j}/dt = omega_j p_{2j+1}, dp_{2j+1}/dt = -omega_j p_{2j}, p0 = (0,1,0,1,...):
//             the exact solution is A1's sinusoidal table (sinusoidal is a special FLOATER).
//   mlp:      h(t, p) = W2 tanh(W1 p + t w_t + b1), seeded, p0 ~ N(0, 1/d) per component.
//   mixed:    rotation + lambda * mlp, with the rotation's p0.
#include <cmath>

#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

// The seeded network, drawn in the spec's order: W1 (hidden, d), W2 (d, hidden), w_t (hidden),
// b1 (hidden), then p0 (d). Standard deviations scale/sqrt(fan_in): fan_in is d for W1 and
// hidden for W2. w_t and b1 have no fan_in of their own; we use d for both, because they are
// added to W1 p and so belong to the same pre-activation as W1 (PyTorch's nn.Linear likewise
// scales its bias by the layer's fan_in).
struct Mlp {
    Eigen::MatrixXd w1, w2;
    Eigen::VectorXd wt, b1, p0;
};

Mlp drawMlp(const ParamSet& p) {
    const auto d = p.integer("d");
    const auto hidden = p.integer("hidden");
    const double scale = p.real("scale");
    const double sd = std::sqrt(static_cast<double>(d));
    const double sh = std::sqrt(static_cast<double>(hidden));
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    Mlp m;
    m.w1 = normalMatrix(rng, hidden, d, scale / sd);
    m.w2 = normalMatrix(rng, d, hidden, scale / sh);
    m.wt = normalVector(rng, hidden, scale / sd);
    m.b1 = normalVector(rng, hidden, scale / sd);
    m.p0 = normalVector(rng, d, 1.0 / sd);
    return m;
}

class Dynamics {
public:
    explicit Dynamics(const ParamSet& p) : m_kind(p.text("dynamics")), m_lambda(p.real("lambda")) {
        const auto d = p.integer("d");
        m_omega.resize(d / 2);
        for (std::int64_t j = 0; j < d / 2; ++j) m_omega(j) = omega(j, d, p.real("base"));
        if (m_kind != "rotation") m_mlp = drawMlp(p);
        if (m_kind == "mlp") {
            m_p0 = m_mlp.p0;
        } else {
            m_p0 = Eigen::VectorXd::Zero(d);
            for (std::int64_t j = 0; j < d / 2; ++j) m_p0(2 * j + 1) = 1.0;
        }
    }

    const Eigen::VectorXd& p0() const { return m_p0; }

    // out = h(t, x)
    void eval(double t, const Eigen::VectorXd& x, Eigen::VectorXd& out) {
        if (m_kind == "rotation" || m_kind == "mixed") {
            for (Eigen::Index j = 0; j < m_omega.size(); ++j) {
                out(2 * j) = m_omega(j) * x(2 * j + 1);
                out(2 * j + 1) = -m_omega(j) * x(2 * j);
            }
        }
        if (m_kind == "rotation") return;
        m_pre.noalias() = m_mlp.w1 * x;
        m_pre += t * m_mlp.wt + m_mlp.b1;
        m_pre = m_pre.array().tanh();
        if (m_kind == "mlp")
            out.noalias() = m_mlp.w2 * m_pre;
        else
            out.noalias() += m_lambda * (m_mlp.w2 * m_pre);
    }

private:
    std::string m_kind;
    double m_lambda;
    Eigen::VectorXd m_omega, m_p0, m_pre;
    Mlp m_mlp;
};

Expected<RowMatrix> table(const ParamSet& p, const ComputeContext& ctx) {
    const auto n = p.integer("n");
    const auto d = p.integer("d");
    const auto steps = p.integer("steps_per_unit");
    const double dt = 1.0 / static_cast<double>(steps);
    Dynamics f(p);
    RowMatrix t(n, d);
    Eigen::VectorXd x = f.p0(), k1(d), k2(d), k3(d), k4(d), y(d);
    t.row(0) = x.transpose();
    for (std::int64_t i = 1; i < n; ++i) {
        if (ctx.cancelledAt(i, n)) return cancelledError();
        for (std::int64_t s = 0; s < steps; ++s) {
            // Time from the integers (never accumulated): t_s = (i - 1) + s dt.
            const double t0 = static_cast<double>(i - 1) + static_cast<double>(s) * dt;
            f.eval(t0, x, k1);
            y = x + (0.5 * dt) * k1;
            f.eval(t0 + 0.5 * dt, y, k2);
            y = x + (0.5 * dt) * k2;
            f.eval(t0 + 0.5 * dt, y, k3);
            y = x + dt * k3;
            f.eval(t0 + dt, y, k4);
            x += (dt / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
        }
        t.row(i) = x.transpose();
    }
    return t;
}

}  // namespace

void registerFloater(Registry& r) {
    EncodingDescriptor e;
    e.id = "floater";
    e.nameEn = "FLOATER (neural ODE)";
    e.nameZh = "FLOATER（神经常微分方程）";
    e.family = Family::Absolute;
    e.summaryEn =
        "Positions as the trajectory of a continuous dynamical system, integrated with RK4.";
    e.summaryZh = "位置编码是连续动力系统的轨迹，用四阶龙格-库塔法积分。";
    e.params = {
        specN(),
        specD().help("model dimension (even: the rotation acts on pairs)",
                     "模型维度（须为偶数：旋转作用于维度对）"),
        enumParam("dynamics", {"rotation", "mlp", "mixed"})
            .label("Dynamics h", "动力学 h")
            .help("h(t, p): rotation (solution = sinusoidal table), a seeded MLP, or rotation + "
                  "lambda * MLP",
                  "h(t, p)：旋转（解即正弦位置编码表）、随机初始化的 MLP，或 旋转 + lambda * MLP"),
        specBase(),
        intParam("hidden", 32)
            .range(1, 4096)
            .slider(1, 256)
            .label("MLP hidden width", "MLP 隐藏层宽度")
            .help("hidden width of the MLP dynamics", "MLP 动力学的隐藏层宽度"),
        realParam("scale", 1.0)
            .range(0, 1e3)
            .slider(0, 4)
            .label("MLP weight scale", "MLP 权重尺度")
            .help("MLP weights ~ N(0, (scale / sqrt(fan_in))^2)",
                  "MLP 权重 ~ N(0, (scale / sqrt(fan_in))^2)"),
        realParam("lambda", 0.5)
            .range(0, 1e3)
            .slider(0, 2)
            .label("MLP mixing weight λ", "MLP 混合权重 λ")
            .help("weight of the MLP in the mixed dynamics", "混合动力学中 MLP 项的权重"),
        intParam("steps_per_unit", 64)
            .range(1, 1 << 16)
            .log()
            .slider(1, 1024)
            .label("RK4 steps per unit", "每单位 RK4 步数")
            .help("RK4 substeps per unit of position (error falls as steps^-4)",
                  "每单位位置的 RK4 子步数（误差按步数的 -4 次方下降）"),
        specSeed()};
    e.resolve = [](ParamSet& p) -> Status {
        return requireEven(p, "d", "the rotation part of FLOATER turns pairs of dimensions");
    };
    auto n = [](const ParamSet& p) { return p.integer("n"); };
    auto d = [](const ParamSet& p) { return p.integer("d"); };

    e.quantities.push_back(quantity(
                               "table", "n,d",
                               [=](const ParamSet& p) {
                                   return Shape{n(p), d(p)};
                               },
                               [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                                   auto t = table(p, ctx);
                                   if (!t) return t.error();
                                   return Array::fromMatrix(*t);
                               })
                               .copiesResult()
                               .title("FLOATER trajectory P[i] = p(i)", "FLOATER 轨迹 P[i] = p(i)")
                               .axisNames({"position i", "dimension k"}));
    e.quantities.push_back(similarityQuantity(
        "n,n", n, [](const ParamSet& p) { return p.integer("d"); }, table,
        [](const ParamSet& p) {
            // Per table element: 4 RK4 evaluations per substep, each a few
            // operations (rotation) or two products with the hidden layer.
            const double hidden = static_cast<double>(p.integer("hidden"));
            const double eval = p.text("dynamics") == "rotation" ? 4.0 : 4.0 + 4.0 * hidden;
            return 4.0 * static_cast<double>(p.integer("steps_per_unit")) * eval;
        }));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
