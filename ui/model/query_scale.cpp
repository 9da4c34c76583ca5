#include "ui/model/query_scale.h"

#include <algorithm>
#include <cmath>

namespace poslab::ui {

double queryScaleAt(const core::models::QueryScale& rule, std::int64_t p) {
    const auto pos = static_cast<double>(std::max<std::int64_t>(p, 0));
    if (rule.kind == "llama4_temperature") {
        if (!(rule.floorScale > 0)) return 1;
        return std::log(std::floor((pos + 1) / rule.floorScale) + 1) * rule.attnScale + 1;
    }
    if (rule.kind == "llama_4_scaling_beta") {
        if (rule.originalMax <= 0) return 1;
        return 1 +
               rule.beta * std::log(1 + std::floor(pos / static_cast<double>(rule.originalMax)));
    }
    if (rule.kind == "qwen_logn") {
        if (rule.originalMax <= 1) return 1;
        const double i = pos + 1;  // Qwen's logn_list entry p holds log_L(p + 1)
        const auto L = static_cast<double>(rule.originalMax);
        return i > L ? std::log(i) / std::log(L) : 1;
    }
    return 1;
}

std::vector<std::int64_t> queryScalePositions(const core::models::QueryScale& rule,
                                              std::int64_t maxPos, int perDecade) {
    std::vector<std::int64_t> out{0};
    if (maxPos <= 0) return out;
    const double top = std::log10(static_cast<double>(maxPos));
    const int n = std::max(1, static_cast<int>(std::ceil(top * perDecade)));
    for (int i = 0; i <= n; ++i) out.push_back(std::llround(std::pow(10.0, top * i / n)));
    // qwen_logn has one corner, at p + 1 = L: both sides of it (p = L - 1, L).
    if (rule.kind == "qwen_logn" && rule.originalMax >= 1)
        for (std::int64_t at : {rule.originalMax - 1, rule.originalMax}) out.push_back(at);
    // The steps: the curve changes where floor() does, at p + 1 = k * floor_scale (temperature)
    // or p = k * L (beta). Both sides of the first steps keep the staircase sharp; later steps
    // are closer than a pixel on a log axis and the sampled points suffice.
    const double step = rule.kind == "llama4_temperature" ? rule.floorScale
                        : rule.kind == "llama_4_scaling_beta"
                            ? static_cast<double>(rule.originalMax)
                            : 0;
    const std::int64_t shift = rule.kind == "llama4_temperature" ? 1 : 0;
    if (step >= 1)
        for (std::int64_t k = 1; k <= 64; ++k) {
            const auto at = static_cast<std::int64_t>(std::ceil(k * step)) - shift;
            if (at > maxPos) break;
            if (at - 1 >= 0) out.push_back(at - 1);
            out.push_back(at);
        }
    out.erase(std::remove_if(out.begin(), out.end(), [&](std::int64_t p) { return p > maxPos; }),
              out.end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace poslab::ui
