#include "core/models/position_marks.h"

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

}  // namespace poslab::core::models
