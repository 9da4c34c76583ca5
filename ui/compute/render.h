// The work the scheduler's thread does for one request: ask core for the arrays (cached while
// the parameters that matter are unchanged) and prepare what the views draw (QImages of heatmap
// cells, curve points, rotation arrows). Nothing here touches a widget.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "core/compute.h"
#include "ui/compute/compute_types.h"

namespace poslab::ui {

// The shortest text that reads back as the same double ("41.27", "-inf", "1e-16").
QString exactText(double v);

// Arrays by (encoding, quantity, parameters). Entries not used by the last request are dropped.
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

// The parameters of one series: the request's values with the series' overrides applied.
core::Expected<core::ParamSet> seriesParams(const core::EncodingDescriptor& enc,
                                            const core::ParamSet& base, const SeriesSpec& series,
                                            const ViewState& state);

// The series a view draws; for compare mode built from its state (A, then B).
QVector<SeriesSpec> effectiveSeries(const ViewSpec& view, const ViewState& state,
                                    const core::EncodingDescriptor& enc);

// Checks a request without computing (cheap, for the GUI thread): every parameter valid and
// consistent, and no result over the memory budget. Empty when fine, else the reason.
QString checkRequest(const ComputeRequest& request);

// Arrays computed somewhere other than core's double-precision path: the scheduler's Vulkan
// router. computeRequest asks it for the arrays of the request's own encoding that its views
// draw (not sweeps, nor references to other encodings, exactly those a backend choice applies
// to) and caches what it returns; the cache and its key stay computeRequest's alone.
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

// Computes and prepares everything the request's views draw. `cancel` is polled by core.
// `progress` (optional) is called with (done, total) arrays of the request: after each array
// with a whole `done`, and while core computes one with a fraction added (non-decreasing within
// that array; from the computing thread or an OpenMP thread of core, one call at a time).
// `source` (optional) computes the arrays a backend choice applies to (see ArraySource).
ComputeResult computeRequest(const ComputeRequest& request, ArrayCache& cache,
                             const std::atomic<bool>* cancel,
                             const std::function<void(double, int)>& progress = {},
                             ArraySource* source = nullptr);

}  // namespace poslab::ui
