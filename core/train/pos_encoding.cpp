#include "core/train/pos_encoding.h"

#include <algorithm>
#include <cmath>

#include "core/encodings/alibi.h"
#include "core/encodings/common.h"
#include "core/encodings/fire_mlp.h"
#include "core/encodings/t5_bucket.h"

namespace poslab::core::train {

namespace {

constexpr int kFireTensors = 6;  // w1, b1, w2, b2, c, threshold
constexpr double kRopeBase = 10000.0;

double softplus(double x) {
    return x > 30 ? x : std::log1p(std::exp(x));
}
double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

}  // namespace

const std::vector<EncodingEntry>& encodingTable() {
    static const std::vector<EncodingEntry> table{
        {"none", Encoding::None, EncodingKind::Nothing, ""},
        {"sinusoidal", Encoding::Sinusoidal, EncodingKind::Input, ""},
        {"learned", Encoding::Learned, EncodingKind::Input, "the position table P"},
        {"rope", Encoding::Rope, EncodingKind::Rotary, ""},
        {"alibi", Encoding::Alibi, EncodingKind::Bias, ""},
        {"t5", Encoding::T5, EncodingKind::Bias, "one bias per head and bucket per layer"},
        {"kerple", Encoding::Kerple, EncodingKind::Bias, "rho1, rho2 per head and layer"},
        {"fire", Encoding::Fire, EncodingKind::Bias, "the MLP, c and the threshold per layer"},
    };
    return table;
}

const EncodingEntry* findEncoding(const std::string& id) {
    for (const auto& e : encodingTable())
        if (id == e.id) return &e;
    return nullptr;
}

const EncodingEntry& encodingEntry(Encoding encoding) {
    for (const auto& e : encodingTable())
        if (e.encoding == encoding) return e;
    return encodingTable().front();
}

PosEncoding::PosEncoding(const EncodingConfig& config, ParamLayout& layout)
    : m_config(config), m_layout(&layout) {
    const auto d = config.d, heads = config.heads, n = config.maxPositions;
    const auto dh = d / heads;
    switch (config.encoding) {
        case Encoding::None:
            break;
        case Encoding::Sinusoidal:
            m_table = enc::sinusoidalTable(n, d, kRopeBase);
            break;
        case Encoding::Learned:
            m_learned = layout.add("pos.learned", n, d, false, config.learnedInit);
            break;
        case Encoding::Rope:
            m_cos.resize(n, dh / 2);
            m_sin.resize(n, dh / 2);
            for (Eigen::Index p = 0; p < n; ++p)
                for (Eigen::Index j = 0; j < dh / 2; ++j) {
                    const double a = static_cast<double>(p) * enc::omega(j, dh, kRopeBase);
                    m_cos(p, j) = std::cos(a);
                    m_sin(p, j) = std::sin(a);
                }
            break;
        case Encoding::Alibi:
            m_slopes = enc::alibiPaperSlopes(heads);
            break;
        case Encoding::T5:
            for (std::int64_t l = 0; l < config.layers; ++l)
                m_perLayer.push_back(
                    layout.add("t5." + std::to_string(l), heads, config.t5Buckets, false, 0.0));
            for (std::int64_t r = 0; r < n; ++r)  // key - query = -r: causal buckets
                m_bucket.push_back(static_cast<std::int32_t>(
                    enc::t5Bucket(-r, false, config.t5Buckets, config.t5MaxDistance)));
            break;
        case Encoding::Kerple:
            // r = softplus(rho) = 1 at rho = ln(e - 1).
            for (std::int64_t l = 0; l < config.layers; ++l)
                m_perLayer.push_back(layout.add("kerple." + std::to_string(l), 2, heads, false, 0.0,
                                                std::log(std::exp(1.0) - 1.0)));
            break;
        case Encoding::Fire: {
            // E4's seeded MLP: w1, b1 standard normal; W2, b2 times 1/sqrt(hidden).
            const auto hidden = config.fireHidden;
            const double s = 1.0 / std::sqrt(static_cast<double>(hidden));
            for (std::int64_t l = 0; l < config.layers; ++l) {
                const std::string p = "fire." + std::to_string(l) + ".";
                m_perLayer.push_back(layout.add(p + "w1", 1, hidden, false, 1.0));
                layout.add(p + "b1", 1, hidden, false, 1.0);
                layout.add(p + "w2", heads, hidden, false, s);
                layout.add(p + "b2", 1, heads, false, s);
                layout.add(p + "c", 1, 1, false, 0.0, config.fireC);
                layout.add(p + "threshold", 1, 1, false, 0.0, config.fireThreshold);
            }
            break;
        }
    }
}

template <class S>
void PosEncoding::addInput(const Vec<S>& params, const std::int32_t* pos, Mat<S>& x) const {
    if (m_config.encoding == Encoding::Sinusoidal) {
        for (Eigen::Index r = 0; r < x.rows(); ++r) x.row(r) += m_table.row(pos[r]).cast<S>();
    } else if (m_learned >= 0) {
        const auto p = view(params, *m_layout, m_learned);
        for (Eigen::Index r = 0; r < x.rows(); ++r) x.row(r) += p.row(pos[r]);
    }
}

template <class S>
void PosEncoding::addInputBackward(const std::int32_t* pos, const Mat<S>& dx, Vec<S>& grad) const {
    if (m_learned < 0) return;
    auto g = view(grad, *m_layout, m_learned);
    for (Eigen::Index r = 0; r < dx.rows(); ++r) g.row(pos[r]) += dx.row(r);
}

template <class S>
void PosEncoding::rotate(const std::int32_t* pos, Mat<S>& qk, Eigen::Index col,
                         bool inverse) const {
    const auto dh = m_config.d / m_config.heads, half = dh / 2;
    for (Eigen::Index r = 0; r < qk.rows(); ++r) {
        S* row = qk.data() + r * qk.cols() + col;
        for (Eigen::Index h = 0; h < m_config.heads; ++h)
            for (Eigen::Index j = 0; j < half; ++j) {
                const auto c = static_cast<S>(m_cos(pos[r], j));
                const auto s = static_cast<S>(inverse ? -m_sin(pos[r], j) : m_sin(pos[r], j));
                S& x = row[h * dh + j];
                S& y = row[h * dh + j + half];
                const S x0 = x;
                x = x0 * c - y * s;
                y = x0 * s + y * c;
            }
    }
}

template <class S>
void PosEncoding::bias(const Vec<S>& params, int layer, const std::int32_t* pos, Eigen::Index t,
                       std::vector<Mat<S>>& out) const {
    const auto heads = m_config.heads;
    out.resize(static_cast<std::size_t>(heads));
    for (auto& m : out) m.setZero(t, t);
    const auto e = m_config.encoding;
    if (e == Encoding::Fire) {
        const int base = m_perLayer[static_cast<std::size_t>(layer)];
        const auto w1 = view(params, *m_layout, base), b1 = view(params, *m_layout, base + 1);
        const auto w2 = view(params, *m_layout, base + 2), b2 = view(params, *m_layout, base + 3);
        // The upstream code trains |c| and |threshold| (mcleish7/arithmetic, class FIRE).
        const double c = std::abs(static_cast<double>(params[(*m_layout)[base + 4].offset]));
        const double thr = std::abs(static_cast<double>(params[(*m_layout)[base + 5].offset]));
        Vec<S> hid(w1.cols());
        for (Eigen::Index i = 0; i < t; ++i) {
            const double norm = enc::fireNormalizer(c, thr, pos[i]);
            for (Eigen::Index j = 0; j <= i; ++j) {
                const auto u =
                    static_cast<S>(enc::fireNormalizedDistance(c, norm, pos[i] - pos[j]));
                hid = (w1.row(0).transpose() * u + b1.row(0).transpose()).cwiseMax(S(0));
                const Vec<S> f = w2 * hid + b2.row(0).transpose();
                for (Eigen::Index h = 0; h < heads; ++h)
                    out[static_cast<std::size_t>(h)](i, j) = f(h);
            }
        }
        return;
    }
    for (Eigen::Index h = 0; h < heads; ++h) {
        auto& m = out[static_cast<std::size_t>(h)];
        for (Eigen::Index i = 0; i < t; ++i)
            for (Eigen::Index j = 0; j <= i; ++j) {
                const auto delta = pos[i] - pos[j];
                if (e == Encoding::Alibi) {
                    m(i, j) = static_cast<S>(-m_slopes[static_cast<std::size_t>(h)] * delta);
                } else if (e == Encoding::T5) {
                    const auto table =
                        view(params, *m_layout, m_perLayer[static_cast<std::size_t>(layer)]);
                    m(i, j) = table(h, m_bucket[static_cast<std::size_t>(delta)]);
                } else if (e == Encoding::Kerple) {
                    const auto rho =
                        view(params, *m_layout, m_perLayer[static_cast<std::size_t>(layer)]);
                    const double r1 = softplus(static_cast<double>(rho(0, h)));
                    const double r2 = softplus(static_cast<double>(rho(1, h)));
                    m(i, j) = static_cast<S>(-r1 * std::log1p(r2 * delta));
                }
            }
    }
}

template <class S>
void PosEncoding::biasBackward(const Vec<S>& params, int layer, const std::int32_t* pos,
                               Eigen::Index t, const std::vector<Mat<S>>& dBias,
                               Vec<S>& grad) const {
    const auto heads = m_config.heads;
    const auto e = m_config.encoding;
    if (e != Encoding::T5 && e != Encoding::Kerple && e != Encoding::Fire) return;
    const int base = m_perLayer[static_cast<std::size_t>(layer)];
    if (e == Encoding::T5) {
        auto g = view(grad, *m_layout, base);
        for (Eigen::Index h = 0; h < heads; ++h)
            for (Eigen::Index i = 0; i < t; ++i)
                for (Eigen::Index j = 0; j <= i; ++j)
                    g(h, m_bucket[static_cast<std::size_t>(pos[i] - pos[j])]) +=
                        dBias[static_cast<std::size_t>(h)](i, j);
        return;
    }
    if (e == Encoding::Kerple) {
        const auto rho = view(params, *m_layout, base);
        auto g = view(grad, *m_layout, base);
        for (Eigen::Index h = 0; h < heads; ++h) {
            const double r1 = softplus(static_cast<double>(rho(0, h)));
            const double r2 = softplus(static_cast<double>(rho(1, h)));
            double g1 = 0, g2 = 0;
            for (Eigen::Index i = 0; i < t; ++i)
                for (Eigen::Index j = 0; j <= i; ++j) {
                    const double delta = pos[i] - pos[j];
                    const double gb = static_cast<double>(dBias[static_cast<std::size_t>(h)](i, j));
                    g1 -= gb * std::log1p(r2 * delta);
                    g2 -= gb * r1 * delta / (1.0 + r2 * delta);
                }
            g(0, h) += static_cast<S>(g1 * sigmoid(static_cast<double>(rho(0, h))));
            g(1, h) += static_cast<S>(g2 * sigmoid(static_cast<double>(rho(1, h))));
        }
        return;
    }
    // FIRE: f(u)_h = b2_h + sum_k W2_hk relu(w1_k u + b1_k), u = ln(1 + c a) / (ln(1 + c m) + eps)
    // with a = pos_i - pos_j, m = max(pos_i, threshold), c and threshold taken as |.|.
    const auto w1 = view(params, *m_layout, base), b1 = view(params, *m_layout, base + 1);
    const auto w2 = view(params, *m_layout, base + 2);
    auto gw1 = view(grad, *m_layout, base), gb1 = view(grad, *m_layout, base + 1);
    auto gw2 = view(grad, *m_layout, base + 2), gb2 = view(grad, *m_layout, base + 3);
    const double cRaw = static_cast<double>(params[(*m_layout)[base + 4].offset]);
    const double thrRaw = static_cast<double>(params[(*m_layout)[base + 5].offset]);
    const double c = std::abs(cRaw), thr = std::abs(thrRaw);
    double gc = 0, gthr = 0;
    const auto hidden = w1.cols();
    Vec<S> z(hidden), gh(heads), dz(hidden);
    for (Eigen::Index i = 0; i < t; ++i) {
        const double m = std::max<double>(pos[i], thr);
        const double den = enc::fireNormalizer(c, thr, pos[i]);
        for (Eigen::Index j = 0; j <= i; ++j) {
            const double a = pos[i] - pos[j];
            const double num = std::log1p(c * a);
            const auto u = static_cast<S>(num / den);
            z = w1.row(0).transpose() * u + b1.row(0).transpose();
            for (Eigen::Index h = 0; h < heads; ++h)
                gh(h) = dBias[static_cast<std::size_t>(h)](i, j);
            gb2.row(0) += gh.transpose();
            gw2.noalias() += gh * z.cwiseMax(S(0)).transpose();
            dz = (w2.transpose() * gh).cwiseProduct((z.array() > S(0)).template cast<S>().matrix());
            gw1.row(0) += dz.transpose() * u;
            gb1.row(0) += dz.transpose();
            const double du = static_cast<double>(dz.dot(w1.row(0).transpose()));
            // du/dc and du/dthreshold by the quotient rule.
            const double dnumDc = a / (1.0 + c * a), ddenDc = m / (1.0 + c * m);
            gc += du * (dnumDc * den - num * ddenDc) / (den * den);
            if (thr >= pos[i]) gthr += du * (-num / (den * den)) * c / (1.0 + c * m);
        }
    }
    grad[(*m_layout)[base + 4].offset] += static_cast<S>(cRaw < 0 ? -gc : gc);
    grad[(*m_layout)[base + 5].offset] += static_cast<S>(thrRaw < 0 ? -gthr : gthr);
}

#define POSLAB_TRAIN_POS_ENCODING(S)                                                              \
    template void PosEncoding::addInput<S>(const Vec<S>&, const std::int32_t*, Mat<S>&) const;    \
    template void PosEncoding::addInputBackward<S>(const std::int32_t*, const Mat<S>&, Vec<S>&)   \
        const;                                                                                    \
    template void PosEncoding::rotate<S>(const std::int32_t*, Mat<S>&, Eigen::Index, bool) const; \
    template void PosEncoding::bias<S>(const Vec<S>&, int, const std::int32_t*, Eigen::Index,     \
                                       std::vector<Mat<S>>&) const;                               \
    template void PosEncoding::biasBackward<S>(const Vec<S>&, int, const std::int32_t*,           \
                                               Eigen::Index, const std::vector<Mat<S>>&, Vec<S>&) \
        const;
POSLAB_TRAIN_POS_ENCODING(float)
POSLAB_TRAIN_POS_ENCODING(double)
#undef POSLAB_TRAIN_POS_ENCODING

}  // namespace poslab::core::train
