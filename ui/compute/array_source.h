// Arrays computed somewhere other than core's double-precision path: the scheduler's Vulkan
// router. computeRequest asks it for the arrays of the request's own encoding that its views
// draw (not sweeps, nor references to other encodings, exactly those a backend choice applies
// to) and caches what it returns; the cache and its key stay computeRequest's alone.
#pragma once

#include <memory>
#include <string>

#include "core/compute.h"

namespace poslab::ui {

class ArraySource {
public:
    virtual ~ArraySource() = default;
    // The array, or nullptr to leave it to core. Called when the cache does not hold it.
    virtual std::shared_ptr<const core::Array> compute(const core::EncodingDescriptor& encoding,
                                                       const std::string& quantity,
                                                       const core::ParamSet& params,
                                                       const core::ComputeOptions& options) = 0;
    // The cache held it: computed for an earlier request, by this source or by core.
    virtual void reused(const core::EncodingDescriptor& encoding, const std::string& quantity,
                        const core::ParamSet& params, const core::ComputeOptions& options) = 0;
};

}  // namespace poslab::ui
