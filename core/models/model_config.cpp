#include "core/models/model_config.h"

#include <algorithm>

namespace poslab::core::models {

int KindInfo::countOf(PairClass c) const {
    return static_cast<int>(std::count(pairClass.begin(), pairClass.end(), static_cast<int>(c)));
}

int KindInfo::rotatingPairs() const {
    return static_cast<int>(
        std::count_if(invFreq.begin(), invFreq.end(), [](double v) { return v != 0; }));
}

const KindInfo* ModelConfig::kind(const std::string& name) const {
    if (auto it = kindIndex.find(name);
        it != kindIndex.end() && it->second < kinds.size() && kinds[it->second].name == name)
        return &kinds[it->second];
    for (const KindInfo& k : kinds)
        if (k.name == name) return &k;
    return nullptr;
}

int ModelConfig::firstRopeLayer() const {
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const KindInfo* k = kind(layers[i]);
        if (k && k->rope) return static_cast<int>(i);
    }
    return -1;
}

}  // namespace poslab::core::models
