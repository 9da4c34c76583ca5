#include "ui/compute/array_cache.h"

namespace poslab::ui {

std::shared_ptr<const core::Array> ArrayCache::find(const std::string& key) {
    auto it = m_items.find(key);
    if (it == m_items.end()) return nullptr;
    m_used.insert(key);
    return it->second;
}

void ArrayCache::insert(const std::string& key, std::shared_ptr<const core::Array> array) {
    m_items[key] = std::move(array);
    m_used.insert(key);
}

void ArrayCache::endRound() {
    for (auto it = m_items.begin(); it != m_items.end();) {
        if (m_used.count(it->first))
            ++it;
        else
            it = m_items.erase(it);
    }
}

std::string cacheKey(const std::string& encoding, const std::string& quantity,
                     const core::ParamSet& params) {
    std::string key = encoding + "/" + quantity;
    for (const auto& [name, value] : params.values())
        key += "|" + name + "=" + core::formatValue(value);
    return key;
}

}  // namespace poslab::ui
