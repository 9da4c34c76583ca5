// The project's own PRNG: identical streams on every machine and compiler.
//
// xoshiro256** (Blackman & Vigna, 2018) seeded through splitmix64. Uniforms use the top 53 bits;
// normals use the Box-Muller transform on two uniforms, both variates used in order. Everything
// is integer arithmetic plus log/sqrt/cos/sin of doubles, which are deterministic for a given
// input on IEEE-754 hardware with a conforming libm.
#pragma once

#include <cstdint>

#include <Eigen/Core>

namespace poslab::core {

class Rng {
public:
    explicit Rng(std::uint64_t seed);

    std::uint64_t next();
    // Uniform in [0, 1).
    double uniform();
    // Standard normal N(0, 1).
    double normal();

private:
    std::uint64_t m_s[4];
    double m_spare = 0.0;
    bool m_hasSpare = false;
};

// A rows x cols matrix of N(0,1) * scale, drawn row by row (row-major order).
Eigen::MatrixXd normalMatrix(Rng& rng, Eigen::Index rows, Eigen::Index cols, double scale = 1.0);
Eigen::VectorXd normalVector(Rng& rng, Eigen::Index size, double scale = 1.0);

}  // namespace poslab::core
