#include "ui/compute/request_check.h"

#include <algorithm>

#include "ui/compute/rope_lod.h"
#include "ui/compute/series_fetch.h"

namespace poslab::ui {

namespace {

ViewState stateOf(const ComputeRequest& request, int view) {
    return view < request.states.size() ? request.states[view] : ViewState{};
}

}  // namespace

bool readsFiles(const core::EncodingDescriptor& enc, const core::ParamSet& params) {
    for (const auto& spec : enc.params) {
        const core::ParamValue* value = params.find(spec.name);
        if (core::readsFile(spec, value ? *value : spec.defaultValue)) return true;
    }
    return false;
}

bool requestReadsFiles(const ComputeRequest& request) {
    const core::EncodingDescriptor* enc = core::registry().find(request.encoding.toStdString());
    if (!enc) return false;
    if (readsFiles(*enc, request.params)) return true;
    for (int i = 0; i < request.views.size(); ++i) {
        const ViewState state = stateOf(request, i);
        for (const auto& s : effectiveSeries(request.views[i], state, *enc)) {
            if (!s.encoding.isEmpty()) continue;  // other encodings keep their default files
            auto p = seriesParams(*enc, request.params, s, state);
            if (p && readsFiles(*enc, *p)) return true;
        }
    }
    return false;
}

core::Status checkRequest(const ComputeRequest& request, FileAccess files) {
    const core::EncodingDescriptor* enc = core::registry().find(request.encoding.toStdString());
    if (!enc)
        return core::fail(core::Errc::UnknownName,
                          "unknown encoding '" + request.encoding.toStdString() + "'");
    const bool defer = files == FileAccess::Defer;
    if (defer && readsFiles(*enc, request.params)) return {};
    core::ParamSet params = request.params;
    if (auto st = core::validate(*enc, params); !st) return st;
    core::ComputeOptions options;
    options.memoryBudget = request.memoryBudget;
    for (int i = 0; i < request.views.size(); ++i) {
        const ViewState state = stateOf(request, i);
        // At level of detail a view asks for arrays bounded by its pixels, not the quantity.
        if (ropeLodApplies(request.views[i], state, params)) continue;
        for (const auto& s : effectiveSeries(request.views[i], state, *enc)) {
            // Another encoding's arrays (references) are checked where they are fetched.
            if (!s.encoding.isEmpty()) continue;
            auto sp = seriesParams(*enc, request.params, s, state);
            if (!sp || (defer && readsFiles(*enc, *sp))) continue;  // shown in the view
            auto prepared = core::prepare(*enc, s.quantity.toStdString(), *sp, options);
            if (!prepared && prepared.error().code == core::Errc::OverBudget)
                return prepared.error();
        }
    }
    return {};
}

}  // namespace poslab::ui
