// The worker's arrays by (encoding, quantity, parameters), so that an edit recomputes only the
// arrays whose parameters changed. Lives on the worker thread only.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>

#include "core/array.h"
#include "core/params/param_spec.h"

namespace poslab::ui {

// Entries not used by the last request are dropped at the end of its round.
class ArrayCache {
public:
    std::shared_ptr<const core::Array> find(const std::string& key);
    void insert(const std::string& key, std::shared_ptr<const core::Array> array);
    void beginRound() { m_used.clear(); }
    void endRound();
    std::size_t size() const { return m_items.size(); }

private:
    std::map<std::string, std::shared_ptr<const core::Array>> m_items;
    std::set<std::string> m_used;
};

// The one key of ArrayCache: (encoding, quantity, every parameter value).
std::string cacheKey(const std::string& encoding, const std::string& quantity,
                     const core::ParamSet& params);

}  // namespace poslab::ui
