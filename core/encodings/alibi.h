// ALiBi's slopes (spec B1), shared with the encodings that start from them (KERPLE init=alibi).
#pragma once

#include <cstdint>
#include <vector>

namespace poslab::core::enc {

// The paper's rule (the ALiBi authors' get_slopes, BLOOM): 2^(-B(h+1)/H) for H a power of two,
// else the P-rule slopes then every other slope of the 2P rule appended (alibi.cpp).
std::vector<double> alibiPaperSlopes(std::int64_t heads, double biasMax = 8.0);

}  // namespace poslab::core::enc
