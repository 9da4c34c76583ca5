#include "core/models/position_marks.h"

#include <cmath>
#include <map>

namespace poslab::core::models {

std::optional<std::int64_t> sequenceLength(const ModelConfig& config,
                                           std::optional<std::int64_t> seqLen) {
    return seqLen ? seqLen : config.maxPositionEmbeddings;
}

std::vector<PositionMark> positionMarks(const ModelConfig& config, const KindInfo& kind,
                                        std::optional<std::int64_t> seqLen) {
    std::map<std::int64_t, std::string> at;
    auto add = [&](std::optional<std::int64_t> x, const char* name) {
        if (!x) return;
        std::string& label = at[*x];
        label += (label.empty() ? "" : " = ") + std::string(name);
    };
    if (kind.rope && kind.ropeType != "default") add(kind.originalMax, "L");
    add(config.maxPositionEmbeddings, "max");
    add(sequenceLength(config, seqLen), "s");
    std::vector<PositionMark> marks;
    for (auto& [x, label] : at) marks.push_back({x, std::move(label)});
    return marks;
}

std::optional<ExtendedContext> extendedContext(const ModelConfig& config, const KindInfo& kind) {
    const double fL = kind.rope && kind.originalMax && kind.factor > 1
                          ? kind.factor * static_cast<double>(*kind.originalMax)
                          : 0;
    const double M =
        config.maxPositionEmbeddings ? static_cast<double>(*config.maxPositionEmbeddings) : 0;
    if (fL > M && fL < 9.0e18) return ExtendedContext{std::llround(fL), true};
    if (config.maxPositionEmbeddings) return ExtendedContext{*config.maxPositionEmbeddings, false};
    return std::nullopt;
}

}  // namespace poslab::core::models
