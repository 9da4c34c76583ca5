#include "ui/compute/compute_request.h"

#include <QElapsedTimer>

#include "ui/compute/degenerate_views.h"
#include "ui/compute/model_marks.h"
#include "ui/compute/prepare_view.h"
#include "ui/compute/request_check.h"
#include "ui/compute/rope_lod.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

namespace {

ViewState stateOf(const ComputeRequest& request, int view) {
    return view < request.states.size() ? request.states[view] : ViewState{};
}

// Arrays the request fetches: one per series, a reference and every point of a sweep, markers.
int arrayCount(const ComputeRequest& request, const core::EncodingDescriptor& enc) {
    int total = 0;
    for (int vi = 0; vi < request.views.size(); ++vi) {
        const ViewSpec& view = request.views[vi];
        const auto series = effectiveSeries(view, stateOf(request, vi), enc);
        for (const auto& s : series)
            total += s.sweepParam.isEmpty() ? (s.againstEncoding.isEmpty() ? 1 : 2)
                                            : static_cast<int>(s.sweepValues.size()) + 1;
        if (!view.vmarker.isEmpty() && !view.vmarker.startsWith('$')) ++total;
        if (!series.isEmpty() && view.compareMarkers.contains(series[0].quantity))
            total += static_cast<int>(series.size());  // one marker per side
    }
    return total;
}

// A compare view's value of the changed parameter as its labels write it: numbers as people
// read them ("500 000"), words as typed.
QString compareValueText(const QString& text) {
    bool number = false;
    const double v = text.toDouble(&number);
    return number ? formatExact(v) : text;
}

// Panel and legend names of a compare view that say both sides: "A: base = 10 000" and
// "B: base = 500 000" (not a bare "A").
void nameCompareSides(QVector<SeriesSpec>& series, const ViewState& state,
                      const core::ParamSet& params) {
    if (series.size() != 2 || state.cmpParam.isEmpty() || !state.cmpNameB.isEmpty()) return;
    const core::ParamValue* a = params.find(state.cmpParam.toStdString());
    if (!a) return;
    const QString was = compareValueText(QString::fromStdString(core::formatValue(*a)));
    const QString now = compareValueText(state.cmpValue);
    const QString aText = QStringLiteral("A: %1 = %2").arg(state.cmpParam, was);
    const QString bText = QStringLiteral("B: %1 = %2").arg(state.cmpParam, now);
    series[0].label = {aText, aText};
    series[1].label = {bText, bText};
}

// Fetches a view's series (sweeps are fetched point by point by their preparer), then hands
// them to the preparer of its kind; a compare view is a heatmap for tables, else lines.
ViewResult prepareView(ViewKind kind, PrepareContext& ctx, const ViewSpec& view,
                       const ViewState& state) {
    ViewResult vr;
    vr.viewId = view.id;
    // RoPE over long ranges: what the plot can show, exactly (rope_lod.h).
    if (prepareRopeLod(ctx, view, state, vr)) return vr;
    ViewInput in{view, state, effectiveSeries(view, state, *ctx.fetcher.encoding()), {}};
    if (view.kind == ViewKind::Compare) nameCompareSides(in.series, state, ctx.request.params);
    for (const auto& s : in.series) {
        if (!s.sweepParam.isEmpty()) {
            in.fetched << Fetch{};
            continue;
        }
        in.fetched << ctx.fetcher.fetch(s, state, true);
        if (ctx.fetcher.cancelled()) return vr;
        if (!in.fetched.back().error.isEmpty() && vr.error.isEmpty())
            vr.error = in.fetched.back().error;
    }
    if (!vr.error.isEmpty() || in.fetched.isEmpty()) {
        if (vr.error.isEmpty()) vr.error = QStringLiteral("nothing to draw");
        return vr;
    }
    if (kind == ViewKind::Compare)
        kind = in.fetched[0].array->shape.size() >= 2 ? ViewKind::Heatmap : ViewKind::Lines;
    switch (kind) {
        case ViewKind::Heatmap:
            prepareHeatmaps(ctx, in, vr);
            break;
        case ViewKind::Lines:
            prepareLines(ctx, in, vr);
            break;
        case ViewKind::Rotation:
            prepareRotation(ctx, in, vr);
            break;
        case ViewKind::Value:
            prepareValue(ctx, in, vr);
            break;
        case ViewKind::Compare:  // resolved above
            break;
    }
    return vr;
}

}  // namespace

ComputeResult computeRequest(const ComputeRequest& req, ArrayCache& cache,
                             const std::atomic<bool>* cancel,
                             const std::function<void(double, int)>& progress,
                             ArraySource* source) {
    ComputeResult out;
    out.generation = req.generation;
    out.pageId = req.pageId;
    out.tag = req.tag;
    SeriesFetcher fetcher(req, cache, cancel, source);
    if (!fetcher.encoding()) {
        out.error = QStringLiteral("unknown encoding '%1'").arg(req.encoding);
        return out;
    }
    // What the GUI thread left unchecked because it reads a file, before any work.
    if (requestReadsFiles(req)) {
        if (auto st = checkRequest(req, FileAccess::Read); !st) {
            out.refusal = QString::fromStdString(st.error().message);
            return out;
        }
    }
    int arraysDone = 0;  // read by the fraction callback, which core calls only while no fetch ends
    if (progress) {
        const int total = arrayCount(req, *fetcher.encoding());
        fetcher.setProgress([&progress, &arraysDone, total] { progress(++arraysDone, total); },
                            [&progress, &arraysDone, total](double fraction) {
                                progress(arraysDone + fraction, total);
                            });
    }
    cache.beginRound();
    QElapsedTimer timer;
    timer.start();
    PrepareContext ctx{req, fetcher, req.lang};
    for (int vi = 0; vi < req.views.size(); ++vi) {
        const ViewState state = stateOf(req, vi);
        ViewResult vr = prepareView(req.views[vi].kind, ctx, req.views[vi], state);
        if (fetcher.cancelled()) {
            out.cancelled = true;
            break;
        }
        noteDegenerateView(ctx, req.views[vi], state, vr);
        if (vr.error.isEmpty())
            markModelView(modelLengthParam(req.views[vi], state, *fetcher.encoding()), req.models,
                          vr);
        out.views << vr;
    }
    out.renderMs = static_cast<double>(timer.nsecsElapsed()) / 1e6 - fetcher.computeMs();
    out.computeMs = fetcher.computeMs();
    if (!out.cancelled) cache.endRound();
    return out;
}

}  // namespace poslab::ui
