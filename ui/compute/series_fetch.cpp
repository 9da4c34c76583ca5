#include "ui/compute/series_fetch.h"

#include <QElapsedTimer>

namespace poslab::ui {

namespace {

// A series override's text with the view state's values put in ("$m", "$k", "$cmp").
QString substitute(const QString& text, const ViewState& state) {
    if (text == "$m") return QString::number(state.m);
    if (text == "$k") return QString::number(state.m + state.delta);
    if (text == "$cmp") return state.cmpValue;
    return text;
}

}  // namespace

core::ParamSet paramsFromPage(const core::EncodingDescriptor& other, const core::ParamSet& page) {
    core::ParamSet p;
    for (const auto& spec : other.params)
        if (spec.type != core::ParamType::Path && page.has(spec.name))
            p.set(spec.name, page.get(spec.name));
    return p;
}

core::Expected<core::ParamSet> seriesParams(const core::EncodingDescriptor& enc,
                                            const core::ParamSet& base, const SeriesSpec& series,
                                            const ViewState& state) {
    core::ParamSet p = base;
    for (auto it = series.set.begin(); it != series.set.end(); ++it) {
        const core::ParamSpec* spec = enc.findParam(it.key().toStdString());
        if (!spec)
            return core::fail(core::Errc::UnknownName,
                              "unknown parameter '" + it.key().toStdString() + "'");
        auto v = spec->parse(substitute(it.value(), state).toStdString());
        if (!v) return v.error();
        p.set(spec->name, *v);
    }
    return p;
}

QString comparedQuantity(const ViewState& state, const core::EncodingDescriptor& enc) {
    if (!enc.findQuantity(state.cmpQuantity.toStdString()) && !enc.quantities.empty())
        return QString::fromStdString(enc.quantities.front().id);
    return state.cmpQuantity;
}

QVector<SeriesSpec> effectiveSeries(const ViewSpec& view, const ViewState& state,
                                    const core::EncodingDescriptor& enc) {
    if (view.kind != ViewKind::Compare) return view.series;
    SeriesSpec a;
    a.quantity = comparedQuantity(state, enc);
    a.label = {"A", "A"};
    SeriesSpec b = a;
    b.label = {"B: " + state.cmpParam + " = " + state.cmpValue,
               "B: " + state.cmpParam + " = " + state.cmpValue};
    if (!state.cmpSet.isEmpty() || !state.cmpNameB.isEmpty()) {  // two models
        a.label = {state.cmpNameA, state.cmpNameA};
        b.label = {state.cmpNameB, state.cmpNameB};
        b.set = state.cmpSet;
    } else if (enc.findParam(state.cmpParam.toStdString()) && !state.cmpValue.isEmpty()) {
        b.set.insert(state.cmpParam, "$cmp");
    }
    b.dashed = true;
    return {a, b};
}

SeriesFetcher::SeriesFetcher(const ComputeRequest& request, ArrayCache& cache,
                             const std::atomic<bool>* cancel, ArraySource* source)
    : m_req(request),
      m_cache(cache),
      m_cancel(cancel),
      m_source(source),
      m_enc(core::registry().find(request.encoding.toStdString())) {}

const core::EncodingDescriptor* SeriesFetcher::encodingOf(const SeriesSpec& s) const {
    return s.encoding.isEmpty() ? m_enc : core::registry().find(s.encoding.toStdString());
}

const core::QuantitySpec* SeriesFetcher::quantity(const SeriesSpec& s) const {
    const core::EncodingDescriptor* enc = encodingOf(s);
    return enc ? enc->findQuantity(s.quantity.toStdString()) : nullptr;
}

core::Expected<core::ParamSet> SeriesFetcher::paramsFor(const core::EncodingDescriptor& enc,
                                                        const SeriesSpec& s,
                                                        const ViewState& state) const {
    return seriesParams(
        enc, s.encoding.isEmpty() ? m_req.params : paramsFromPage(enc, m_req.params), s, state);
}

std::optional<core::ParamSet> SeriesFetcher::paramsOf(const SeriesSpec& s,
                                                      const ViewState& state) const {
    const core::EncodingDescriptor* enc = encodingOf(s);
    if (!enc) return std::nullopt;
    auto p = paramsFor(*enc, s, state);
    if (!p) return std::nullopt;
    return *p;
}

void SeriesFetcher::setProgress(std::function<void()> fetched,
                                std::function<void(double)> fraction) {
    m_onFetched = std::move(fetched);
    m_onProgress = std::move(fraction);
}

Fetch SeriesFetcher::fetch(const SeriesSpec& s, const ViewState& state, bool routable) {
    Fetch out = fetchOne(s, state,
                         routable && m_source && s.encoding.isEmpty() && s.sweepParam.isEmpty() &&
                             s.againstEncoding.isEmpty());
    if (m_onFetched && !m_cancelled) m_onFetched();
    return out;
}

Fetch SeriesFetcher::computeOwn(
    const std::string& key,
    const std::function<core::Expected<core::Array>(const core::ComputeContext&)>& fn) {
    Fetch out;
    if (auto hit = m_cache.find(key)) {
        out.array = hit;
    } else {
        std::optional<core::ProgressSink> sink;
        if (m_onProgress) sink.emplace(m_onProgress);
        core::ComputeContext ctx;
        ctx.cancel = m_cancel;
        ctx.progress = sink ? &*sink : nullptr;
        QElapsedTimer timer;
        timer.start();
        auto result = fn(ctx);
        m_computeMs += static_cast<double>(timer.nsecsElapsed()) / 1e6;
        if (m_cancel && m_cancel->load()) {
            out.cancelled = m_cancelled = true;
            return out;
        }
        if (!result) {
            out.error = QString::fromStdString(result.error().message);
        } else {
            out.array = std::make_shared<const core::Array>(std::move(*result));
            m_cache.insert(key, out.array);
        }
    }
    if (m_onFetched) m_onFetched();
    return out;
}

Fetch SeriesFetcher::fetchOne(const SeriesSpec& s, const ViewState& state, bool routed) {
    Fetch out;
    const core::EncodingDescriptor* enc = encodingOf(s);
    if (!enc) {
        out.error = QStringLiteral("unknown encoding '%1'").arg(s.encoding);
        return out;
    }
    auto params = paramsFor(*enc, s, state);
    if (!params) {
        out.error = QString::fromStdString(params.error().message);
        return out;
    }
    const std::string quantity = s.quantity.toStdString();
    const std::string key = cacheKey(enc->id, quantity, *params);
    core::ComputeOptions options;
    options.memoryBudget = m_req.memoryBudget;
    options.cancel = m_cancel;
    if (auto hit = m_cache.find(key)) {
        if (routed) m_source->reused(*enc, quantity, *params, options);
        out.array = hit;
        return out;
    }
    options.progress = m_onProgress;
    QElapsedTimer timer;
    timer.start();
    if (routed) {
        if (auto array = m_source->compute(*enc, quantity, *params, options)) {
            m_computeMs += static_cast<double>(timer.nsecsElapsed()) / 1e6;
            m_cache.insert(key, array);
            out.array = std::move(array);
            return out;
        }
    }
    auto prepared = core::prepare(*enc, quantity, *params, options);
    if (!prepared) {
        out.error = QString::fromStdString(prepared.error().message);
        return out;
    }
    auto result = core::run(*prepared, options);
    m_computeMs += static_cast<double>(timer.nsecsElapsed()) / 1e6;
    if (m_cancel && m_cancel->load()) {
        out.cancelled = m_cancelled = true;
        return out;
    }
    if (!result) {
        out.error = QString::fromStdString(result.error().message);
        return out;
    }
    auto shared = std::make_shared<const core::Array>(std::move(*result));
    m_cache.insert(key, shared);
    out.array = shared;
    return out;
}

}  // namespace poslab::ui
