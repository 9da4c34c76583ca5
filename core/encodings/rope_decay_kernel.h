// g(x) = scale * sum_j cos(x theta_j) + pass at every integer x of a run, the kernel of RoPE's
// decay curve (rope.cpp) and of its exact envelope (rope_long.cpp): each pair's (cos, sin) is
// turned one step at a time by its rotation, anchored exactly every kRun steps (fma
// two-product and Cody-Waite reduction, core/numeric/angle.h), so the recurrence's error stays
// below 1e-12 of g(0). Internal to the rope encoding's files.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/numeric/angle.h"

namespace poslab::core::enc {

// g(x) over runs of consecutive x, for one set of frequencies.
class DecayKernel {
public:
    static constexpr std::int64_t kRun = 512;  // steps between exact anchors
    // Pairs turned together: the compiler's vector lanes (x4 on AVX-512), enough independent
    // chains to hide the FMA latency.
    static constexpr int kBlock = 32;
    static constexpr int kGroup = 8;  // steps taken per pass over a block of pairs

    DecayKernel(const std::vector<double>& theta, double scale, double pass)
        : m_theta(theta), m_scale(scale), m_pass(pass) {
        m_pairs = static_cast<std::int64_t>(theta.size());
        const std::size_t padded =
            static_cast<std::size_t>((m_pairs + kBlock - 1) / kBlock * kBlock);
        m_ct.assign(padded, 1.0);  // padding lanes turn (0, 0) by 0: they add nothing
        m_st.assign(padded, 0.0);
        for (std::int64_t j = 0; j < m_pairs; ++j) {
            m_ct[static_cast<std::size_t>(j)] = std::cos(theta[static_cast<std::size_t>(j)]);
            m_st[static_cast<std::size_t>(j)] = std::sin(theta[static_cast<std::size_t>(j)]);
        }
    }

    // Calls fn(x, g(x)) for x = x0 .. x0 + count - 1.
    template <class Fn>
    void run(std::int64_t x0, std::int64_t count, Fn&& fn) const {
        const std::size_t padded = m_ct.size();
        std::vector<double> c(padded, 0.0), s(padded, 0.0);
        for (std::int64_t start = x0; start < x0 + count; start += kRun) {
            for (std::int64_t j = 0; j < m_pairs; ++j) {
                const double a = numeric::reducedAngle(static_cast<double>(start),
                                                       m_theta[static_cast<std::size_t>(j)]);
                c[static_cast<std::size_t>(j)] = std::cos(a);
                s[static_cast<std::size_t>(j)] = std::sin(a);
            }
            const std::int64_t steps = std::min(kRun, x0 + count - start);
            for (std::int64_t i = 0; i < steps; i += kGroup) {
                const int take = static_cast<int>(std::min<std::int64_t>(kGroup, steps - i));
                double part[kGroup][kBlock] = {};
                for (std::size_t j = 0; j < padded; j += kBlock)
                    turnBlock(&c[j], &s[j], &m_ct[j], &m_st[j], take, part);
                for (int k = 0; k < take; ++k) {
                    double sum = 0;
                    for (int l = 0; l < kBlock; ++l) sum += part[k][l];
                    fn(start + i + k, m_scale * sum + m_pass);
                }
            }
        }
    }

private:
    // Turns kBlock pairs `take` steps, adding each step's cosines to part[step][lane]. The lane
    // loop is innermost and the pairs are held in local arrays, so it compiles to vector
    // instructions: every pair's (cos, sin) stays in registers while it turns (same operations,
    // same order per lane as one step at a time).
    static void turnBlock(double* c, double* s, const double* ct, const double* st, int take,
                          double (&part)[kGroup][kBlock]) {
        double cc[kBlock], ss[kBlock], a[kBlock], b[kBlock];
        for (int l = 0; l < kBlock; ++l) {
            cc[l] = c[l];
            ss[l] = s[l];
            a[l] = ct[l];
            b[l] = st[l];
        }
        for (int k = 0; k < take; ++k)
            for (int l = 0; l < kBlock; ++l) {
                part[k][l] += cc[l];
                const double cn = cc[l] * a[l] - ss[l] * b[l];
                ss[l] = ss[l] * a[l] + cc[l] * b[l];
                cc[l] = cn;
            }
        for (int l = 0; l < kBlock; ++l) {
            c[l] = cc[l];
            s[l] = ss[l];
        }
    }

    const std::vector<double>& m_theta;
    std::vector<double> m_ct, m_st;
    std::int64_t m_pairs = 0;
    double m_scale, m_pass;
};

}  // namespace poslab::core::enc
