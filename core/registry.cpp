#include "core/registry.h"

#include <cassert>

namespace poslab::core {

std::string_view familyId(Family family) {
    switch (family) {
        case Family::Absolute:
            return "absolute";
        case Family::Rotary:
            return "rotary";
        case Family::Relative:
            return "relative";
        case Family::Other:
            return "other";
        case Family::Argument:
            return "argument";
    }
    return "?";
}

const QuantitySpec* EncodingDescriptor::findQuantity(std::string_view qid) const {
    for (const auto& q : quantities)
        if (q.id == qid) return &q;
    return nullptr;
}

void Registry::add(EncodingDescriptor descriptor) {
    if (find(descriptor.id)) {
        m_duplicates.push_back(descriptor.id);  // a bug; tst_registry fails on it
        return;
    }
    m_encodings.push_back(std::move(descriptor));
}

const EncodingDescriptor* Registry::find(std::string_view id) const {
    for (const auto& e : m_encodings)
        if (e.id == id) return &e;
    return nullptr;
}

const Registry& registry() {
    static const Registry instance = [] {
        Registry r;
        registerBuiltinEncodings(r);
        assert(r.duplicates().empty() && "an encoding id is registered twice");
        return r;
    }();
    return instance;
}

}  // namespace poslab::core
