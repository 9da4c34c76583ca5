// Heatmap views: the cell image of each panel (each pixel the mean of its block of cells, each
// axis strided on its own; see cell_blocks.h), small multiples of heads or of channels reshaped to
// images, the A − B panel, and one colour range shared by the panels that ask for it.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/analysis/compare.h"
#include "ui/compute/cell_blocks.h"
#include "ui/compute/prepare_view.h"

namespace poslab::ui {

using core::Array;
using core::DType;

QString axisName(const core::QuantitySpec* q, std::size_t dim, std::size_t rank, Lang lang) {
    if (!q || q->axes.size() != rank || dim >= rank) return {};
    return translateAxis(q->axes[dim], lang);
}

namespace {

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

// A panel of `array` (its slice `state.slice` when it has more than two dimensions) with its
// axes, stride and colour range; the cells are painted later, once ranges may be shared.
HeatmapData makeHeatmap(const PrepareContext& ctx, const ViewSpec& view,
                        const core::QuantitySpec* q, std::shared_ptr<const Array> array,
                        const ViewState& state, int* sliceCount) {
    HeatmapData h;
    h.array = array;
    const auto& shape = array->shape;
    const std::size_t rank = shape.size();
    if (rank == 1) {
        h.rows = 1;
        h.cols = shape[0];
        h.colAxis = axisName(q, 0, 1, ctx.lang);
    } else {
        h.rows = shape[rank - 2];
        h.cols = shape[rank - 1];
        h.rowAxis = axisName(q, rank - 2, rank, ctx.lang);
        h.colAxis = axisName(q, rank - 1, rank, ctx.lang);
        qint64 leading = 1;
        for (std::size_t i = 0; i + 2 < rank; ++i) leading *= shape[i];
        if (leading > 1) {
            const qint64 s = std::clamp<qint64>(state.slice, 0, leading - 1);
            h.sliceOffset = s * h.rows * h.cols;
            if (sliceCount) *sliceCount = static_cast<int>(leading);
        }
    }
    h.integer = array->dtype == DType::I64;
    // Each axis strided on its own: a 8192 x 64 table keeps its 64 columns.
    h.rowStep = blockStep(h.rows, ctx.request.maxImageSide);
    h.colStep = blockStep(h.cols, ctx.request.maxImageSide);
    auto [lo, hi] = finiteRange(*array, h.sliceOffset, h.sliceOffset + h.rows * h.cols);
    h.colormap = chooseColormap(view, q, ctx.request.colormap, h.integer, lo, hi);
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

// One colour range over the first `count` panels: the union of their ranges.
void shareRange(QVector<HeatmapData>& panels, qsizetype count) {
    if (panels.isEmpty()) return;
    double lo = panels[0].lo, hi = panels[0].hi;
    for (qsizetype i = 0; i < count; ++i) {
        lo = std::min(lo, panels[i].lo);
        hi = std::max(hi, panels[i].hi);
    }
    for (qsizetype i = 0; i < count; ++i) {
        panels[i].lo = lo;
        panels[i].hi = hi;
    }
}

// Small multiples of the heads of a 3-D quantity (the first kMaxMultiples of them).
void headMultiples(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const auto& a = in.fetched[0].array;
    const core::QuantitySpec* q = ctx.fetcher.quantity(in.series[0]);
    const qint64 heads = std::min<qint64>(a->shape[0], kMaxMultiples);
    if (a->shape[0] > kMaxMultiples) {
        const QString all = QString::number(a->shape[0]);
        out.note = {QStringLiteral("Showing heads 0–%1 of %2; the per-head view shows any head.")
                        .arg(kMaxMultiples - 1)
                        .arg(all),
                    QString::fromUtf8("显示头 0–%1(共 %2 个);单头视图可以查看任意一个头。")
                        .arg(kMaxMultiples - 1)
                        .arg(all)};
    }
    for (qint64 hd = 0; hd < heads; ++hd) {
        ViewState st = in.state;
        st.slice = static_cast<int>(hd);
        HeatmapData h = makeHeatmap(ctx, in.view, q, a, st, nullptr);
        const QString n = QString::number(hd);
        h.title = {QStringLiteral("head %1").arg(n), QString::fromUtf8("头 %1").arg(n)};
        out.heatmaps << h;
    }
}

// The channels to draw of an (H*W, cols) table: the state's, else the view's defaults.
QVector<int> chosenChannels(const ViewInput& in, qint64 H, qint64 W, qint64 cols) {
    QVector<int> chans = in.state.dims;
    if (chans.isEmpty() && in.view.channelDefaults == "patches")  // corner, centre, corner
        chans = {0, static_cast<int>((H / 2) * W + W / 2), static_cast<int>(H * W - 1)};
    if (chans.isEmpty())  // fast, middle, slow channels of each half (w, then h)
        for (qint64 c : {qint64(0), qint64(2), qint64(4), cols / 2, cols / 2 + 2, cols / 2 + 4})
            if (c < cols && !chans.contains(static_cast<int>(c))) chans << static_cast<int>(c);
    return chans;
}

// Small multiples of chosen channels of an (H*W, cols) table, each reshaped to an H x W image.
void channelMultiples(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const auto& a = in.fetched[0].array;
    const core::QuantitySpec* q = ctx.fetcher.quantity(in.series[0]);
    const auto params = ctx.fetcher.paramsOf(in.series[0], in.state);
    const std::string hp = in.view.reshape[0].toStdString(), wp = in.view.reshape[1].toStdString();
    const qint64 H = params && params->has(hp) ? params->integer(hp) : 0;
    const qint64 W = params && params->has(wp) ? params->integer(wp) : 0;
    const qint64 cols = a->shape[1];
    if (H * W != a->shape[0]) {
        out.error =
            QStringLiteral("cannot reshape %1 rows to %2 x %3").arg(a->shape[0]).arg(H).arg(W);
        return;
    }
    const bool patches = in.view.channelDefaults == "patches";
    for (int c : chosenChannels(in, H, W, cols)) {
        if (c < 0 || c >= cols || out.heatmaps.size() >= kMaxMultiples) continue;
        auto img = std::make_shared<Array>(Array::real({H, W}));
        for (qint64 k = 0; k < H * W; ++k)
            img->f64[static_cast<std::size_t>(k)] = a->at(k * cols + c);
        HeatmapData h = makeHeatmap(ctx, in.view, q, img, in.state, nullptr);
        h.rowAxis = pick(QStringLiteral("row h"), QString::fromUtf8("行 h"), ctx.lang);
        h.colAxis = pick(QStringLiteral("column w"), QString::fromUtf8("列 w"), ctx.lang);
        const QString n = QString::number(c);
        h.title = patches ? LocalText{QStringLiteral("patch %1 (h = %2, w = %3)")
                                          .arg(n)
                                          .arg(c / W)
                                          .arg(c % W),
                                      QString::fromUtf8("图块 %1(h = %2,w = %3)")
                                          .arg(n)
                                          .arg(c / W)
                                          .arg(c % W)}
                          : LocalText{QStringLiteral("channel %1").arg(n),
                                      QString::fromUtf8("通道 %1").arg(n)};
        out.heatmaps << h;
    }
    if (out.heatmaps.isEmpty())
        out.error = QStringLiteral("no channel in range 0..%1").arg(cols - 1);
}

// The title of series i's panel: its label, else (several series) its quantity or overrides.
LocalText panelTitle(const QVector<SeriesSpec>& series, int i) {
    const SeriesSpec& s = series[i];
    if (series.size() > 1 && !s.set.isEmpty() && s.label.isEmpty()) {
        QString t;
        for (auto it = s.set.begin(); it != s.set.end(); ++it)
            t += (t.isEmpty() ? "" : ", ") + it.key() + " = " + it.value();
        return {t, t};
    }
    return s.label.isEmpty() && series.size() > 1 ? LocalText{s.quantity, s.quantity} : s.label;
}

// The A − B panel of the first two series (same shape and dtype), centred on 0.
void appendDifference(const ViewInput& in, ViewResult& out) {
    const Array& a = *in.fetched[0].array;
    const Array& b = *in.fetched[1].array;
    if (a.dtype != b.dtype) return;
    auto d = core::difference(a, b);
    if (!d) return;  // shapes differ: no panel
    HeatmapData h = out.heatmaps[0];
    h.array = std::make_shared<const Array>(std::move(*d));
    h.integer = false;
    auto [lo, hi] = finiteRange(*h.array, h.sliceOffset, h.sliceOffset + h.rows * h.cols);
    const double m = std::max({std::abs(lo), std::abs(hi), 1e-300});
    h.lo = -m;
    h.hi = m;
    h.colormap = ColormapKind::Diverging;
    h.title = {"A − B", "A − B"};
    const auto& s = in.series;
    if (!s[0].label.isEmpty() && !s[1].label.isEmpty())
        h.title = {s[0].label.en + " − " + s[1].label.en, s[0].label.zh + " − " + s[1].label.zh};
    h.dataRows = -1;
    h.rowBlock = 0;
    out.heatmaps << h;
}

// One panel per series, then the difference panel and the shared range when the view asks.
void seriesPanels(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const ViewSpec& view = in.view;
    for (int i = 0; i < in.series.size(); ++i) {
        HeatmapData h = makeHeatmap(ctx, view, ctx.fetcher.quantity(in.series[i]),
                                    in.fetched[i].array, in.state, &out.sliceCount);
        if (view.extendRows > 1.0) {  // rows past the data: blank, with a note
            h.dataRows = h.rows;
            h.rows = static_cast<qint64>(std::ceil(static_cast<double>(h.rows) * view.extendRows));
            h.rowStep = blockStep(h.rows, ctx.request.maxImageSide);
            h.blankNote = view.blankNote;
        }
        if (!view.blockParam.isEmpty()) {
            const auto params = ctx.fetcher.paramsOf(in.series[i], in.state);
            const std::string bp = view.blockParam.toStdString();
            if (params && params->has(bp)) h.rowBlock = params->integer(bp);
        }
        h.title = panelTitle(in.series, i);
        out.heatmaps << h;
    }
    if ((view.difference || view.kind == ViewKind::Compare) && out.heatmaps.size() >= 2)
        appendDifference(in, out);
    // The series share one range; a difference panel keeps its own (centred on 0).
    if (view.sharedScale && out.heatmaps.size() > 1)
        shareRange(out.heatmaps, std::min<qsizetype>(out.heatmaps.size(), in.series.size()));
}

}  // namespace

void prepareHeatmaps(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const ViewSpec& view = in.view;
    if (!view.smallMultiples && view.reshape.size() != 2) {
        seriesPanels(ctx, in, out);
    } else {
        // Small multiples: the heads of a 3-D quantity, or chosen channels of a table reshaped
        // to images; one colour range for all panels.
        const std::size_t rank = in.fetched[0].array->shape.size();
        if (view.smallMultiples && rank == 3)
            headMultiples(ctx, in, out);
        else if (view.reshape.size() == 2 && rank == 2)
            channelMultiples(ctx, in, out);
        else
            out.error = QStringLiteral("cannot draw a %1-D array as small multiples").arg(rank);
        shareRange(out.heatmaps, out.heatmaps.size());
    }
    for (auto& h : out.heatmaps) paintBlockMeans(h);
}

}  // namespace poslab::ui
