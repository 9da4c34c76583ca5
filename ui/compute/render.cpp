#include "ui/compute/render.h"
#include "core/compute.h"

#include <QElapsedTimer>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

namespace poslab::ui {

using core::Array;
using core::DType;

QString exactText(double v) {
    if (std::isnan(v)) return QStringLiteral("nan");
    if (std::isinf(v)) return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return QString::fromLatin1(buf, static_cast<int>(res.ptr - buf));
}

std::shared_ptr<const Array> ArrayCache::find(const std::string& key) {
    auto it = m_items.find(key);
    if (it == m_items.end()) return nullptr;
    m_used.insert(key);
    return it->second;
}

void ArrayCache::insert(const std::string& key, std::shared_ptr<const Array> array) {
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

namespace {

QString substitute(const QString& text, const ViewState& state) {
    if (text == "$m") return QString::number(state.m);
    if (text == "$k") return QString::number(state.m + state.delta);
    if (text == "$cmp") return state.cmpValue;
    return text;
}

// The one key of ArrayCache: (encoding, quantity, every parameter value).
std::string cacheKey(const std::string& enc, const std::string& qty, const core::ParamSet& p) {
    std::string key = enc + "/" + qty;
    for (const auto& [name, value] : p.values()) key += "|" + name + "=" + core::formatValue(value);
    return key;
}

// The values of another encoding's parameters taken by name from the page's (n, d, base, ...).
// File parameters are the page's own inputs (hierarchical's `source` is not learned's), so the
// other encoding keeps its defaults for them.
core::ParamSet paramsFromPage(const core::EncodingDescriptor& other, const core::ParamSet& page) {
    core::ParamSet p;
    for (const auto& spec : other.params)
        if (spec.type != core::ParamType::Path && page.has(spec.name))
            p.set(spec.name, page.get(spec.name));
    return p;
}

struct Fetch {
    std::shared_ptr<const Array> array;
    QString error;
    bool cancelled = false;
};

class Computer {
public:
    Computer(const ComputeRequest& req, ArrayCache& cache, const std::atomic<bool>* cancel,
             ArraySource* source)
        : m_req(req),
          m_cache(cache),
          m_cancel(cancel),
          m_source(source),
          m_enc(core::registry().find(req.encoding.toStdString())) {}

    const core::EncodingDescriptor* encoding() const { return m_enc; }
    double computeMs = 0;
    bool cancelled = false;
    std::function<void()> onFetched;         // progress: called after every fetch
    std::function<void(double)> onProgress;  // progress: the fraction of the array in core

    const core::EncodingDescriptor* encodingOf(const SeriesSpec& s) const {
        return s.encoding.isEmpty() ? m_enc : core::registry().find(s.encoding.toStdString());
    }

    // `routable`: a series of a view itself (not a sweep's point, a reference or a marker), which
    // the ArraySource may compute when it is of the request's own encoding.
    Fetch fetch(const SeriesSpec& s, const ViewState& state, bool routable = false) {
        Fetch out = fetchOne(s, state,
                             routable && m_source && s.encoding.isEmpty() &&
                                 s.sweepParam.isEmpty() && s.againstEncoding.isEmpty());
        if (onFetched && !cancelled) onFetched();
        return out;
    }

    Fetch fetchOne(const SeriesSpec& s, const ViewState& state, bool routed) {
        Fetch out;
        const core::EncodingDescriptor* enc = encodingOf(s);
        if (!enc) {
            out.error = QStringLiteral("unknown encoding '%1'").arg(s.encoding);
            return out;
        }
        auto params = seriesParams(
            *enc, s.encoding.isEmpty() ? m_req.params : paramsFromPage(*enc, m_req.params), s,
            state);
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
        options.progress = onProgress;
        QElapsedTimer timer;
        timer.start();
        if (routed) {
            if (auto array = m_source->compute(*enc, quantity, *params, options)) {
                computeMs += static_cast<double>(timer.nsecsElapsed()) / 1e6;
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
        computeMs += static_cast<double>(timer.nsecsElapsed()) / 1e6;
        if (m_cancel && m_cancel->load()) {
            out.cancelled = cancelled = true;
            return out;
        }
        if (!result) {
            out.error = QString::fromStdString(result.error().message);
            return out;
        }
        auto shared = std::make_shared<const Array>(std::move(*result));
        m_cache.insert(key, shared);
        out.array = shared;
        return out;
    }

    const core::QuantitySpec* quantity(const QString& id) const {
        return m_enc->findQuantity(id.toStdString());
    }
    const core::QuantitySpec* quantity(const SeriesSpec& s) const {
        const core::EncodingDescriptor* enc = encodingOf(s);
        return enc ? enc->findQuantity(s.quantity.toStdString()) : nullptr;
    }
    // The parameters a series is computed with (page values and its overrides), or nullopt.
    std::optional<core::ParamSet> paramsOf(const SeriesSpec& s, const ViewState& state) const {
        const core::EncodingDescriptor* enc = encodingOf(s);
        if (!enc) return std::nullopt;
        auto p = seriesParams(
            *enc, s.encoding.isEmpty() ? m_req.params : paramsFromPage(*enc, m_req.params), s,
            state);
        if (!p) return std::nullopt;
        return *p;
    }

private:
    const ComputeRequest& m_req;
    ArrayCache& m_cache;
    const std::atomic<bool>* m_cancel;
    ArraySource* m_source;
    const core::EncodingDescriptor* m_enc;
};

QString axisName(const core::QuantitySpec* q, std::size_t dim, std::size_t rank) {
    if (!q || q->axes.size() != rank || dim >= rank) return {};
    return translateAxis(q->axes[dim]);
}

// Value range of the finite elements in [begin, end).
std::pair<double, double> finiteRange(const Array& a, qint64 begin, qint64 end) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    if (a.dtype == DType::F64) {
        const double* p = a.f64.data();
        for (qint64 k = begin; k < end; ++k) {
            const double v = p[k];
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    } else {
        for (qint64 k = begin; k < end; ++k) {
            const double v = static_cast<double>(a.i64[static_cast<std::size_t>(k)]);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    if (!(lo <= hi)) lo = hi = 0;
    return {lo, hi};
}

ColormapKind chooseColormap(const ViewSpec& view, const core::QuantitySpec* q, ColormapChoice user,
                            bool integer, double lo, double hi) {
    if (view.colormap == "categorical" ||
        (integer && user == ColormapChoice::Auto && view.colormap.isEmpty() && hi - lo <= 40))
        return ColormapKind::Categorical;
    if (user == ColormapChoice::Viridis) return ColormapKind::Viridis;
    if (user == ColormapChoice::Diverging) return ColormapKind::Diverging;
    if (view.colormap == "viridis") return ColormapKind::Viridis;
    if (view.colormap == "diverging") return ColormapKind::Diverging;
    const bool isSigned = q ? q->isSigned : (lo < 0);
    return isSigned && lo < 0 ? ColormapKind::Diverging : ColormapKind::Viridis;
}

// Fills the cell image of a heatmap panel from its array (lo/hi/colormap already set).
void paintCells(HeatmapData& h) {
    const Array& a = *h.array;
    const qint64 maxRows = h.rows, maxCols = h.cols;
    const int w = static_cast<int>((maxCols + h.step - 1) / h.step);
    const int ht = static_cast<int>((maxRows + h.step - 1) / h.step);
    h.image = QImage(w, ht, QImage::Format_ARGB32);
    const Colormap cmap(h.colormap);
    const double span = h.hi > h.lo ? h.hi - h.lo : 1.0;
    for (int y = 0; y < ht; ++y) {
        auto* line = reinterpret_cast<QRgb*>(h.image.scanLine(y));
        const qint64 rowStart = h.sliceOffset + static_cast<qint64>(y) * h.step * maxCols;
        if (h.dataRows >= 0 && static_cast<qint64>(y) * h.step >= h.dataRows) {
            std::fill(line, line + w, 0u);  // no data: transparent (the widget's blank colour)
            continue;
        }
        for (int x = 0; x < w; ++x) {
            const qint64 k = rowStart + static_cast<qint64>(x) * h.step;
            if (h.colormap == ColormapKind::Categorical) {
                const double v = a.at(k);
                line[x] = std::isfinite(v) ? cmap.category(static_cast<qint64>(v - h.lo)) : 0u;
                continue;
            }
            const double v = a.at(k);
            line[x] = std::isfinite(v) ? cmap.at((v - h.lo) / span) : 0u;  // transparent: ±inf, nan
        }
    }
}

HeatmapData makeHeatmap(const ViewSpec& view, const core::QuantitySpec* q,
                        std::shared_ptr<const Array> array, const ViewState& state,
                        const ComputeRequest& req, int* sliceCount) {
    HeatmapData h;
    h.array = array;
    const auto& shape = array->shape;
    const std::size_t rank = shape.size();
    if (rank == 1) {
        h.rows = 1;
        h.cols = shape[0];
        h.colAxis = axisName(q, 0, 1);
    } else {
        h.rows = shape[rank - 2];
        h.cols = shape[rank - 1];
        h.rowAxis = axisName(q, rank - 2, rank);
        h.colAxis = axisName(q, rank - 1, rank);
        qint64 leading = 1;
        for (std::size_t i = 0; i + 2 < rank; ++i) leading *= shape[i];
        if (leading > 1) {
            const qint64 s = std::clamp<qint64>(state.slice, 0, leading - 1);
            h.sliceOffset = s * h.rows * h.cols;
            if (sliceCount) *sliceCount = static_cast<int>(leading);
        }
    }
    h.integer = array->dtype == DType::I64;
    const qint64 longest = std::max(h.rows, h.cols);
    h.step =
        static_cast<int>(std::max<qint64>(1, (longest + req.maxImageSide - 1) / req.maxImageSide));
    auto [lo, hi] = finiteRange(*array, h.sliceOffset, h.sliceOffset + h.rows * h.cols);
    h.colormap = chooseColormap(view, q, req.colormap, h.integer, lo, hi);
    if (h.colormap == ColormapKind::Diverging) {
        const double m = std::max(std::abs(lo), std::abs(hi));
        lo = -m;
        hi = m;
    }
    if (lo == hi) {  // a constant: give it a visible range
        lo -= 0.5;
        hi += 0.5;
    }
    h.lo = lo;
    h.hi = hi;
    return h;
}

// Long curves keep, per bucket of consecutive points, the first, the lowest and the highest point:
// the drawn envelope is the same at screen resolution and the chart stays fast. Kept points
// are exact samples, so the hover readout still shows true values.
QList<QPointF> decimate(const QList<QPointF>& pts, int buckets) {
    if (pts.size() <= 3 * buckets) return pts;
    QList<QPointF> out;
    out.reserve(3 * buckets + 1);
    const double per = static_cast<double>(pts.size()) / buckets;
    for (int b = 0; b < buckets; ++b) {
        const auto begin = static_cast<qsizetype>(b * per);
        const auto end = std::min<qsizetype>(pts.size(), static_cast<qsizetype>((b + 1) * per));
        if (begin >= end) continue;
        qsizetype lo = begin, hi = begin;
        for (qsizetype i = begin; i < end; ++i) {
            if (pts[i].y() < pts[lo].y()) lo = i;
            if (pts[i].y() > pts[hi].y()) hi = i;
        }
        out.append(pts[begin]);
        const qsizetype a = std::min(lo, hi), z = std::max(lo, hi);
        if (a != begin) out.append(pts[a]);
        if (z != a && z != begin) out.append(pts[z]);
    }
    out.append(pts.back());
    return out;
}

QVector<int> defaultDims(qint64 cols) {
    QVector<int> out;
    for (qint64 c : {qint64(0), qint64(2), cols / 4, cols / 2})
        if (c < cols && !out.contains(static_cast<int>(c))) out << static_cast<int>(c);
    return out;
}

}  // namespace

core::Expected<core::ParamSet> seriesParams(const core::EncodingDescriptor& enc,
                                            const core::ParamSet& base, const SeriesSpec& series,
                                            const ViewState& state) {
    core::ParamSet p = base;
    for (auto it = series.set.begin(); it != series.set.end(); ++it) {
        const core::ParamSpec* spec = enc.findParam(it.key().toStdString());
        if (!spec) return core::fail("unknown parameter '" + it.key().toStdString() + "'");
        auto v = spec->parse(substitute(it.value(), state).toStdString());
        if (!v) return v.error();
        p.set(spec->name, *v);
    }
    return p;
}

QVector<SeriesSpec> effectiveSeries(const ViewSpec& view, const ViewState& state,
                                    const core::EncodingDescriptor& enc) {
    if (view.kind != ViewKind::Compare) return view.series;
    QString qty = state.cmpQuantity;
    if (!enc.findQuantity(qty.toStdString()) && !enc.quantities.empty())
        qty = QString::fromStdString(enc.quantities.front().id);
    SeriesSpec a;
    a.quantity = qty;
    a.label = {"A", "A"};
    SeriesSpec b = a;
    b.label = {"B: " + state.cmpParam + " = " + state.cmpValue,
               "B: " + state.cmpParam + " = " + state.cmpValue};
    if (enc.findParam(state.cmpParam.toStdString()) && !state.cmpValue.isEmpty())
        b.set.insert(state.cmpParam, "$cmp");
    b.dashed = true;
    return {a, b};
}

QString checkRequest(const ComputeRequest& req) {
    const core::EncodingDescriptor* enc = core::registry().find(req.encoding.toStdString());
    if (!enc) return QStringLiteral("unknown encoding '%1'").arg(req.encoding);
    core::ParamSet p = req.params;
    for (const auto& spec : enc->params) {
        if (!p.has(spec.name)) p.set(spec.name, spec.defaultValue);
        if (auto st = spec.check(p.get(spec.name)); !st)
            return QString::fromStdString(st.error().message);
        if (spec.type == core::ParamType::Real) p.set(spec.name, p.real(spec.name));
    }
    if (enc->resolve)
        if (auto st = enc->resolve(p); !st) return QString::fromStdString(st.error().message);
    core::ComputeOptions options;
    options.memoryBudget = req.memoryBudget;
    for (int i = 0; i < req.views.size(); ++i) {
        const ViewState state = i < req.states.size() ? req.states[i] : ViewState{};
        const auto series = effectiveSeries(req.views[i], state, *enc);
        for (const auto& s : series) {
            auto sp = seriesParams(*enc, req.params, s, state);
            if (!sp) continue;  // shown in the view
            auto prepared = core::prepare(*enc, s.quantity.toStdString(), *sp, options);
            if (!prepared && prepared.error().message.find("memory budget") != std::string::npos)
                return QString::fromStdString(prepared.error().message);
        }
    }
    return {};
}

ComputeResult computeRequest(const ComputeRequest& req, ArrayCache& cache,
                             const std::atomic<bool>* cancel,
                             const std::function<void(double, int)>& progress,
                             ArraySource* source) {
    ComputeResult out;
    out.generation = req.generation;
    out.pageId = req.pageId;
    out.tag = req.tag;
    Computer comp(req, cache, cancel, source);
    int arraysDone = 0;  // read by onProgress, which core calls only while no fetch ends
    if (!comp.encoding()) {
        out.error = QStringLiteral("unknown encoding '%1'").arg(req.encoding);
        return out;
    }
    if (progress) {
        int total = 0;
        for (int vi = 0; vi < req.views.size(); ++vi) {
            const ViewState st = vi < req.states.size() ? req.states[vi] : ViewState{};
            for (const auto& s : effectiveSeries(req.views[vi], st, *comp.encoding()))
                total += s.sweepParam.isEmpty() ? (s.againstEncoding.isEmpty() ? 1 : 2)
                                                : static_cast<int>(s.sweepValues.size()) + 1;
            if (!req.views[vi].vmarker.isEmpty()) ++total;
        }
        comp.onFetched = [&progress, &arraysDone, total] { progress(++arraysDone, total); };
        comp.onProgress = [&progress, &arraysDone, total](double fraction) {
            progress(arraysDone + fraction, total);
        };
    }
    cache.beginRound();
    QElapsedTimer total;
    total.start();
    for (int vi = 0; vi < req.views.size(); ++vi) {
        const ViewSpec& view = req.views[vi];
        const ViewState state = vi < req.states.size() ? req.states[vi] : ViewState{};
        ViewResult vr;
        vr.viewId = view.id;
        const auto series = effectiveSeries(view, state, *comp.encoding());
        QVector<Fetch> fetched;
        for (const auto& s : series) {
            if (!s.sweepParam.isEmpty()) {  // computed point by point below
                fetched << Fetch{};
                continue;
            }
            fetched << comp.fetch(s, state, true);
            if (comp.cancelled) break;
            if (!fetched.back().error.isEmpty() && vr.error.isEmpty())
                vr.error = fetched.back().error;
        }
        if (comp.cancelled) {
            out.cancelled = true;
            break;
        }
        if (!vr.error.isEmpty() || fetched.isEmpty()) {
            if (vr.error.isEmpty()) vr.error = QStringLiteral("nothing to draw");
            out.views << vr;
            continue;
        }
        ViewKind kind = view.kind;
        if (kind == ViewKind::Compare)
            kind = fetched[0].array->shape.size() >= 2 ? ViewKind::Heatmap : ViewKind::Lines;

        if (kind == ViewKind::Heatmap && (view.smallMultiples || view.reshape.size() == 2)) {
            // Small multiples: the heads of a 3-D quantity, or chosen channels of a table reshaped
            // to images; one colour range for all panels.
            const SeriesSpec& s0 = series[0];
            const auto& a = fetched[0].array;
            const core::QuantitySpec* q = comp.quantity(s0);
            if (view.smallMultiples && a->shape.size() == 3) {
                const qint64 heads = std::min<qint64>(a->shape[0], kMaxMultiples);
                if (a->shape[0] > kMaxMultiples) {
                    const QString all = QString::number(a->shape[0]);
                    vr.note = {
                        QStringLiteral(
                            "Showing heads 0–%1 of %2; the per-head view shows any head.")
                            .arg(kMaxMultiples - 1)
                            .arg(all),
                        QString::fromUtf8("显示头 0–%1(共 %2 个);单头视图可以查看任意一个头。")
                            .arg(kMaxMultiples - 1)
                            .arg(all)};
                }
                for (qint64 hd = 0; hd < heads; ++hd) {
                    ViewState st = state;
                    st.slice = static_cast<int>(hd);
                    HeatmapData h = makeHeatmap(view, q, a, st, req, nullptr);
                    const QString n = QString::number(hd);
                    h.title = {QStringLiteral("head %1").arg(n), QString::fromUtf8("头 %1").arg(n)};
                    vr.heatmaps << h;
                }
            } else if (view.reshape.size() == 2 && a->shape.size() == 2) {
                const auto params = comp.paramsOf(s0, state);
                const std::string hp = view.reshape[0].toStdString(),
                                  wp = view.reshape[1].toStdString();
                const qint64 H = params && params->has(hp) ? params->integer(hp) : 0;
                const qint64 W = params && params->has(wp) ? params->integer(wp) : 0;
                const qint64 cols = a->shape[1];
                if (H * W != a->shape[0]) {
                    vr.error = QStringLiteral("cannot reshape %1 rows to %2 x %3")
                                   .arg(a->shape[0])
                                   .arg(H)
                                   .arg(W);
                } else {
                    QVector<int> chans = state.dims;
                    if (chans.isEmpty() &&
                        view.channelDefaults == "patches")  // corner, centre, corner
                        chans = {0, static_cast<int>((H / 2) * W + W / 2),
                                 static_cast<int>(H * W - 1)};
                    if (chans.isEmpty())  // fast, middle, slow channels of each half (w, then h)
                        for (qint64 c : {qint64(0), qint64(2), qint64(4), cols / 2, cols / 2 + 2,
                                         cols / 2 + 4})
                            if (c < cols && !chans.contains(static_cast<int>(c)))
                                chans << static_cast<int>(c);
                    for (int c : chans) {
                        if (c < 0 || c >= cols || vr.heatmaps.size() >= kMaxMultiples) continue;
                        auto img = std::make_shared<Array>(Array::real({H, W}));
                        for (qint64 k = 0; k < H * W; ++k)
                            img->f64[static_cast<std::size_t>(k)] = a->at(k * cols + c);
                        HeatmapData h = makeHeatmap(view, q, img, state, req, nullptr);
                        h.rowAxis = pick(QStringLiteral("row h"), QString::fromUtf8("行 h"));
                        h.colAxis = pick(QStringLiteral("column w"), QString::fromUtf8("列 w"));
                        const QString n = QString::number(c);
                        h.title = view.channelDefaults == "patches"
                                      ? LocalText{QStringLiteral("patch %1 (h = %2, w = %3)")
                                                      .arg(n)
                                                      .arg(c / W)
                                                      .arg(c % W),
                                                  QString::fromUtf8("图块 %1(h = %2,w = %3)")
                                                      .arg(n)
                                                      .arg(c / W)
                                                      .arg(c % W)}
                                      : LocalText{QStringLiteral("channel %1").arg(n),
                                                  QString::fromUtf8("通道 %1").arg(n)};
                        vr.heatmaps << h;
                    }
                    if (vr.heatmaps.isEmpty())
                        vr.error = QStringLiteral("no channel in range 0..%1").arg(cols - 1);
                }
            } else {
                vr.error = QStringLiteral("cannot draw a %1-D array as small multiples")
                               .arg(a->shape.size());
            }
            if (!vr.heatmaps.isEmpty()) {
                double lo = vr.heatmaps[0].lo, hi = vr.heatmaps[0].hi;
                for (const auto& h : vr.heatmaps) {
                    lo = std::min(lo, h.lo);
                    hi = std::max(hi, h.hi);
                }
                for (auto& h : vr.heatmaps) {
                    h.lo = lo;
                    h.hi = hi;
                    paintCells(h);
                }
            }
        } else if (kind == ViewKind::Heatmap) {
            for (int i = 0; i < series.size(); ++i) {
                HeatmapData h = makeHeatmap(view, comp.quantity(series[i]), fetched[i].array, state,
                                            req, &vr.sliceCount);
                if (view.extendRows > 1.0) {  // rows past the data: blank, with a note
                    h.dataRows = h.rows;
                    h.rows = static_cast<qint64>(
                        std::ceil(static_cast<double>(h.rows) * view.extendRows));
                    h.blankNote = view.blankNote;
                }
                if (!view.blockParam.isEmpty()) {
                    const auto params = comp.paramsOf(series[i], state);
                    const std::string bp = view.blockParam.toStdString();
                    if (params && params->has(bp)) h.rowBlock = params->integer(bp);
                }
                h.title = series[i].label.isEmpty() && series.size() > 1
                              ? LocalText{series[i].quantity, series[i].quantity}
                              : series[i].label;
                if (series.size() > 1 && !series[i].set.isEmpty() && series[i].label.isEmpty()) {
                    QString t;
                    for (auto it = series[i].set.begin(); it != series[i].set.end(); ++it)
                        t += (t.isEmpty() ? "" : ", ") + it.key() + " = " + it.value();
                    h.title = {t, t};
                }
                vr.heatmaps << h;
            }
            const bool diff = (view.difference || view.kind == ViewKind::Compare) &&
                              vr.heatmaps.size() >= 2 &&
                              fetched[0].array->shape == fetched[1].array->shape &&
                              fetched[0].array->dtype == fetched[1].array->dtype;
            if (diff) {
                const Array& a = *fetched[0].array;
                const Array& b = *fetched[1].array;
                auto d = std::make_shared<Array>(Array::real(a.shape));
                for (qint64 k = 0; k < a.size(); ++k)
                    d->f64[static_cast<std::size_t>(k)] = a.at(k) - b.at(k);
                HeatmapData h = vr.heatmaps[0];
                h.array = d;
                h.integer = false;
                auto [lo, hi] = finiteRange(*d, h.sliceOffset, h.sliceOffset + h.rows * h.cols);
                const double m = std::max({std::abs(lo), std::abs(hi), 1e-300});
                h.lo = -m;
                h.hi = m;
                h.colormap = ColormapKind::Diverging;
                h.title = {"A − B", "A − B"};
                if (!series[0].label.isEmpty() && !series[1].label.isEmpty())
                    h.title = {series[0].label.en + " − " + series[1].label.en,
                               series[0].label.zh + " − " + series[1].label.zh};
                h.dataRows = -1;
                h.rowBlock = 0;
                vr.heatmaps << h;
            }
            if (view.sharedScale && vr.heatmaps.size() > 1) {
                // The series share one range; a difference panel keeps its own (centred on 0).
                const auto shared = std::min<qsizetype>(vr.heatmaps.size(), series.size());
                double lo = vr.heatmaps[0].lo, hi = vr.heatmaps[0].hi;
                for (qsizetype i = 0; i < shared; ++i) {
                    lo = std::min(lo, vr.heatmaps[i].lo);
                    hi = std::max(hi, vr.heatmaps[i].hi);
                }
                for (qsizetype i = 0; i < shared; ++i) {
                    vr.heatmaps[i].lo = lo;
                    vr.heatmaps[i].hi = hi;
                }
            }
            for (auto& h : vr.heatmaps) paintCells(h);
        } else if (kind == ViewKind::Lines) {
            LinesData& L = vr.lines;
            L.logY = view.logY;
            L.logX = view.logX;
            double best = -std::numeric_limits<double>::infinity();
            for (int i = 0; i < series.size(); ++i) {
                const auto& s = series[i];
                if (!s.sweepParam.isEmpty()) {
                    // One point per value: max |A(value) − reference| over all elements.
                    SeriesSpec ref;
                    ref.encoding = s.againstEncoding;
                    ref.quantity = s.againstQuantity;
                    const Fetch b = comp.fetch(ref, state);
                    if (comp.cancelled) break;
                    if (!b.error.isEmpty()) {
                        vr.error = b.error;
                        break;
                    }
                    CurveData c;
                    c.name = s.label;
                    c.dashed = s.dashed;
                    c.color = s.color >= 0 ? s.color : static_cast<int>(L.curves.size());
                    for (const QString& v : s.sweepValues) {
                        SeriesSpec one = s;
                        one.sweepParam.clear();
                        one.set.insert(s.sweepParam, v);
                        const Fetch f = comp.fetch(one, state);
                        if (comp.cancelled) break;
                        if (!f.error.isEmpty()) {
                            vr.error = f.error;
                            break;
                        }
                        if (f.array->shape != b.array->shape) {
                            vr.error = QStringLiteral("shapes differ: cannot compare");
                            break;
                        }
                        double err = 0;
                        for (qint64 k = 0; k < f.array->size(); ++k)
                            err = std::max(err, std::abs(f.array->at(k) - b.array->at(k)));
                        const double x = v.toDouble();
                        if (std::isfinite(err) && (!L.logY || err > 0) && (!L.logX || x > 0)) {
                            c.points.append(QPointF(x, err));
                            best = std::max(best, err);
                        }
                    }
                    if (comp.cancelled || !vr.error.isEmpty()) break;
                    L.curves << c;
                    if (L.xAxis.isEmpty()) L.xAxis = s.sweepParam;
                    continue;
                }
                const Array& a = *fetched[i].array;
                const core::QuantitySpec* q = comp.quantity(s);
                const std::size_t rank = a.shape.size();
                auto addCurve = [&](LocalText name, qint64 count, auto valueAt) {
                    CurveData c;
                    c.name = std::move(name);
                    c.dashed = s.dashed;
                    c.color = s.color >= 0 ? s.color : static_cast<int>(L.curves.size());
                    c.points.reserve(static_cast<int>(count));
                    for (qint64 x = 0; x < count; ++x) {
                        double y = valueAt(x);
                        if (s.transform == "wavelength") y = 2.0 * std::numbers::pi / y;
                        if (!std::isfinite(y) || (L.logY && y <= 0)) continue;
                        best = std::max(best, y);
                        c.points.append(QPointF(static_cast<double>(x), y));
                    }
                    c.points = decimate(c.points, 250);
                    L.curves << c;
                };
                LocalText name =
                    s.label.isEmpty()
                        ? LocalText{q ? QString::fromStdString(q->titleEn) : s.quantity,
                                    q ? QString::fromStdString(q->titleZh) : s.quantity}
                        : s.label;
                if (rank == 1) {
                    addCurve(name, a.shape[0], [&](qint64 x) { return a.at(x); });
                    if (L.xAxis.isEmpty()) L.xAxis = axisName(q, 0, 1);
                } else if (rank == 2 && s.columnsFromDims) {
                    const qint64 rows = a.shape[0], cols = a.shape[1];
                    QVector<int> dims = state.dims.isEmpty() ? defaultDims(cols) : state.dims;
                    for (int c : dims) {
                        if (c < 0 || c >= cols) continue;
                        const QString t = QStringLiteral("k = %1").arg(c);
                        addCurve({t, t}, rows, [&](qint64 x) { return a.at(x * cols + c); });
                    }
                    if (L.xAxis.isEmpty()) L.xAxis = axisName(q, 0, 2);
                } else if (rank == 2 && s.col >= 0) {
                    const qint64 rows = a.shape[0], cols = a.shape[1];
                    const qint64 cc = std::clamp<qint64>(s.col, 0, cols - 1);
                    addCurve(name, rows, [&](qint64 x) { return a.at(x * cols + cc); });
                    if (L.xAxis.isEmpty()) L.xAxis = axisName(q, 0, 2);
                } else if (rank == 2) {
                    const qint64 cols = a.shape[1];
                    const qint64 r = std::clamp<qint64>(s.row < 0 ? 0 : s.row, 0, a.shape[0] - 1);
                    addCurve(name, cols, [&](qint64 x) { return a.at(r * cols + x); });
                    if (L.xAxis.isEmpty()) L.xAxis = axisName(q, 1, 2);
                } else {
                    vr.error = QStringLiteral("cannot draw a %1-D array as curves").arg(rank);
                }
            }
            if (!view.vmarker.isEmpty()) {
                SeriesSpec ms;
                ms.quantity = view.vmarker;
                Fetch f = comp.fetch(ms, state);
                if (f.array && f.array->size() >= 1) L.vmarker = f.array->at(0);
            }
            if (!view.hmarkerParam.isEmpty() && req.params.has(view.hmarkerParam.toStdString()))
                L.hmarker = req.params.real(view.hmarkerParam.toStdString());
            if (view.showMax && std::isfinite(best)) L.maxValue = best;
        } else if (kind == ViewKind::Rotation) {
            if (fetched.size() < 2 || fetched[0].array->shape.size() != 2 ||
                fetched[0].array->shape[1] != 2) {
                vr.error = QStringLiteral("the rotation view needs two (d/2, 2) arrays");
            } else {
                const Array& a = *fetched[0].array;
                const Array& b = *fetched[1].array;
                const qint64 pairs = a.shape[0];
                QVector<int> chosen;
                for (qint64 j : {qint64(0), qint64(1), pairs / 8, pairs / 4, pairs / 2, pairs - 1})
                    if (j >= 0 && j < pairs && !chosen.contains(static_cast<int>(j)))
                        chosen << static_cast<int>(j);
                std::sort(chosen.begin(), chosen.end());
                for (int j : chosen)
                    vr.rotation.pairs << RotationPair{j, QPointF(a.at(2 * j), a.at(2 * j + 1)),
                                                      QPointF(b.at(2 * j), b.at(2 * j + 1))};
                vr.rotation.m = state.m;
                vr.rotation.k = state.m + state.delta;
            }
        } else if (kind == ViewKind::Value && !series[0].againstEncoding.isEmpty()) {
            // A check: the first rows of this array against a reference table.
            const Array& a = *fetched[0].array;
            QString encName = series[0].againstEncoding;
            if (encName.startsWith('$')) {
                const std::string param = encName.mid(1).toStdString();
                encName = req.params.has(param) ? QString::fromStdString(req.params.text(param))
                                                : QString();
            }
            if (!core::registry().find(encName.toStdString())) {
                vr.value = pick(QStringLiteral("not checked: the reference '%1' is not an encoding")
                                    .arg(encName),
                                QString::fromUtf8("未检查:参照 '%1' 不是一种编码").arg(encName));
            } else {
                SeriesSpec ref;
                ref.encoding = encName;
                ref.quantity = series[0].againstQuantity;
                const Fetch b = comp.fetch(ref, state);
                if (!b.error.isEmpty()) {
                    vr.error = b.error;
                } else if (b.array && a.shape.size() == 2 && b.array->shape.size() == 2 &&
                           a.shape[1] == b.array->shape[1] && a.shape[0] >= b.array->shape[0]) {
                    double err = 0;
                    for (qint64 k = 0; k < b.array->size(); ++k)
                        err = std::max(err, std::abs(a.at(k) - b.array->at(k)));
                    const QString rows = QString::number(b.array->shape[0]);
                    const auto* refEnc = core::registry().find(encName.toStdString());
                    vr.value = pick(QStringLiteral("max |first %1 rows − %2 table| = %3"),
                                    QString::fromUtf8("max |前 %1 行 − %2表| = %3"))
                                   .arg(rows, pick(refEnc->nameEn, refEnc->nameZh), exactText(err));
                } else if (b.array) {
                    vr.error = QStringLiteral("shapes differ: cannot compare");
                }
            }
        } else if (kind == ViewKind::Value) {
            const Array& a = *fetched[0].array;
            QStringList parts;
            for (qint64 k = 0; k < std::min<qint64>(a.size(), 16); ++k) parts << exactText(a.at(k));
            vr.value = parts.join(", ");
        }
        if (comp.cancelled) {
            out.cancelled = true;
            break;
        }
        out.views << vr;
    }
    out.renderMs = static_cast<double>(total.nsecsElapsed()) / 1e6 - comp.computeMs;
    out.computeMs = comp.computeMs;
    if (!out.cancelled) cache.endRound();
    return out;
}

}  // namespace poslab::ui
