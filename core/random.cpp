#include "core/random.h"

#include <cmath>
#include <numbers>

namespace poslab::core {

namespace {
std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}
}  // namespace

Rng::Rng(std::uint64_t seed) {
    std::uint64_t x = seed;
    for (auto& s : m_s) s = splitmix64(x);
}

std::uint64_t Rng::next() {
    const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
    const std::uint64_t t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

double Rng::uniform() {
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

double Rng::normal() {
    if (m_hasSpare) {
        m_hasSpare = false;
        return m_spare;
    }
    // u1 in (0, 1] so that log(u1) is finite.
    const double u1 = 1.0 - uniform();
    const double u2 = uniform();
    const double r = std::sqrt(-2.0 * std::log(u1));
    const double a = 2.0 * std::numbers::pi * u2;
    m_spare = r * std::sin(a);
    m_hasSpare = true;
    return r * std::cos(a);
}

Eigen::MatrixXd normalMatrix(Rng& rng, Eigen::Index rows, Eigen::Index cols, double scale) {
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i)
        for (Eigen::Index j = 0; j < cols; ++j) m(i, j) = rng.normal() * scale;
    return m;
}

Eigen::VectorXd normalVector(Rng& rng, Eigen::Index size, double scale) {
    Eigen::VectorXd v(size);
    for (Eigen::Index i = 0; i < size; ++i) v(i) = rng.normal() * scale;
    return v;
}

}  // namespace poslab::core
