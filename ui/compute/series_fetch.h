// The arrays of a request's series, on the worker thread: each series' parameters (the page's
// values with the series' overrides), fetched from the ArrayCache or computed by core (or by the
// ArraySource), with the time spent and progress reported.
#pragma once

#include <QString>
#include <QVector>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

#include "core/compute.h"
#include "ui/compute/array_cache.h"
#include "ui/compute/array_source.h"
#include "ui/compute/compute_types.h"

namespace poslab::ui {

// The parameters of one series: the request's values with the series' overrides applied.
core::Expected<core::ParamSet> seriesParams(const core::EncodingDescriptor& enc,
                                            const core::ParamSet& base, const SeriesSpec& series,
                                            const ViewState& state);

// The quantity a compare view compares: its state's choice, or the encoding's first quantity where
// the state names none it has.
QString comparedQuantity(const ViewState& state, const core::EncodingDescriptor& enc);

// The series a view draws; for compare mode built from its state (A, then B).
QVector<SeriesSpec> effectiveSeries(const ViewSpec& view, const ViewState& state,
                                    const core::EncodingDescriptor& enc);

// The values of another encoding's parameters taken by name from the page's (n, d, base, ...).
// File parameters are the page's own inputs (hierarchical's `source` is not learned's), so the
// other encoding keeps its defaults for them.
core::ParamSet paramsFromPage(const core::EncodingDescriptor& other, const core::ParamSet& page);

// One series' array, or why there is none.
struct Fetch {
    std::shared_ptr<const core::Array> array;
    QString error;
    bool cancelled = false;
};

class SeriesFetcher {
public:
    SeriesFetcher(const ComputeRequest& request, ArrayCache& cache, const std::atomic<bool>* cancel,
                  ArraySource* source);

    // The request's encoding (null when it is not registered).
    const core::EncodingDescriptor* encoding() const { return m_enc; }
    // A series' encoding: its own when it names one, else the request's.
    const core::EncodingDescriptor* encodingOf(const SeriesSpec& s) const;
    const core::QuantitySpec* quantity(const SeriesSpec& s) const;
    // The parameters a series is computed with (page values and its overrides), or nullopt.
    std::optional<core::ParamSet> paramsOf(const SeriesSpec& s, const ViewState& state) const;

    // `routable`: a series of a view itself (not a sweep's point, a reference or a marker), which
    // the ArraySource may compute when it is of the request's own encoding.
    Fetch fetch(const SeriesSpec& s, const ViewState& state, bool routable = false);

    // A preparer's own array that is no quantity (level of detail: band means), cached under
    // `key` like a quantity's, computed by `fn` with the request's cancel flag and progress;
    // counts as one fetch. Cancelled: no array, and cancelled() turns true.
    Fetch computeOwn(
        const std::string& key,
        const std::function<core::Expected<core::Array>(const core::ComputeContext&)>& fn);

    // Progress: `fetched` after every fetch, `fraction` while core computes one array.
    void setProgress(std::function<void()> fetched, std::function<void(double)> fraction);

    double computeMs() const { return m_computeMs; }
    bool cancelled() const { return m_cancelled; }

private:
    Fetch fetchOne(const SeriesSpec& s, const ViewState& state, bool routed);
    core::Expected<core::ParamSet> paramsFor(const core::EncodingDescriptor& enc,
                                             const SeriesSpec& s, const ViewState& state) const;

    const ComputeRequest& m_req;
    ArrayCache& m_cache;
    const std::atomic<bool>* m_cancel;
    ArraySource* m_source;
    const core::EncodingDescriptor* m_enc;
    double m_computeMs = 0;
    bool m_cancelled = false;
    std::function<void()> m_onFetched;
    std::function<void(double)> m_onProgress;
};

}  // namespace poslab::ui
